/**
 * Whether a member passes an act's access rule (`ActAccess` of the contract): the one function
 * the server authorises every project act with (src/acts/access.ts) and the screens hide buttons
 * with (`mayCall` in @sapa/machines).
 */
import type { ActAccess } from '../contract/defineAct.ts';
import { can } from './can.ts';

/** A member of a project as access rules see them: their keys, and whether they own it. */
export interface AccessHolder {
  permissions: readonly string[];
  /** The project's owner (`Project.role === 'owner'`). */
  owner: boolean;
}

/**
 * `public`, `user` and `member` pass (the caller is already a member when this is asked);
 * `owner` only the owner, whatever their keys; `{ permission }` and `{ anyOf }` when `can` holds
 * for the key, or for one of them.
 */
export function accessAllows(access: ActAccess, member: AccessHolder): boolean {
  if (access === 'owner') return member.owner;
  if (typeof access === 'string') return true;
  const keys = 'anyOf' in access ? access.anyOf : [access.permission];
  return keys.some((key) => can(member.permissions, key));
}
