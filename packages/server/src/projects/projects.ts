/** Storage of projects and their members. Acts reach it through src/acts/handlers/projects.ts. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { projectMembers, projects, users } from '../db/schema.ts';
import type { ProjectRow } from '../db/schema.ts';
import { grantAll, parsePermissions } from '../sdk.ts';
import type { PermissionKey, Project } from '../sdk.ts';
import { newProjectKey } from './projectKey.ts';

/** A user's membership of one project: what authorisation decides on and handlers read. */
export interface ProjectMembership {
  project: ProjectRow;
  userId: string;
  permissions: PermissionKey[];
}

/** Whether the member is the project's owner (`projects.owner_id`). */
export function isOwner(membership: Pick<ProjectMembership, 'project' | 'userId'>): boolean {
  return membership.project.ownerId === membership.userId;
}

export function toProject(membership: ProjectMembership): Project {
  const { project } = membership;
  return {
    key: project.key,
    name: project.name,
    timeZone: project.timeZone,
    createdAt: project.createdAt.toISOString(),
    role: isOwner(membership) ? 'owner' : 'member',
    permissions: membership.permissions,
  };
}

/** Tries before giving up on a free key; a clash is already a one-in-trillions event. */
const KEY_TRIES = 5;

/**
 * Creates a project and makes `userId` its member with every permission, in one transaction:
 * there is never a project without its owner.
 */
export async function createProject(
  db: Db,
  fields: { name: string; userId: string; now: Date },
): Promise<ProjectMembership> {
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < KEY_TRIES; attempt += 1) {
      const [project] = await tx
        .insert(projects)
        .values({
          id: randomUUID(),
          key: newProjectKey(),
          name: fields.name,
          createdBy: fields.userId,
          ownerId: fields.userId,
          createdAt: fields.now,
        })
        .onConflictDoNothing({ target: projects.key })
        .returning();
      if (project === undefined) continue;
      const permissions = grantAll();
      await tx
        .insert(projectMembers)
        .values({ projectId: project.id, userId: fields.userId, permissions, createdAt: fields.now });
      return { project, userId: fields.userId, permissions };
    }
    throw new Error('no free project key');
  });
}

/** The user's membership of the project `key`; `null` when the key is unknown or the user is not a member. */
export async function findMembership(db: Db, userId: string, key: string): Promise<ProjectMembership | null> {
  const [row] = await db
    .select({ project: projects, permissions: projectMembers.permissions })
    .from(projects)
    .innerJoin(projectMembers, eq(projectMembers.projectId, projects.id))
    .where(and(eq(projects.key, key), eq(projectMembers.userId, userId)))
    .limit(1);
  if (row === undefined) return null;
  return { project: row.project, userId, permissions: parsePermissions(row.permissions) };
}

/** Every project the user is a member of, newest first. */
export async function listMemberships(db: Db, userId: string): Promise<ProjectMembership[]> {
  const rows = await db
    .select({ project: projects, permissions: projectMembers.permissions })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.key));
  return rows.map((row) => ({
    project: row.project,
    userId,
    permissions: parsePermissions(row.permissions),
  }));
}

/** The members of a project with their names and permissions, by name. */
export async function listMembers(
  db: Db,
  projectId: string,
): Promise<{ userId: string; name: string; permissions: PermissionKey[] }[]> {
  const rows = await db
    .select({ userId: projectMembers.userId, name: users.name, permissions: projectMembers.permissions })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ ...row, permissions: parsePermissions(row.permissions) }));
}
