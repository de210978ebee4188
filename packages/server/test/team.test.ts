/**
 * The project area (issue 6): members, invite codes, project settings, deleting and leaving a
 * project, the home page's cards, and what members' open apps hear about it.
 */
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeOf } from '../src/realtime/attachRealtime.ts';
import { userRoom } from '../src/realtime/rooms.ts';
import { templatePermissions, translate } from '../src/sdk.ts';
import type {
  ConversationSummary,
  Division,
  Invite,
  InvitePreview,
  Notification,
  Project,
  ProjectMember,
  ProjectSettings,
  ProjectSummary,
  WorkingDay,
} from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import { conversationWith, dataOf, inboxProject, reasonOf, uploadPng } from './support/inbox.ts';
import { listeners, until } from './support/realtime.ts';
import type { Heard } from './support/realtime.ts';
import { invite, join, team } from './support/team.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;

describe('members', () => {
  it('lists members by name, 10 a page, with masked phones, templates and roles; searches word starts', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const names = Array.from({ length: 11 }, (_, index) => `Agen ${String(index + 1).padStart(2, '0')}`);
    for (const name of names) await join(server, setup, 'agent', name);
    const sari = await join(server, setup, 'viewer', 'Sari Dewi');

    const first = await server.act('member_list', { token, key });
    expect(first.body.total_page).toBe(2);
    const page = first.body.data as ProjectMember[];
    expect(page.map((member) => member.name)).toEqual(names.slice(0, 10));
    expect(page[0]).toMatchObject({ template: 'agent', role: 'member', self: false, avatarUrl: null });
    expect(page[0]?.maskedPhone).toMatch(/^\+62812\*+\d{3}$/);
    expect(page[0]?.permissions).toEqual(templatePermissions('agent'));

    const second = dataOf<ProjectMember[]>(await server.act('member_list', { token, key, page: 1 }));
    expect(second.map((member) => member.name)).toEqual([names[10], 'Pemilik Toko', 'Sari Dewi']);
    const owner = second.find((member) => member.userId === setup.owner.userId);
    expect(owner).toMatchObject({ role: 'owner', self: true, template: 'owner' });
    expect(owner?.maskedPhone).not.toBe(setup.owner.phone);

    const found = dataOf<ProjectMember[]>(await server.act('member_list', { token, key, search: 'dew' }));
    expect(found.map((member) => member.userId)).toEqual([sari.userId]);
    // The start of a word only: "ewi" is inside "Dewi".
    expect(dataOf<ProjectMember[]>(await server.act('member_list', { token, key, search: 'ewi' }))).toEqual(
      [],
    );
    const agents = await server.act('member_list', { token, key, search: 'agen 1' });
    // "1" starts the word "10" and "11", not "01".
    expect((agents.body.data as ProjectMember[]).map((member) => member.name)).toEqual([
      'Agen 10',
      'Agen 11',
    ]);
    expect(agents.body.total_page).toBe(1);
  });

  it('saves permissions (unknown keys dropped, tree order) and answers the member with its template', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const agent = await join(server, setup, 'agent');
    const viewer = templatePermissions('viewer');
    const saved = dataOf<ProjectMember>(
      await server.act('member_permissions_set', {
        token: setup.owner.token,
        key,
        userId: agent.userId,
        permissions: ['no.such.key', ...[...viewer].reverse()],
      }),
    );
    expect(saved).toMatchObject({
      userId: agent.userId,
      template: 'viewer',
      self: false,
      permissions: viewer,
    });
    const custom = dataOf<ProjectMember>(
      await server.act('member_permissions_set', {
        token: setup.owner.token,
        key,
        userId: agent.userId,
        permissions: ['crm.menu', 'crm.chat.menu', 'crm.chat.view'],
      }),
    );
    expect(custom.template).toBeNull();
    const stranger = await registerUser(server);
    expect(
      reasonOf(
        await server.act('member_permissions_set', {
          token: setup.owner.token,
          key,
          userId: stranger.userId,
          permissions: [],
        }),
      ),
    ).toBe('not_found');
  });

  it('removes a member: their acts are refused at once, their divisions go, and they can join again', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const agent = await join(server, setup, 'agent', 'Agen Pergi');
    const division = dataOf<Division>(
      await server.act('division_create', { token, key, name: 'Penjualan', color: '#123456' }),
    );
    dataOf(
      await server.act('division_member_set', {
        token,
        key,
        divisionId: division.id,
        userId: agent.userId,
        member: true,
      }),
    );
    dataOf(await server.act('project_get', { token: agent.token, key }));

    expect(dataOf(await server.act('member_remove', { token, key, userId: agent.userId }))).toEqual({
      userId: agent.userId,
    });
    expect(reasonOf(await server.act('project_get', { token: agent.token, key }))).toBe('not_found');
    expect(reasonOf(await server.act('conversation_list', { token: agent.token, key }))).toBe('not_found');
    const members = dataOf<ProjectMember[]>(await server.act('member_list', { token, key }));
    expect(members.map((member) => member.userId)).toEqual([setup.owner.userId]);
    expect(
      dataOf<{ userId: string }[]>(
        await server.act('division_member_list', { token, key, divisionId: division.id }),
      ),
    ).toEqual([]);
    expect(reasonOf(await server.act('member_remove', { token, key, userId: agent.userId }))).toBe(
      'not_found',
    );

    const again = await invite(server, setup, 'viewer');
    dataOf(await server.act('invite_accept', { token: agent.token, code: again.code }));
    const back = dataOf<Project>(await server.act('project_get', { token: agent.token, key }));
    expect(back.permissions).toEqual(templatePermissions('viewer'));
  });
});

