import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll, templatePermissions } from '@sapa/sdk';
import type { ProjectMember } from '@sapa/sdk';
import {
  inviteLink,
  memberPermissions,
  memberRowActions,
  memberTablePayload,
  projectLanding,
  projectOwnership,
  settingsPermissions,
  teamActAccess,
} from './membersActors.ts';
import type { MemberTablePayload } from './membersActors.ts';
import { membersMachine, selectMembersDialog, selectPermissionEditor } from './membersMachine.ts';
import type { MembersEmitted } from './membersMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import type { FetchPage } from './tableMachine.ts';

const key = 'k1k2k3k4k5';

const owner: ProjectMember = {
  userId: 'u-owner',
  name: 'Sari',
  maskedPhone: '+62812****001',
  avatarUrl: null,
  permissions: grantAll(),
  template: 'owner',
  role: 'owner',
  self: true,
  joinedAt: '2026-01-01T00:00:00.000Z',
};
const agent: ProjectMember = {
  ...owner,
  userId: 'u-agent',
  name: 'Dimas',
  permissions: templatePermissions('agent'),
  template: 'agent',
  role: 'member',
  self: false,
};

function start() {
  const client = createFakeClient();
  const asked: MemberTablePayload[] = [];
  const fetchPage: FetchPage<ProjectMember, MemberTablePayload> = ({ payload }) => {
    asked.push(payload);
    return Promise.resolve({ data: [owner, agent], total_page: 1 });
  };
  const actor = createActor(membersMachine, {
    input: { client, key, fetchPage, editor: grantAll(), searchDebounceMs: 1 },
  });
  const emitted: MembersEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, asked, emitted };
}

modelSuite('members', (get) => {
  it('asks the table again after a save, a removal and a handover, and for a new search', () => {
    for (const type of [
      'xstate.done.actor.editor',
      'xstate.done.actor.remove',
      'xstate.done.actor.transfer',
    ]) {
      const runs = runsThrough(get(), [type]);
      expect(runs.length).toBeGreaterThan(0);
      for (const { run } of runs) {
        const step = run.steps.findLast((s) => s.event.type === type);
        expect(step?.effects).toContain('the table asks page 1');
      }
    }
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('the table asks page 1, search "dim"');
  });
});

describe('membersMachine', () => {
  it('asks for the first page by name, and again after a search settles', async () => {
    const { actor, asked } = start();
    await flush();
    expect(asked).toEqual([{ act: 'member_list', key }]);
    actor.send({ type: 'members.search', text: 'dim' });
    actor.send({ type: 'members.searchSettled' });
    await flush();
    expect(asked.at(-1)).toEqual({ act: 'member_list', key, search: 'dim' });
  });

  it("opens a member's permission editor with the viewer's keys, and closes on a save", async () => {
    const { client, actor, asked, emitted } = start();
    await flush();
    actor.send({ type: 'members.editPermissions', member: agent });
    expect(selectMembersDialog(actor.getSnapshot())).toBe('editor');
    const editor = selectPermissionEditor(actor.getSnapshot());
    expect(editor?.getSnapshot().context.member).toEqual(agent);
    expect(editor?.getSnapshot().context.editor).toEqual(grantAll());
    editor?.send({ type: 'permissions.toggle', permission: 'crm.label.menu', on: true });
    editor?.send({ type: 'permissions.save' });
    const saved = {
      ...agent,
      permissions: [...agent.permissions, 'crm.label.menu' as const],
      template: null,
    };
    client.settle('member_permissions_set', { data: saved });
    await flush();
    expect(selectMembersDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toContainEqual({ type: 'members.permissionsSaved', member: saved });
    expect(asked).toHaveLength(2);
  });

  it('closes the editor on cancel without saving', async () => {
    const { client, actor } = start();
    actor.send({ type: 'members.editPermissions', member: agent });
    actor.send({ type: 'members.cancel' });
    await flush();
    expect(selectMembersDialog(actor.getSnapshot())).toBe('closed');
    expect(client.calls).toEqual([]);
  });

  it('removes a member once confirmed, announcing it and asking the table again', async () => {
    const { client, actor, asked, emitted } = start();
    await flush();
    actor.send({ type: 'members.remove', member: agent });
    expect(selectMembersDialog(actor.getSnapshot())).toBe('remove');
    actor.send({ type: 'members.confirmRemove' });
    expect(client.pending()).toEqual([{ name: 'member_remove', fields: { key, userId: 'u-agent' } }]);
    client.settle('member_remove', { data: { userId: 'u-agent' } });
    await flush();
    expect(selectMembersDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toContainEqual({ type: 'members.removed', member: agent });
    expect(asked).toHaveLength(2);
  });

  it('keeps a refused removal shown for a retry', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'members.remove', member: owner });
    actor.send({ type: 'members.confirmRemove' });
    client.settle('member_remove', {
      error: apiError('last_permission_holder', 'Harus ada yang bisa mengatur izin.'),
    });
    await flush();
    expect(selectMembersDialog(actor.getSnapshot())).toBe('remove');
    expect(actor.getSnapshot().context.removeError).toEqual({
      reason: 'last_permission_holder',
      message: 'Harus ada yang bisa mengatur izin.',
    });
    expect(emitted.filter((event) => event.type === 'members.removed')).toEqual([]);
  });

  it('hands the project over once confirmed, announcing the new owner and asking the table again', async () => {
    const { client, actor, asked, emitted } = start();
    await flush();
    actor.send({ type: 'members.transfer', member: agent });
    expect(selectMembersDialog(actor.getSnapshot())).toBe('transfer');
    actor.send({ type: 'members.cancel' });
    expect(selectMembersDialog(actor.getSnapshot())).toBe('closed');
    expect(client.calls).toEqual([]);

    actor.send({ type: 'members.transfer', member: agent });
    actor.send({ type: 'members.confirmTransfer' });
    expect(client.pending()).toEqual([{ name: 'project_transfer', fields: { key, userId: 'u-agent' } }]);
    client.settle('project_transfer', { error: apiError('forbidden', 'Hanya pemilik proyek.') });
    await flush();
    // Refused: the dialog stays with the reason, for a retry.
    expect(selectMembersDialog(actor.getSnapshot())).toBe('transfer');
    expect(actor.getSnapshot().context.transferError).toEqual({
      reason: 'forbidden',
      message: 'Hanya pemilik proyek.',
    });
    actor.send({ type: 'members.confirmTransfer' });
    const owned = { ...agent, role: 'owner' as const, permissions: grantAll(), template: 'owner' as const };
    client.settle('project_transfer', { data: owned });
    await flush();
    expect(selectMembersDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toContainEqual({ type: 'members.transferred', member: owned });
    expect(asked).toHaveLength(2);
  });

  it("follows the viewer's own keys when they change", () => {
    const { actor } = start();
    actor.send({ type: 'members.editorChanged', permissions: ['crm.menu'] });
    actor.send({ type: 'members.editPermissions', member: agent });
    expect(selectPermissionEditor(actor.getSnapshot())?.getSnapshot().context.editor).toEqual(['crm.menu']);
  });
});

