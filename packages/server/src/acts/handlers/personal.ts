/**
 * Personal acts: profile, avatar, phone and password changes, sessions, notifications
 * (docs/profile-and-notifications.md).
 */
import {
  describeChallenge,
  checkCode,
  consumeChallenge,
  issueChallenge,
  loadChallenge,
} from '../../auth/challenges.ts';
import { listSessions, revokeAllSessions, revokeOwnSession } from '../../auth/sessions.ts';
import { findUserById, findUserByPhone, setPassword, toUser, updateProfile } from '../../auth/users.ts';
import { isUniqueViolation } from '../../crm/uniqueViolation.ts';
import type { UserRow } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from '../../notifications/store.ts';
import { clearAvatar, decodeAvatar, saveAvatar } from '../../profile/avatars.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import { AVATAR_MAX_BYTES, formatFileSize } from '../../sdk.ts';
import type { User } from '../../sdk.ts';
import { ActError } from '../ActError.ts';
import { signedIn } from '../context.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';
import { loginFailures, otpSends } from './limits.ts';

/** The user after a change: cached sessions must not keep answering the old one. */
function changedUser(ctx: ActContext, row: UserRow | undefined): User {
  if (row === undefined) throw new ActError('unauthenticated');
  ctx.services.sessionCache.forgetUser(row.id);
  return toUser(row);
}

/**
 * Checks the caller's current password; a wrong one counts as a failed sign-in (the same limits)
 * and answers `wrong_password` with the text on `field`.
 */
async function assertPassword(
  ctx: ActContext,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  await loginFailures.assertAllowed(ctx, user.phone);
  if (await verifyPassword(password, user.passwordHash)) return;
  await loginFailures.record(ctx, user.phone);
  throw new ActError('wrong_password', {
    errors: { [field]: translate(ctx.locale, 'error.wrong_password') },
  });
}

/** Tells the user's tabs how many notifications are unread now, and answers it. */
async function recount(ctx: ActContext, userId: string): Promise<{ unread: number }> {
  const unread = await unreadCount(ctx.services.db, userId);
  ctx.services.publisher.toUser(userId, 'notification.count', { unread });
  return { unread };
}

export const personalHandlers = {
  async profile_update(input, ctx) {
    const { user } = signedIn(ctx);
    const row = await updateProfile(ctx.services.db, user.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.language === undefined ? {} : { language: input.language }),
      ...(input.theme === undefined ? {} : { theme: input.theme }),
    });
    return changedUser(ctx, row);
  },

  async profile_avatar_set({ image }, ctx) {
    const { user } = signedIn(ctx);
    const decoded = await decodeAvatar(image);
    if (!decoded.ok) {
      throw decoded.reason === 'file_too_large'
        ? new ActError('file_too_large', {
            data: { maxBytes: AVATAR_MAX_BYTES, maxSize: formatFileSize(AVATAR_MAX_BYTES, ctx.locale) },
          })
        : new ActError('file_invalid_type');
    }
    return changedUser(ctx, await saveAvatar(ctx.services.db, user.id, decoded, ctx.now));
  },

  async profile_avatar_clear(_input, ctx) {
    const { user } = signedIn(ctx);
    return changedUser(ctx, await clearAvatar(ctx.services.db, user.id));
  },

  async profile_phone_change({ phone, password }, ctx) {
    const { user } = signedIn(ctx);
    const { db } = ctx.services;
    await assertPassword(ctx, user, password, 'password');
    if ((await findUserByPhone(db, phone)) !== undefined) throw new ActError('phone_taken');
    await otpSends.assertAllowed(ctx, phone, 'change_phone');
    const { row, code } = await issueChallenge(db, {
      phone,
      payload: { purpose: 'change_phone', userId: user.id },
      now: ctx.now,
    });
    await otpSends.record(ctx, phone, 'change_phone');
    await ctx.services.otpSender.send({ phone, code, purpose: 'change_phone' });
    return describeChallenge(row, ctx.now);
  },

  async profile_phone_confirm({ challenge, code }, ctx) {
    const { user } = signedIn(ctx);
    const { db } = ctx.services;
    const row = await loadChallenge(db, challenge, ['change_phone']);
    // Someone else's challenge is as unknown as none.
    if (row.payload.purpose !== 'change_phone' || row.payload.userId !== user.id) {
      throw new ActError('not_found', { msgKey: 'error.otp_not_found' });
    }
    await checkCode(db, row, code, ctx.now);
    let updated: UserRow | undefined;
    try {
      updated = await db.transaction(async (tx) => {
        await consumeChallenge(tx, row.id, ctx.now);
        return updateProfile(tx, user.id, { phone: row.phone });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ActError('phone_taken');
      throw error;
    }
    return changedUser(ctx, updated);
  },

  async profile_password_change({ currentPassword, password }, ctx) {
    const { user, sessionId } = signedIn(ctx);
    const { db } = ctx.services;
    // The cached row may predate a change made elsewhere: check against the stored hash.
    const fresh = (await findUserById(db, user.id)) ?? user;
    await assertPassword(ctx, fresh, currentPassword, 'currentPassword');
    const passwordHash = await hashPassword(password);
    const ended = await db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash, ctx.now);
      return revokeAllSessions(tx, user.id, ctx.now, sessionId);
    });
    ctx.services.sessionCache.forgetUser(user.id);
    ctx.services.publisher.sessionsEnded(ended);
    return {};
  },

  async session_list(_input, ctx) {
    const { user, sessionId } = signedIn(ctx);
    const rows = await listSessions(ctx.services.db, user.id, ctx.now);
    const sessions = rows.map((row) => ({
      id: row.id,
      current: row.id === sessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
    }));
    return [
      ...sessions.filter((session) => session.current),
      ...sessions.filter((session) => !session.current),
    ];
  },

  async session_revoke({ id }, ctx) {
    const { user } = signedIn(ctx);
    if (!(await revokeOwnSession(ctx.services.db, user.id, id, ctx.now))) throw new ActError('not_found');
    ctx.services.sessionCache.forgetSession(id);
    ctx.services.publisher.sessionsEnded([id]);
    return { id };
  },

  async notification_list(input, ctx) {
    const { user } = signedIn(ctx);
    return listNotifications(ctx.services.db, user.id, {
      page: input.page ?? 0,
      unreadOnly: input.unreadOnly ?? false,
      after: input.after,
    });
  },

  async notification_count(_input, ctx) {
    const { user } = signedIn(ctx);
    return { unread: await unreadCount(ctx.services.db, user.id) };
  },

  async notification_read({ id }, ctx) {
    const { user } = signedIn(ctx);
    if (!(await markRead(ctx.services.db, user.id, id, ctx.now))) throw new ActError('not_found');
    return recount(ctx, user.id);
  },

  async notification_read_all(_input, ctx) {
    const { user } = signedIn(ctx);
    await markAllRead(ctx.services.db, user.id, ctx.now);
    return recount(ctx, user.id);
  },
} satisfies Pick<
  ActHandlers,
  | 'profile_update'
  | 'profile_avatar_set'
  | 'profile_avatar_clear'
  | 'profile_phone_change'
  | 'profile_phone_confirm'
  | 'profile_password_change'
  | 'session_list'
  | 'session_revoke'
  | 'notification_list'
  | 'notification_count'
  | 'notification_read'
  | 'notification_read_all'
>;
