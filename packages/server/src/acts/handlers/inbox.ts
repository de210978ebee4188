import { can } from '../../sdk.ts';
import { announce } from '../../inbox/announce.ts';
import type { Announcement } from '../../inbox/announce.ts';
import {
  assign,
  conversationSummary,
  findVisibleConversation,
  listConversations,
  markRead,
  renameCustomer,
  visibleConversationsOfCustomer,
} from '../../inbox/conversations.ts';
import type { InboxScope } from '../../inbox/conversations.ts';
import {
  DEFAULT_MESSAGE_LIMIT,
  listMessages,
  messageInConversation,
  storeOutbound,
  threadMessage,
} from '../../inbox/messages.ts';
import { projectAudience } from '../../inbox/views.ts';
import { findMembership } from '../../projects/projects.ts';
import { translate } from '../../i18n/translate.ts';
import type { ConversationSummary } from '../../sdk.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

function scopeOf(ctx: ActContext): InboxScope & { key: string } {
  const membership = inProject(ctx);
  return {
    key: membership.project.key,
    projectId: membership.project.id,
    userId: membership.userId,
    seesAll: can(membership.permissions, 'crm.chat.show_all_chat'),
    seesContactDetail: can(membership.permissions, 'crm.chat.show_user_contact_detail'),
  };
}

/** A conversation the caller may see; `not_found` alike for missing, foreign and unassigned ones. */
async function visible(ctx: ActContext, scope: InboxScope, conversationId: string) {
  const found = await findVisibleConversation(ctx.services.db, scope, conversationId);
  if (found === null) throw new ActError('not_found');
  return found;
}

/** Announces a conversation's new summary and answers it as the caller sees it. */
async function changed(ctx: ActContext, scope: InboxScope & { key: string }, conversationId: string) {
  const { db } = ctx.services;
  const [forProject, forCaller] = await Promise.all([
    conversationSummary(db, conversationId, projectAudience, ctx.now),
    conversationSummary(db, conversationId, scope, ctx.now),
  ]);
  if (forProject === null || forCaller === null) throw new ActError('not_found');
  announce(ctx.services.publisher, [
    { key: scope.key, event: 'conversation.updated', payload: { key: scope.key, conversation: forProject } },
  ]);
  return forCaller;
}

export const inboxHandlers = {
  async conversation_list(input, ctx) {
    return listConversations(
      ctx.services.db,
      scopeOf(ctx),
      { page: input.page ?? 0, filter: input.filter ?? 'all', search: input.search ?? '' },
      ctx.now,
    );
  },

  async message_list(input, ctx) {
    const scope = scopeOf(ctx);
    await visible(ctx, scope, input.conversationId);
    return listMessages(ctx.services.db, input.conversationId, {
      beforeSeq: input.beforeSeq,
      afterSeq: input.afterSeq,
      limit: input.limit ?? DEFAULT_MESSAGE_LIMIT,
    });
  },

  async message_send(input, ctx) {
    const scope = scopeOf(ctx);
    const { db } = ctx.services;
    await visible(ctx, scope, input.conversationId);
    if (
      input.replyTo !== undefined &&
      (await messageInConversation(db, input.conversationId, input.replyTo)) === null
    ) {
      throw new ActError('invalid_input', { errors: { replyTo: translate(ctx.locale, 'field.invalid') } });
    }
    const stored = await storeOutbound(db, input.conversationId, {
      type: input.type,
      caption: input.caption ?? null,
      url: input.url ?? null,
      mediaId: null,
      filename: input.filename ?? null,
      name: input.name ?? null,
      phone: input.phone ?? null,
      clientId: input.clientId,
      replyTo: input.replyTo ?? null,
      senderUserId: scope.userId,
      now: ctx.now,
    });
    if (stored.message.conversationId !== input.conversationId) {
      throw new ActError('invalid_input', { errors: { clientId: translate(ctx.locale, 'field.invalid') } });
    }
    const message = await threadMessage(db, stored.message.id);
    if (message === null) throw new ActError('not_found');
    if (stored.created) {
      const summary = await conversationSummary(db, input.conversationId, projectAudience, ctx.now);
      const announcements: Announcement[] = [
        {
          key: scope.key,
          event: 'message.new',
          payload: { key: scope.key, conversationId: message.conversationId, seq: message.seq, message },
        },
      ];
      if (summary !== null) {
        announcements.push({
          key: scope.key,
          event: 'conversation.updated',
          payload: { key: scope.key, conversation: summary },
        });
      }
      announce(ctx.services.publisher, announcements);
      ctx.services.jobs.kick();
    }
    return message;
  },

  async conversation_read(input, ctx): Promise<ConversationSummary> {
    const scope = scopeOf(ctx);
    await visible(ctx, scope, input.conversationId);
    await markRead(ctx.services.db, input.conversationId);
    return changed(ctx, scope, input.conversationId);
  },

  async conversation_assign(input, ctx) {
    const scope = scopeOf(ctx);
    await visible(ctx, scope, input.conversationId);
    if (input.userId !== null && (await findMembership(ctx.services.db, input.userId, scope.key)) === null) {
      throw new ActError('not_found');
    }
    await assign(ctx.services.db, input.conversationId, input.userId);
    return changed(ctx, scope, input.conversationId);
  },

  async customer_rename(input, ctx) {
    const scope = scopeOf(ctx);
    const { db } = ctx.services;
    const conversationIds = await visibleConversationsOfCustomer(db, scope, input.customerId);
    if (conversationIds.length === 0) throw new ActError('not_found');
    await renameCustomer(db, scope.projectId, input.customerId, input.name);
    for (const conversationId of conversationIds) await changed(ctx, scope, conversationId);
    return { id: input.customerId, name: input.name };
  },
} satisfies Pick<
  ActHandlers,
  | 'conversation_list'
  | 'message_list'
  | 'message_send'
  | 'conversation_read'
  | 'conversation_assign'
  | 'customer_rename'
>;
