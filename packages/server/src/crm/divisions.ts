/**
 * A project's divisions (teams, `/crm/divisi/{key}`), their members, and which conversations are
 * theirs. A member without `crm.chat.show_all_chat` sees the conversations of their divisions as
 * well as those assigned to them (src/inbox/conversations.ts), and their sockets join a room per
 * division (src/realtime/rooms.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { conversations, divisionMembers, divisions, projectMembers, projects, users } from '../db/schema.ts';
import type { DivisionRow } from '../db/schema.ts';
import type { ChatAgent, Division, DivisionMember } from '../sdk.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const DIVISION_PAGE_SIZE = 10;
/** The most divisions one page of `division_list { all: true }` answers. */
export const DIVISIONS_ALL_LIMIT = 500;

// Written out in full: Drizzle leaves the columns of a one-table select unqualified, and inside
// these subqueries "id" would be the subquery's own.
const thisDivision = sql.raw('"divisions"."id"');
const membersOf = sql<number>`(SELECT count(*) FROM ${divisionMembers} m WHERE m.division_id = ${thisDivision})::int`;
const conversationsOf = sql<number>`(SELECT count(*) FROM ${conversations} c WHERE c.division_id = ${thisDivision})::int`;

function toDivision(row: DivisionRow, members: number, conversationCount: number): Division {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    members,
    conversations: conversationCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed by a user match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Names with a word starting with `word` (any case). */
function wordPrefix(word: string): SQL | undefined {
  const lower = escapeLike(word.toLowerCase());
  return or(
    sql`lower(${divisions.name}) like ${`${lower}%`}`,
    sql`lower(${divisions.name}) like ${`% ${lower}%`}`,
  );
}

export async function listDivisions(
  db: Db,
  projectId: string,
  options: { page: number; search: string; all: boolean },
): Promise<{ data: Division[]; total_page: number }> {
  const conditions: (SQL | undefined)[] = [eq(divisions.projectId, projectId)];
  for (const word of options.search.split(/\s+/).filter(Boolean)) conditions.push(wordPrefix(word));
  const where = and(...conditions);
  const size = options.all ? DIVISIONS_ALL_LIMIT : DIVISION_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ division: divisions, members: membersOf, conversations: conversationsOf })
      .from(divisions)
      .where(where)
      .orderBy(asc(sql`lower(${divisions.name})`), asc(divisions.id))
      .limit(size)
      .offset(options.all ? 0 : options.page * size),
    db.select({ n: count() }).from(divisions).where(where),
  ]);
  return {
    data: rows.map((row) => toDivision(row.division, row.members, row.conversations)),
    total_page: options.all ? (rows.length > 0 ? 1 : 0) : Math.ceil((total?.n ?? 0) / size),
  };
}

export async function findDivision(db: Db, projectId: string, id: string): Promise<Division | null> {
  const [row] = await db
    .select({ division: divisions, members: membersOf, conversations: conversationsOf })
    .from(divisions)
    .where(and(eq(divisions.projectId, projectId), eq(divisions.id, id)))
    .limit(1);
  return row === undefined ? null : toDivision(row.division, row.members, row.conversations);
}

/** Whether the project has this division. */
export async function divisionOfProject(db: Db, projectId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.projectId, projectId), eq(divisions.id, id)))
    .limit(1);
  return row !== undefined;
}

/** A new division, or `null` when the project has one of that name already. */
export async function createDivision(
  db: Db,
  division: { projectId: string; name: string; color: string; now: Date },
): Promise<Division | null> {
  const [row] = await db
    .insert(divisions)
    .values({
      id: randomUUID(),
      projectId: division.projectId,
      name: division.name,
      color: division.color,
      createdAt: division.now,
    })
    .onConflictDoNothing()
    .returning();
  return row === undefined ? null : toDivision(row, 0, 0);
}

/** The changed division; `'taken'` when another division has the name, `null` when there is no such division. */
export async function updateDivision(
  db: Db,
  projectId: string,
  id: string,
  change: { name?: string | undefined; color?: string | undefined },
): Promise<Division | null | 'taken'> {
  const set: Partial<Pick<DivisionRow, 'name' | 'color'>> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.color !== undefined) set.color = change.color;
  if (Object.keys(set).length > 0) {
    try {
      await db
        .update(divisions)
        .set(set)
        .where(and(eq(divisions.projectId, projectId), eq(divisions.id, id)));
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }
  return findDivision(db, projectId, id);
}

/** What deleting a division changed: who was in it and which conversations were its. */
export interface DeletedDivision {
  memberIds: string[];
  conversations: { id: string; assignedUserId: string | null }[];
}

/** Deletes a division of the project (its conversations are then in none); `null` when there is none. */
export async function deleteDivision(db: Db, projectId: string, id: string): Promise<DeletedDivision | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: divisions.id })
      .from(divisions)
      .where(and(eq(divisions.projectId, projectId), eq(divisions.id, id)))
      .for('update');
    if (found === undefined) return null;
    const members = await tx
      .select({ userId: divisionMembers.userId })
      .from(divisionMembers)
      .where(eq(divisionMembers.divisionId, id));
    // The foreign key would clear them too; clearing them here tells who they were.
    const released = await tx
      .update(conversations)
      .set({ divisionId: null })
      .where(eq(conversations.divisionId, id))
      .returning({ id: conversations.id, assignedUserId: conversations.assignedUserId });
    await tx.delete(divisions).where(eq(divisions.id, id));
    return { memberIds: members.map((member) => member.userId), conversations: released };
  });
}