describe('a removed member’s conversations', () => {
  it('go back to nobody, and the inboxes that show them hear it', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const ownerTeam = { owner: { ...setup.owner, phone: '' }, project: setup.project };
    const agent = await join(server, ownerTeam, 'agent');
    const other = await join(server, ownerTeam, 'agent');
    const theirs = await conversationWith(server, setup, '+6281234570021');
    const notTheirs = await conversationWith(server, setup, '+6281234570022');
    for (const [conversation, userId] of [
      [theirs, agent.userId],
      [notTheirs, other.userId],
    ] as const)
      dataOf(
        await server.act('conversation_assign', { token, key, conversationId: conversation.id, userId }),
      );
    const ears = listeners(server);
    try {
      const heard = await ears.listen(token);
      dataOf(await server.act('member_remove', { token, key, userId: agent.userId }));
      await until(() => heard.some((entry) => entry.event === 'conversation.updated'));
      const updated = heard
        .filter((entry) => entry.event === 'conversation.updated')
        .map((entry) => (entry.payload as { conversation: ConversationSummary }).conversation);
      expect(updated.map((conversation) => [conversation.id, conversation.assignedTo])).toEqual([
        [theirs.id, null],
      ]);
      const list = dataOf<ConversationSummary[]>(await server.act('conversation_list', { token, key }));
      const assignee = (id: string) => list.find((conversation) => conversation.id === id)?.assignedTo;
      expect(assignee(theirs.id)).toBeNull();
      expect(assignee(notTheirs.id)).toBe(other.userId);
    } finally {
      ears.disconnect();
    }
  });
});

