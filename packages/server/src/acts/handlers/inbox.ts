import { and, eq } from 'drizzle-orm';
import { can, normalizePhone, templateProblemMessage } from '../../sdk.ts';
import type { ConversationSummary, TemplateValues, ThreadMessage } from '../../sdk.ts';
import type { Db } from '../../db/openDatabase.ts';
import { customers, waAccounts } from '../../db/schema.ts';
import type { AccountRow, ConversationRow, CustomerRow, MessageRow } from '../../db/schema.ts';
import { announce, conversationRemoved, conversationUpdated, messageNew } from '../../inbox/announce.ts';
import { publishBillingChanges } from '../../billing/announce.ts';
import type { BillingChange } from '../../billing/charges.ts';
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
  startConversation,
  visibleConversationsOfCustomer,
} from '../../inbox/conversations.ts';
import type { ConversationWithCustomer, InboxScope } from '../../inbox/conversations.ts';
import {
  DEFAULT_MESSAGE_LIMIT,
  listMessages,
  messageByClientId,
  messageInConversation,
  OutboundRefused,
  storeOutbound,
  threadMessage,
} from '../../inbox/messages.ts';
import type { NewOutbound } from '../../inbox/messages.ts';
import { fileMessageType } from '../../inbox/messageContent.ts';
import {
  checkTemplateValues,
  fitsHeader,
  templateMessage,
  templateOfAccount,
} from '../../inbox/templateSends.ts';
import type { TemplateJob, TemplateMessage } from '../../inbox/templateSends.ts';
import { toConversationSummary, windowClosesAt } from '../../inbox/views.ts';
import type { MessageView } from '../../inbox/views.ts';
import { maskPhone } from '../../otp/maskPhone.ts';
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

/**
 * The conversation a chat's address names (`conversation_find`, `message_list`): by id, or by the
 * customer's phone, the most recently active of the customer's conversations the caller may see.
 */
async function visibleByReceiver(
  ctx: ActContext,
  scope: InboxScope,
  receiver: string,
): Promise<ConversationWithCustomer> {
  if (UUID.test(receiver)) return visible(ctx, scope, receiver.toLowerCase());
  // By phone only for those who see phones: a masked agent must not confirm a guessed number.
  const phone = normalizePhone(
    /^\d+$/.test(receiver) && !receiver.startsWith('0') ? `+${receiver}` : receiver,
  );
  if (!scope.seesContactDetail || phone === null) throw new ActError('not_found');
  const found = await findVisibleConversationByPhone(ctx.services.db, scope, phone);
  if (found === null) throw new ActError('not_found');
  return found;
}

export function summaryFor(
  ctx: ActContext,
  scope: InboxScope,
  found: ConversationWithCustomer,
): ConversationSummary {
  return toConversationSummary(found, scope, ctx.now);
}

function invalidField(ctx: ActContext, field: string): ActError {
  return new ActError('invalid_input', { errors: { [field]: translate(ctx.locale, 'field.invalid') } });
}

/** The number a conversation is on (deleted or not). */
async function accountOfConversation(ctx: ActContext, found: ConversationWithCustomer): Promise<AccountRow> {
  const [account] = await ctx.services.db
    .select()
    .from(waAccounts)
    .where(eq(waAccounts.id, found.conversation.accountId))
    .limit(1);
  if (account === undefined) throw new ActError('not_found');
  return account;
}

/**
 * A number of the project to start a conversation on: `not_found` for another project's or none,
 * `account_deleted` for a deleted one, `invalid_input` on `accountId` for one logged out (its
 * sends fail and its webhooks are skipped).
 */
async function accountOfProject(ctx: ActContext, projectId: string, accountId: string): Promise<AccountRow> {
  const [account] = await ctx.services.db
    .select()
    .from(waAccounts)
    .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, accountId)))
    .limit(1);
  if (account === undefined) throw new ActError('not_found');
  if (account.deletedAt !== null) throw new ActError('account_deleted');
  if (account.status === 'logged_out') throw invalidField(ctx, 'accountId');
  return account;
}

/**
 * A customer of the project the caller may see: in the customers table (`crm.customer.view`), or
 * through a conversation of theirs the caller sees in the inbox; `not_found` otherwise.
 */
async function customerToReach(ctx: ActContext, scope: InboxScope, customerId: string): Promise<CustomerRow> {
  const { db } = ctx.services;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.projectId, scope.projectId), eq(customers.id, customerId)))
    .limit(1);
  if (customer === undefined) throw new ActError('not_found');
  if (can(inProject(ctx).permissions, 'crm.customer.view')) return customer;
  if ((await visibleConversationsOfCustomer(db, scope, customerId)).length > 0) return customer;
  throw new ActError('not_found');
}

