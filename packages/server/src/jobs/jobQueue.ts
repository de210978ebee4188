/**
 * The durable job table (DESIGN.md "Jobs"): work is stored in the transaction that asks for it,
 * claimed with `FOR UPDATE SKIP LOCKED` under a short lease that the running process renews, so a
 * crash or restart loses nothing, a crashed process's jobs come back within one lease, and two
 * processes never run the same job at once. Each claim has an id (`claim_id`): whatever a run
 * writes on its job (its payload, its end, its retry) is written only while that claim still
 * holds the job, so a run that lost it (stalled past its lease, taken over) changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { jobs } from '../db/schema.ts';
import type { JobRow } from '../db/schema.ts';

/** A job as a run holds it: its id and the claim that took it. */
export type HeldJob = Pick<JobRow, 'id' | 'claimId'>;

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

/** The job, only while `job`'s claim still holds it. */
function heldBy(job: HeldJob) {
  return and(
    eq(jobs.id, job.id),
    job.claimId === null ? isNull(jobs.claimId) : eq(jobs.claimId, job.claimId),
  );
}

/** Which kinds a runner works off: `only` these, or all `except` these. */
export type JobKinds = { only: readonly string[] } | { except: readonly string[] };

function kindsCondition(kinds: JobKinds | undefined) {
  if (kinds === undefined) return undefined;
  if ('only' in kinds) return inArray(jobs.kind, [...kinds.only]);
  return kinds.except.length === 0 ? undefined : notInArray(jobs.kind, [...kinds.except]);
}

/**
 * Claims up to `limit` due jobs (of `kinds`, all by default): not done, due, and not leased (or the
 * lease ran out, so a crashed process's jobs come back). Each claim counts an attempt; the jobs
 * share one new claim id. One statement: the due jobs are locked (`FOR UPDATE SKIP LOCKED`, so two
 * processes claiming at once take different jobs) and leased in the same round trip, with no
 * transaction around it; a runner asks every second and after every wake-up, mostly finding
 * nothing (bench/README.md, automation, stop 37).
 */
export async function claimJobs(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
  kinds?: JobKinds,
): Promise<JobRow[]> {
  const due = db.$with('due').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
          kindsCondition(kinds),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  const claimed = await db
    .with(due)
    .update(jobs)
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      claimId: randomUUID(),
    })
    .where(inArray(jobs.id, db.select({ id: due.id }).from(due)))
    .returning();
  return claimed.sort((left, right) => left.runAt.getTime() - right.runAt.getTime());
}

/** Extends the lease of the jobs `claimId` still holds among `ids` (those still running) to `until`. */
export async function renewClaim(
  db: Db,
  claimId: string,
  ids: readonly string[],
  until: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.claimId, claimId), isNull(jobs.doneAt)));
}

/** Stores the job's payload while `job`'s claim holds it; `false` when another claim took the job. */
export async function saveJobPayload(
  db: Db,
  job: HeldJob,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const saved = await db.update(jobs).set({ payload }).where(heldBy(job)).returning({ id: jobs.id });
  return saved.length > 0;
}

/** Whether `job`'s claim still holds the job. */
export async function stillHeld(db: Db, job: HeldJob): Promise<boolean> {
  const rows = await db.select({ id: jobs.id }).from(jobs).where(heldBy(job)).limit(1);
  return rows.length > 0;
}

/** Ends a job: done, or given up (`failed`, with the last error). */
export async function completeJob(
  db: Db,
  job: HeldJob,
  now: Date,
  outcome: { failed: boolean; error: string | null } = { failed: false, error: null },
): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null, claimId: null, failed: outcome.failed, lastError: outcome.error })
    .where(heldBy(job));
}

/** Marks `held` done, those its claim still holds, in one statement (jobs run as a batch). */
export async function completeJobs(db: Db, held: readonly HeldJob[], now: Date): Promise<void> {
  const claimId = held[0]?.claimId;
  if (claimId === undefined || claimId === null) {
    for (const job of held) await completeJob(db, job, now);
    return;
  }
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null, claimId: null, failed: false, lastError: null })
    .where(
      and(
        inArray(
          jobs.id,
          held.filter((job) => job.claimId === claimId).map((job) => job.id),
        ),
        eq(jobs.claimId, claimId),
      ),
    );
  for (const job of held) if (job.claimId !== claimId) await completeJob(db, job, now);
}

/** Puts a job back to run at `runAt`. */
export async function retryJob(db: Db, job: HeldJob, runAt: Date, error: string): Promise<void> {
  await db.update(jobs).set({ runAt, lockedUntil: null, claimId: null, lastError: error }).where(heldBy(job));
}

/** Puts a job back to run at `runAt` with `payload`, without counting this run as an attempt. */
export async function deferJob(
  db: Db,
  job: HeldJob,
  runAt: Date,
  payload: Record<string, unknown>,
): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt, payload, lockedUntil: null, claimId: null, attempts: sql`${jobs.attempts} - 1` })
    .where(heldBy(job));
}
