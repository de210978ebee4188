/** Reading and changing conversations, always within what the caller may see. */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { carriesLabel } from '../crm/labels.ts';
import { divisionsOfMember, isForeignKeyViolation } from '../crm/divisions.ts';
import { phoneSearchCondition } from '../crm/phoneSearch.ts';
import { inStage } from '../crm/stages.ts';
import { conversations, customers, divisions, messages, projectMembers, waAccounts } from '../db/schema.ts';
import { CONVERSATION_COUNTED_PAGES_AHEAD } from '../sdk.ts';
import type { ConversationSummary } from '../sdk.ts';
import { toConversationSummary } from './views.ts';
import type { DivisionTag, SummaryParts, Viewer } from './views.ts';

/** The caller of an inbox act: their project and what they may see there. */
export interface InboxScope extends Viewer {
  projectId: string;
  userId: string;
  /**
   * `crm.chat.show_all_chat`: every conversation, not only those assigned to them or to one of
   * their divisions.
   */
  seesAll: boolean;
}

export const CONVERSATION_PAGE_SIZE = 20;

export type ConversationWithCustomer = SummaryParts;

/**
 * What a summary is built from: the conversation, its customer, its division (left-joined) and
 * whether its number was deleted (a correlated lookup by primary key).
 */
const withCustomer = {
  conversation: conversations,
  customer: customers,
  division: { id: divisions.id, name: divisions.name, color: divisions.color },
  accountDeleted: sql<boolean>`exists (select 1 from ${waAccounts} where ${waAccounts.id} = ${conversations.accountId} and ${waAccounts.deletedAt} is not null)`,
};

/**
 * The conversations the caller sees: every one of the project with `show_all_chat`, else those
 * assigned to them or to one of their divisions (looked up first, so both arms can use an index).
 */
async function visibleTo(db: Db, scope: InboxScope): Promise<SQL | undefined> {
  const inProject = eq(conversations.projectId, scope.projectId);
  if (scope.seesAll) return inProject;
  const own = eq(conversations.assignedUserId, scope.userId);
  const divisionIds = await divisionsOfMember(db, scope.projectId, scope.userId);
  return and(
    inProject,
    divisionIds.length === 0 ? own : or(own, inArray(conversations.divisionId, divisionIds)),
  );
}

/** A conversation the caller may see, or `null` (missing, another project's, or not theirs). */
export async function findVisibleConversation(
  db: Db,
  scope: InboxScope,
  conversationId: string,
): Promise<ConversationWithCustomer | null> {
  const [row] = await db
    .select(withCustomer)
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(divisions, eq(divisions.id, conversations.divisionId))
    .where(and(await visibleTo(db, scope), eq(conversations.id, conversationId)))
    .limit(1);
  return row ?? null;
}

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function searchCondition(search: string, scope: InboxScope): SQL | undefined {
  const lower = likePattern(search.toLowerCase());
  const byName = or(
    sql`lower(${customers.name}) like ${`${lower}%`}`,
    sql`lower(${customers.name}) like ${`% ${lower}%`}`,
  );
  // Masked callers cannot search by number: the answer would reveal the hidden digits.
  const byPhone = scope.seesContactDetail ? phoneSearchCondition(customers.phone, search) : undefined;
  const byText = inArray(conversations.id, conversationsWithText(search));
  return or(byName, byPhone, byText);
}

/** Conversations with a message whose words match `search` (the GIN index on captions). */
function conversationsWithText(search: string): SQL {
  return sql`(select ${messages.conversationId} from ${messages} where to_tsvector('simple', coalesce(${messages.caption}, '')) @@ plainto_tsquery('simple', ${search}))`;
}

export async function listConversations(
  db: Db,
  scope: InboxScope,
  options: {
    page: number;
    filter: 'all' | 'unread' | 'mine';
    search: string;
    accountId?: string | undefined;
    /** Customers carrying this label only. */
    labelId?: string | undefined;
    /** Customers in this stage only. */
    stageId?: string | undefined;
    /** Conversations of this division only. */
    divisionId?: string | undefined;
  },
  now: Date,
): Promise<{ data: ConversationSummary[]; total_page: number }> {
  const where = and(
    await visibleTo(db, scope),
    options.accountId === undefined ? undefined : eq(conversations.accountId, options.accountId),
    options.filter === 'unread' ? gt(conversations.unread, 0) : undefined,
    options.filter === 'mine' ? eq(conversations.assignedUserId, scope.userId) : undefined,
    options.search === '' ? undefined : searchCondition(options.search, scope),
    options.labelId === undefined ? undefined : carriesLabel(conversations.customerId, options.labelId),
    options.stageId === undefined ? undefined : inStage(conversations.customerId, options.stageId),
    options.divisionId === undefined ? undefined : eq(conversations.divisionId, options.divisionId),
  );
  // The count stops at the pages the list may ask for next: counting every conversation of a
  // large project was most of the first page's time (100,000 of them, `pnpm bench inboxBrowser`).
  const counted = (options.page + 1 + CONVERSATION_COUNTED_PAGES_AHEAD) * CONVERSATION_PAGE_SIZE;
  // Only a search reads the customer: without one the count needs no join.
  const matching =
    options.search === ''
      ? db
          .select({ one: sql`1` })
          .from(conversations)
          .where(where)
      : db
          .select({ one: sql`1` })
          .from(conversations)
          .innerJoin(customers, eq(customers.id, conversations.customerId))
          .where(where);
  const [rows, [total]] = await Promise.all([
    db
      .select(withCustomer)
      .from(conversations)
      .innerJoin(customers, eq(customers.id, conversations.customerId))
      .leftJoin(divisions, eq(divisions.id, conversations.divisionId))
      .where(where)
      // Exactly the order of conversations_project_activity_idx, so the index serves it.
      .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, sql`${conversations.id} desc nulls last`)
      .limit(CONVERSATION_PAGE_SIZE)
      .offset(options.page * CONVERSATION_PAGE_SIZE),
    db.select({ value: count() }).from(matching.limit(counted).as('matching')),
  ]);
  return {
    data: rows.map((row) => toConversationSummary(row, scope, now)),
    total_page: Math.ceil((total?.value ?? 0) / CONVERSATION_PAGE_SIZE),
  };
}

