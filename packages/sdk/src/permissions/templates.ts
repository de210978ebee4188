/**
 * Role templates: starting points for a member's permissions (the permission editor's "start
 * from" choices and what an invite grants on joining). Templates are not roles: what is saved is
 * the member's own list of keys, edited freely afterwards.
 *
 * - owner: every key. The template is not the ownership: an Owner invite gives every key, but
 *   the project's owner (who alone deletes it and hands it over, see grants.ts) stays who it was;
 * - admin: everything but paying from the balance (`project.billing.pay`) and removing members
 *   (`project.user.hapus`);
 * - agent: the inbox (without every conversation or the WhatsApp numbers): replying
 *   (`crm.chat.send`) and assigning (`crm.chat.assign`), divisions, stages, labels and names of
 *   its customers; customers (without deleting); using quick replies and the gallery;
 * - viewer: every `menu` and `view` key, nothing that changes anything: it reads every screen but
 *   cannot reply, upload, assign, or change a record.
 */
import { allPermissionKeys } from './tree.ts';
import type { PermissionKey } from './tree.ts';

export const roleTemplates = ['owner', 'admin', 'agent', 'viewer'] as const;
export type RoleTemplate = (typeof roleTemplates)[number];

const adminExcluded: ReadonlySet<PermissionKey> = new Set(['project.billing.pay', 'project.user.hapus']);

const agentKeys: readonly PermissionKey[] = [
  'crm.menu',
  'crm.chat.menu',
  'crm.chat.view',
  'crm.chat.send',
  'crm.chat.assign',
  'crm.chat.add_divisi',
  'crm.chat.delete_divisi',
  'crm.chat.add_stage',
  'crm.chat.add_label',
  'crm.chat.show_user_contact_detail',
  'crm.chat.rename_client',
  'crm.customer.menu',
  'crm.customer.view',
  'crm.customer.add',
  'crm.customer.edit',
  'crm.quick_replay.menu',
  'crm.quick_replay.view',
  'crm.gallery.menu',
  'crm.gallery.view',
];

function keysOf(template: RoleTemplate): PermissionKey[] {
  switch (template) {
    case 'owner':
      return [...allPermissionKeys];
    case 'admin':
      return allPermissionKeys.filter((key) => !adminExcluded.has(key));
    case 'agent':
      return allPermissionKeys.filter((key) => agentKeys.includes(key));
    case 'viewer':
      return allPermissionKeys.filter((key) => key.endsWith('.menu') || key.endsWith('.view'));
  }
}

/** The keys a template grants, in tree order. A fresh array each call. */
export function templatePermissions(template: RoleTemplate): PermissionKey[] {
  return keysOf(template);
}

export function isRoleTemplate(value: unknown): value is RoleTemplate {
  return typeof value === 'string' && (roleTemplates as readonly string[]).includes(value);
}

/** The template whose keys are exactly `permissions`, or `null` for a custom set. */
export function matchingTemplate(permissions: readonly string[]): RoleTemplate | null {
  const granted = new Set(permissions);
  for (const template of roleTemplates) {
    const keys = keysOf(template);
    if (keys.length === granted.size && keys.every((key) => granted.has(key))) return template;
  }
  return null;
}
