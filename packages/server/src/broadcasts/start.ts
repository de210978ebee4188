/**
 * The `broadcast.start` job: at its time, a scheduled broadcast starts, once, however many
 * processes run its job (`status = 'scheduled'` is the condition of the update that starts it).
 * In one transaction its audience is resolved into recipients (`insertRecipients`), its total set,
 * and its pump queued; an audience of nobody finishes it at once. A broadcast edited to a later
 * time waits for it; one cancelled or started already is left alone.
 */
import { and, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { broadcasts, projects } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import { insertRecipients } from './audience.ts';
import type { BroadcastDeps } from './engineDeps.ts';
import { startPump } from './lifecycle.ts';

const payloadSchema = z.object({ broadcastId: z.uuid() });

export function startJobHandler(deps: BroadcastDeps): JobHandler {
  return {
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      const { broadcastId } = parsed.data;
      const [found] = await deps.db
        .select({ status: broadcasts.status, scheduledAt: broadcasts.scheduledAt })
        .from(broadcasts)
        .where(eq(broadcasts.id, broadcastId))
        .limit(1);
      if (found?.status !== 'scheduled') return;
      const now = deps.now();
      if (found.scheduledAt.getTime() > now.getTime()) {
        return { deferUntil: found.scheduledAt, payload: { broadcastId } };
      }
      const started = await deps.db.transaction(async (tx) => {
        const [broadcast] = await tx
          .update(broadcasts)
          .set({ status: 'sending', startedAt: now, updatedAt: now })
          .where(
            and(
              eq(broadcasts.id, broadcastId),
              eq(broadcasts.status, 'scheduled'),
              lte(broadcasts.scheduledAt, now),
            ),
          )
          .returning();
        if (broadcast === undefined) return false;
        const [project] = await tx
          .select({ timeZone: projects.timeZone })
          .from(projects)
          .where(eq(projects.id, broadcast.projectId));
        const total = await insertRecipients(tx, broadcast, project?.timeZone ?? 'Asia/Jakarta', now);
        if (total === 0) {
          await tx
            .update(broadcasts)
            .set({ status: 'done', total: 0, finishedAt: now, updatedAt: now })
            .where(eq(broadcasts.id, broadcastId));
          return true;
        }
        await tx.update(broadcasts).set({ total }).where(eq(broadcasts.id, broadcastId));
        await startPump(tx, broadcastId, now);
        return true;
      });
      if (started) deps.progress.changed(broadcastId);
    },
  };
}