/**
 * The most recently active conversation the caller may see with a customer of this phone (E.164),
 * or `null`. Only for callers who see phone numbers (the handler checks).
 */
export async function findVisibleConversationByPhone(
  db: Db,
  scope: InboxScope,
  phone: string,
): Promise<ConversationWithCustomer | null> {
  const [row] = await db
    .select(withCustomer)
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(divisions, eq(divisions.id, conversations.divisionId))
    .where(
      and(await visibleTo(db, scope), eq(customers.projectId, scope.projectId), eq(customers.phone, phone)),
    )
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
    .limit(1);
  return row ?? null;
}

/** A conversation with its customer, whoever may see it (to announce a change). */
export async function conversationWithCustomer(
  db: Db,
  conversationId: string,
): Promise<ConversationWithCustomer | null> {
  const [row] = await db
    .select(withCustomer)
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(divisions, eq(divisions.id, conversations.divisionId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}

/** Conversations with their customers and divisions, whoever may see them (to announce changes), in no order. */
export async function conversationsWithCustomers(
  db: Db,
  conversationIds: readonly string[],
): Promise<ConversationWithCustomer[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select(withCustomer)
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(divisions, eq(divisions.id, conversations.divisionId))
    .where(inArray(conversations.id, [...conversationIds]));
}

/** What a summary shows of a division, by id (`null` for none, or one deleted meanwhile). */
export async function divisionTag(db: Db, divisionId: string | null): Promise<DivisionTag | null> {
  if (divisionId === null) return null;
  const [row] = await db
    .select({ id: divisions.id, name: divisions.name, color: divisions.color })
    .from(divisions)
    .where(eq(divisions.id, divisionId))
    .limit(1);
  return row ?? null;
}

export async function markRead(db: Db, conversationId: string): Promise<void> {
  await db.update(conversations).set({ unread: 0 }).where(eq(conversations.id, conversationId));
}

/**
 * Gives a conversation to `userId` (`null`: to nobody). A member given one counts as assigned
 * `now` for automation's round robin (`project_members.last_assigned_at`), as when a rule gives it.
 */
export async function assign(
  db: Db,
  conversation: { id: string; projectId: string },
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ assignedUserId: userId })
      .where(eq(conversations.id, conversation.id));
    if (userId === null) return;
    await tx
      .update(projectMembers)
      .set({ lastAssignedAt: now })
      .where(and(eq(projectMembers.projectId, conversation.projectId), eq(projectMembers.userId, userId)));
  });
}

/** Puts a conversation in a division (`null`: in none); `false` when the division is gone. */
export async function setConversationDivision(
  db: Db,
  conversationId: string,
  divisionId: string | null,
): Promise<boolean> {
  try {
    await db.update(conversations).set({ divisionId }).where(eq(conversations.id, conversationId));
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/** Conversations of a customer the caller may see (a rename is announced on each). */
export async function visibleConversationsOfCustomer(
  db: Db,
  scope: InboxScope,
  customerId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(await visibleTo(db, scope), eq(conversations.customerId, customerId)));
  return rows.map((row) => row.id);
}

export async function renameCustomer(
  db: Db,
  projectId: string,
  customerId: string,
  name: string,
): Promise<void> {
  await db
    .update(customers)
    .set({ name })
    .where(and(eq(customers.projectId, projectId), eq(customers.id, customerId)));
}

/**
 * The conversation of a customer on a number, for `conversation_start`: created when there is none
 * (assigned to the caller, who started it; its window closed until the customer writes), else the
 * existing one when the caller may see it. `null` when it exists but the caller may not see it.
 */
export async function startConversation(
  db: Db,
  scope: InboxScope,
  accountId: string,
  customerId: string,
  now: Date,
): Promise<string | null> {
  const [created] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      projectId: scope.projectId,
      accountId,
      customerId,
      assignedUserId: scope.userId,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [conversations.accountId, conversations.customerId] })
    .returning({ id: conversations.id });
  if (created !== undefined) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.customerId, customerId)))
    .limit(1);
  if (existing === undefined) return null;
  return (await findVisibleConversation(db, scope, existing.id)) === null ? null : existing.id;
}
