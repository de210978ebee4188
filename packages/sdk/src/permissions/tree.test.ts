import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/catalogue.ts';
import { allPermissionKeys, isPermissionKey, permissionTree } from './tree.ts';

const standard = ['menu', 'view', 'add', 'edit', 'hapus'];
const keysOf = (prefix: string) =>
  allPermissionKeys
    .filter((k) => k.startsWith(`${prefix}.`) && k.split('.').length === prefix.split('.').length + 1)
    .map((k) => k.split('.').pop());

describe('the permission tree of SPEC.md section 6', () => {
  it('has the top nodes and their own keys', () => {
    expect(Object.keys(permissionTree)).toEqual(['report', 'advertiser', 'crm', 'project']);
    expect(keysOf('report')).toEqual(['menu']);
    expect(keysOf('advertiser')).toEqual(['menu']);
    expect(keysOf('crm')).toEqual(['menu']);
    expect(keysOf('project')).toEqual(['menu', 'edit']);
  });

  it('spells the advertiser nodes as the spec does', () => {
    expect(keysOf('advertiser.domain')).toEqual(['menu', 'view', 'add', 'hapus']);
    for (const node of ['campaign', 'link_generator', 'connector', 'trigger']) {
      expect(keysOf(`advertiser.${node}`)).toEqual(standard);
    }
    expect(keysOf('advertiser.log')).toEqual(['menu']);
  });

  it('spells the crm nodes as the spec does (auto_replay, quick_replay, no auto_divisi)', () => {
    // `send` and `assign` are Sapa's own (issue 14): viewing the inbox no longer lets one act in it.
    expect(keysOf('crm.chat')).toEqual([
      'menu',
      'view',
      'send',
      'assign',
      'add_divisi',
      'delete_divisi',
      'add_stage',
      'add_label',
      'show_user_contact_detail',
      'show_all_chat',
      'add_account',
      'edit_account',
      'logout_account',
      'rename_client',
    ]);
    for (const node of [
      'broadcast',
      'autofu',
      'customer',
      'label',
      'stage',
      'auto_stage',
      'auto_replay',
      'quick_replay',
    ]) {
      expect(keysOf(`crm.${node}`)).toEqual(standard);
    }
    expect(keysOf('crm.divisi')).toEqual([...standard, 'add_user']);
    expect(keysOf('crm.gallery')).toEqual(['menu', 'view', 'add', 'hapus']);
    expect(Object.keys(permissionTree.crm.children)).not.toContain('auto_divisi');
    expect(Object.keys(permissionTree.crm.children)).not.toContain('auto_reply');
  });

  it('spells the project nodes as the spec does', () => {
    expect(keysOf('project.account')).toEqual(standard);
    expect(keysOf('project.billing')).toEqual(['menu', 'view', 'pay']);
    expect(keysOf('project.user')).toEqual(['menu', 'view', 'create_invite', 'set_permission', 'hapus']);
  });

  it('lists every key once: 5 top keys and 102 keys in 20 child nodes', () => {
    expect(new Set(allPermissionKeys).size).toBe(allPermissionKeys.length);
    expect(allPermissionKeys).toHaveLength(107);
    expect(allPermissionKeys.slice(0, 3)).toEqual([
      'report.menu',
      'advertiser.menu',
      'advertiser.domain.menu',
    ]);
  });

  it('names every key and node in the permission editor, in Indonesian and English', () => {
    const labels = [
      ...new Set(allPermissionKeys.map((key) => `perm.key.${key.split('.').pop() ?? ''}`)),
      ...allPermissionKeys.map((key) => `perm.node.${key.split('.').slice(0, -1).join('.')}`),
    ];
    for (const label of labels) {
      expect(messages.id, label).toHaveProperty([label]);
      expect(messages.en, label).toHaveProperty([label]);
    }
    expect(messages.id['perm.key.send']).toBe('Kirim pesan');
    expect(messages.en['perm.key.assign']).toBe('Assign conversations');
  });

  it('recognises keys', () => {
    expect(isPermissionKey('crm.chat.show_all_chat')).toBe(true);
    expect(isPermissionKey('crm.auto_reply.menu')).toBe(false);
    expect(isPermissionKey('crm')).toBe(false);
    expect(isPermissionKey(1)).toBe(false);
  });
});
