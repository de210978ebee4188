/**
 * Telling the members who see a project's broadcasts (`crm.broadcast.view`, the `broadcasts:<key>`
 * room) that one changed, once its transaction has committed: `broadcast.updated` with its
 * summary (created, edited, paused, resumed, cancelled, retried, or progress while it sends), or
 * `broadcast.deleted`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import type { Published, Publisher } from '../realtime/Publisher.ts';
import type { BroadcastSummary } from '../sdk.ts';
import { broadcastSummaryWithKey } from './views.ts';

export function broadcastUpdated(key: string, broadcast: BroadcastSummary): Published<'broadcast.updated'> {
  return { audience: { broadcasts: key }, event: 'broadcast.updated', payload: { key, broadcast } };
}

export function broadcastDeleted(key: string, broadcastId: string): Published<'broadcast.deleted'> {
  return { audience: { broadcasts: key }, event: 'broadcast.deleted', payload: { key, broadcastId } };
}

/**
 * Announces broadcast `id` as it is now (`broadcast.updated`); nothing when it is gone. Never
 * throws (logged): the change it announces has committed whatever happens here.
 */
export async function announceBroadcast(
  deps: { db: Db; publisher: Publisher; log?: Pick<FastifyBaseLogger, 'warn'> | undefined },
  id: string,
): Promise<void> {
  try {
    const found = await broadcastSummaryWithKey(deps.db, id);
    if (found !== null) deps.publisher.publish(broadcastUpdated(found.key, found.summary));
  } catch (error) {
    deps.log?.warn({ err: error, broadcast: id }, 'announcing a broadcast failed');
  }
}
