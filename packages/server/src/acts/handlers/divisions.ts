/**
 * Division acts: the divisions screen (`crm.divisi.*`: the teams and their members) and a
 * conversation's division from the chat (`crm.chat.add_divisi` / `crm.chat.delete_divisi`, only on
 * conversations the caller sees). Members without `crm.chat.show_all_chat` see their divisions'
 * conversations, so every change here moves what their open apps hold at once: their sockets
 * change rooms, and they are told of conversations they gain (`conversation.updated`) or lose
 * (`conversation.removed`).
 */
import { can } from '../../sdk.ts';
import type { ConversationSummary, PermissionKey } from '../../sdk.ts';
import {
  conversationsThrough,
  createDivision,
  deleteDivision,
  divisionMemberIds,
  divisionMemberOptions,
  divisionOfProject,
  divisionsOfMember,
  listDivisionMembers,
  listDivisions,
  setDivisionMember,
  updateDivision,
} from '../../crm/divisions.ts';
import type { DeletedDivision } from '../../crm/divisions.ts';
import {
  announce,
  conversationRemoved,
  conversationShown,
  conversationUpdated,
} from '../../inbox/announce.ts';
import {
  CONVERSATION_PAGE_SIZE,
  conversationsWithCustomers,
  setConversationDivision,
} from '../../inbox/conversations.ts';
import type { ConversationWithCustomer, InboxScope } from '../../inbox/conversations.ts';
import { findMembership } from '../../projects/projects.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';
import { changed, scopeOf, summaryFor, visible } from './inbox.ts';

const nameTaken = (ctx: ActContext) =>
  new ActError('invalid_input', { errors: { name: translate(ctx.locale, 'field.division_name_taken') } });

/**
 * How many of a division's conversations a member who joins it is shown at once: the newest
 * five pages of the inbox; older ones come with the list's next pages.
 */
export const SHOWN_ON_JOIN = 5 * CONVERSATION_PAGE_SIZE;

/** Conversations are announced in slices of this many (a big division's deletion). */
const ANNOUNCE_SLICE = 500;

/** A member who sees only their own and their divisions' conversations: division changes move their view. */
function seesThroughDivisions(permissions: readonly PermissionKey[]): boolean {
  return can(permissions, 'crm.chat.view') && !can(permissions, 'crm.chat.show_all_chat');
}

async function divisionOf(ctx: ActContext, divisionId: string): Promise<void> {
  const { project } = inProject(ctx);
  if (!(await divisionOfProject(ctx.services.db, project.id, divisionId))) throw new ActError('not_found');
}

/**
 * After a member joined or left a division: their sockets move to their rooms now, then they
 * are shown the division's newest conversations, or told of each one they no longer see.
 */
async function memberMoved(
  ctx: ActContext,
  member: { userId: string; permissions: PermissionKey[] },
  divisionId: string,
  joined: boolean,
): Promise<void> {
  const { project } = inProject(ctx);
  const { db, publisher } = ctx.services;
  const { userId, permissions } = member;
  const divisionIds = await divisionsOfMember(db, project.id, userId);
  await publisher.membershipChanged({ userId, key: project.key, permissions, divisionIds });
  if (!seesThroughDivisions(permissions)) return;
  if (joined) {
    const ids = await conversationsThrough(db, divisionId, userId, SHOWN_ON_JOIN);
    const rows = await conversationsWithCustomers(db, ids);
    announce(
      publisher,
      rows.map((row) => conversationShown(project.key, userId, row, ctx.now)),
    );
    return;
  }
  const lost = await conversationsThrough(db, divisionId, userId);
  announce(
    publisher,
    lost.map((conversationId) => conversationRemoved(project.key, userId, conversationId)),
  );
}

/**
 * After a division was deleted: its rooms close, those who still see its conversations get their
 * new summaries (in no division), and its members each conversation they no longer see.
 */
