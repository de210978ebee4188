/**
 * A project's storage quota (docs/uploads.md, "Storage quota"): the bytes of its stored files
 * (every origin: uploads, kept or temporary, and customers' files) plus the declared length of its
 * unfinished chunked transfers, which is reserved when a transfer opens. Expired transfers no
 * longer count, before the sweeper removes them.
 *
 * Whatever adds to a project's usage (opening a transfer, keeping a processed upload) counts and
 * adds in one transaction under the project's advisory lock, and opening a transfer also under its
 * user's lock (user first, then project), so several server processes on one database cannot
 * overshoot together.
 */
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { media, uploadTransfers } from '../db/schema.ts';

export type Executor = Pick<Db, 'select' | 'update' | 'delete' | 'insert' | 'execute'>;

/** What a project holds against its quota. */
export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** First key of the two-key advisory locks taken here (the second is a hash of the id). */
const LOCK_SPACE = { project: 0x5a9a_0001, user: 0x5a9a_0002 } as const;

/** Holds, until the transaction ends, the storage lock of a project or of a user. */
export async function lockStorage(tx: Executor, scope: keyof typeof LOCK_SPACE, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE[scope]}::int, hashtext(${id}::text))`);
}

/** The project's stored bytes plus the declared length of its open transfers, at `now`. */
export async function usedBytes(db: Executor, projectId: string, now: Date): Promise<number> {
  const [stored] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${media.size}), 0)` })
    .from(media)
    .where(and(eq(media.projectId, projectId), isNotNull(media.size)));
  const [reserved] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${uploadTransfers.length}), 0)` })
    .from(uploadTransfers)
    .where(and(eq(uploadTransfers.projectId, projectId), gte(uploadTransfers.expiresAt, now)));
  return Number(stored?.bytes ?? 0) + Number(reserved?.bytes ?? 0);
}

/** How many unfinished transfers the user holds open, all projects together, at `now`. */
export async function openTransfersOf(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadTransfers)
    .where(and(eq(uploadTransfers.userId, userId), gte(uploadTransfers.expiresAt, now)));
  return row?.n ?? 0;
}
