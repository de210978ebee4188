/**
 * Invite codes (`/project/user/{key}`'s invites, `/invite/{code}`): a random code whose joiners
 * start with a role template's permissions, until it is revoked, expires or is used up.
 * Accepting locks the code's row, so a code with one use left lets exactly one user in.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { projectInvites, projectMembers, projects, users } from '../db/schema.ts';
import type { InviteRow } from '../db/schema.ts';
import type { ProjectMembership } from '../projects/projects.ts';
import { parsePermissions, templatePermissions } from '../sdk.ts';
import type { Invite, InvitePreview, InviteStatus, RoleTemplate } from '../sdk.ts';

export const INVITE_PAGE_SIZE = 10;

/** Lower-case letters and digits: URL-safe and easy to read out. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 16 characters from a secure random source: about 82 bits, not guessable. */
export const INVITE_CODE_LENGTH = 16;
const CODE_TRIES = 5;

export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < INVITE_CODE_LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a code is now: revoked, then expired, then used up, else active. */
export function inviteStatus(
  row: Pick<InviteRow, 'revokedAt' | 'expiresAt' | 'maxUses' | 'uses'>,
  now: Date,
): InviteStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  return 'active';
}

function toInvite(row: InviteRow, creatorName: string, now: Date): Invite {
  return {
    id: row.id,
    code: row.code,
    template: row.template,
    createdBy: { userId: row.createdBy, name: creatorName },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    status: inviteStatus(row, now),
  };
}

/** The project's codes, newest first, 10 a page. */
export async function listInvites(
  db: Db,
  projectId: string,
  options: { page: number; now: Date },
): Promise<{ data: Invite[]; total_page: number }> {
  const where = eq(projectInvites.projectId, projectId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ invite: projectInvites, creatorName: users.name })
      .from(projectInvites)
      .innerJoin(users, eq(users.id, projectInvites.createdBy))
      .where(where)
      .orderBy(desc(projectInvites.createdAt), desc(projectInvites.id))
      .limit(INVITE_PAGE_SIZE)
      .offset(options.page * INVITE_PAGE_SIZE),
    db.select({ n: count() }).from(projectInvites).where(where),
  ]);
  return {
    data: rows.map((row) => toInvite(row.invite, row.creatorName, options.now)),
    total_page: Math.ceil((total?.n ?? 0) / INVITE_PAGE_SIZE),
  };
}

async function inviteOfProject(db: Db, projectId: string, id: string, now: Date): Promise<Invite | null> {
  const [row] = await db
    .select({ invite: projectInvites, creatorName: users.name })
    .from(projectInvites)
    .innerJoin(users, eq(users.id, projectInvites.createdBy))
    .where(and(eq(projectInvites.projectId, projectId), eq(projectInvites.id, id)))
    .limit(1);
  return row === undefined ? null : toInvite(row.invite, row.creatorName, now);
}

export async function createInvite(
  db: Db,
  fields: {
    projectId: string;
    createdBy: string;
    template: RoleTemplate;
    expiresInHours: number | null;
    maxUses: number | null;
    now: Date;
  },
): Promise<Invite> {
  const id = randomUUID();
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const [row] = await db
      .insert(projectInvites)
      .values({
        id,
        projectId: fields.projectId,
        code: newInviteCode(),
        template: fields.template,
        createdBy: fields.createdBy,
        createdAt: fields.now,
        expiresAt:
          fields.expiresInHours === null
            ? null
            : new Date(fields.now.getTime() + fields.expiresInHours * 3_600_000),
        maxUses: fields.maxUses,
      })
      .onConflictDoNothing({ target: projectInvites.code })
      .returning({ id: projectInvites.id });
    if (row === undefined) continue;
    const invite = await inviteOfProject(db, fields.projectId, id, fields.now);
    if (invite !== null) return invite;
  }
  throw new Error('no free invite code');
}

/** Revokes a code of the project (revoking twice keeps the first moment); `null` when there is none. */
export async function revokeInvite(db: Db, projectId: string, id: string, now: Date): Promise<Invite | null> {
  await db
    .update(projectInvites)
    .set({ revokedAt: sql`coalesce(${projectInvites.revokedAt}, ${now})` })
    .where(and(eq(projectInvites.projectId, projectId), eq(projectInvites.id, id)));
  return inviteOfProject(db, projectId, id, now);
}

/** Codes are lower case; what a person types or pastes may not be. */
function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

/** What `/invite/{code}` shows, or `null` for an unknown code. */
export async function previewInvite(
  db: Db,
  code: string,
  userId: string,
  now: Date,
): Promise<InvitePreview | null> {
  const [row] = await db
    .select({
      invite: projectInvites,
      projectName: projects.name,
      key: projects.key,
      inviterName: users.name,
      member: projectMembers.userId,
    })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .innerJoin(users, eq(users.id, projectInvites.createdBy))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projectInvites.projectId), eq(projectMembers.userId, userId)),
    )
    .where(eq(projectInvites.code, normalizeCode(code)))
    .limit(1);
  if (row === undefined) return null;
  return {
    code: row.invite.code,
    projectName: row.projectName,
    inviterName: row.inviterName,
    template: row.invite.template,
    status: inviteStatus(row.invite, now),
    memberOf: row.member === null ? null : row.key,
  };
}

export type AcceptResult =
  | { outcome: 'invalid' }
  /** A member already: nothing changed, the code was not used. */
  | { outcome: 'member'; membership: ProjectMembership }
  | { outcome: 'joined'; membership: ProjectMembership; invitedBy: string };

/** Joins the code's project with its template's permissions, using one use of the code. */
export async function acceptInvite(db: Db, code: string, userId: string, now: Date): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(projectInvites)
      .where(eq(projectInvites.code, normalizeCode(code)))
      .for('update');
    if (invite === undefined) return { outcome: 'invalid' };
    const [project] = await tx.select().from(projects).where(eq(projects.id, invite.projectId)).limit(1);
    if (project === undefined) return { outcome: 'invalid' };
    const [existing] = await tx
      .select({ permissions: projectMembers.permissions })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, userId)))
      .limit(1);
    if (existing !== undefined)
      return {
        outcome: 'member',
        membership: { project, userId, permissions: parsePermissions(existing.permissions) },
      };
    if (inviteStatus(invite, now) !== 'active') return { outcome: 'invalid' };
    const permissions = templatePermissions(invite.template);
    await tx.insert(projectMembers).values({ projectId: project.id, userId, permissions, createdAt: now });
    await tx
      .update(projectInvites)
      .set({ uses: sql`${projectInvites.uses} + 1` })
      .where(eq(projectInvites.id, invite.id));
    return { outcome: 'joined', membership: { project, userId, permissions }, invitedBy: invite.createdBy };
  });
}
