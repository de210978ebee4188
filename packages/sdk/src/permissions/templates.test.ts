import { describe, expect, it } from 'vitest';
import { can } from './can.ts';
import { isRoleTemplate, matchingTemplate, roleTemplates, templatePermissions } from './templates.ts';
import { allPermissionKeys } from './tree.ts';

describe('role templates', () => {
  it('gives the owner every key', () => {
    expect(templatePermissions('owner')).toEqual([...allPermissionKeys]);
  });

  it('gives the admin everything but paying and removing members', () => {
    const admin = templatePermissions('admin');
    expect(admin).toHaveLength(allPermissionKeys.length - 2);
    expect(can(admin, 'project.billing.pay')).toBe(false);
    expect(can(admin, 'project.user.hapus')).toBe(false);
    expect(can(admin, 'project.user.set_permission')).toBe(true);
    expect(can(admin, 'project.billing.view')).toBe(true);
  });

  it('lets an agent chat, keep customers and use quick replies, and nothing of the project area', () => {
    const agent = templatePermissions('agent');
    for (const key of [
      'crm.chat.view',
      'crm.chat.send',
      'crm.chat.assign',
      'crm.customer.add',
      'crm.quick_replay.view',
      'crm.gallery.view',
    ] as const)
      expect(can(agent, key), key).toBe(true);
    for (const key of [
      'crm.chat.show_all_chat',
      'crm.chat.add_account',
      'crm.label.menu',
      'crm.customer.hapus',
      'project.menu',
      'project.billing.menu',
      'project.user.menu',
    ] as const)
      expect(can(agent, key), key).toBe(false);
  });

  it('gives a viewer only menu and view keys, enough to see every screen', () => {
    const viewer = templatePermissions('viewer');
    expect(viewer.every((key) => key.endsWith('.menu') || key.endsWith('.view'))).toBe(true);
    expect(can(viewer, 'crm.label.view')).toBe(true);
    expect(can(viewer, 'project.billing.view')).toBe(true);
    expect(can(viewer, 'crm.label.add')).toBe(false);
    // Seeing the inbox is not acting in it.
    expect(can(viewer, 'crm.chat.view')).toBe(true);
    for (const key of ['crm.chat.send', 'crm.chat.assign', 'crm.gallery.add'] as const)
      expect(can(viewer, key), key).toBe(false);
  });

  it('keeps every template in tree order, without duplicates, and answers a fresh array', () => {
    for (const template of roleTemplates) {
      const keys = templatePermissions(template);
      expect(new Set(keys).size).toBe(keys.length);
      const order = keys.map((key) => allPermissionKeys.indexOf(key));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      keys.pop();
      expect(templatePermissions(template).length).toBe(keys.length + 1);
    }
  });

  it('recognises the template a set of keys equals, in any order', () => {
    for (const template of roleTemplates)
      expect(matchingTemplate([...templatePermissions(template)].reverse())).toBe(template);
    expect(matchingTemplate([...templatePermissions('agent'), 'crm.label.menu'])).toBeNull();
    expect(matchingTemplate([])).toBeNull();
  });

  it('tells template names from anything else', () => {
    expect(isRoleTemplate('agent')).toBe(true);
    expect(isRoleTemplate('superuser')).toBe(false);
    expect(isRoleTemplate(1)).toBe(false);
  });
});
