import { can, normalizePhone } from '../../sdk.ts';
import type { ConversationSummary } from '../../sdk.ts';
import { announce, conversationRemoved, conversationUpdated, messageNew } from '../../inbox/announce.ts';
import type { Announcement } from '../../inbox/announce.ts';
import { membersAmong } from '../../crm/divisions.ts';
import {
  assign,
  conversationWithCustomer,
  divisionTag,
  findVisibleConversation,
  findVisibleConversationByPhone,
  listConversations,
  markRead,
  renameCustomer,
  visibleConversationsOfCustomer,
} from '../../inbox/conversations.ts';
import type { ConversationWithCustomer, InboxScope } from '../../inbox/conversations.ts';
import {
  DEFAULT_MESSAGE_LIMIT,
  listMessages,
  messageInConversation,
  storeOutbound,
  threadMessage,
} from '../../inbox/messages.ts';
import { toConversationSummary } from '../../inbox/views.ts';
import type { MessageView } from '../../inbox/views.ts';
import { findMembership, listMembers } from '../../projects/projects.ts';
import { clearCustomerWaiting, notify } from '../../notifications/notify.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's view of the project's inbox: which conversations they see, and phones or masks. */
export function scopeOf(ctx: ActContext): InboxScope & { key: string } {
  const membership = inProject(ctx);
  return {
    key: membership.project.key,
    projectId: membership.project.id,
    userId: membership.userId,
    seesAll: can(membership.permissions, 'crm.chat.show_all_chat'),
    seesContactDetail: can(membership.permissions, 'crm.chat.show_user_contact_detail'),
  };
}

function viewOf(ctx: ActContext): MessageView {
  return { links: ctx.services.media.links, now: ctx.now };
}

/** A conversation the caller may see; `not_found` alike for missing, foreign and unassigned ones. */
export async function visible(
  ctx: ActContext,
  scope: InboxScope,
  conversationId: string,
): Promise<ConversationWithCustomer> {
  const found = await findVisibleConversation(ctx.services.db, scope, conversationId);
  if (found === null) throw new ActError('not_found');
  return found;
}

export function summaryFor(
  ctx: ActContext,
  scope: InboxScope,
  found: ConversationWithCustomer,
): ConversationSummary {
  return toConversationSummary(found.conversation, found.customer, found.division, scope, ctx.now);
}

/**
 * After a change to a conversation: announces its new summary to those who may see it now, tells
 * each of `mayHaveLost` (members who saw it as its assignee or through its division) who sees it
 * no more that it is gone, and answers it as the caller sees it. A member with
 * `crm.chat.show_all_chat` still sees it: the removal goes only to the room of members who don't.
 */
export async function changed(
  ctx: ActContext,
  scope: InboxScope & { key: string },
  conversationId: string,
  mayHaveLost: readonly string[] = [],
): Promise<ConversationSummary> {
  const { db } = ctx.services;
  const found = await conversationWithCustomer(db, conversationId);
  if (found === null) throw new ActError('not_found');
  const { assignedUserId, divisionId } = found.conversation;
  const candidates = [...new Set(mayHaveLost)].filter((userId) => userId !== assignedUserId);
  const stillInDivision =
    divisionId === null ? new Set<string>() : await membersAmong(db, divisionId, candidates);
  const announcements: Announcement[] = [
    conversationUpdated(scope.key, found.conversation, found.customer, found.division, ctx.now),
    ...candidates
      .filter((userId) => !stillInDivision.has(userId))
      .map((userId) => conversationRemoved(scope.key, userId, conversationId)),
  ];
  announce(ctx.services.publisher, announcements);
  return summaryFor(ctx, scope, found);
}