/**
 * A template send checked as Meta will check it, and what it stores: the template must be one of
 * the number's WABA in this project (`not_found`) and approved (`template_not_approved`); its
 * values, their placeholders filled for the customer and the caller, must fill it as Meta accepts
 * (`invalid_input`, errors keyed `template.values.<slot>`); a media header's file must be a stored
 * file of the project of the header's kind (kept for good once sent).
 */
async function prepareTemplate(
  ctx: ActContext,
  scope: InboxScope,
  account: AccountRow,
  customer: CustomerRow,
  request: { id: string; values: TemplateValues },
): Promise<TemplateMessage> {
  const template = await templateOfAccount(ctx.services.db, scope.projectId, account.wabaId, request.id);
  if (template === null) throw new ActError('not_found');
  if (template.status !== 'APPROVED') throw new ActError('template_not_approved');
  const { values, problems } = checkTemplateValues(template, request.values, {
    name: customer.name,
    phone: scope.seesContactDetail ? customer.phone : maskPhone(customer.phone),
    agent: ctx.caller?.user.name,
    customFields: customer.customFields,
  });
  if (problems.length > 0) {
    const errors: Record<string, string> = {};
    for (const problem of problems) {
      const field = ['template', 'values', ...problem.path].join('.');
      const text = templateProblemMessage(problem);
      errors[field] ??= translate(ctx.locale, text.key, text.params);
    }
    throw new ActError('invalid_input', { errors });
  }
  const header = template.content.header;
  if (header === null || header.format === 'TEXT' || values.headerMediaId === undefined) {
    return templateMessage(template, values, null);
  }
  const file = await ctx.services.media.find(scope.projectId, values.headerMediaId);
  if (file === null || file.status !== 'stored' || !fitsHeader(header.format, file)) {
    throw invalidField(ctx, 'template.values.headerMediaId');
  }
  if (file.expiresAt !== null) await ctx.services.media.claim(scope.projectId, [file.id]);
  return templateMessage(template, values, file);
}

type Stored = { message: MessageRow; conversation: ConversationRow | null; charge: BillingChange | null };

/**
 * Stores an outbound message in `conversationId` (`storeOutbound`, charged at the configured
 * prices), refusals as the act's failures (`insufficient_balance` when the project's balance
 * cannot pay for it); a client id already used in another conversation is `invalid_input` on
 * `clientId`.
 */
async function storeSend(
  ctx: ActContext,
  db: Db,
  conversationId: string,
  fields: NewOutbound,
  job: { template?: TemplateJob } = {},
): Promise<Stored> {
  let stored: Stored;
  try {
    stored = await storeOutbound(db, conversationId, fields, job, ctx.services.config.billing.prices);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new ActError(error.reason);
    throw error;
  }
  if (stored.message.conversationId !== conversationId) throw invalidField(ctx, 'clientId');
  return stored;
}

/**
 * The stored message as the thread shows it; a new one (not an answer of a repeated client id) is
 * announced with its conversation's summary (and its charge to the members who see billing), its
 * send job woken, and nobody is waited on any more.
 */
async function answered(
  ctx: ActContext,
  scope: InboxScope & { key: string },
  found: ConversationWithCustomer,
  stored: Stored,
): Promise<ThreadMessage> {
  const { db } = ctx.services;
  const message = await threadMessage(db, stored.message.id, viewOf(ctx));
  if (message === null) throw new ActError('not_found');
  if (stored.conversation === null) return message;
  const conversation = stored.conversation;
  const division =
    conversation.divisionId === found.conversation.divisionId
      ? found.division
      : await divisionTag(db, conversation.divisionId);
  announce(ctx.services.publisher, [
    messageNew(scope.key, conversation, found.customer, message),
    conversationUpdated(
      scope.key,
      { conversation, customer: found.customer, division, accountDeleted: found.accountDeleted },
      ctx.now,
    ),
  ]);
  ctx.services.jobs.kick();
  await publishBillingChanges({ ...ctx.services, prices: ctx.services.config.billing.prices, log: ctx.log }, [
    stored.charge,
  ]);
  // Answered: nobody is waited on any more.
  await clearCustomerWaiting(ctx.services, conversation.id, null, ctx.log);
  return message;
}

/** A send whose client id is already stored: that message, when it is of this conversation. */
async function repeated(
  ctx: ActContext,
  conversationId: string,
  existing: MessageRow,
): Promise<ThreadMessage> {
  if (existing.conversationId !== conversationId) throw invalidField(ctx, 'clientId');
  const message = await threadMessage(ctx.services.db, existing.id, viewOf(ctx));
  if (message === null) throw new ActError('not_found');
  return message;
}

