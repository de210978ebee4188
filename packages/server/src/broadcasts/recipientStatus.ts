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
 * Moves the recipients of `messages` (those that have one) to their messages' statuses at `at`,
 * forward only, in one statement: `sent`, `delivered` and `read` set their times (a recipient that
 * skips one, its send settled by a later status, gets the earlier times too); `failed` records
 * Meta's error. A recipient failed or cancelled stays so. Answers the broadcasts whose recipients
 * moved.
 */
export async function recipientMessagesMoved(
  tx: Db,
  messages: readonly Pick<MessageRow, 'id' | 'status' | 'error' | 'broadcastId'>[],
  at: Date,
): Promise<Set<string>> {
  const input = messages
    .filter((message) => message.broadcastId !== null && message.status !== 'pending')
    .map((message) => {
      const failure =
        message.status === 'failed' ? recipientFailure(message.error ?? { code: 0, title: 'Failed' }) : null;
      return {
        message_id: message.id,
        state: message.status,
        error: failure?.error ?? null,
        reason: failure?.reason ?? null,
        transient: failure?.transient ?? null,
      };
    });
  if (input.length === 0) return new Set();
  const stamp = sql`${at.toISOString()}::timestamptz`;
  /** A time the recipient gets on reaching one of `states` (kept when it has one already). */
  const since = (column: string, states: string[]) =>
    sql`${sql.raw(column)} = case when v.state in (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}) then coalesce(r.${sql.raw(column)}, ${stamp}) else r.${sql.raw(column)} end`;
  const moved = await queryRows<{ broadcast_id: string }>(
    tx,
    sql`update broadcast_recipients r
      set state = v.state,
        error = case when v.state = 'failed' then v.error else r.error end,
        reason = case when v.state = 'failed' then v.reason else r.reason end,
        transient = case when v.state = 'failed' then v.transient else r.transient end,
        ${since('sent_at', ['sent', 'delivered', 'read'])},
        ${since('delivered_at', ['delivered', 'read'])},
        ${since('read_at', ['read'])},
        attempt_at = null, next_at = null, updated_at = ${stamp}
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as v(message_id uuid, state text, error jsonb, reason text, transient boolean)
      where r.message_id = v.message_id
        and case when v.state = 'failed' then r.state not in ('failed', 'cancelled')
          else array_position(${FORWARD}, r.state) < array_position(${FORWARD}, v.state) end
      returning r.broadcast_id`,
  );
  return new Set(moved.map((row) => row.broadcast_id));
}

/** `recipientMessagesMoved` for one message: the broadcast whose recipient moved, or `null`. */
export async function recipientMessageMoved(
  tx: Db,
  message: Pick<MessageRow, 'id' | 'status' | 'error' | 'broadcastId'>,
  at: Date,
): Promise<string | null> {
  const [moved] = await recipientMessagesMoved(tx, [message], at);
  return moved ?? null;
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
