/**
 * Replies to broadcasts (issue 17): a customer's message in a conversation that a broadcast reached
 * in the last 7 days, before they answered it, is their reply. Their recipient rows get
 * `replied_at`, and the message the broadcast it answers (`messages.broadcast_id`, the latest one
 * when several wait for an answer), in the transaction that stores the message.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';

/** How long after a broadcast reached a customer their message counts as a reply to it. */
export const REPLY_WINDOW_MS = 7 * 86_400_000;

/** A customer's message just stored: its conversation and when it arrived. */
export interface ArrivedReply {
  conversationId: string;
  messageId: string;
  at: Date;
}

/**
 * Marks the replies among `arrived` (one statement, whatever their number; nothing to do costs an
 * index lookup per conversation) and answers the broadcasts that got one. The SQL function
 * `sapa_mark_broadcast_replies` (migration 0027) does it, so PostgreSQL keeps its plan.
 */
export async function markBroadcastReplies(tx: Db, arrived: readonly ArrivedReply[]): Promise<string[]> {
  if (arrived.length === 0) return [];
  const input = JSON.stringify(
    arrived.map((reply) => ({
      conversation_id: reply.conversationId,
      message_id: reply.messageId,
      at: reply.at.toISOString(),
    })),
  );
  // One statement planned once per session: the function of migration 0027.
  const rows = await queryRows<{ broadcast_id: string }>(
    tx,
    sql`SELECT broadcast_id FROM sapa_mark_broadcast_replies(${input}::jsonb, ${REPLY_WINDOW_MS}::bigint)`,
  );
  return rows.map((row) => row.broadcast_id);
}

/** One customer's message (see `markBroadcastReplies`); answers the broadcasts it replied to. */
export async function markBroadcastReply(
  tx: Db,
  conversationId: string,
  messageId: string,
  at: Date,
): Promise<string[]> {
  return markBroadcastReplies(tx, [{ conversationId, messageId, at }]);
}

/**
 * The customers' messages among what `sapa_receive_messages` / `sapa_store_webhook_batch` stored
 * (`null` for a duplicate), as replies to mark.
 */
export function arrivedReplies(
  results: readonly (Record<string, unknown> | null)[],
  at: Date,
): ArrivedReply[] {
  return results.flatMap((stored) => {
    const message = stored?.['message'] as Record<string, unknown> | undefined;
    const id = message?.['id'];
    const conversationId = message?.['conversation_id'];
    if (typeof id !== 'string' || typeof conversationId !== 'string') return [];
    return [{ conversationId, messageId: id, at }];
  });
}
