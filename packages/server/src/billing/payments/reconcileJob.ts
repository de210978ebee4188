/**
 * The reconciliation of top-ups (DESIGN.md "Jobs"): each top-up queues one `topup.reconcile` job
 * in the transaction that stores it. The job asks the gateway's status API about the top-up
 * `FIRST_CHECK_MS` later, and again further apart, until a notification or a check settles it;
 * once its expiry and the grace have passed it closes one the gateway still calls pending or does
 * not know (`reconcileTopup`). Jobs are claimed one process at a time and every change is made
 * under the top-up's row lock, so several server processes on one PostgreSQL check each top-up
 * once and credit it once.
 */
import type { JobHandler } from '../../jobs/JobRunner.ts';
import { enqueueJob } from '../../jobs/jobQueue.ts';
import { isPaymentGatewayError } from './PaymentGateway.ts';
import { nextCheckAt, reconcileTopup, TOPUP_RECONCILE_JOB, topupById } from './topups.ts';
import type { TopupDeps } from './topups.ts';

/** How long after its expiry a top-up the gateway cannot be asked about stays pending before the job stops (logged). */
const GIVE_UP_AFTER_EXPIRY_MS = 7 * 86_400_000;
/** A job that failed all its attempts (the database, not the gateway) is queued again this much later. */
const REQUEUE_MS = 3_600_000;

export function topupReconcileJob(deps: TopupDeps & { now: () => Date }): JobHandler {
  return {
    async run(job) {
      const { topupId, checks } = job.payload as { topupId?: unknown; checks?: unknown };
      if (typeof topupId !== 'string') return;
      const done = typeof checks === 'number' && Number.isInteger(checks) && checks >= 0 ? checks : 0;
      const now = deps.now();
      let row;
      try {
        row = await reconcileTopup(deps, topupId, now);
      } catch (error) {
        if (!isPaymentGatewayError(error)) throw error;
        // The gateway did not answer: ask again later, without spending the job's attempts.
        deps.log.warn(
          { topupId, reason: error.reason, status: error.status, err: error },
          'a top-up status check failed',
        );
        row = await topupById(deps.db, topupId);
      }
      if (row === null || row.status !== 'pending') return;
      if (now.getTime() > row.expiresAt.getTime() + GIVE_UP_AFTER_EXPIRY_MS) {
        deps.log.error(
          { topupId, orderId: row.orderId },
          'a top-up stays pending: the gateway could not be asked for a week',
        );
        return;
      }
      return {
        deferUntil: nextCheckAt(row, done + 1, now),
        payload: { topupId, checks: done + 1 },
      };
    },
    // A pending top-up never goes without a job: one that kept failing is queued again, later.
    async giveUp(job) {
      const { topupId, checks } = job.payload as { topupId?: unknown; checks?: unknown };
      if (typeof topupId !== 'string') return;
      const row = await topupById(deps.db, topupId);
      if (row === null || row.status !== 'pending') return;
      const now = deps.now();
      await enqueueJob(deps.db, {
        kind: TOPUP_RECONCILE_JOB,
        payload: { topupId, checks: typeof checks === 'number' ? checks : 0 },
        runAt: new Date(now.getTime() + REQUEUE_MS),
        now,
      });
    },
  };
}