describe('invites', () => {
  it('creates, lists, uses up and revokes codes; a joiner starts with the template and the creator is told', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const once = await invite(server, setup, 'agent', { maxUses: 1 });
    expect(once).toMatchObject({
      template: 'agent',
      maxUses: 1,
      uses: 0,
      expiresAt: null,
      status: 'active',
      createdBy: { userId: setup.owner.userId, name: 'Pemilik Toko' },
    });
    expect(once.code).toMatch(/^[a-z0-9]{16}$/);

    const budi = await registerUser(server, undefined, undefined, 'Budi Baru');
    const preview = dataOf<InvitePreview>(
      await server.act('invite_get', { token: budi.token, code: once.code }),
    );
    expect(preview).toEqual({
      code: once.code,
      projectName: 'Toko Sapa',
      inviterName: 'Pemilik Toko',
      template: 'agent',
      status: 'active',
      memberOf: null,
    });
    // Codes are read without regard to case or surrounding spaces.
    const joined = dataOf<Project>(
      await server.act('invite_accept', { token: budi.token, code: ` ${once.code.toUpperCase()} ` }),
    );
    expect(joined).toMatchObject({ key, role: 'member', permissions: templatePermissions('agent') });
    const after = dataOf<InvitePreview>(
      await server.act('invite_get', { token: budi.token, code: once.code }),
    );
    expect(after).toMatchObject({ status: 'used_up', memberOf: key });
    // A member already: the project, and the code is not used again.
    expect(
      dataOf<Project>(await server.act('invite_accept', { token: budi.token, code: once.code })).key,
    ).toBe(key);
    const late = await registerUser(server);
    expect(reasonOf(await server.act('invite_accept', { token: late.token, code: once.code }))).toBe(
      'invite_invalid',
    );

    const notifications = dataOf<Notification[]>(await server.act('notification_list', { token }));
    expect(notifications[0]).toMatchObject({ kind: 'invite_accepted', subject: 'Budi Baru', key });

    const revocable = await invite(server, setup, 'viewer');
    const revoked = dataOf<Invite>(await server.act('invite_revoke', { token, key, id: revocable.id }));
    expect(revoked.status).toBe('revoked');
    expect(reasonOf(await server.act('invite_accept', { token: late.token, code: revocable.code }))).toBe(
      'invite_invalid',
    );
    expect(
      dataOf<InvitePreview>(await server.act('invite_get', { token: late.token, code: revocable.code }))
        .status,
    ).toBe('revoked');

    const listed = dataOf<Invite[]>(await server.act('invite_list', { token, key }));
    expect(listed.map((item) => [item.id, item.status, item.uses])).toEqual([
      [revocable.id, 'revoked', 0],
      [once.id, 'used_up', 1],
    ]);
  });

  it('expires codes, pages the list by 10 newest first, and refuses unknown codes and ids', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const hourly = await invite(server, setup, 'viewer', { expiresInHours: 1 });
    expect(new Date(hourly.expiresAt ?? 0).getTime() - new Date(hourly.createdAt).getTime()).toBe(HOUR);
    server.clock.advance(HOUR + 1000);
    const user = await registerUser(server);
    expect(
      dataOf<InvitePreview>(await server.act('invite_get', { token: user.token, code: hourly.code })).status,
    ).toBe('expired');
    expect(reasonOf(await server.act('invite_accept', { token: user.token, code: hourly.code }))).toBe(
      'invite_invalid',
    );

    const made: string[] = [hourly.id];
    for (let index = 0; index < 10; index += 1) {
      server.clock.advance(1000);
      made.push((await invite(server, setup, 'agent', { maxUses: 5 })).id);
    }
    const first = await server.act('invite_list', { token, key });
    expect(first.body.total_page).toBe(2);
    expect((first.body.data as Invite[]).map((item) => item.id)).toEqual(made.slice(1).reverse());
    const second = dataOf<Invite[]>(await server.act('invite_list', { token, key, page: 1 }));
    expect(second.map((item) => [item.id, item.status])).toEqual([[hourly.id, 'expired']]);

    for (const act of ['invite_get', 'invite_accept'])
      expect(reasonOf(await server.act(act, { token: user.token, code: 'nosuchcode123456' }))).toBe(
        'invite_invalid',
      );
    expect(
      reasonOf(await server.act('invite_revoke', { token, key, id: '00000000-0000-4000-8000-000000000000' })),
    ).toBe('not_found');
    expect(reasonOf(await server.act('invite_create', { token, key, template: 'boss' }))).toBe(
      'invalid_input',
    );
    expect(reasonOf(await server.act('invite_create', { token, key, template: 'agent', maxUses: 0 }))).toBe(
      'invalid_input',
    );
    expect(
      reasonOf(await server.act('invite_create', { token, key, template: 'agent', expiresInHours: 721 })),
    ).toBe('invalid_input');
  });

  it('lets exactly one user in through a code with one use left, however many accept at once', async () => {
    const setup = await team(server);
    const code = (await invite(server, setup, 'viewer', { maxUses: 1 })).code;
    const users = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const answers = await Promise.all(
      users.map((user) => server.act('invite_accept', { token: user.token, code })),
    );
    expect(answers.filter((answer) => answer.body.code === '1')).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.reason === 'invite_invalid')).toHaveLength(2);
  });
});

