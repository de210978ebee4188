/**
 * Replies to broadcasts (issue 17): a customer's message in a conversation that a broadcast reached
 * in the last 7 days, before they answered it, is their reply. Their recipient rows get
 * `replied_at`, and the message the broadcast it answers (`messages.broadcast_id`, the latest one
 * when several wait for an answer), in the statement that stores the message: `sapa_receive_messages`
 * (migration 0029) marks each message as it stores it, through `sapa_mark_broadcast_replies`
 * (migration 0027), so a message is never seen stored and not yet marked (by an automation
 * process judging a "reply to a broadcast" rule, say). Since migration 0030 only a message whose
 * conversation has a recipient row awaiting its reply goes through the marking.
 */

/**
 * How long after a broadcast reached a customer their message counts as a reply to it (each
 * message `sapa_receive_messages` stores carries it as `reply_window_ms`).
 */
export const REPLY_WINDOW_MS = 7 * 86_400_000;

/**
 * The broadcasts the stored messages of `results` replied to (their progress changed), from what
 * `sapa_receive_messages` / `sapa_store_webhook_batch` answered (`null` for a duplicate): each
 * answer names its message's in `replied_broadcasts` (migration 0029).
 */
export function repliedBroadcasts(results: readonly (Record<string, unknown> | null)[]): string[] {
  return results.flatMap((stored) => {
    const replied = stored?.['replied_broadcasts'];
    return Array.isArray(replied) ? replied.filter((id): id is string => typeof id === 'string') : [];
  });
}
