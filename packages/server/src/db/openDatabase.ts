import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema.ts';
import type { Schema } from './schema.ts';

/** The one SQL dialect: PGlite and node-postgres both give a Drizzle `PgDatabase`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite under `dataDir` (see `pgliteDir`). */
  databaseUrl: string | null;
  dataDir: string;
  /** Errors of idle pooled connections (e.g. the server ended them); PostgreSQL only. */
  onError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant: serialises migrations of processes starting together on one PostgreSQL. */
const MIGRATION_LOCK = 727_274_001;

/** Opens the database and applies the migrations in packages/server/drizzle. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl === null
    ? openPglite(options.dataDir)
    : openPostgres(options.databaseUrl, options.onError);
}

/**
 * PGlite's own directory: `<dataDir>/pglite`, beside the stored files in `<dataDir>/media`. A data
 * directory from before that layout (the database files at its top, `PG_VERSION`) is used as it is.
 */
export function pgliteDir(dataDir: string): string {
  if (dataDir.startsWith('memory://')) return dataDir;
  return existsSync(path.join(dataDir, 'PG_VERSION')) ? dataDir : path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const directory = pgliteDir(dataDir);
  if (!directory.startsWith('memory://')) await mkdir(directory, { recursive: true });
  const client = await PGlite.create(directory);
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function openPostgres(
  url: string,
  onError: (error: Error) => void = () => undefined,
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', onError);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db: drizzle(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