describe('project settings', () => {
  const week = (change: (day: WorkingDay) => Partial<WorkingDay> = () => ({})): WorkingDay[] =>
    ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => {
      const base: WorkingDay = { day, open: day <= 5, from: '09:00:00', to: '17:00:00' };
      return { ...base, ...change(base) };
    });

  it('answers the defaults, saves every field, and announces a new name or time zone to every member', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const settings = dataOf<ProjectSettings>(await server.act('project_settings_get', { token, key }));
    expect(settings).toEqual({
      key,
      name: 'Toko Sapa',
      timeZone: 'Asia/Jakarta',
      workingHours: week(),
      defaultDivision: null,
      optOut: expect.objectContaining({ replyEnabled: true }),
      createdAt: setup.project.createdAt,
    });

    const member = await join(server, setup, 'viewer');
    const ears = listeners(server);
    try {
      const heard = await ears.listen(member.token, ['project.updated']);
      const division = dataOf<Division>(
        await server.act('division_create', { token, key, name: 'Layanan', color: '#00aa00' }),
      );
      const hours = week((day) => (day.day === 6 ? { open: true, from: '10:00:00', to: '14:00:00' } : {}));
      const saved = dataOf<ProjectSettings>(
        await server.act('project_update', {
          token,
          key,
          name: 'Toko Sapa Baru',
          timeZone: 'Asia/Makassar',
          workingHours: [...hours].reverse(),
          defaultDivisionId: division.id,
        }),
      );
      expect(saved).toMatchObject({
        name: 'Toko Sapa Baru',
        timeZone: 'Asia/Makassar',
        workingHours: hours,
        defaultDivision: { id: division.id, name: 'Layanan' },
      });
      expect(dataOf<ProjectSettings>(await server.act('project_settings_get', { token, key }))).toEqual(
        saved,
      );
      expect(dataOf<Project>(await server.act('project_get', { token: member.token, key }))).toMatchObject({
        name: 'Toko Sapa Baru',
        timeZone: 'Asia/Makassar',
      });
      await until(() => heard.some((entry) => entry.event === 'project.updated'));
      expect(
        heard.filter((entry) => entry.event === 'project.updated').map((entry) => entry.payload),
      ).toEqual([{ key, name: 'Toko Sapa Baru', timeZone: 'Asia/Makassar' }]);

      // Working hours alone are not announced.
      dataOf(await server.act('project_update', { token, key, workingHours: week() }));
      await ears.barrier(key, [heard]);
      expect(heard.filter((entry) => entry.event === 'project.updated')).toHaveLength(1);

      // Deleting the division clears the default; `null` clears it too.
      dataOf(await server.act('division_delete', { token, key, id: division.id }));
      expect(
        dataOf<ProjectSettings>(await server.act('project_settings_get', { token, key })).defaultDivision,
      ).toBeNull();
      const other = dataOf<Division>(
        await server.act('division_create', { token, key, name: 'Gudang', color: '#aa0000' }),
      );
      dataOf(await server.act('project_update', { token, key, defaultDivisionId: other.id }));
      const cleared = dataOf<ProjectSettings>(
        await server.act('project_update', { token, key, defaultDivisionId: null }),
      );
      expect(cleared.defaultDivision).toBeNull();
    } finally {
      ears.disconnect();
    }
  });

  it('refuses bad time zones, bad hours, missing or repeated days, and divisions of other projects', async () => {
    const setup = await team(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const update = (fields: Record<string, unknown>) =>
      server.act('project_update', { token, key, ...fields });
    const badZone = await update({ timeZone: 'Mars/Olympus' });
    expect(reasonOf(badZone)).toBe('invalid_input');
    expect(Object.keys(badZone.body.errors as object)).toEqual(['timeZone']);
    expect(
      reasonOf(await update({ workingHours: week((day) => (day.day === 1 ? { to: '09:00:00' } : {})) })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await update({ workingHours: week((day) => (day.day === 2 ? { to: '08:00:00' } : {})) })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await update({ workingHours: week((day) => (day.day === 3 ? { from: '9:00' } : {})) })),
    ).toBe('invalid_input');
    expect(reasonOf(await update({ workingHours: week().slice(0, 6) }))).toBe('invalid_input');
    expect(reasonOf(await update({ workingHours: week((day) => (day.day === 7 ? { day: 1 } : {})) }))).toBe(
      'invalid_input',
    );
    expect(reasonOf(await update({ name: '   ' }))).toBe('invalid_input');
    // A closed day may keep any hours.
    dataOf(await update({ workingHours: week((day) => (day.day === 7 ? { to: '01:00:00' } : {})) }));

    const elsewhere = await team(server, 'Toko Lain');
    const theirs = dataOf<Division>(
      await server.act('division_create', {
        token: elsewhere.owner.token,
        key: elsewhere.project.key,
        name: 'Milik Mereka',
        color: '#0000aa',
      }),
    );
    expect(reasonOf(await update({ defaultDivisionId: theirs.id }))).toBe('not_found');
    expect(
      dataOf<ProjectSettings>(await server.act('project_settings_get', { token, key })).defaultDivision,
    ).toBeNull();
  });
});

