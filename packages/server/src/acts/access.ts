import { accessAllows } from '../sdk.ts';
import type { ActAccess, PermissionKey } from '../sdk.ts';
import { findSession } from '../auth/sessions.ts';
import type { Db } from '../db/openDatabase.ts';
import { findMembership, isOwner } from '../projects/projects.ts';
import type { ProjectMembership } from '../projects/projects.ts';
import { sha256 } from '../security/secrets.ts';
import type { Caller } from '../auth/sessions.ts';
import { ActError } from './ActError.ts';
import type { Services } from './context.ts';

/** Resolves the caller when the act needs one; `unauthenticated` without a live session. */
export async function authenticate(
  access: ActAccess,
  token: string | null,
  services: Services,
  now: Date,
): Promise<Caller | null> {
  if (access === 'public') return null;
  const caller = token === null ? null : await lookUp(token, services, now);
  if (caller === null) throw new ActError('unauthenticated');
  return caller;
}

async function lookUp(token: string, services: Services, now: Date): Promise<Caller | null> {
  const tokenHash = sha256(token);
  const cached = services.sessionCache.get(tokenHash, now.getTime());
  if (cached !== undefined) return cached;
  const found = await findSession(services.db, tokenHash, now);
  if (found === null) return null;
  services.sessionCache.set(tokenHash, found.caller, found.expiresAt, now.getTime());
  return found.caller;
}

/** The access kinds that are about one project, named by the input's `key`. */
export type ProjectAccess = Exclude<ActAccess, 'public' | 'user'>;

/**
 * The rule of every project act, on a membership already looked up:
 *
 * - not a member (or no such key): `not_found`, the same answer for both, so no answer tells
 *   whether another team's project exists;
 * - `member` acts: any member passes;
 * - `owner` acts: only the project's owner (`projects.owner_id`), else `forbidden`;
 * - `{ permission }` acts: `can(permissions, permission)` must hold (the key and the `menu` of
 *   every node above it), else `forbidden`; `{ anyOf }` acts: it must hold for one of them.
 *
 * The rule itself is the SDK's `accessAllows`, which the screens ask too.
 */
export function decideProjectAccess(
  membership: ProjectMembership | null,
  access: ProjectAccess,
): ProjectMembership {
  if (membership === null) throw new ActError('not_found', { msgKey: 'error.project_not_found' });
  if (!accessAllows(access, { permissions: membership.permissions, owner: isOwner(membership) }))
    throw new ActError('forbidden', access === 'owner' ? { msgKey: 'error.owner_only' } : {});
  return membership;
}

/**
 * May `userId` call an act of `access` in the project `key`? Answers the membership (project row
 * and permissions) or throws `not_found` / `forbidden`. Handlers that need a second check
 * (a permission that depends on the input) call it again with `{ permission }`.
 */
export async function authorizeProject(
  db: Db,
  userId: string,
  key: string | null,
  access: ProjectAccess | { permission: PermissionKey },
): Promise<ProjectMembership> {
  const membership = key === null ? null : await findMembership(db, userId, key);
  return decideProjectAccess(membership, access);
}

/**
 * Authorises an act after validation: `public` and `user` acts need nothing more (authentication
 * came first); project acts answer the caller's membership of the project named by `input.key`.
 */
export async function authorize(
  access: ActAccess,
  input: unknown,
  caller: Caller | null,
  services: Services,
): Promise<ProjectMembership | null> {
  if (access === 'public' || access === 'user') return null;
  if (caller === null) throw new ActError('unauthenticated');
  const key =
    typeof input === 'object' && input !== null && 'key' in input && typeof input.key === 'string'
      ? input.key
      : null;
  return authorizeProject(services.db, caller.user.id, key, access);
}