export const inboxHandlers = {
  async conversation_list(input, ctx) {
    return listConversations(
      ctx.services.db,
      scopeOf(ctx),
      {
        page: input.page ?? 0,
        filter: input.filter ?? 'all',
        search: input.search ?? '',
        accountId: input.accountId,
        labelId: input.labelId,
        stageId: input.stageId,
        divisionId: input.divisionId,
      },
      ctx.now,
    );
  },

  async conversation_find(input, ctx) {
    const scope = scopeOf(ctx);
    const { receiver } = input;
    if (UUID.test(receiver)) return summaryFor(ctx, scope, await visible(ctx, scope, receiver.toLowerCase()));
    // By phone only for those who see phones: a masked agent must not confirm a guessed number.
    const phone = normalizePhone(
      /^\d+$/.test(receiver) && !receiver.startsWith('0') ? `+${receiver}` : receiver,
    );
    if (!scope.seesContactDetail || phone === null) throw new ActError('not_found');
    const found = await findVisibleConversationByPhone(ctx.services.db, scope, phone);
    if (found === null) throw new ActError('not_found');
    return summaryFor(ctx, scope, found);
  },

  async message_list(input, ctx) {
    const scope = scopeOf(ctx);
    await visible(ctx, scope, input.conversationId);
    return listMessages(
      ctx.services.db,
      input.conversationId,
      { beforeSeq: input.beforeSeq, afterSeq: input.afterSeq, limit: input.limit ?? DEFAULT_MESSAGE_LIMIT },
      viewOf(ctx),
    );
  },

  async message_send(input, ctx) {
    const scope = scopeOf(ctx);
    const { db } = ctx.services;
    const found = await visible(ctx, scope, input.conversationId);
    const invalid = (field: string) =>
      new ActError('invalid_input', { errors: { [field]: translate(ctx.locale, 'field.invalid') } });
    if (
      input.replyTo !== undefined &&
      (await messageInConversation(db, input.conversationId, input.replyTo)) === null
    ) {
      throw invalid('replyTo');
    }
    const file =
      input.mediaId === undefined ? null : await ctx.services.media.find(scope.projectId, input.mediaId);
    if (input.mediaId !== undefined && (file === null || file.status !== 'stored')) throw invalid('mediaId');
    // A temporary upload sent in a message is kept for good (it no longer expires).
    if (file !== null && file.expiresAt !== null) await ctx.services.media.claim(scope.projectId, [file.id]);
    const stored = await storeOutbound(db, input.conversationId, {
      type: file?.type ?? input.type ?? 'text',
      caption: input.caption ?? null,
      url: file === null ? (input.url ?? null) : null,
      mediaId: null,
      mediaFileId: file?.id ?? null,
      filename: file?.filename ?? input.filename ?? null,
      name: input.name ?? null,
      phone: input.phone ?? null,
      clientId: input.clientId,
      replyTo: input.replyTo ?? null,
      senderUserId: scope.userId,
      createdAt: ctx.now,
    });
    if (stored.message.conversationId !== input.conversationId) throw invalid('clientId');
    const message = await threadMessage(db, stored.message.id, viewOf(ctx));
    if (message === null) throw new ActError('not_found');
    if (stored.conversation !== null) {
      const division =
        stored.conversation.divisionId === found.conversation.divisionId
          ? found.division
          : await divisionTag(db, stored.conversation.divisionId);
      announce(ctx.services.publisher, [
        messageNew(scope.key, stored.conversation, found.customer, message),
        conversationUpdated(scope.key, stored.conversation, found.customer, division, ctx.now),
      ]);
      ctx.services.jobs.kick();
      // Answered: nobody is waited on any more.
      await clearCustomerWaiting(ctx.services, input.conversationId, null, ctx.log);
    }
    return message;
  },

  async conversation_read(input, ctx): Promise<ConversationSummary> {
    const scope = scopeOf(ctx);
    const found = await visible(ctx, scope, input.conversationId);
    // Opened: the reader's "customer waiting" is seen, even when someone else read the messages.
    await clearCustomerWaiting(ctx.services, input.conversationId, scope.userId, ctx.log);
    if (found.conversation.unread === 0) return summaryFor(ctx, scope, found);
    await markRead(ctx.services.db, input.conversationId);
    return changed(ctx, scope, input.conversationId);
  },

  async conversation_assign(input, ctx) {
    const scope = scopeOf(ctx);
    const found = await visible(ctx, scope, input.conversationId);
    if (input.userId !== null) {
      const assignee = await findMembership(ctx.services.db, input.userId, scope.key);
      // Only a member who may answer it (`crm.chat.send`) takes a conversation.
      if (assignee === null || !can(assignee.permissions, 'crm.chat.send')) throw new ActError('not_found');
    }
    await assign(ctx.services.db, input.conversationId, input.userId);
    const previous = found.conversation.assignedUserId;
    const summary = await changed(ctx, scope, input.conversationId, previous === null ? [] : [previous]);
    const actor = ctx.caller?.user;
    if (input.userId !== null && input.userId !== previous && input.userId !== actor?.id) {
      await notify(
        ctx.services,
        {
          userIds: [input.userId],
          kind: 'conversation_assigned',
          projectId: scope.projectId,
          subject: found.customer.name,
          actorName: actor?.name ?? null,
          conversationId: input.conversationId,
        },
        ctx.log,
      );
    }
    return summary;
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

  async chat_agent_list(_input, ctx) {
    const { project } = inProject(ctx);
    const members = await listMembers(ctx.services.db, project.id);
    return members
      .filter((member) => can(member.permissions, 'crm.chat.send'))
      .map((member) => ({ id: member.userId, name: member.name }));
  },

  async media_get(input, ctx) {
    const { project } = inProject(ctx);
    const file = await ctx.services.media.find(project.id, input.id);
    if (file === null) throw new ActError('not_found');
    return ctx.services.media.toMediaFile(file, ctx.now);
  },
} satisfies Pick<
  ActHandlers,
  | 'conversation_list'
  | 'conversation_find'
  | 'message_list'
  | 'message_send'
  | 'conversation_read'
  | 'conversation_assign'
  | 'customer_rename'
  | 'chat_agent_list'
  | 'media_get'
>;
