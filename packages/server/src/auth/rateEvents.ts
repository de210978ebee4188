import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { rateEvents } from '../db/schema.ts';

export type RateKind =
  'otp_phone' | 'otp_reset_phone' | 'otp_ip' | 'login_fail_phone' | 'login_fail_phone_ip' | 'login_fail_ip';

export interface RateRule {
  kind: RateKind;
  subject: string;
  max: number;
  windowMs: number;
}

/**
 * Seconds until the first rule that is full lets one more event in, or `null` when every rule
 * has room.
 */
export async function retryAfter(db: Db, rules: RateRule[], now: Date): Promise<number | null> {
  for (const rule of rules) {
    const since = new Date(now.getTime() - rule.windowMs);
    const [row] = await db
      .select({ total: count(), oldest: min(rateEvents.createdAt) })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.kind, rule.kind),
          eq(rateEvents.subject, rule.subject),
          gt(rateEvents.createdAt, since),
        ),
      );
    if (row !== undefined && row.total >= rule.max) {
      const oldest = row.oldest === null ? now : new Date(row.oldest);
      return Math.max(1, Math.ceil((oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
    }
  }
  return null;
}

/**
 * A back-off instead of a lock-out: once `rule.max` events fell within the window, each further
 * one must wait 1 s, 2 s, 4 s… (doubling per event past the limit, at most `capSeconds`) after the
 * latest. Answers the seconds still to wait, or `null`.
 */
export async function backoffAfter(
  db: Db,
  rule: RateRule,
  now: Date,
  capSeconds: number,
): Promise<number | null> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ total: count(), latest: max(rateEvents.createdAt) })
    .from(rateEvents)
    .where(
      and(
        eq(rateEvents.kind, rule.kind),
        eq(rateEvents.subject, rule.subject),
        gt(rateEvents.createdAt, since),
      ),
    );
  if (row === undefined || row.total < rule.max || row.latest === null) return null;
  const waitMs = Math.min(2 ** (row.total - rule.max), capSeconds) * 1000;
  const left = new Date(row.latest).getTime() + waitMs - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : null;
}

export async function recordEvents(
  db: Db,
  rules: Pick<RateRule, 'kind' | 'subject'>[],
  now: Date,
): Promise<void> {
  if (rules.length === 0) return;
  await db.insert(rateEvents).values(rules.map(({ kind, subject }) => ({ kind, subject, createdAt: now })));
}

/** Forgets events older than `keepMs`. */
export async function pruneEvents(db: Db, now: Date, keepMs: number): Promise<void> {
  await db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now.getTime() - keepMs)));
}
