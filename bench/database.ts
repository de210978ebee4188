/**
 * The database a benchmark runs on: PGlite (`null`) unless `DATABASE_URL` is set; then a fresh
 * PostgreSQL database of its own on that server, dropped afterwards, so a run never sees (or
 * leaves) anyone else's rows.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface PgClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// node-postgres is the server package's dependency, not the root's.
const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

export interface BenchDatabase {
  /** `null`: PGlite in the bench's data directory. */
  url: string | null;
  /** What the figures ran on, for the printout. */
  label: string;
  dispose(): Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL?.trim();
  if (!base) return { url: null, label: 'PGlite', dispose: async () => undefined };
  const name = `sapa_bench_${randomBytes(6).toString('hex')}`;
  await onServer(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL (${url.host})`,
    dispose: () => onServer(base, `drop database if exists "${name}" with (force)`),
  };
}