async function sendOutbound(
  ctx: ActContext,
  scope: InboxScope & { key: string },
  found: ConversationWithCustomer,
  fields: NewOutbound,
  job: { template?: TemplateJob } = {},
): Promise<ThreadMessage> {
  const stored = await storeSend(ctx, ctx.services.db, found.conversation.id, fields, job);
  return answered(ctx, scope, found, stored);
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
    conversationUpdated(scope.key, found, ctx.now),
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
    return summaryFor(ctx, scope, await visibleByReceiver(ctx, scope, input.receiver));
  },

  async message_list(input, ctx) {
    const scope = scopeOf(ctx);
    const found =
      input.conversationId === undefined
        ? await visibleByReceiver(ctx, scope, input.receiver ?? '')
        : await visible(ctx, scope, input.conversationId);
    return listMessages(
      ctx.services.db,
      found.conversation.id,
      { beforeSeq: input.beforeSeq, afterSeq: input.afterSeq, limit: input.limit ?? DEFAULT_MESSAGE_LIMIT },
      viewOf(ctx),
    );
  },

  async message_send(input, ctx) {
    const scope = scopeOf(ctx);
    const { db } = ctx.services;
    const found = await visible(ctx, scope, input.conversationId);
    // The same client id again answers the stored message, whatever changed since (a retried send).
    const existing = await messageByClientId(db, input.clientId);
    if (existing !== null) return repeated(ctx, input.conversationId, existing);
    if (found.accountDeleted) throw new ActError('account_deleted');
    if (
      input.replyTo !== undefined &&
      (await messageInConversation(db, input.conversationId, input.replyTo)) === null
    ) {
      throw invalidField(ctx, 'replyTo');
    }
    const sending = {
      clientId: input.clientId,
      replyTo: input.replyTo ?? null,
      senderUserId: scope.userId,
      createdAt: ctx.now,
    };
    if (input.template !== undefined) {
      const account = await accountOfConversation(ctx, found);
      const prepared = await prepareTemplate(ctx, scope, account, found.customer, input.template);
      return sendOutbound(ctx, scope, found, { ...prepared.content, ...sending }, { template: prepared.job });
    }
    // Closed: refused before the file below is kept for good (`storeOutbound` decides again under
    // the conversation's lock).
    if (windowClosesAt(found.conversation, ctx.now) === null) throw new ActError('window_closed');
    const file =
      input.mediaId === undefined ? null : await ctx.services.media.find(scope.projectId, input.mediaId);
    if (input.mediaId !== undefined && (file === null || file.status !== 'stored')) {
      throw invalidField(ctx, 'mediaId');
    }
    // A temporary upload sent in a message is kept for good (it no longer expires).
    if (file !== null && file.expiresAt !== null) await ctx.services.media.claim(scope.projectId, [file.id]);
    return sendOutbound(ctx, scope, found, {
      type: file === null ? (input.type ?? 'text') : fileMessageType(file.type),
      caption: input.caption ?? null,
      url: file === null ? (input.url ?? null) : null,
      mediaId: null,
      mediaFileId: file?.id ?? null,
      filename: file?.filename ?? input.filename ?? null,
      name: input.name ?? null,
      phone: input.phone ?? null,
      ...sending,
    });
  },

  async conversation_start(input, ctx) {
    const scope = scopeOf(ctx);
    const { db } = ctx.services;
    const account = await accountOfProject(ctx, scope.projectId, input.accountId);
    const customer = await customerToReach(ctx, scope, input.customerId);
    // The same client id again answers the stored message and its conversation (a retried start).
    const existing = await messageByClientId(db, input.clientId);
    if (existing !== null) {
      const found = await visible(ctx, scope, existing.conversationId);
      const { accountId, customerId } = found.conversation;
      if (accountId !== account.id || customerId !== customer.id) throw invalidField(ctx, 'clientId');
      const message = await repeated(ctx, existing.conversationId, existing);
      return { conversation: summaryFor(ctx, scope, found), message };
    }
    const prepared = await prepareTemplate(ctx, scope, account, customer, input.template);
    const fields = {
      ...prepared.content,
      clientId: input.clientId,
      replyTo: null,
      senderUserId: scope.userId,
      createdAt: ctx.now,
    };
    // The conversation is created in the same transaction as the message: a refused send leaves none.
    const started = await db.transaction(async (tx) => {
      const conversationId = await startConversation(tx, scope, account.id, customer.id, ctx.now);
      if (conversationId === null) throw new ActError('not_found');
      return {
        conversationId,
        ...(await storeSend(ctx, tx, conversationId, fields, { template: prepared.job })),
      };
    });
    const found = await conversationWithCustomer(db, started.conversationId);
    if (found === null) throw new ActError('not_found');
    const message = await answered(ctx, scope, found, started);
    return { conversation: summaryFor(ctx, scope, found), message };
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
    await assign(
      ctx.services.db,
      { id: input.conversationId, projectId: scope.projectId },
      input.userId,
      ctx.services.now(),
    );
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
  | 'conversation_start'
  | 'conversation_read'
  | 'conversation_assign'
  | 'customer_rename'
  | 'chat_agent_list'
  | 'media_get'
>;