describe('the project area rules', () => {
  it('declares the acts as the contract does', () => {
    for (const [name, access] of Object.entries(teamActAccess))
      expect(acts[name as keyof typeof acts].access, name).toEqual(access);
  });

  it('says what a member may do from their keys', () => {
    expect(memberPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      viewInvites: true,
      createInvite: true,
      setPermissions: true,
      remove: true,
    });
    const agentMay = memberPermissions(templatePermissions('agent'));
    expect(Object.values(agentMay).every((value) => value === false)).toBe(true);
    // A key without its menus is no use.
    expect(memberPermissions(['project.user.view']).view).toBe(false);
    expect(settingsPermissions(['project.menu', 'project.edit']).view).toBe(true);
    expect(settingsPermissions(['project.edit']).view).toBe(false);
  });

  it("offers on each row what the SDK's ownership rules allow", () => {
    const asOwner = { role: 'owner' as const, permissions: grantAll() };
    const asAdmin = { role: 'member' as const, permissions: templatePermissions('admin') };
    const everyKey = { role: 'member' as const, permissions: grantAll() };
    const theOwner = { ...owner, self: false };
    expect(memberRowActions(asOwner, agent)).toEqual({ edit: true, remove: true, transfer: true });
    // The owner's own row: their keys, but no removal and no handover to themselves.
    expect(memberRowActions(asOwner, owner)).toEqual({ edit: true, remove: false, transfer: false });
    // Nobody else edits or removes the owner, or hands the project over.
    expect(memberRowActions(asAdmin, theOwner)).toEqual({ edit: false, remove: false, transfer: false });
    expect(memberRowActions(everyKey, theOwner)).toEqual({ edit: false, remove: false, transfer: false });
    expect(memberRowActions(asAdmin, agent)).toEqual({ edit: true, remove: false, transfer: false });
    expect(memberRowActions(everyKey, agent)).toEqual({ edit: true, remove: true, transfer: false });
    expect(projectOwnership({ role: 'owner' })).toEqual({ delete: true, transfer: true, leave: false });
    expect(projectOwnership({ role: 'member' })).toEqual({ delete: false, transfer: false, leave: true });
  });

  it('builds the payloads, the invite link and where a new member lands', () => {
    expect(memberTablePayload(key, '')).toEqual({ act: 'member_list', key });
    expect(memberTablePayload(key, 'sa')).toEqual({ act: 'member_list', key, search: 'sa' });
    expect(inviteLink('https://sapa.example/', 'abc DEF')).toBe('https://sapa.example/invite/abc%20DEF');
    expect(projectLanding(key, templatePermissions('agent'))).toBe(`/crm/chat/${key}`);
    expect(projectLanding(key, ['crm.menu', 'crm.label.menu', 'crm.label.view'])).toBe(`/crm/label/${key}`);
    expect(projectLanding(key, ['project.menu', 'project.edit'])).toBe(`/project/setting/${key}`);
    expect(projectLanding(key, [])).toBe('/');
  });
});
