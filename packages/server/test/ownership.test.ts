/**
 * The project's owner (issue 14, item 2): nobody else cuts the owner's keys or removes them; only
 * the owner deletes the project and hands it over (`project_transfer`), to a member, who then holds
 * every key. Every role template against every other, through the real acts: a fresh project per
 * case, so each outcome is seen on its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects } from '../src/db/schema.ts';
import { allPermissionKeys, templatePermissions, translate } from '../src/sdk.ts';
import type { PermissionKey, Project, ProjectMember, RoleTemplate } from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import { dataOf, reasonOf } from './support/inbox.ts';
import { listeners, until } from './support/realtime.ts';
import type { Heard } from './support/realtime.ts';
import { join, team } from './support/team.ts';
import type { TeamUser } from './support/team.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

type Target = RoleTemplate | 'self';
type Operation = 'cut' | 'raise' | 'remove' | 'transfer';
type Outcome =
  | 'ok'
  | 'unchanged'
  | 'forbidden'
  | 'owner_protected'
  | 'owner_keys'
  | 'owner_must_transfer'
  | 'self_escalation'
  | 'grant_beyond_own';
type Row = Record<Operation, Outcome>;

const refusedAll: Row = { cut: 'forbidden', raise: 'forbidden', remove: 'forbidden', transfer: 'forbidden' };
const ownerEditsMember: Row = { cut: 'ok', raise: 'ok', remove: 'ok', transfer: 'ok' };
const adminEditsMember: Row = {
  cut: 'ok',
  raise: 'grant_beyond_own',
  remove: 'forbidden',
  transfer: 'forbidden',
};
const leavesOnly: Row = { ...refusedAll, remove: 'ok' };

/**
 * Per editor and target: `member_permissions_set` with no keys (cut) and with every key (raise),
 * `member_remove` (on oneself: `project_leave`) and `project_transfer`. The owner's "owner" is
 * themselves. The project also has a second admin, so it never lacks a member who may set
 * permissions for another reason.
 */
const expected: Record<RoleTemplate, Partial<Record<Target, Row>>> = {
  owner: {
    owner: { cut: 'owner_keys', raise: 'ok', remove: 'owner_must_transfer', transfer: 'unchanged' },
    admin: ownerEditsMember,
    agent: ownerEditsMember,
    viewer: ownerEditsMember,
  },
  admin: {
    owner: { ...refusedAll, cut: 'owner_protected', raise: 'owner_protected' },
    admin: adminEditsMember,
    agent: adminEditsMember,
    viewer: adminEditsMember,
    self: { cut: 'ok', raise: 'self_escalation', remove: 'ok', transfer: 'forbidden' },
  },
  agent: { owner: refusedAll, admin: refusedAll, agent: refusedAll, viewer: refusedAll, self: leavesOnly },
  viewer: { owner: refusedAll, admin: refusedAll, agent: refusedAll, viewer: refusedAll, self: leavesOnly },
};

const templates: RoleTemplate[] = ['owner', 'admin', 'agent', 'viewer'];

/** The users of the table, registered once: the owner, and an editor and a target per template. */
interface Cast {
  owner: TeamUser;
  editors: Record<Exclude<RoleTemplate, 'owner'>, TeamUser>;
  targets: Record<Exclude<RoleTemplate, 'owner'>, TeamUser>;
  spareAdmin: TeamUser;
}

async function cast(): Promise<Cast> {
  const user = async (name: string): Promise<TeamUser> => registerUser(server, undefined, undefined, name);
  return {
    owner: await user('Pemilik'),
    editors: { admin: await user('Admin A'), agent: await user('Agen A'), viewer: await user('Pengamat A') },
    targets: { admin: await user('Admin B'), agent: await user('Agen B'), viewer: await user('Pengamat B') },
    spareAdmin: await user('Admin C'),
  };
}

/** Makes `user` a member of `key` holding `permissions` (joining is tested elsewhere; this is fast). */
async function seat(key: string, user: TeamUser, permissions: readonly PermissionKey[]): Promise<void> {
  const { db } = server.app.sapa.services;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, key));
  if (project === undefined) throw new Error('no such project');
  await db.insert(projectMembers).values({
    projectId: project.id,
    userId: user.userId,
    permissions: [...permissions],
    createdAt: new Date(),
  });
}

async function members(as: TeamUser, key: string): Promise<ProjectMember[]> {
  const all: ProjectMember[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await server.act('member_list', { token: as.token, key, page });
    all.push(...dataOf<ProjectMember[]>(answer));
    if (page + 1 >= (answer.body.total_page as number)) return all;
  }
}

function outcomeOf(answer: ApiAnswer): string {
  return answer.body.code === '1' ? 'ok' : String(answer.body.reason);
}

