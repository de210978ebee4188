import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { grantAll, ownerKeys, templatePermissions } from '@sapa/sdk';
import type { PermissionKey, ProjectMember } from '@sapa/sdk';
import {
  keyState,
  permissionEditorMachine,
  permissionNodes,
  selectEffectivePermissions,
  selectMatchingTemplate,
  templateSelection,
} from './permissionEditorMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

const key = 'k1k2k3k4k5';

function member(
  permissions: PermissionKey[],
  self = false,
  role: 'owner' | 'member' = 'member',
): ProjectMember {
  return {
    userId: 'u-agent',
    name: 'Dimas',
    maskedPhone: '+62812****789',
    avatarUrl: null,
    permissions,
    template: null,
    role,
    self,
    joinedAt: '2026-01-01T00:00:00.000Z',
  };
}

function start(target: ProjectMember, editor: readonly string[] = grantAll()) {
  const client = createFakeClient();
  const actor = createActor(permissionEditorMachine, { input: { client, key, member: target, editor } });
  actor.start();
  return { client, actor };
}

modelSuite('permissionEditor', (get) => {
  it('sends the ticked keys on every save', () => {
    const saves = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'member_permissions_set'),
    );
    expect(saves.length).toBeGreaterThan(0);
    for (const call of saves) expect(call.fields).toMatchObject({ key: 'k1abcdefgh', userId: 'u-agent' });
  });
});

