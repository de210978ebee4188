/** The broadcast engine's job handlers (start.ts, pump.ts), for the broadcasts' own job runner. */
import type { JobHandler } from '../jobs/JobRunner.ts';
import type { BroadcastDeps } from './engineDeps.ts';
import { BROADCAST_PUMP_JOB, BROADCAST_START_JOB } from './lifecycle.ts';
import { pumpJobHandler } from './pump.ts';
import { startJobHandler } from './start.ts';

export { BROADCAST_JOB_KINDS } from './lifecycle.ts';
export type { BroadcastDeps } from './engineDeps.ts';

export function broadcastJobHandlers(deps: BroadcastDeps): Record<string, JobHandler> {
  return {
    [BROADCAST_START_JOB]: startJobHandler(deps),
    [BROADCAST_PUMP_JOB]: pumpJobHandler(deps),
  };
}