describe('who may change whose membership, every template against every other, through the acts', () => {
  let people: Cast;

  beforeAll(async () => {
    people = await cast();
  });

  const cases = templates.flatMap((editor) =>
    (Object.keys(expected[editor]) as Target[]).flatMap((target) =>
      (['cut', 'raise', 'remove', 'transfer'] as const).map(
        (operation) => [editor, target, operation] as const,
      ),
    ),
  );

  it('declares every editor against every target', () => {
    expect(cases).toHaveLength((4 + 3 * 5) * 4);
  });

  it.each(cases)('%s on %s: %s', async (editorTemplate, target, operation) => {
    const want = expected[editorTemplate][target]?.[operation];
    const { owner } = people;
    const project = dataOf<Project>(await server.act('project_create', { token: owner.token, name: 'Toko' }));
    const key = project.key;
    await seat(key, people.spareAdmin, templatePermissions('admin'));
    const editor = editorTemplate === 'owner' ? owner : people.editors[editorTemplate];
    if (editor !== owner) await seat(key, editor, templatePermissions(editorTemplate));
    const subject =
      target === 'self' || (target === 'owner' && editor === owner)
        ? editor
        : target === 'owner'
          ? owner
          : people.targets[target];
    if (subject !== owner && subject !== editor)
      await seat(key, subject, templatePermissions(target as RoleTemplate));
    const self = subject === editor;
    const before = (await members(owner, key)).find((member) => member.userId === subject.userId);

    let answer: ApiAnswer;
    switch (operation) {
      case 'cut':
      case 'raise':
        answer = await server.act('member_permissions_set', {
          token: editor.token,
          key,
          userId: subject.userId,
          permissions: operation === 'cut' ? [] : allPermissionKeys,
        });
        break;
      case 'remove':
        answer = self
          ? await server.act('project_leave', { token: editor.token, key })
          : await server.act('member_remove', { token: editor.token, key, userId: subject.userId });
        break;
      case 'transfer':
        answer = await server.act('project_transfer', { token: editor.token, key, userId: subject.userId });
        break;
    }
    const outcome = outcomeOf(answer);
    expect(want === 'unchanged' ? (outcome === 'ok' ? 'unchanged' : outcome) : outcome).toBe(want);

    // What the outcome did, or that a refusal changed nothing: seen by whoever owns it now.
    const ownerNow = operation === 'transfer' && want === 'ok' ? subject : owner;
    const after = (await members(ownerNow, key)).find((member) => member.userId === subject.userId);
    const roleOf = async (user: TeamUser) =>
      dataOf<Project>(await server.act('project_get', { token: user.token, key })).role;
    if (want === 'ok' && operation === 'cut') expect(after?.permissions).toEqual([]);
    else if (want === 'ok' && operation === 'raise')
      expect(after?.permissions).toEqual([...allPermissionKeys]);
    else if (want === 'ok' && operation === 'remove') expect(after).toBeUndefined();
    else if (want === 'ok' && operation === 'transfer') {
      expect(after).toMatchObject({ role: 'owner', permissions: [...allPermissionKeys] });
      expect(await roleOf(subject)).toBe('owner');
      expect(await roleOf(editor)).toBe('member');
      // The old owner keeps their keys.
      const old = (await members(subject, key)).find((member) => member.userId === editor.userId);
      expect(old).toMatchObject({ role: 'member', permissions: templatePermissions('owner') });
    } else {
      expect(after).toEqual(before);
      expect(await roleOf(owner)).toBe('owner');
    }
  });

  it.each(templates)('%s deleting the project', async (template) => {
    const { owner } = people;
    const project = dataOf<Project>(await server.act('project_create', { token: owner.token, name: 'Toko' }));
    const key = project.key;
    const editor = template === 'owner' ? owner : people.editors[template];
    if (editor !== owner) await seat(key, editor, templatePermissions(template));
    const answer = await server.act('project_delete', { token: editor.token, key, confirmName: 'Toko' });
    if (template === 'owner') {
      expect(dataOf(answer)).toEqual({ key });
      expect(reasonOf(await server.act('project_get', { token: owner.token, key }))).toBe('not_found');
    } else {
      expect(reasonOf(answer)).toBe('forbidden');
      expect(answer.body.msg).toBe(translate('id', 'error.owner_only'));
      expect(dataOf<Project>(await server.act('project_get', { token: owner.token, key })).key).toBe(key);
    }
  });
});

