import {
  OTP,
  assertOpen,
  checkCode,
  consumeChallenge,
  describeChallenge,
  isDeliverable,
  loadChallenge,
  reissueCode,
} from '../../auth/challenges.ts';
import { createSession, revokeAllSessions } from '../../auth/sessions.ts';
import { createUser, findUserById, setPassword, toUser } from '../../auth/users.ts';
import { hashPassword } from '../../security/password.ts';
import { ActError } from '../ActError.ts';
import type { ActHandlers } from '../registry.ts';
import { otpSends } from './limits.ts';

/** The acts that take a code: confirm a register or login, reset a password, resend. */
export const otpHandlers = {
  async auth_verify_otp({ challenge, code }, ctx) {
    const { db, config } = ctx.services;
    const row = await loadChallenge(db, challenge, ['register', 'login']);
    await checkCode(db, row, code, ctx.now);
    const payload = row.payload;
    return db.transaction(async (tx) => {
      await consumeChallenge(tx, row.id, ctx.now);
      let user;
      if (payload.purpose === 'register') {
        user = await createUser(tx, {
          name: payload.name,
          phone: row.phone,
          passwordHash: payload.passwordHash,
          now: ctx.now,
        });
        if (user === undefined) throw new ActError('phone_taken');
      } else if (payload.purpose === 'login') {
        user = await findUserById(tx, payload.userId);
        // The password changed since the code was sent: this sign-in is stale.
        if (user === undefined || user.passwordChangedAt.toISOString() !== payload.passwordChangedAt) {
          throw new ActError('otp_expired');
        }
      } else {
        throw new ActError('not_found', { msgKey: 'error.otp_not_found' });
      }
      const token = await createSession(tx, user.id, ctx.now, config.sessionTtlDays, {
        userAgent: ctx.userAgent ?? null,
        ip: ctx.ip,
      });
      return { token, user: toUser(user) };
    });
  },

  async auth_reset_password({ challenge, code, password }, ctx) {
    const { db } = ctx.services;
    const row = await loadChallenge(db, challenge, ['reset']);
    await checkCode(db, row, code, ctx.now);
    const payload = row.payload;
    if (payload.purpose !== 'reset' || payload.userId === null) throw new ActError('otp_invalid');
    const userId = payload.userId;
    const passwordHash = await hashPassword(password);
    const ended = await db.transaction(async (tx) => {
      await consumeChallenge(tx, row.id, ctx.now);
      await setPassword(tx, userId, passwordHash, ctx.now);
      return revokeAllSessions(tx, userId, ctx.now);
    });
    ctx.services.sessionCache.forgetUser(userId);
    ctx.services.publisher.sessionsEnded(ended);
    return {};
  },

  async auth_resend_otp({ challenge }, ctx) {
    const { db } = ctx.services;
    const row = await loadChallenge(db, challenge, ['register', 'login', 'reset', 'change_phone']);
    assertOpen(row);
    if (row.createdAt.getTime() + OTP.lifetimeMs <= ctx.now.getTime()) throw new ActError('otp_expired');
    const wait = Math.ceil((row.resendAt.getTime() - ctx.now.getTime()) / 1000);
    if (wait > 0) throw new ActError('otp_cooldown', { data: { retryAfter: wait } });
    await otpSends.assertAllowed(ctx, row.phone, row.payload.purpose);
    const reissued = await reissueCode(db, row, ctx.now);
    await otpSends.record(ctx, row.phone, row.payload.purpose);
    if (isDeliverable(row.payload)) {
      await ctx.services.otpSender.send({ phone: row.phone, code: reissued.code, purpose: row.purpose });
    }
    return describeChallenge(reissued.row, ctx.now);
  },
} satisfies Pick<ActHandlers, 'auth_verify_otp' | 'auth_reset_password' | 'auth_resend_otp'>;
