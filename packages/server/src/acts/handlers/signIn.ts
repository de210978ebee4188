import { describeChallenge, issueChallenge } from '../../auth/challenges.ts';
import { findUserByPhone } from '../../auth/users.ts';
import type { OtpPayload } from '../../db/schema.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../security/password.ts';
import type { OtpChallenge } from '../../sdk.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';
import { loginFailures, otpSends } from './limits.ts';

/** Issues a challenge for `phone` and sends its code (unless the challenge can never succeed). */
async function challenge(ctx: ActContext, phone: string, payload: OtpPayload): Promise<OtpChallenge> {
  await otpSends.assertAllowed(ctx, phone, payload.purpose);
  const { row, code } = await issueChallenge(ctx.services.db, { phone, payload, now: ctx.now });
  await otpSends.record(ctx, phone, payload.purpose);
  if (payload.purpose !== 'reset' || payload.userId !== null) {
    await ctx.services.otpSender.send({ phone, code, purpose: payload.purpose });
  }
  return describeChallenge(row, ctx.now);
}

/** The acts that start a sign-in flow: each answers an `OtpChallenge`. */
export const signInHandlers = {
  async auth_register({ name, phone, password }, ctx) {
    if ((await findUserByPhone(ctx.services.db, phone)) !== undefined) throw new ActError('phone_taken');
    await otpSends.assertAllowed(ctx, phone, 'register');
    const passwordHash = await hashPassword(password);
    return challenge(ctx, phone, { purpose: 'register', name, passwordHash });
  },

  async auth_login({ phone, password }, ctx) {
    await loginFailures.assertAllowed(ctx, phone);
    const user = await findUserByPhone(ctx.services.db, phone);
    // Verify against a dummy hash for an unknown phone, so the answer takes as long either way.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (user === undefined || !passwordOk) {
      await loginFailures.record(ctx, phone);
      throw new ActError('invalid_credentials');
    }
    return challenge(ctx, phone, {
      purpose: 'login',
      userId: user.id,
      passwordChangedAt: user.passwordChangedAt.toISOString(),
    });
  },

  async auth_forgot_password({ phone }, ctx) {
    const user = await findUserByPhone(ctx.services.db, phone);
    return challenge(ctx, phone, { purpose: 'reset', userId: user?.id ?? null });
  },
} satisfies Pick<ActHandlers, 'auth_register' | 'auth_login' | 'auth_forgot_password'>;
