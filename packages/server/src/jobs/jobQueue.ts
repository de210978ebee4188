/**
 * The durable job table (DESIGN.md "Jobs"): work is stored in the transaction that asks for it,
 * claimed with `FOR UPDATE SKIP LOCKED` under a lease, so a crash or restart loses nothing and two
 * processes never run the same job at once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { jobs } from '../db/schema.ts';
import type { JobRow } from '../db/schema.ts';

export async function enqueueJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insert(jobs)
    .values({ id, kind: job.kind, payload: job.payload, runAt: job.runAt, createdAt: job.now });
  return id;
}

/**
 * Claims up to `limit` due jobs: not done, due, and not leased (or the lease ran out, so a
 * crashed process's jobs come back). Each claim counts an attempt.
 */
export async function claimJobs(db: Db, now: Date, leaseMs: number, limit: number): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return claimed.sort((left, right) => left.runAt.getTime() - right.runAt.getTime());
  });
}

/** Ends a job: done, or given up (`failed`, with the last error). */
export async function completeJob(
  db: Db,
  id: string,
  now: Date,
  outcome: { failed: boolean; error: string | null } = { failed: false, error: null },
): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null, failed: outcome.failed, lastError: outcome.error })
    .where(eq(jobs.id, id));
}

/** Puts a job back to run at `runAt`. */
export async function retryJob(db: Db, id: string, runAt: Date, error: string): Promise<void> {
  await db.update(jobs).set({ runAt, lockedUntil: null, lastError: error }).where(eq(jobs.id, id));
}
