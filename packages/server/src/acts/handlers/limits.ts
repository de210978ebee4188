import { recordEvents, retryAfter } from '../../auth/rateEvents.ts';
import type { RateRule } from '../../auth/rateEvents.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';

const HOUR_MS = 3_600_000;

function otpRules(ctx: ActContext, phone: string): RateRule[] {
  const { otp } = ctx.services.config;
  return [
    { kind: 'otp_phone', subject: phone, max: otp.perPhonePerHour, windowMs: HOUR_MS },
    { kind: 'otp_ip', subject: ctx.ip, max: otp.perIpPerHour, windowMs: HOUR_MS },
  ];
}

function loginRules(ctx: ActContext, phone: string): RateRule[] {
  const { loginFailures } = ctx.services.config;
  return [
    { kind: 'login_fail_phone', subject: phone, max: loginFailures.perPhonePerHour, windowMs: HOUR_MS },
    { kind: 'login_fail_ip', subject: ctx.ip, max: loginFailures.perIpPerHour, windowMs: HOUR_MS },
  ];
}

async function assertRoom(ctx: ActContext, rules: RateRule[]): Promise<void> {
  const seconds = await retryAfter(ctx.services.db, rules, ctx.now);
  if (seconds !== null) throw new ActError('rate_limited', { data: { retryAfter: seconds } });
}

/** Per-phone and per-IP limits on sending codes, counted whether or not the phone is registered. */
export const otpSends = {
  assertAllowed: (ctx: ActContext, phone: string) => assertRoom(ctx, otpRules(ctx, phone)),
  record: (ctx: ActContext, phone: string) => recordEvents(ctx.services.db, otpRules(ctx, phone), ctx.now),
};

/** Per-phone and per-IP limits on wrong passwords. */
export const loginFailures = {
  assertAllowed: (ctx: ActContext, phone: string) => assertRoom(ctx, loginRules(ctx, phone)),
  record: (ctx: ActContext, phone: string) => recordEvents(ctx.services.db, loginRules(ctx, phone), ctx.now),
};
