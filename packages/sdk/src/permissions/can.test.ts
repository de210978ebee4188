import { describe, expect, it } from 'vitest';
import { can, grantAll, parsePermissions, requiredMenus } from './can.ts';
import type { Permissions } from './can.ts';
import { allPermissionKeys } from './tree.ts';

describe('can', () => {
  it('allows a granted key when every menu on its path is granted', () => {
    const permissions: Permissions = ['crm.menu', 'crm.label.menu', 'crm.label.add'];
    expect(can(permissions, 'crm.label.add')).toBe(true);
    expect(can(permissions, 'crm.label.menu')).toBe(true);
    expect(can(permissions, 'crm.menu')).toBe(true);
  });

  it('refuses a key that is not granted', () => {
    expect(can(['crm.menu', 'crm.label.menu'], 'crm.label.hapus')).toBe(false);
  });

  it("refuses a child key without its node's menu or its parent's menu", () => {
    expect(can(['crm.label.menu', 'crm.label.add'], 'crm.label.add')).toBe(false);
    expect(can(['crm.menu', 'crm.label.add'], 'crm.label.add')).toBe(false);
    expect(can(['crm.label.menu'], 'crm.label.menu')).toBe(false);
    expect(can(['project.edit'], 'project.edit')).toBe(false);
    expect(can(['project.menu', 'project.edit'], 'project.edit')).toBe(true);
  });

  it('accepts a Set and ignores unknown keys', () => {
    expect(can(new Set(['report.menu', 'nonsense']), 'report.menu')).toBe(true);
  });

  it('names the menus a key needs', () => {
    expect(requiredMenus('crm.chat.show_all_chat')).toEqual(['crm.menu', 'crm.chat.menu']);
    expect(requiredMenus('crm.chat.menu')).toEqual(['crm.menu', 'crm.chat.menu']);
    expect(requiredMenus('report.menu')).toEqual(['report.menu']);
  });
});

describe('grantAll', () => {
  it('grants a project owner every key, so every check passes', () => {
    const owner = grantAll();
    expect(owner).toEqual([...allPermissionKeys]);
    expect(allPermissionKeys.every((key) => can(owner, key))).toBe(true);
    owner.pop();
    expect(grantAll()).toHaveLength(allPermissionKeys.length); // a fresh copy
  });
});

describe('parsePermissions', () => {
  it('keeps known keys of untrusted input without duplicates', () => {
    expect(parsePermissions(['crm.menu', 'crm.menu', 'x', 3])).toEqual(['crm.menu']);
    expect(parsePermissions('crm.menu')).toEqual([]);
  });
});
