/** Rules of a one-time-code challenge, shared by the OTP and forgot-password machines. */
import { fromPromise } from 'xstate';
import { dataNumber, reasonOf } from './actError.ts';
import type { ActCaller, OtpChallenge, SignedIn } from './sdk.ts';

/** Attempts a challenge allows before it is dead (DESIGN.md "Sign-in"). */
export const OTP_ATTEMPTS = 5;
/** Digits in a code. */
export const OTP_LENGTH = 6;

/** One second less, never below zero. */
export function countDown(seconds: number): number {
  return Math.max(0, seconds - 1);
}

/** Keeps the digits of what was typed or pasted, at most six. */
export function toOtpCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** True when `code` is exactly six digits. */
export function isCompleteCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Attempts left after a wrong code: the server's `attemptsLeft`, else one less than before. */
export function attemptsAfter(error: unknown, attemptsLeft: number): number {
  return dataNumber(error, 'attemptsLeft') ?? Math.max(0, attemptsLeft - 1);
}

/** True when the failure means the challenge takes no more codes (locked, used, 5 wrong tries). */
export function isChallengeDead(error: unknown, attemptsLeft: number): boolean {
  const reason = reasonOf(error);
  if (reason === 'otp_locked' || reason === 'otp_used') return true;
  return reason === 'otp_invalid' && attemptsAfter(error, attemptsLeft) === 0;
}

/** Attempts left once `error` ended a try: the server's count, 0 for a dead challenge. */
export function attemptsLeftAfter(error: unknown, attemptsLeft: number): number {
  const reason = reasonOf(error);
  if (reason === 'otp_invalid') return attemptsAfter(error, attemptsLeft);
  if (reason === 'otp_locked' || reason === 'otp_used') return 0;
  return attemptsLeft;
}

/** auth_resend_otp: a new code for a live challenge; answers the fresh challenge. */
export const resendChallenge = fromPromise<OtpChallenge, { client: ActCaller; challenge: string }>(
  async ({ input, signal }) =>
    (await input.client.act('auth_resend_otp', { challenge: input.challenge }, { signal })).data,
);

/** The challenge a `verifying` state was entered with (always set by `submitting`). */
export function requireChallenge(challenge: OtpChallenge | null): OtpChallenge {
  if (challenge === null) throw new Error('An OTP step needs a challenge');
  return challenge;
}

/** The session a `done` state was entered with (always set by the verified OTP child). */
export function requireSession(signedIn: SignedIn | null): SignedIn {
  if (signedIn === null) throw new Error('A finished sign-in needs a session');
  return signedIn;
}