describe('the owner of a project', () => {
  it('keeps their keys and their project against an admin, and against a member holding every key', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const admin = await join(server, setup, 'admin', 'Admin');
    const everything = await join(server, setup, 'owner', 'Punya Semua');
    const ownerKeys = templatePermissions('owner');

    // The finding: the Admin template cut the owner to nothing, then deleted the project.
    for (const by of [admin, everything]) {
      const cut = await server.act('member_permissions_set', {
        token: by.token,
        key,
        userId: setup.owner.userId,
        permissions: [],
      });
      expect(reasonOf(cut)).toBe('owner_protected');
      expect(cut.body.msg).toBe(translate('id', 'error.owner_protected'));
      expect(
        reasonOf(await server.act('project_delete', { token: by.token, key, confirmName: 'Toko Sapa' })),
      ).toBe('forbidden');
      expect(
        reasonOf(await server.act('project_transfer', { token: by.token, key, userId: by.userId })),
      ).toBe('forbidden');
    }
    // A member who may remove members may still not remove the owner.
    expect(
      reasonOf(
        await server.act('member_remove', { token: everything.token, key, userId: setup.owner.userId }),
      ),
    ).toBe('owner_protected');
    const owner = (await members(setup.owner, key)).find((member) => member.userId === setup.owner.userId);
    expect(owner).toMatchObject({ role: 'owner', permissions: ownerKeys });
  });

  it('takes keys away from themselves and ticks them back, but keeps the members screen and the editor', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const set = (permissions: readonly string[]) =>
      server.act('member_permissions_set', {
        token: setup.owner.token,
        key,
        userId: setup.owner.userId,
        permissions,
      });
    const core: PermissionKey[] = [
      'project.menu',
      'project.user.menu',
      'project.user.view',
      'project.user.set_permission',
    ];
    expect(dataOf<ProjectMember>(await set(core)).permissions).toEqual(core);
    // Still the owner: may delete, hand over, and give themselves everything back.
    expect(dataOf<ProjectMember>(await set(allPermissionKeys)).permissions).toEqual([...allPermissionKeys]);
    for (const dropped of core) {
      const answer = await set(allPermissionKeys.filter((permission) => permission !== dropped));
      expect(reasonOf(answer), dropped).toBe('owner_keys');
    }
    expect(reasonOf(await set([]))).toBe('owner_keys');
  });

  it('hands the project over to a member; both apps hear their new role; the old owner may then leave', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const agent = await join(server, setup, 'agent', 'Agen Baru');
    const stranger = await registerUser(server);
    expect(
      reasonOf(
        await server.act('project_transfer', { token: setup.owner.token, key, userId: stranger.userId }),
      ),
    ).toBe('not_found');
    expect(reasonOf(await server.act('project_leave', { token: setup.owner.token, key }))).toBe(
      'owner_must_transfer',
    );

    const ears = listeners(server);
    try {
      const toAgent = await ears.listen(agent.token, ['project.permissions']);
      const toOwner = await ears.listen(setup.owner.token, ['project.permissions']);
      const handed = dataOf<ProjectMember>(
        await server.act('project_transfer', { token: setup.owner.token, key, userId: agent.userId }),
      );
      expect(handed).toMatchObject({ userId: agent.userId, role: 'owner', template: 'owner', self: false });
      const told = (heard: Heard[]) => heard.find((entry) => entry.event === 'project.permissions')?.payload;
      await until(() => told(toAgent) !== undefined && told(toOwner) !== undefined);
      expect(told(toAgent)).toEqual({ key, permissions: [...allPermissionKeys], role: 'owner' });
      expect(told(toOwner)).toEqual({ key, permissions: templatePermissions('owner'), role: 'member' });
    } finally {
      ears.disconnect();
    }
    // The old owner is a member now: the new one may edit and remove them; they may leave.
    expect(
      reasonOf(
        await server.act('project_transfer', { token: setup.owner.token, key, userId: setup.owner.userId }),
      ),
    ).toBe('forbidden');
    dataOf(
      await server.act('member_permissions_set', {
        token: agent.token,
        key,
        userId: setup.owner.userId,
        permissions: templatePermissions('admin'),
      }),
    );
    expect(dataOf(await server.act('project_leave', { token: setup.owner.token, key }))).toEqual({ key });
    expect((await members(agent, key)).map((member) => [member.name, member.role])).toEqual([
      ['Agen Baru', 'owner'],
    ]);
  });

  it('hands the project over once when two handovers race', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const first = await join(server, setup, 'viewer', 'Satu');
    const second = await join(server, setup, 'viewer', 'Dua');
    const answers = await Promise.all(
      [first, second].map((to) =>
        server.act('project_transfer', { token: setup.owner.token, key, userId: to.userId }),
      ),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual(['0', '1']);
    expect(answers.find((answer) => answer.body.code === '0')?.body.reason).toBe('forbidden');
    const owners = (await members(first, key)).filter((member) => member.role === 'owner');
    expect(owners).toHaveLength(1);
  });
});