describe('deleting and leaving a project', () => {
  it('deletes a project only with its exact name, and every member hears it is gone', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    await conversationWith(server, setup, '+6281234570001');
    const kept = await uploadPng(server, setup);
    dataOf(await server.act('gallery_add', { token, key, ids: [kept] }));
    const keptPath = server.app.sapa.services.media.files.pathOf(kept);
    expect((await stat(keptPath)).size).toBeGreaterThan(0);
    const ownerTeam = { owner: { ...setup.owner, phone: '' }, project: setup.project };
    const member = await join(server, ownerTeam, 'agent');
    const ears = listeners(server);
    try {
      const heard = await ears.listen(member.token, ['project.removed']);
      const wrong = await server.act('project_delete', { token, key, confirmName: 'toko sapa' });
      expect(reasonOf(wrong)).toBe('invalid_input');
      expect(wrong.body.errors).toEqual({
        confirmName: translate('id', 'error.confirm_name'),
      });
      expect(
        reasonOf(await server.act('project_delete', { token: member.token, key, confirmName: 'Toko Sapa' })),
      ).toBe('forbidden');
      expect(dataOf(await server.act('project_delete', { token, key, confirmName: 'Toko Sapa' }))).toEqual({
        key,
      });

      // Its files are taken off the disk with it.
      await expect(stat(keptPath)).rejects.toThrow();
      for (const caller of [token, member.token]) {
        expect(reasonOf(await server.act('project_get', { token: caller, key }))).toBe('not_found');
        expect(dataOf<ProjectSummary[]>(await server.act('project_list', { token: caller }))).toEqual([]);
      }
      await until(() => heard.some((entry) => entry.event === 'project.removed'));
      expect(heard.find((entry) => entry.event === 'project.removed')?.payload).toEqual({
        key,
        reason: 'deleted',
      });
      const { io } = realtimeOf(server.app);
      const [socket] = await io.in(userRoom(member.userId)).fetchSockets();
      expect([...(socket?.rooms ?? [])].some((room) => room.includes(key))).toBe(false);
    } finally {
      ears.disconnect();
    }
  });

  it('lets a member leave, but not the owner before handing the project over', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    expect(reasonOf(await server.act('project_leave', { token: setup.owner.token, key }))).toBe(
      'owner_must_transfer',
    );
    const viewer = await join(server, setup, 'viewer');
    const ears = listeners(server);
    try {
      const heard = await ears.listen(viewer.token, ['project.removed']);
      expect(dataOf(await server.act('project_leave', { token: viewer.token, key }))).toEqual({ key });
      await until(() => heard.some((entry) => entry.event === 'project.removed'));
      expect(heard.find((entry) => entry.event === 'project.removed')?.payload).toEqual({
        key,
        reason: 'left',
      });
    } finally {
      ears.disconnect();
    }
    expect(reasonOf(await server.act('project_get', { token: viewer.token, key }))).toBe('not_found');
    expect(dataOf<ProjectSummary[]>(await server.act('project_list', { token: viewer.token }))).toEqual([]);

    // Holding every key is not owning: the owner hands the project over, then may go.
    const second = await join(server, setup, 'owner');
    expect(reasonOf(await server.act('project_leave', { token: setup.owner.token, key }))).toBe(
      'owner_must_transfer',
    );
    dataOf(await server.act('project_transfer', { token: setup.owner.token, key, userId: second.userId }));
    expect(dataOf(await server.act('project_leave', { token: setup.owner.token, key }))).toEqual({ key });
    expect(
      dataOf<ProjectMember[]>(await server.act('member_list', { token: second.token, key })).map(
        (m) => m.userId,
      ),
    ).toEqual([second.userId]);
  });
});

