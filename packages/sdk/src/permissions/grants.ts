/**
 * Who may give which permissions: the rules of the permission editor, checked by the server on
 * `member_permissions_set`, `invite_create` and member removal, and used by the editor to grey
 * out what the editing member could not save.
 *
 * - Nobody raises their own permissions: on themselves a member may only take keys away.
 * - A member grants others only keys they hold themselves (otherwise two members could raise
 *   each other); keys the target already holds may stay.
 * - A project always keeps at least one member who may set permissions
 *   (`project.user.set_permission` with its menus).
 */
import { can } from './can.ts';
import type { PermissionKey } from './tree.ts';

/** Why a permission change is refused; `null` when it may be saved. */
export type GrantProblem = 'self_escalation' | 'grant_beyond_own' | 'last_permission_holder';

export interface PermissionChange {
  /** The editing member's own keys. */
  editor: readonly string[];
  /** The target's keys now. */
  before: readonly string[];
  /** The target's keys as they would be saved. */
  after: readonly string[];
  /** Whether the editor edits themselves. */
  self: boolean;
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
 * Whether the editor may tick `key` on for the target: never on themselves, and only keys they
 * hold on others (the editor greys out the rest).
 */
export function mayGrant(editor: readonly string[], key: PermissionKey, self: boolean): boolean {
  return !self && editor.includes(key);
}

/**
 * Whether a member may leave or be removed: refused when they are the last member who may set
 * permissions (`permissionHolders` counts them).
 */
export function removalProblem(
  member: readonly string[],
  permissionHolders: number,
): 'last_permission_holder' | null {
  return mayManagePermissions(member) && permissionHolders <= 1 ? 'last_permission_holder' : null;
}
