/**
 * Who may change whose membership: the rules of the permission editor and of the project's
 * ownership. The server checks them on `member_permissions_set`, `invite_create`,
 * `member_remove`, `project_leave`, `project_transfer` and `project_delete`; the screens use the
 * same functions to hide or grey out what would be refused.
 *
 * Ownership. A project has exactly one owner (at first its creator):
 * - only the owner deletes the project (`mayDeleteProject`) and hands it over to another member
 *   (`mayTransferOwnership`); the new owner then holds every key, the old one keeps their keys
 *   as a member;
 * - nobody but the owner changes the owner's keys, and nobody removes the owner
 *   (`owner_protected`); the owner leaves only after handing the project over
 *   (`owner_must_transfer`);
 * - the owner may take keys away from themselves and tick them back (nobody else could give them
 *   back), but always keeps `ownerKeys` (`owner_keys`): the members screen and the permission
 *   editor, from which they can restore the rest.
 *
 * Permissions, between members who are not the owner's own case above:
 * - nobody raises their own permissions: on themselves a member may only take keys away
 *   (`self_escalation`);
 * - a member grants others only keys they hold themselves (otherwise two members could raise
 *   each other); keys the target already holds may stay (`grant_beyond_own`);
 * - a project always keeps at least one member who may set permissions
 *   (`project.user.set_permission` with its menus; `last_permission_holder`). The owner always
 *   is one.
 */
import { can } from './can.ts';
import type { PermissionKey } from './tree.ts';

/** Why a permission change is refused; `null` when it may be saved. */
export type GrantProblem =
  'owner_protected' | 'owner_keys' | 'self_escalation' | 'grant_beyond_own' | 'last_permission_holder';

/** Why a member may not be removed, or may not leave. */
export type RemovalProblem = 'owner_protected' | 'owner_must_transfer' | 'last_permission_holder';

/** A project's member as the rules see them (a `ProjectMember` row fits). */
export interface MemberRef {
  /** The member is the one looking (the editor edits themselves). */
  self: boolean;
  role: 'owner' | 'member';
}

/** The member acting, in their project (a `Project` fits: the caller's role and keys). */
export interface ActingMember {
  role: 'owner' | 'member';
  permissions: readonly string[];
}

/**
 * The keys the owner always keeps: the members screen and the permission editor, from which
 * they can tick back anything they took away from themselves.
 */
export const ownerKeys: readonly PermissionKey[] = [
  'project.menu',
  'project.user.menu',
  'project.user.view',
  'project.user.set_permission',
];

export interface PermissionChange {
  /** The editing member's own keys. */
  editor: readonly string[];
  /** The target's keys now. */
  before: readonly string[];
  /** The target's keys as they would be saved. */
  after: readonly string[];
  /** Whether the editor edits themselves. */
  self: boolean;
  /** Whether the target is the project's owner. */
  targetIsOwner: boolean;
  /**
   * How many members hold `project.user.set_permission` (with its menus) now, the target
   * included if they do.
   */
  permissionHolders: number;
}

/** The keys of `after` the target does not hold yet. */
export function addedKeys(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((key) => !had.has(key));
}

export function mayManagePermissions(permissions: readonly string[]): boolean {
  return can(permissions, 'project.user.set_permission');
}

export function grantProblem(change: PermissionChange): GrantProblem | null {
  if (change.targetIsOwner) {
    if (!change.self) return 'owner_protected';
    const kept = new Set(change.after);
    return ownerKeys.every((key) => kept.has(key)) ? null : 'owner_keys';
  }
  const added = addedKeys(change.before, change.after);
  if (change.self && added.length > 0) return 'self_escalation';
  const editor = new Set(change.editor);
  if (added.some((key) => !editor.has(key))) return 'grant_beyond_own';
  if (
    mayManagePermissions(change.before) &&
    !mayManagePermissions(change.after) &&
    change.permissionHolders <= 1
  )
    return 'last_permission_holder';
  return null;
}

/**
 * Whether the editor may tick `key` on for the target (the editor greys out the rest): the owner
 * any key on themselves; nobody else anything on the owner; otherwise never on oneself, and only
 * keys the editor holds.
 */
export function mayGrant(editor: readonly string[], key: PermissionKey, target: MemberRef): boolean {
  if (target.role === 'owner') return target.self;
  return !target.self && editor.includes(key);
}

/** Whether the editor may untick `key` of the target: not the owner's `ownerKeys`, nothing of an owner but their own. */
export function mayTakeAway(key: PermissionKey, target: MemberRef): boolean {
  if (target.role === 'owner') return target.self && !ownerKeys.includes(key);
  return true;
}

/** Whether `member` may open the target's permission editor: the key, and the owner only by themselves. */
export function mayEditPermissions(member: ActingMember, target: MemberRef): boolean {
  return mayManagePermissions(member.permissions) && (target.role !== 'owner' || target.self);
}

/** Whether `member` may remove the target (`member_remove`): the key, and never the owner. */
export function mayRemoveMember(member: ActingMember, target: MemberRef): boolean {
  return can(member.permissions, 'project.user.hapus') && target.role !== 'owner';
}

/** Whether `member` may hand the project over to the target: the owner, to another member. */
export function mayTransferOwnership(member: ActingMember, target: MemberRef): boolean {
  return member.role === 'owner' && !target.self;
}

/** Whether `member` may delete the project: its owner only, whatever their keys. */
export function mayDeleteProject(member: Pick<ActingMember, 'role'>): boolean {
  return member.role === 'owner';
}

/** Whether `member` may leave the project: anyone but the owner, who hands it over first. */
export function mayLeaveProject(member: Pick<ActingMember, 'role'>): boolean {
  return member.role !== 'owner';
}

/**
 * Whether a member may leave (`leaving`) or be removed: never the owner (`owner_must_transfer`
 * when leaving, `owner_protected` when removed); otherwise refused when they are the last
 * member who may set permissions (`permissionHolders` counts them).
 */
export function removalProblem(
  member: { permissions: readonly string[]; owner: boolean },
  permissionHolders: number,
  leaving: boolean,
): RemovalProblem | null {
  if (member.owner) return leaving ? 'owner_must_transfer' : 'owner_protected';
  return mayManagePermissions(member.permissions) && permissionHolders <= 1 ? 'last_permission_holder' : null;
}
