/**
 * Permission checks. A member's permissions in a project are a plain array of granted keys
 * (`Permissions`): easy to store (a JSON or text[] column) and to send.
 *
 * Rule: a key is allowed when it is granted AND the `menu` of every node on its path is granted.
 * A node whose menu is off is hidden, and so is everything in it: `crm.label.add` needs
 * `crm.label.add`, `crm.label.menu` and `crm.menu`; `crm.label.menu` needs `crm.menu`;
 * `project.edit` needs `project.menu`. The server checks acts with the same function.
 */
import { allPermissionKeys, isPermissionKey } from './tree.ts';
import type { PermissionKey } from './tree.ts';

/** The keys granted to a member of a project. Unknown keys are ignored by `can`. */
export type Permissions = readonly PermissionKey[];

/** The `menu` keys that must be granted for `key` to be allowed, outermost first (including its own node's). */
export function requiredMenus(key: PermissionKey): PermissionKey[] {
  const parts = key.split('.');
  const nodes = parts.slice(0, -1);
  return nodes.map((_, index) => `${nodes.slice(0, index + 1).join('.')}.menu` as PermissionKey);
}

export function can(permissions: readonly string[] | ReadonlySet<string>, key: PermissionKey): boolean {
  const granted: ReadonlySet<string> = permissions instanceof Set ? permissions : new Set(permissions);
  return granted.has(key) && requiredMenus(key).every((menu) => granted.has(menu));
}

/** Every permission: what a project owner holds. A fresh array each call. */
export function grantAll(): PermissionKey[] {
  return [...allPermissionKeys];
}

/** The known permission keys of untrusted input (a stored column, a request), without duplicates. */
export function parsePermissions(value: unknown): PermissionKey[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isPermissionKey))];
}