describe('permissionEditorMachine', () => {
  it("starts from the member's keys and ticks and unticks keys the owner may grant", () => {
    const { actor } = start(member(templatePermissions('agent')));
    expect(selectMatchingTemplate(actor.getSnapshot())).toBe('agent');
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.menu', on: true });
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.view', on: true });
    actor.send({ type: 'permissions.toggle', permission: 'crm.chat.rename_client', on: false });
    const selected = actor.getSnapshot().context.selected;
    expect(selected).toContain('crm.label.menu');
    expect(selected).toContain('crm.label.view');
    expect(selected).not.toContain('crm.chat.rename_client');
    expect(selectMatchingTemplate(actor.getSnapshot())).toBeNull();
  });

  it('refuses to tick a key the editor does not hold, but lets the member keep one they hold', () => {
    const editor: PermissionKey[] = ['crm.menu', 'crm.chat.menu', 'crm.chat.view', 'project.menu'];
    const { actor } = start(member(['crm.menu', 'crm.label.menu']), editor);
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.view', on: true });
    expect(actor.getSnapshot().context.selected).not.toContain('crm.label.view');
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.menu', on: false });
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.menu', on: true });
    expect(actor.getSnapshot().context.selected).toContain('crm.label.menu');
    actor.send({ type: 'permissions.toggle', permission: 'crm.chat.view', on: true });
    expect(actor.getSnapshot().context.selected).toContain('crm.chat.view');
  });

  it('lets a member only take keys away from themselves', () => {
    const { actor } = start(member(['crm.menu', 'crm.chat.menu'], true));
    actor.send({ type: 'permissions.toggle', permission: 'crm.chat.view', on: true });
    expect(actor.getSnapshot().context.selected).toEqual(['crm.menu', 'crm.chat.menu']);
    actor.send({ type: 'permissions.template', template: 'owner' });
    expect(actor.getSnapshot().context.selected).toEqual(['crm.menu', 'crm.chat.menu']);
    actor.send({ type: 'permissions.toggle', permission: 'crm.chat.menu', on: false });
    expect(actor.getSnapshot().context.selected).toEqual(['crm.menu']);
  });

  it('lets the owner tick back any key on themselves, but never untick the keys they keep', () => {
    const cut: PermissionKey[] = [...ownerKeys];
    const { actor } = start(member(cut, true, 'owner'), cut);
    actor.send({ type: 'permissions.toggle', permission: 'project.billing.pay', on: true });
    expect(actor.getSnapshot().context.selected).toContain('project.billing.pay');
    for (const kept of ownerKeys) {
      actor.send({ type: 'permissions.toggle', permission: kept, on: false });
      expect(actor.getSnapshot().context.selected, kept).toContain(kept);
    }
    // The Viewer template keeps them too, so what is asked for may be saved.
    actor.send({ type: 'permissions.template', template: 'viewer' });
    const selected = actor.getSnapshot().context.selected;
    expect(selected).toEqual(grantAll().filter((key) => selected.includes(key)));
    for (const kept of ownerKeys) expect(selected).toContain(kept);
    expect(selected).toContain('crm.chat.view');
    expect(selected).not.toContain('crm.chat.send');
    const context = { editor: cut, member: member(cut, true, 'owner'), selected: grantAll() };
    expect(keyState(context, 'project.user.set_permission')).toEqual({
      checked: true,
      disabled: true,
      reason: 'ownerKeeps',
      menu: null,
    });
    expect(keyState(context, 'crm.label.add').disabled).toBe(false);
  });

  it('fills from a template, less what the editor could not grant', () => {
    const editor = templatePermissions('admin');
    const { actor } = start(member([]), editor);
    actor.send({ type: 'permissions.template', template: 'owner' });
    const selected = actor.getSnapshot().context.selected;
    expect(selected).toEqual(editor);
    expect(selected).not.toContain('project.billing.pay');
    expect(templateSelection({ editor, member: member([]) }, 'viewer')).toEqual(
      templatePermissions('viewer'),
    );
  });

  it('greys out keys under a menu that is off, and keys the editor cannot grant', () => {
    const context = {
      editor: ['crm.menu', 'crm.label.menu'],
      member: member([]),
      selected: ['crm.menu'] as PermissionKey[],
    };
    expect(keyState(context, 'crm.label.view')).toEqual({
      checked: false,
      disabled: true,
      reason: 'menuOff',
      menu: 'crm.label.menu',
    });
    expect(keyState(context, 'crm.label.menu')).toEqual({
      checked: false,
      disabled: false,
      reason: null,
      menu: null,
    });
    expect(keyState({ ...context, selected: ['crm.menu', 'crm.chat.menu'] }, 'crm.chat.view').reason).toBe(
      'notGrantable',
    );
    expect(keyState(context, 'crm.menu')).toEqual({
      checked: true,
      disabled: false,
      reason: null,
      menu: null,
    });
  });

  it('counts as effective only keys whose menus are on', () => {
    const { actor } = start(member(['crm.label.menu', 'crm.label.view', 'crm.menu', 'crm.chat.view']));
    expect(selectEffectivePermissions(actor.getSnapshot())).toEqual([
      'crm.menu',
      'crm.label.menu',
      'crm.label.view',
    ]);
  });

  it('saves with member_permissions_set and stops with the member as saved', async () => {
    const { client, actor } = start(member(templatePermissions('agent')));
    actor.send({ type: 'permissions.toggle', permission: 'crm.label.menu', on: true });
    actor.send({ type: 'permissions.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    const sent = client.pending()[0];
    expect(sent?.name).toBe('member_permissions_set');
    expect(sent?.fields).toMatchObject({ key, userId: 'u-agent' });
    expect((sent?.fields as { permissions: string[] }).permissions).toContain('crm.label.menu');
    const saved = member([...templatePermissions('agent'), 'crm.label.menu']);
    client.settle('member_permissions_set', { data: saved });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(saved);
  });

  it.each([
    'owner_protected',
    'owner_keys',
    'self_escalation',
    'grant_beyond_own',
    'last_permission_holder',
  ] as const)('shows the refusal %s as the editor problem and stays open', async (reason) => {
    const { client, actor } = start(member(['crm.menu']));
    actor.send({ type: 'permissions.save' });
    client.settle('member_permissions_set', { error: apiError(reason, 'Ditolak.') });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toBe(reason);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps any other failure as an error with its message', async () => {
    const { client, actor } = start(member(['crm.menu']));
    actor.send({ type: 'permissions.save' });
    client.settle('member_permissions_set', { error: new Error('offline') });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      problem: null,
      error: { reason: 'network', message: 'offline' },
    });
  });

  it('lays out the whole tree: every key once, in tree order', () => {
    const keys = permissionNodes.flatMap((node) => [
      ...node.keys,
      ...node.children.flatMap((child) => child.keys),
    ]);
    expect(keys).toEqual(grantAll());
    expect(permissionNodes.map((node) => node.path)).toEqual(['report', 'advertiser', 'crm', 'project']);
  });
});
