/**
 * A project's members as the members table and the permission editor see them
 * (`/project/user/{key}`), and the membership changes the server allows: permissions edited,
 * a member removed, a member leaving, the project handed over to another member. The rules of
 * who may grant what and of ownership are the SDK's (`grantProblem`, `removalProblem`); every
 * change runs under the project row's lock and reads the owner and every member's keys there, so
 * two changes at once cannot both take away the last member who may set permissions, and a
 * change cannot race a transfer of ownership.
 */
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { conversations, divisionMembers, projectMembers, projects, users } from '../db/schema.ts';
import type { ProjectRow } from '../db/schema.ts';
import { avatarUrl } from '../auth/users.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import {
  allPermissionKeys,
  grantAll,
  grantProblem,
  matchingTemplate,
  mayManagePermissions,
  parsePermissions,
  removalProblem,
} from '../sdk.ts';
import type { GrantProblem, PermissionKey, ProjectMember, RemovalProblem } from '../sdk.ts';

export const MEMBER_PAGE_SIZE = 10;

/** A transaction or the database: the queries below run in either. */
type Executor = Pick<Db, 'select' | 'update' | 'delete' | 'insert' | 'execute'>;

const memberColumns = {
  userId: projectMembers.userId,
  name: users.name,
  phone: users.phone,
  avatarVersion: users.avatarVersion,
  permissions: projectMembers.permissions,
  joinedAt: projectMembers.createdAt,
};

interface MemberRow {
  userId: string;
  name: string;
  phone: string;
  avatarVersion: string | null;
  permissions: string[];
  joinedAt: Date;
}

function toMember(row: MemberRow, project: Pick<ProjectRow, 'ownerId'>, callerId: string): ProjectMember {
  const permissions = parsePermissions(row.permissions);
  return {
    userId: row.userId,
    name: row.name,
    maskedPhone: maskPhone(row.phone),
    avatarUrl: avatarUrl(row.userId, row.avatarVersion),
    permissions,
    template: matchingTemplate(permissions),
    role: project.ownerId === row.userId ? 'owner' : 'member',
    self: row.userId === callerId,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** `%` and `_` typed by a user match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Names with a word starting with `word` (any case). */
function wordPrefix(word: string): SQL | undefined {
  const lower = escapeLike(word.toLowerCase());
  return or(sql`lower(${users.name}) like ${`${lower}%`}`, sql`lower(${users.name}) like ${`% ${lower}%`}`);
}

/** One page of the project's members by name; `search` matches the start of words of the name. */
export async function listProjectMembers(
  db: Db,
  project: ProjectRow,
  callerId: string,
  options: { page: number; search: string },
): Promise<{ data: ProjectMember[]; total_page: number }> {
  const conditions: (SQL | undefined)[] = [eq(projectMembers.projectId, project.id)];
  for (const word of options.search.split(/\s+/).filter(Boolean)) conditions.push(wordPrefix(word));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(MEMBER_PAGE_SIZE)
      .offset(options.page * MEMBER_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => toMember(row, project, callerId)),
    total_page: Math.ceil((total?.n ?? 0) / MEMBER_PAGE_SIZE),
  };
}

/** One member of the project, or `null` when `userId` is not a member. */
export async function findProjectMember(
  db: Executor,
  project: Pick<ProjectRow, 'id' | 'ownerId'>,
  userId: string,
  callerId: string,
): Promise<ProjectMember | null> {
  const [row] = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, userId)))
    .limit(1);
  return row === undefined ? null : toMember(row, project, callerId);
}

interface LockedProject {
  /** `null`: the project is gone. */
  ownerId: string | null;
  members: Map<string, PermissionKey[]>;
}