async function divisionGone(ctx: ActContext, divisionId: string, deleted: DeletedDivision): Promise<void> {
  const { project } = inProject(ctx);
  const { db, publisher } = ctx.services;
  publisher.divisionClosed(project.key, divisionId);
  for (let start = 0; start < deleted.conversations.length; start += ANNOUNCE_SLICE) {
    const slice = deleted.conversations.slice(start, start + ANNOUNCE_SLICE);
    const rows = await conversationsWithCustomers(
      db,
      slice.map((conversation) => conversation.id),
    );
    announce(
      publisher,
      rows.map((row) => conversationUpdated(project.key, row, ctx.now)),
    );
    announce(
      publisher,
      deleted.memberIds.flatMap((userId) =>
        slice
          .filter((conversation) => conversation.assignedUserId !== userId)
          .map((conversation) => conversationRemoved(project.key, userId, conversation.id)),
      ),
    );
  }
}

/** Moves a conversation the caller sees to a division (`null`: none) and announces it. */
async function moveConversation(
  ctx: ActContext,
  scope: InboxScope & { key: string },
  found: ConversationWithCustomer,
  divisionId: string | null,
): Promise<ConversationSummary> {
  const { db } = ctx.services;
  const from = found.conversation.divisionId;
  if (from === divisionId) return summaryFor(ctx, scope, found);
  // A division deleted meanwhile: as if it had never been there.
  if (!(await setConversationDivision(db, found.conversation.id, divisionId)))
    throw new ActError('not_found');
  // Who saw it through its old division may have lost it.
  return changed(ctx, scope, found.conversation.id, from === null ? [] : await divisionMemberIds(db, from));
}

export const divisionHandlers = {
  async division_list(input, ctx) {
    const { project } = inProject(ctx);
    return listDivisions(ctx.services.db, project.id, {
      page: input.page ?? 0,
      search: input.search ?? '',
      all: input.all ?? false,
    });
  },

  async division_create(input, ctx) {
    const { project } = inProject(ctx);
    const division = await createDivision(ctx.services.db, {
      projectId: project.id,
      name: input.name,
      color: input.color,
      now: ctx.now,
    });
    if (division === null) throw nameTaken(ctx);
    return division;
  },

  async division_update(input, ctx) {
    const { project } = inProject(ctx);
    const division = await updateDivision(ctx.services.db, project.id, input.id, {
      name: input.name,
      color: input.color,
    });
    if (division === 'taken') throw nameTaken(ctx);
    if (division === null) throw new ActError('not_found');
    return division;
  },

  async division_delete(input, ctx) {
    const { project } = inProject(ctx);
    const deleted = await deleteDivision(ctx.services.db, project.id, input.id);
    if (deleted === null) throw new ActError('not_found');
    await divisionGone(ctx, input.id, deleted);
    return { id: input.id };
  },

  async division_member_list(input, ctx) {
    await divisionOf(ctx, input.divisionId);
    return listDivisionMembers(ctx.services.db, input.divisionId);
  },

  async division_member_options(input, ctx) {
    const { project } = inProject(ctx);
    await divisionOf(ctx, input.divisionId);
    return divisionMemberOptions(ctx.services.db, project.id, input.divisionId);
  },

  async division_member_set(input, ctx) {
    const { project } = inProject(ctx);
    const { db } = ctx.services;
    await divisionOf(ctx, input.divisionId);
    // Only a member of the project joins its divisions; anyone else is `not_found`, like a missing id.
    const member = await findMembership(db, input.userId, project.key);
    if (member === null) throw new ActError('not_found');
    const moved = await setDivisionMember(db, {
      projectId: project.id,
      divisionId: input.divisionId,
      userId: input.userId,
      member: input.member,
      now: ctx.now,
    });
    if (moved === 'gone') throw new ActError('not_found');
    if (moved) await memberMoved(ctx, member, input.divisionId, input.member);
    return listDivisionMembers(db, input.divisionId);
  },

  async conversation_division_set(input, ctx) {
    const scope = scopeOf(ctx);
    const found = await visible(ctx, scope, input.conversationId);
    await divisionOf(ctx, input.divisionId);
    return moveConversation(ctx, scope, found, input.divisionId);
  },

  async conversation_division_clear(input, ctx) {
    const scope = scopeOf(ctx);
    const found = await visible(ctx, scope, input.conversationId);
    return moveConversation(ctx, scope, found, null);
  },
} satisfies Pick<
  ActHandlers,
  | 'division_list'
  | 'division_create'
  | 'division_update'
  | 'division_delete'
  | 'division_member_list'
  | 'division_member_options'
  | 'division_member_set'
  | 'conversation_division_set'
  | 'conversation_division_clear'
>;
