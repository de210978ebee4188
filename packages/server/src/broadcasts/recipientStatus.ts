/**
 * A broadcast recipient follows its message (issue 17): `sent` → `delivered` → `read`, never
 * backwards, or `failed` with Meta's code and title, the SDK's reason key and whether
 * `broadcast_retry` may send it again. Moved in the same transaction as the message, by whoever
 * moved it: the sending job storing Meta's answer, or a status webhook (`receiveStatus`), which
 * also settles a send whose answer was lost (its callback data names the message).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import type { MessageRow } from '../db/schema.ts';
import { broadcastFailureKind } from '../sdk.ts';
import type { BroadcastFailureKind } from '../sdk.ts';

/** The per-user marketing limit (131049): final now, worth sending again a day later. */
const MARKETING_LIMIT = 131049;

/**
 * Whether a recipient that failed with Meta's `code` (`null`: no answer) may be sent again by
 * `broadcast_retry`: a transient error (rate limits, Meta unavailable, the network), or the
 * per-user marketing limit, which lifts after 24 hours.
 */
export function retryableFailure(code: number | null): boolean {
  return broadcastFailureKind(code).kind === 'transient' || code === MARKETING_LIMIT;
}

/** What a failed recipient records of Meta's error. */
export interface RecipientFailure {
  error: { code: number; title: string };
  reason: BroadcastFailureKind['reason'];
  transient: boolean;
}

/** A failure of Meta's `error` (code 0: none given) as a recipient records it. */
export function recipientFailure(error: { code: number; title: string }): RecipientFailure {
  return {
    error,
    reason: broadcastFailureKind(error.code).reason,
    transient: retryableFailure(error.code),
  };
}

/** A recipient's states that follow a message's, in order. */
const FORWARD = sql`array['queued', 'sending', 'sent', 'delivered', 'read']`;

/**
 * Moves the recipient of `message` (if it has one) to the message's status at `at`, forward
 * only: `sent`, `delivered` and `read` set their times (a recipient that skips one, its send
 * settled by a later status, gets the earlier times too); `failed` records Meta's error. A
 * recipient failed or cancelled stays so. Answers the broadcast whose recipient moved, or `null`.
 */
export async function recipientMessageMoved(
  tx: Db,
  message: Pick<MessageRow, 'id' | 'status' | 'error' | 'broadcastId'>,
  at: Date,
): Promise<string | null> {
  if (message.broadcastId === null || message.status === 'pending') return null;
  const stamp = at.toISOString();
  const state = message.status;
  const advances =
    state === 'failed'
      ? sql`r.state not in ('failed', 'cancelled')`
      : sql`array_position(${FORWARD}, r.state) < array_position(${FORWARD}, ${state}::text)`;
  let change;
  if (state === 'failed') {
    const failure = recipientFailure(message.error ?? { code: 0, title: 'Failed' });
    change = sql`state = 'failed', error = ${JSON.stringify(failure.error)}::jsonb,
      reason = ${failure.reason}, transient = ${failure.transient}`;
  } else {
    const since = (column: string) =>
      sql`${sql.raw(column)} = coalesce(r.${sql.raw(column)}, ${stamp}::timestamptz)`;
    change = sql.join(
      [
        sql`state = ${state}`,
        since('sent_at'),
        ...(state === 'delivered' || state === 'read' ? [since('delivered_at')] : []),
        ...(state === 'read' ? [since('read_at')] : []),
      ],
      sql`, `,
    );
  }
  const [moved] = await queryRows<{ broadcast_id: string }>(
    tx,
    sql`update broadcast_recipients r
      set ${change}, attempt_at = null, next_at = null, updated_at = ${stamp}::timestamptz
      where r.message_id = ${message.id}::uuid and ${advances}
      returning r.broadcast_id`,
  );
  return moved?.broadcast_id ?? null;
}

/**
 * The recipients of `messageIds` (their sends just went out, the messages `sent`) are `sent` at
 * `at`, unless a status webhook moved them further already.
 */
export async function recipientsSent(tx: Db, messageIds: readonly string[], at: Date): Promise<void> {
  if (messageIds.length === 0) return;
  const stamp = at.toISOString();
  await tx.execute(
    sql`update broadcast_recipients r
      set state = 'sent', sent_at = coalesce(r.sent_at, ${stamp}::timestamptz), attempt_at = null,
        next_at = null, updated_at = ${stamp}::timestamptz
      where r.message_id in (select jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb)::uuid)
        and r.state in ('queued', 'sending')`,
  );
}