/** The owner and every member's permissions, read under the project row's lock (inside a transaction). */
async function lockProject(tx: Executor, projectId: string): Promise<LockedProject> {
  const [project] = await tx
    .select({ ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  const rows = await tx
    .select({ userId: projectMembers.userId, permissions: projectMembers.permissions })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return {
    ownerId: project?.ownerId ?? null,
    members: new Map(rows.map((row) => [row.userId, parsePermissions(row.permissions)])),
  };
}

function holdersOf(members: Map<string, PermissionKey[]>): number {
  return [...members.values()].filter((permissions) => mayManagePermissions(permissions)).length;
}

/** Known keys only, each once, in the permission tree's order. */
export function normalizePermissions(keys: readonly string[]): PermissionKey[] {
  const wanted = new Set(parsePermissions(keys));
  return allPermissionKeys.filter((key) => wanted.has(key));
}

export type PermissionsResult =
  | { ok: true; member: ProjectMember; permissions: PermissionKey[] }
  | { ok: false; problem: 'not_found' | GrantProblem };

/**
 * Saves `userId`'s permissions as `editorId` asks, under the rules of `grantProblem` (read from
 * the stored memberships, not from what the caller's act was authorised with).
 */
export async function setMemberPermissions(
  db: Db,
  project: ProjectRow,
  change: { editorId: string; userId: string; permissions: readonly string[] },
): Promise<PermissionsResult> {
  return db.transaction(async (tx) => {
    const { ownerId, members } = await lockProject(tx, project.id);
    const editor = members.get(change.editorId);
    const before = members.get(change.userId);
    if (ownerId === null || editor === undefined || before === undefined)
      return { ok: false, problem: 'not_found' };
    const after = normalizePermissions(change.permissions);
    const problem = grantProblem({
      editor,
      before,
      after,
      self: change.editorId === change.userId,
      targetIsOwner: ownerId === change.userId,
      permissionHolders: holdersOf(members),
    });
    if (problem !== null) return { ok: false, problem };
    await tx
      .update(projectMembers)
      .set({ permissions: after })
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, change.userId)));
    const member = await findProjectMember(tx, { id: project.id, ownerId }, change.userId, change.editorId);
    if (member === null) return { ok: false, problem: 'not_found' };
    return { ok: true, member, permissions: after };
  });
}

export type RemovalResult =
  /** `unassigned`: the conversations that were assigned to them, now assigned to nobody. */
  { ok: true; unassigned: string[] } | { ok: false; problem: 'not_found' | RemovalProblem };

/**
 * Takes `userId` out of the project (their division memberships go with it, by the foreign key),
 * unless they are its owner or the last member who may set permissions. `leaving`: the member
 * leaves by themselves (`project_leave`).
 */
export async function removeMember(
  db: Db,
  projectId: string,
  userId: string,
  leaving: boolean,
): Promise<RemovalResult> {
  return db.transaction(async (tx) => {
    const { ownerId, members } = await lockProject(tx, projectId);
    const permissions = members.get(userId);
    if (permissions === undefined) return { ok: false, problem: 'not_found' };
    const problem = removalProblem({ permissions, owner: ownerId === userId }, holdersOf(members), leaving);
    if (problem !== null) return { ok: false, problem };
    await tx
      .delete(divisionMembers)
      .where(and(eq(divisionMembers.projectId, projectId), eq(divisionMembers.userId, userId)));
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    // Their conversations go back to the team rather than to someone who cannot open them.
    const unassigned = await tx
      .update(conversations)
      .set({ assignedUserId: null })
      .where(and(eq(conversations.projectId, projectId), eq(conversations.assignedUserId, userId)))
      .returning({ id: conversations.id });
    return { ok: true, unassigned: unassigned.map((row) => row.id) };
  });
}

export type TransferResult =
  | {
      ok: true;
      /** The new owner as saved (every key). */
      owner: ProjectMember;
      /** The member who handed it over, and the keys they keep; `null` when nothing changed. */
      previous: { userId: string; permissions: PermissionKey[] } | null;
    }
  | { ok: false; problem: 'not_found' | 'owner_only' };

/**
 * Hands the project over from `fromId` (who must still be its owner, read under the lock: two
 * transfers at once cannot both succeed) to the member `toId`, who then holds every key. The old
 * owner keeps their keys. To oneself it changes nothing.
 */
export async function transferOwnership(
  db: Db,
  projectId: string,
  change: { fromId: string; toId: string },
): Promise<TransferResult> {
  return db.transaction(async (tx) => {
    const { ownerId, members } = await lockProject(tx, projectId);
    if (ownerId === null) return { ok: false, problem: 'not_found' };
    if (ownerId !== change.fromId) return { ok: false, problem: 'owner_only' };
    const kept = members.get(change.fromId);
    if (kept === undefined || !members.has(change.toId)) return { ok: false, problem: 'not_found' };
    if (change.toId !== change.fromId) {
      await tx.update(projects).set({ ownerId: change.toId }).where(eq(projects.id, projectId));
      await tx
        .update(projectMembers)
        .set({ permissions: grantAll() })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, change.toId)));
    }
    const owner = await findProjectMember(
      tx,
      { id: projectId, ownerId: change.toId },
      change.toId,
      change.fromId,
    );
    if (owner === null) return { ok: false, problem: 'not_found' };
    const previous = change.toId === change.fromId ? null : { userId: change.fromId, permissions: kept };
    return { ok: true, owner, previous };
  });
}
