/**
 * The sign-in limits, aimed at the attacker rather than the victim:
 *
 * - Codes: per phone per hour, counted apart for password resets (`auth_forgot_password`, which
 *   anyone can call for any phone) and for everything else (sign-in, registration, phone change),
 *   so someone asking for reset codes never blocks the owner's sign-in; and per IP per hour.
 * - Wrong passwords: per phone *and* IP per hour (the guessing device is held back, not the
 *   owner on theirs), per IP per hour across phones, and, past the per-phone limit from anywhere,
 *   a short back-off on the phone that doubles with every further failure up to
 *   `LOGIN_BACKOFF_CAP_S` (guessing spread over many addresses stays slow; the owner waits at
 *   most that long, never an hour).
 */
import { backoffAfter, recordEvents, retryAfter } from '../../auth/rateEvents.ts';
import type { RateRule } from '../../auth/rateEvents.ts';
import type { OtpPayload } from '../../db/schema.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';

const HOUR_MS = 3_600_000;
type OtpPurpose = OtpPayload['purpose'];
/** Longest wait the phone-wide back-off asks for, in seconds. */
export const LOGIN_BACKOFF_CAP_S = 60;

function otpRules(ctx: ActContext, phone: string, purpose: OtpPurpose): RateRule[] {
  const { otp } = ctx.services.config;
  return [
    {
      kind: purpose === 'reset' ? 'otp_reset_phone' : 'otp_phone',
      subject: phone,
      max: otp.perPhonePerHour,
      windowMs: HOUR_MS,
    },
    { kind: 'otp_ip', subject: ctx.ip, max: otp.perIpPerHour, windowMs: HOUR_MS },
  ];
}

function loginRules(ctx: ActContext, phone: string): RateRule[] {
  const { loginFailures } = ctx.services.config;
  return [
    {
      kind: 'login_fail_phone_ip',
      subject: `${phone} ${ctx.ip}`,
      max: loginFailures.perPhonePerHour,
      windowMs: HOUR_MS,
    },
    { kind: 'login_fail_ip', subject: ctx.ip, max: loginFailures.perIpPerHour, windowMs: HOUR_MS },
  ];
}

function phoneRule(ctx: ActContext, phone: string): RateRule {
  const { loginFailures } = ctx.services.config;
  return { kind: 'login_fail_phone', subject: phone, max: loginFailures.perPhonePerHour, windowMs: HOUR_MS };
}

function refuse(seconds: number | null): void {
  if (seconds !== null) throw new ActError('rate_limited', { data: { retryAfter: seconds } });
}

/** Per-phone (by purpose) and per-IP limits on sending codes, counted whether or not the phone is registered. */
export const otpSends = {
  assertAllowed: async (ctx: ActContext, phone: string, purpose: OtpPurpose) =>
    refuse(await retryAfter(ctx.services.db, otpRules(ctx, phone, purpose), ctx.now)),
  record: (ctx: ActContext, phone: string, purpose: OtpPurpose) =>
    recordEvents(ctx.services.db, otpRules(ctx, phone, purpose), ctx.now),
};

/** Limits on wrong passwords: per phone and IP, per IP, and the phone-wide back-off. */
export const loginFailures = {
  async assertAllowed(ctx: ActContext, phone: string): Promise<void> {
    const { db } = ctx.services;
    refuse(await retryAfter(db, loginRules(ctx, phone), ctx.now));
    refuse(await backoffAfter(db, phoneRule(ctx, phone), ctx.now, LOGIN_BACKOFF_CAP_S));
  },
  record: (ctx: ActContext, phone: string) =>
    recordEvents(ctx.services.db, [...loginRules(ctx, phone), phoneRule(ctx, phone)], ctx.now),
};
