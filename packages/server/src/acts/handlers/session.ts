import { revokeSession } from '../../auth/sessions.ts';
import { toUser } from '../../auth/users.ts';
import { signedIn } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

export const sessionHandlers = {
  async auth_logout(_input, ctx) {
    const { sessionId } = signedIn(ctx);
    await revokeSession(ctx.services.db, sessionId, ctx.now);
    ctx.services.sessionCache.forgetSession(sessionId);
    ctx.services.publisher.sessionsEnded([sessionId]);
    return {};
  },

  async user_check_token(_input, ctx) {
    return toUser(signedIn(ctx).user);
  },
} satisfies Pick<ActHandlers, 'auth_logout' | 'user_check_token'>;
