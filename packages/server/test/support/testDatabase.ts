import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testServices } from './services.ts';

export interface TestDatabase {
  /** A fresh, empty PostgreSQL database, or `null` for PGlite. */
  url: string | null;
  dispose(): Promise<void>;
}

/**
 * On PostgreSQL (see services.ts), creates a database of its own for this run (dropped by `dispose`),
 * so runs never see each other's data; without it, the caller uses PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = testServices.databaseUrl;
  if (base === null) return { url: null, dispose: async () => undefined };
  const name = `sapa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async dispose() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
