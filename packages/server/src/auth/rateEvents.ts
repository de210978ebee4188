import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { rateEvents } from '../db/schema.ts';

export type RateKind = 'otp_phone' | 'otp_ip' | 'login_fail_phone' | 'login_fail_ip';

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
