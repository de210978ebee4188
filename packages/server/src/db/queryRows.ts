import type { SQL } from 'drizzle-orm';
import type { Db } from './openDatabase.ts';

/**
 * The rows of a raw SQL statement. PGlite and node-postgres both answer `{ rows }`; the shared
 * `Db` type cannot say so, hence the one cast here.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
