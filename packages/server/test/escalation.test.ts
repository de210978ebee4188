/**
 * Permission escalation (issue 6, Done-when): nobody but the owner raises their own permissions,
 * nobody grants keys they do not hold (by editing a member or by an invite's template), and no
 * edit, removal or departure leaves a project without a member who may set permissions. Every act
 * of the project area is refused to a member lacking its key, and the owner's acts to everyone
 * else (the owner's rules in full: ownership.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../src/db/schema.ts';
import { acts, can, templatePermissions, translate } from '../src/sdk.ts';
import type { ActName, PermissionKey, Project, ProjectMember } from '../src/sdk.ts';
import { addMember, dataOf, reasonOf } from './support/inbox.ts';
import { invite, join, team } from './support/team.ts';
import type { TeamUser } from './support/team.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const MANAGER: PermissionKey[] = ['project.menu', 'project.user.menu', 'project.user.set_permission'];

async function permissionsOf(by: TeamUser, key: string, userId: string): Promise<PermissionKey[]> {
  const members: ProjectMember[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await server.act('member_list', { token: by.token, key, page });
    members.push(...(answer.body.data as ProjectMember[]));
    if (page + 1 >= (answer.body.total_page as number)) break;
  }
  const member = members.find((row) => row.userId === userId);
  if (member === undefined) throw new Error('not a member');
  return member.permissions;
}

describe('nobody raises their own permissions', () => {
  it('refuses adding any key to oneself, even a key the caller once had, but allows taking keys away', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const admin = await join(server, setup, 'admin');
    const set = (by: TeamUser, userId: string, permissions: string[]) =>
      server.act('member_permissions_set', { token: by.token, key, userId, permissions });

    const adminKeys = templatePermissions('admin');
    for (const extra of ['project.user.hapus', 'project.billing.pay'] as const) {
      const answer = await set(admin, admin.userId, [...adminKeys, extra]);
      expect(reasonOf(answer)).toBe('self_escalation');
      expect(answer.body.msg).toBe(translate('id', 'error.self_escalation'));
    }
    const fewer = adminKeys.filter((permission) => permission !== 'crm.customer.hapus');
    dataOf(await set(admin, admin.userId, fewer));
    // Once given up, a key cannot be taken back by oneself.
    expect(reasonOf(await set(admin, admin.userId, adminKeys))).toBe('self_escalation');
    expect(await permissionsOf(setup.owner, key, admin.userId)).toEqual(fewer);

    // Only the owner, whom nobody else may edit, ticks back what they gave up.
    const owner = templatePermissions('owner');
    dataOf(
      await set(
        setup.owner,
        setup.owner.userId,
        owner.filter((permission) => permission !== 'report.menu'),
      ),
    );
    expect(dataOf<ProjectMember>(await set(setup.owner, setup.owner.userId, owner)).permissions).toEqual(
      owner,
    );
  });
});

describe('nobody grants beyond their own keys', () => {
  it('refuses granting keys the editor lacks, lets the target keep keys the editor lacks', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const admin = await join(server, setup, 'admin');
    const agent = await join(server, setup, 'agent');
    const set = (by: TeamUser, userId: string, permissions: string[]) =>
      server.act('member_permissions_set', { token: by.token, key, userId, permissions });

    const agentKeys = templatePermissions('agent');
    const beyond = await set(admin, agent.userId, [...agentKeys, 'project.user.hapus']);
    expect(reasonOf(beyond)).toBe('grant_beyond_own');
    expect(beyond.body.msg).toBe(translate('id', 'error.grant_beyond_own'));
    expect(reasonOf(await set(admin, agent.userId, templatePermissions('owner')))).toBe('grant_beyond_own');
    expect(await permissionsOf(setup.owner, key, agent.userId)).toEqual(agentKeys);

    // Keys the admin holds may be granted.
    dataOf(await set(admin, agent.userId, [...agentKeys, 'crm.label.menu', 'crm.label.view']));
    // The owner gives the agent a key the admin lacks; the admin may edit around it.
    const withPay = [...agentKeys, 'project.menu', 'project.billing.menu', 'project.billing.pay'];
    dataOf(await set(setup.owner, agent.userId, withPay));
    const edited = dataOf<ProjectMember>(
      await set(
        admin,
        agent.userId,
        withPay.filter((permission) => permission !== 'crm.customer.edit'),
      ),
    );
    expect(edited.permissions).toContain('project.billing.pay');

    // Two members cannot raise each other: each may only pass on what they hold.
    const limited = await join(server, setup, 'viewer');
    dataOf(
      await set(setup.owner, limited.userId, [
        ...templatePermissions('viewer'),
        'project.user.set_permission',
      ]),
    );
    expect(reasonOf(await set(limited, agent.userId, [...withPay, 'crm.customer.hapus']))).toBe(
      'grant_beyond_own',
    );
  });

  it('refuses an invite whose template grants keys the creator lacks', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const admin = await join(server, setup, 'admin');
    for (const template of ['owner'] as const) {
      const answer = await server.act('invite_create', { token: admin.token, key, template });
      expect(reasonOf(answer)).toBe('grant_beyond_own');
    }
    for (const template of ['admin', 'agent', 'viewer'] as const)
      await invite(server, setup, template, {}, admin);

    const inviter = await addMember(server, setup.project, [
      'project.menu',
      'project.user.menu',
      'project.user.create_invite',
      'crm.menu',
      'crm.chat.menu',
      'crm.chat.view',
    ]);
    for (const template of ['owner', 'admin', 'agent', 'viewer'] as const)
      expect(
        reasonOf(await server.act('invite_create', { token: inviter.token, key, template })),
        template,
      ).toBe('grant_beyond_own');
  });
});

describe('a project always keeps a member who may set permissions', () => {
  it('keeps the owner one: they keep the key, are not removed and do not leave', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const remover = await addMember(server, setup.project, [
      'project.menu',
      'project.user.menu',
      'project.user.view',
      'project.user.hapus',
    ]);
    const ownerKeys = templatePermissions('owner');
    const withoutSetting = ownerKeys.filter((permission) => permission !== 'project.user.set_permission');
    const withoutMenu = ownerKeys.filter((permission) => permission !== 'project.user.menu');

    for (const permissions of [withoutSetting, withoutMenu, []]) {
      const answer = await server.act('member_permissions_set', {
        token: setup.owner.token,
        key,
        userId: setup.owner.userId,
        permissions,
      });
      expect(reasonOf(answer)).toBe('owner_keys');
    }
    const removal = await server.act('member_remove', {
      token: remover.token,
      key,
      userId: setup.owner.userId,
    });
    expect(reasonOf(removal)).toBe('owner_protected');
    expect(removal.body.msg).toBe(translate('id', 'error.owner_protected'));
    expect(reasonOf(await server.act('project_leave', { token: setup.owner.token, key }))).toBe(
      'owner_must_transfer',
    );
    expect(
      can(await permissionsOf(setup.owner, key, setup.owner.userId), 'project.user.set_permission'),
    ).toBe(true);
  });

  it('refuses taking the last holder’s key, removing them, or their leaving, when the owner lacks it', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    // A state the acts no longer allow (the owner always keeps the key), as older data could hold.
    const { db } = server.app.sapa.services;
    await db
      .update(projectMembers)
      .set({ permissions: [] })
      .where(eq(projectMembers.userId, setup.owner.userId));
    const last = await addMember(server, setup.project, MANAGER);
    const remover = await addMember(server, setup.project, [
      'project.menu',
      'project.user.menu',
      'project.user.view',
      'project.user.hapus',
    ]);
    const set = await server.act('member_permissions_set', {
      token: last.token,
      key,
      userId: last.userId,
      permissions: [],
    });
    expect(reasonOf(set)).toBe('last_permission_holder');
    const removal = await server.act('member_remove', { token: remover.token, key, userId: last.userId });
    expect(reasonOf(removal)).toBe('last_permission_holder');
    expect(removal.body.msg).toBe(translate('id', 'error.last_permission_holder'));
    expect(reasonOf(await server.act('project_leave', { token: last.token, key }))).toBe(
      'last_permission_holder',
    );

    // A second holder: now one of them may step down, and not both at the same moment.
    const second = await addMember(server, setup.project, MANAGER);
    const answers = await Promise.all([
      server.act('project_leave', { token: last.token, key }),
      server.act('project_leave', { token: second.token, key }),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual(['0', '1']);
    expect(answers.find((answer) => answer.body.code === '0')?.body.reason).toBe('last_permission_holder');
  });
});

describe('every project area act needs its key', () => {
  const teamActs: [ActName, Record<string, unknown>][] = [
    ['project_settings_get', {}],
    ['project_update', { name: 'Baru' }],
    ['project_delete', { confirmName: 'Toko Sapa' }],
    ['project_transfer', { userId: '00000000-0000-4000-8000-000000000000' }],
    ['member_list', {}],
    ['member_permissions_set', { userId: '00000000-0000-4000-8000-000000000000', permissions: [] }],
    ['member_remove', { userId: '00000000-0000-4000-8000-000000000000' }],
    ['invite_list', {}],
    ['invite_create', { template: 'viewer' }],
    ['invite_revoke', { id: '00000000-0000-4000-8000-000000000000' }],
  ];

  it('refuses each to a member holding every key but its own (and its alternatives)', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    for (const [act, fields] of teamActs) {
      const access = acts[act].access;
      const lacking =
        typeof access === 'object'
          ? templatePermissions('owner').filter(
              (permission) => !('anyOf' in access ? access.anyOf : [access.permission]).includes(permission),
            )
          : access === 'owner'
            ? templatePermissions('owner')
            : null;
      if (lacking === null) throw new Error(`${act} is neither a permission nor an owner act`);
      const member = await addMember(server, setup.project, lacking);
      expect(reasonOf(await server.act(act, { token: member.token, key, ...fields })), act).toBe('forbidden');
    }
    // Nothing changed.
    const project = dataOf<Project>(await server.act('project_get', { token: setup.owner.token, key }));
    expect(project).toMatchObject({ name: 'Toko Sapa', role: 'owner' });
  });

  it('covers every act of the project area', () => {
    const covered = new Set(teamActs.map(([act]) => act));
    const area = (Object.keys(acts) as ActName[]).filter(
      (act) =>
        (act.startsWith('member_') || act.startsWith('invite_') || act.startsWith('project_')) &&
        (typeof acts[act].access === 'object' || acts[act].access === 'owner'),
    );
    expect(area.filter((act) => !covered.has(act))).toEqual([]);
  });
});
