/**
 * A broadcast's jobs and the moves of its status that the engine makes (issue 17). It starts by
 * its `broadcast.start` job, due at `scheduled_at`; it sends by its `broadcast.pump` job, the one
 * whose id is `broadcasts.pump_job_id` (a pause clears it, so the running pump ends; a resume or a
 * retry queues another). Both kinds run on a job runner of their own (app.ts), so a pump's slices
 * never hold up the inbox's sends.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import type { BroadcastRow } from '../db/schema.ts';
import { enqueueJob } from '../jobs/jobQueue.ts';
import type { BroadcastPauseReason } from '../sdk.ts';

export const BROADCAST_START_JOB = 'broadcast.start';
export const BROADCAST_PUMP_JOB = 'broadcast.pump';
/** The kinds the broadcasts' job runner claims, and the others leave. */
export const BROADCAST_JOB_KINDS: readonly string[] = [BROADCAST_START_JOB, BROADCAST_PUMP_JOB];

/**
 * Queues the start of `broadcast` at its `scheduled_at` (now, when that has passed), inside the
 * transaction that creates it. A broadcast whose time moves earlier needs another call (the start
 * that finds it started already does nothing); one whose time moves later needs none (its start
 * waits for the new time).
 */
export async function enqueueBroadcastStart(
  tx: Db,
  broadcast: Pick<BroadcastRow, 'id' | 'scheduledAt'>,
  now: Date,
): Promise<string> {
  return enqueueJob(tx, {
    kind: BROADCAST_START_JOB,
    payload: { broadcastId: broadcast.id },
    runAt: broadcast.scheduledAt,
    now,
  });
}

/** Queues a new pump for the broadcast and makes it the one that sends (any other ends). */
export async function startPump(tx: Db, broadcastId: string, now: Date): Promise<string> {
  const jobId = await enqueueJob(tx, {
    kind: BROADCAST_PUMP_JOB,
    payload: { broadcastId },
    runAt: now,
    now,
  });
  await tx.execute(
    sql`update broadcasts set pump_job_id = ${jobId}::uuid, updated_at = ${now.toISOString()}::timestamptz
      where id = ${broadcastId}::uuid`,
  );
  return jobId;
}

/** No recipient of the broadcast is waiting for a send or its answer. */
const allAnswered = sql`not exists (select 1 from broadcast_recipients r
  where r.broadcast_id = b.id and r.state in ('queued', 'sending'))`;

/**
 * A sending broadcast whose every recipient has an outcome is `done` (its pump, when given, still
 * the one that sends). Answers whether it moved.
 */
export async function finishIfAnswered(
  tx: Db,
  broadcastId: string,
  now: Date,
  pumpJobId: string | null,
): Promise<boolean> {
  const moved = await queryRows(
    tx,
    sql`update broadcasts b
      set status = 'done', finished_at = ${now.toISOString()}::timestamptz, pump_job_id = null,
        updated_at = ${now.toISOString()}::timestamptz
      where b.id = ${broadcastId}::uuid and b.status = 'sending'
        and ${pumpJobId === null ? sql`true` : sql`b.pump_job_id = ${pumpJobId}::uuid`}
        and ${allAnswered}
      returning b.id`,
  );
  return moved.length > 0;
}

/**
 * The engine pauses a sending broadcast for `reason` (the balance ran out, the template or the
 * number cannot send), if `pumpJobId` is still its pump. Answers whether it moved.
 */
export async function pauseSending(
  tx: Db,
  broadcastId: string,
  reason: BroadcastPauseReason,
  now: Date,
  pumpJobId: string,
): Promise<boolean> {
  const moved = await queryRows(
    tx,
    sql`update broadcasts
      set status = 'paused', pause_reason = ${reason}, pump_job_id = null,
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${broadcastId}::uuid and status = 'sending' and pump_job_id = ${pumpJobId}::uuid
      returning id`,
  );
  return moved.length > 0;
}