describe('real time of memberships', () => {
  it('moves a member to the rooms of new permissions, tells them, and takes them out when removed', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const agent = await join(server, setup, 'agent');
    const ears = listeners(server);
    try {
      const heard = await ears.listen(agent.token, ['project.permissions', 'project.removed']);
      const { io } = realtimeOf(server.app);
      const roomsOf = async () => {
        const [socket] = await io.in(userRoom(agent.userId)).fetchSockets();
        return [...(socket?.rooms ?? [])].filter((room) => room.includes(key)).sort();
      };
      expect(await roomsOf()).toEqual([`chat:${key}:own:${agent.userId}:full`, `project:${key}`]);

      const permissions = [...templatePermissions('agent'), 'crm.chat.show_all_chat'];
      dataOf(
        await server.act('member_permissions_set', {
          token: setup.owner.token,
          key,
          userId: agent.userId,
          permissions,
        }),
      );
      await until(() => heard.some((entry) => entry.event === 'project.permissions'));
      const told = heard.find((entry) => entry.event === 'project.permissions')?.payload as {
        permissions: string[];
      };
      expect(told).toMatchObject({ key, role: 'member' });
      expect([...told.permissions].sort()).toEqual([...permissions].sort());
      expect(await roomsOf()).toEqual([`chat:${key}:all:full`, `project:${key}`]);
      // The server already decides by the new keys.
      dataOf(await server.act('chat_agent_list', { token: agent.token, key }));

      dataOf(await server.act('member_remove', { token: setup.owner.token, key, userId: agent.userId }));
      await until(() => heard.some((entry) => entry.event === 'project.removed'));
      expect(heard.find((entry) => entry.event === 'project.removed')?.payload).toEqual({
        key,
        reason: 'removed',
      });
      expect(await roomsOf()).toEqual([]);
      expect(reasonOf(await server.act('chat_agent_list', { token: agent.token, key }))).toBe('not_found');

      // Project events no longer reach them.
      const before = heard.length;
      await ears.barrier('-', [heard], agent.userId);
      dataOf(await server.act('project_update', { token: setup.owner.token, key, name: 'Nama Lain' }));
      await ears.barrier('-', [heard], agent.userId);
      expect(heard.slice(before).filter((entry: Heard) => entry.event !== 'account.status')).toEqual([]);
    } finally {
      ears.disconnect();
    }
  });

  it('lets a joiner’s open app into the project at once', async () => {
    const setup = await team(server);
    const key = setup.project.key;
    const user = await registerUser(server);
    const ears = listeners(server);
    try {
      const heard = await ears.listen(user.token);
      const code = (await invite(server, setup, 'viewer')).code;
      dataOf(await server.act('invite_accept', { token: user.token, code }));
      await ears.barrier(key, [heard]);
      expect(heard.some((entry) => entry.event === 'account.status')).toBe(true);
    } finally {
      ears.disconnect();
    }
  });
});

describe('project cards', () => {
  it('counts unread messages of the conversations the caller may see, and numbers by status', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const ownerTeam = { owner: { ...setup.owner, phone: '' }, project: setup.project };
    const agent = await join(server, ownerTeam, 'agent');
    const viewerUser = await join(server, ownerTeam, 'viewer');
    const sari = await conversationWith(server, setup, '+6281234570011');
    await conversationWith(server, setup, '+6281234570012');
    await conversationWith(server, setup, '+6281234570013');
    dataOf<ConversationSummary>(
      await server.act('conversation_assign', { token, key, conversationId: sari.id, userId: agent.userId }),
    );

    const card = async (caller: string) =>
      dataOf<ProjectSummary[]>(await server.act('project_list', { token: caller })).find(
        (project) => project.key === key,
      );
    expect(await card(token)).toMatchObject({ unreadCount: 3, accounts: { total: 1, connected: 1 } });
    expect(await card(agent.token)).toMatchObject({ unreadCount: 1, role: 'member' });
    expect(await card(viewerUser.token)).toMatchObject({ unreadCount: 0 });

    dataOf(await server.act('conversation_read', { token, key, conversationId: sari.id }));
    dataOf(await server.act('account_logout', { token, key, id: setup.account.id }));
    expect(await card(token)).toMatchObject({ unreadCount: 2, accounts: { total: 1, connected: 0 } });
    expect(await card(agent.token)).toMatchObject({ unreadCount: 0 });
  });
});
