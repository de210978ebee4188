/**
 * A number's broadcast pacing, shared by every process and every broadcast of the number: the
 * number's next free send slot (`wa_accounts.broadcast_slot_at`). A sender reserves `n` slots in
 * one statement by moving it forward by `n / pace` seconds from `greatest(slot, now)`, and sends
 * its i-th recipient at `first + i / pace`. Two senders never get the same slot (the row lock
 * orders them), so together they never go faster than the pace: `PACING_SHARE` of the number's
 * rate (`wa_accounts.broadcast_rate`, else `BROADCAST_DEFAULT_RATE`: Meta's 80 messages a second).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { BROADCAST_DEFAULT_RATE } from '../sdk.ts';

/**
 * The share of the number's rate its slots are spaced for. Meta counts the sends of every
 * one-second window; requests leave late and arrive bunched when a process or the network
 * stalls, and 3% of headroom absorbs a stall of about 40 ms at 80 a second without a 130429.
 */
export const PACING_SHARE = 0.97;

/** Slots reserved: the i-th (from 0) is at `first + i × intervalMs`. */
export interface ReservedSlots {
  /** Epoch ms, with their fraction. */
  firstMs: number;
  intervalMs: number;
  count: number;
  /** The number's rate, messages a second (the slots are spaced for `PACING_SHARE` of it). */
  rate: number;
}

/** The time of slot `index` of `slots` (epoch ms, with their fraction). */
export function slotTime(slots: ReservedSlots, index: number): number {
  return slots.firstMs + index * slots.intervalMs;
}

/** Reserves the number's next `count` send slots at `now` (its slot is never set back). */
export async function reserveSlots(
  db: Db,
  accountId: string,
  count: number,
  now: Date,
): Promise<ReservedSlots> {
  const at = now.toISOString();
  // The slot's time as epoch milliseconds with their fraction: slots 12.5 ms apart stay so.
  const [row] = await queryRows<{ end_ms: number; rate: number }>(
    db,
    sql`update wa_accounts
      set broadcast_slot_at = greatest(coalesce(broadcast_slot_at, ${at}::timestamptz), ${at}::timestamptz)
        + (${count}::float8 / (coalesce(broadcast_rate, ${BROADCAST_DEFAULT_RATE}) * ${PACING_SHARE}::float8)) * interval '1 second'
      where id = ${accountId}::uuid
      returning extract(epoch from broadcast_slot_at)::float8 * 1000 as end_ms,
        coalesce(broadcast_rate, ${BROADCAST_DEFAULT_RATE})::int as rate`,
  );
  if (row === undefined) throw new Error('account vanished');
  const intervalMs = 1_000 / (row.rate * PACING_SHARE);
  return { firstMs: row.end_ms - count * intervalMs, intervalMs, count, rate: row.rate };
}

/**
 * Holds the number's sends until `until` (Meta answered 130429: the number is over its
 * throughput): no slot is handed out before it, to any broadcast or process.
 */
export async function holdSlots(db: Db, accountId: string, until: Date): Promise<void> {
  await db.execute(
    sql`update wa_accounts set broadcast_slot_at = greatest(coalesce(broadcast_slot_at, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)
      where id = ${accountId}::uuid`,
  );
}
