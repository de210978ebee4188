import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { otpChallenges } from '../db/schema.ts';
import type { ChallengeRow, OtpPayload } from '../db/schema.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import type { OtpChallenge } from '../sdk.ts';
import { hashCode, newChallengeId, newOtpCode, newSalt, sameDigest } from '../security/secrets.ts';
import { ActError } from '../acts/ActError.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type Purpose = ChallengeRow['purpose'];

export const OTP = {
  length: 6,
  /** A code lives 5 minutes. */
  ttlMs: 5 * 60_000,
  /** A new code may be asked for 60 s after the last one. */
  resendMs: 60_000,
  /** The 5th wrong code kills the challenge. */
  maxAttempts: 5,
  /** A challenge can be resent for an hour; then the flow starts over. */
  lifetimeMs: 60 * 60_000,
} as const;

/** Whether a code of this challenge can ever succeed (a reset for an unknown phone cannot). */
export function isDeliverable(payload: OtpPayload): boolean {
  return payload.purpose !== 'reset' || payload.userId !== null;
}

function freshCode(now: Date) {
  const code = newOtpCode(OTP.length);
  const codeSalt = newSalt();
  return {
    code,
    fields: {
      codeSalt,
      codeHash: hashCode(code, codeSalt),
      expiresAt: new Date(now.getTime() + OTP.ttlMs),
      resendAt: new Date(now.getTime() + OTP.resendMs),
    },
  };
}

export async function issueChallenge(
  db: Executor,
  init: { phone: string; payload: OtpPayload; now: Date },
): Promise<{ row: ChallengeRow; code: string }> {
  const { code, fields } = freshCode(init.now);
  const [row] = await db
    .insert(otpChallenges)
    .values({
      id: newChallengeId(),
      purpose: init.payload.purpose,
      phone: init.phone,
      payload: init.payload,
      attempts: 0,
      createdAt: init.now,
      ...fields,
    })
    .returning();
  if (row === undefined) throw new Error('challenge insert returned nothing');
  return { row, code };
}

/** What the client sees of a challenge. */
export function describeChallenge(row: ChallengeRow, now: Date): OtpChallenge {
  const seconds = (at: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
  return {
    challenge: row.id,
    maskedPhone: maskPhone(row.phone),
    length: OTP.length,
    expiresIn: seconds(row.expiresAt),
    resendIn: seconds(row.resendAt),
  };
}

/** The challenge `id` of one of `purposes`; any other (or none) answers `not_found`. */
export async function loadChallenge(db: Executor, id: string, purposes: Purpose[]): Promise<ChallengeRow> {
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id)).limit(1);
  if (row === undefined || !purposes.includes(row.purpose)) {
    throw new ActError('not_found', { msgKey: 'error.otp_not_found' });
  }
  return row;
}

/** Refuses a challenge that is used or locked. */
export function assertOpen(row: ChallengeRow): void {
  if (row.consumedAt !== null) throw new ActError('otp_used');
  if (row.attempts >= OTP.maxAttempts) throw new ActError('otp_locked');
}

/**
 * Checks `code` against a live challenge; a wrong code counts one attempt and answers
 * `otp_invalid` with `attemptsLeft`.
 */
export async function checkCode(db: Executor, row: ChallengeRow, code: string, now: Date): Promise<void> {
  assertOpen(row);
  if (row.expiresAt.getTime() <= now.getTime()) throw new ActError('otp_expired');
  const matches = sameDigest(hashCode(code, row.codeSalt), row.codeHash);
  if (matches && isDeliverable(row.payload)) return;
  const [updated] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(live(row.id))
    .returning({ attempts: otpChallenges.attempts });
  if (updated === undefined) throw new ActError('otp_locked');
  throw new ActError('otp_invalid', {
    data: { attemptsLeft: Math.max(0, OTP.maxAttempts - updated.attempts) },
  });
}

/** Marks the challenge used; exactly one caller wins a race. */
export async function consumeChallenge(db: Executor, id: string, now: Date): Promise<void> {
  const [updated] = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(live(id))
    .returning({ id: otpChallenges.id });
  if (updated === undefined) throw new ActError('otp_used');
}

/** Gives a live challenge a fresh code (the old one dies) and restarts its clocks. */
export async function reissueCode(
  db: Executor,
  row: ChallengeRow,
  now: Date,
): Promise<{ row: ChallengeRow; code: string }> {
  const { code, fields } = freshCode(now);
  const [updated] = await db
    .update(otpChallenges)
    .set(fields)
    .where(and(live(row.id), lte(otpChallenges.resendAt, now)))
    .returning();
  // Lost a race with another resend (or use) of the same challenge.
  if (updated === undefined)
    throw new ActError('otp_cooldown', { data: { retryAfter: OTP.resendMs / 1000 } });
  return { row: updated, code };
}

/** Forgets challenges created more than `keepMs` ago. */
export async function pruneChallenges(db: Executor, now: Date, keepMs: number): Promise<void> {
  await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, new Date(now.getTime() - keepMs)));
}

function live(id: string) {
  return and(
    eq(otpChallenges.id, id),
    isNull(otpChallenges.consumedAt),
    lt(otpChallenges.attempts, OTP.maxAttempts),
  );
}
