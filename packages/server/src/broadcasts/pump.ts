/**
 * The `broadcast.pump` job: sends a broadcast's recipients in `seq` order at its number's rate.
 * Only the job named by `broadcasts.pump_job_id` sends (a pause clears it; a resume or a retry
 * queues a new one, and the old one ends). It runs in slices (`PumpSlice`, 15 s by default) and
 * hands its job back deferred after each, so its lease stays short, a stopping process lets go
 * at once, and another process can take the broadcast over.
 *
 * A send whose outcome is unknown after a crash is sent again only once `sendGraceMs` has passed
 * without a status webhook naming its message, counted from when the pump first saw it: the job's
 * payload keeps that time (`awaitingSince`) from slice to slice, and a run that starts clears it
 * from the stored payload, so a run that dies leaves none and the next one starts the wait anew.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { broadcasts } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import type { BroadcastDeps } from './engineDeps.ts';
import { timerSleep } from './engineDeps.ts';
import { PumpSlice } from './PumpSlice.ts';
import { RequestGates } from './RequestGate.ts';

const payloadSchema = z.object({
  broadcastId: z.uuid(),
  /** Since when the pump has been waiting for status webhooks about sends whose outcome is unknown. */
  awaitingSince: z.iso.datetime().optional(),
});

export function pumpJobHandler(deps: BroadcastDeps): JobHandler {
  const gates = new RequestGates({
    now: () => deps.now().getTime(),
    sleep: (ms) => (deps.sleep ?? timerSleep)(ms),
  });
  return {
    async run(job, run) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      const { broadcastId, awaitingSince } = parsed.data;
      const [broadcast] = await deps.db
        .select()
        .from(broadcasts)
        .where(eq(broadcasts.id, broadcastId))
        .limit(1);
      if (broadcast === undefined || broadcast.pumpJobId !== job.id || broadcast.status !== 'sending') return;
      if (!(await run.save({ broadcastId }))) return;
      const since = awaitingSince === undefined ? null : new Date(awaitingSince);
      const slice = new PumpSlice(deps, gates, job, broadcast, since);
      const result = await slice.run();
      if (result === 'ended') return;
      const waiting = result.awaitingSince;
      return {
        deferUntil: result.next,
        payload: { broadcastId, ...(waiting === null ? {} : { awaitingSince: waiting.toISOString() }) },
      };
    },
  };
}