/** The members of a division, by name. */
export async function listDivisionMembers(db: Db, divisionId: string): Promise<DivisionMember[]> {
  const rows = await db
    .select({ userId: divisionMembers.userId, name: users.name, addedAt: divisionMembers.addedAt })
    .from(divisionMembers)
    .innerJoin(users, eq(users.id, divisionMembers.userId))
    .where(eq(divisionMembers.divisionId, divisionId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({ userId: row.userId, name: row.name, addedAt: row.addedAt.toISOString() }));
}

/** The ids of a division's members. */
export async function divisionMemberIds(db: Db, divisionId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: divisionMembers.userId })
    .from(divisionMembers)
    .where(eq(divisionMembers.divisionId, divisionId));
  return rows.map((row) => row.userId);
}

/** The project's members who are not in the division, by name (whom it can take in). */
export async function divisionMemberOptions(
  db: Db,
  projectId: string,
  divisionId: string,
): Promise<ChatAgent[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(divisionMembers)
            .where(
              and(
                eq(divisionMembers.divisionId, divisionId),
                eq(divisionMembers.userId, projectMembers.userId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** Whether a database error (or one it wraps) is PostgreSQL's foreign key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current !== undefined && current !== null;) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Puts a member of the project into the division (`member: true`) or takes them out. Answers
 * whether anything changed, `'gone'` when the membership or the division went meanwhile. The
 * caller checks that the user is a member of the project; the foreign key to their membership
 * backs it up.
 */
export async function setDivisionMember(
  db: Db,
  change: { projectId: string; divisionId: string; userId: string; member: boolean; now: Date },
): Promise<boolean | 'gone'> {
  if (change.member) {
    try {
      const added = await db
        .insert(divisionMembers)
        .values({
          divisionId: change.divisionId,
          userId: change.userId,
          projectId: change.projectId,
          addedAt: change.now,
        })
        .onConflictDoNothing()
        .returning({ userId: divisionMembers.userId });
      return added.length > 0;
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'gone';
      throw error;
    }
  }
  const removed = await db
    .delete(divisionMembers)
    .where(and(eq(divisionMembers.divisionId, change.divisionId), eq(divisionMembers.userId, change.userId)))
    .returning({ userId: divisionMembers.userId });
  return removed.length > 0;
}

/** The divisions a member belongs to in a project. */
export async function divisionsOfMember(db: Db, projectId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: divisionMembers.divisionId })
    .from(divisionMembers)
    .where(and(eq(divisionMembers.projectId, projectId), eq(divisionMembers.userId, userId)));
  return rows.map((row) => row.id);
}

/** A user's divisions in every project they belong to, by project key (their sockets' rooms). */
export async function divisionsByProject(db: Db, userId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ key: projects.key, id: divisionMembers.divisionId })
    .from(divisionMembers)
    .innerJoin(projects, eq(projects.id, divisionMembers.projectId))
    .where(eq(divisionMembers.userId, userId));
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
  return byKey;
}

/**
 * Every division of the project `key`, and those of them `userId` belongs to: the division rooms
 * their sockets could hold there, and those they hold now.
 */
export async function divisionRoomsOf(
  db: Db,
  key: string,
  userId: string,
): Promise<{ all: string[]; mine: string[] }> {
  const rows = await db
    .select({ id: divisions.id, mine: sql<boolean>`${divisionMembers.userId} IS NOT NULL` })
    .from(divisions)
    .innerJoin(projects, eq(projects.id, divisions.projectId))
    .leftJoin(
      divisionMembers,
      and(eq(divisionMembers.divisionId, divisions.id), eq(divisionMembers.userId, userId)),
    )
    .where(eq(projects.key, key));
  return { all: rows.map((row) => row.id), mine: rows.filter((row) => row.mine).map((row) => row.id) };
}

/** The conversations of a division not assigned to `userId`: what they see only through it. */
export async function conversationsThrough(
  db: Db,
  divisionId: string,
  userId: string,
  limit?: number,
): Promise<string[]> {
  const query = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.divisionId, divisionId),
        or(sql`${conversations.assignedUserId} IS NULL`, ne(conversations.assignedUserId, userId)),
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, sql`${conversations.id} desc nulls last`);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => row.id);
}

/** Which of `userIds` belong to the division. */
export async function membersAmong(
  db: Db,
  divisionId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: divisionMembers.userId })
    .from(divisionMembers)
    .where(and(eq(divisionMembers.divisionId, divisionId), inArray(divisionMembers.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

/** Customers with a conversation in the division, as a condition on a customer id column. */
export function inDivision(customerId: SQL | AnyColumn, divisionId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${conversations} WHERE ${conversations.customerId} = ${customerId} AND ${conversations.divisionId} = ${divisionId})`;
}
