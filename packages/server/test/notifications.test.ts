/**
 * Notifications (docs/profile-and-notifications.md): each producer, the list's order, reading one or
 * all with the counts, the live `notification.new` and `notification.count`, a removed member's
 * notifications hidden, and a burst of customer messages making one `customer_waiting` that counts
 * them and is read once the conversation is answered or opened.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime } from '@sapa/sdk';
import { notifications, projectMembers, projects } from '../src/db/schema.ts';
import { notify } from '../src/notifications/notify.ts';
import type { ConversationSummary, Notification, Project } from '../src/sdk.ts';
import { registerUser, uniquePhone } from './support/flows.ts';
import {
  CHAT_AGENT,
  addMember,
  conversationWith,
  dataOf,
  deliver,
  inboxProject,
  inbound,
  reasonOf,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { until } from './support/realtime.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
const clients: Realtime[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
});

type Page = { data: Notification[]; total_page: number };

async function list(token: string, fields: Record<string, unknown> = {}): Promise<Page> {
  const answer = await server.act('notification_list', { token, ...fields });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  return { data: answer.body.data as Notification[], total_page: answer.body.total_page as number };
}

async function count(token: string): Promise<number> {
  return dataOf<{ unread: number }>(await server.act('notification_count', { token })).unread;
}

async function projectId(key: string): Promise<string> {
  const { db } = server.app.sapa.services;
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, key));
  if (row === undefined) throw new Error('no project');
  return row.id;
}

type Heard = { event: string; payload: unknown };

async function listen(token: string): Promise<Heard[]> {
  const client = createRealtime({
    url: server.url,
    tokens: createMemoryTokenStore(token),
    logger: { warn: () => undefined },
  });
  clients.push(client);
  const heard: Heard[] = [];
  for (const event of ['notification.new', 'notification.count'] as const) {
    client.on(event, ((payload: unknown) => heard.push({ event, payload })) as never);
  }
  client.connect();
  await until(() => client.getSnapshot().status === 'connected');
  return heard;
}

async function assign(setup: InboxProject, token: string, conversationId: string, userId: string | null) {
  return dataOf<ConversationSummary>(
    await server.act('conversation_assign', { token, key: setup.project.key, conversationId, userId }),
  );
}

async function customerWrites(setup: InboxProject, phone: string, name: string, times = 1): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    const answer = await deliver(
      server,
      inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: phone,
        name,
        text: `pesan ${index}`,
      }),
    );
    expect(answer.status).toBe(200);
  }
  await server.app.sapa.processPendingDeliveries();
}

describe('conversation_assigned', () => {
  it('tells the assignee who assigned which customer, live, but not someone assigning to themselves', async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const heard = await listen(agent.token);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);

    await assign(setup, setup.owner.token, conversation.id, setup.owner.userId);
    expect((await list(setup.owner.token)).data).toEqual([]);

    await assign(setup, setup.owner.token, conversation.id, agent.userId);
    const [first, ...rest] = (await list(agent.token)).data;
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      kind: 'conversation_assigned',
      key: setup.project.key,
      projectName: 'Toko Sapa',
      subject: conversation.customer.name,
      actorName: 'Budi Santoso',
      conversationId: conversation.id,
      read: false,
    });
    await until(() => heard.some((entry) => entry.event === 'notification.new'));
    expect(heard[0]).toEqual({ event: 'notification.new', payload: { notification: first, unread: 1 } });
    expect(await count(agent.token)).toBe(1);
  });
});

describe('customer_waiting', () => {
  it('a burst of customer messages on an assigned conversation makes one unread notification', async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);
    await assign(setup, setup.owner.token, conversation.id, agent.userId);
    await server.act('notification_read_all', { token: agent.token });
    const heard = await listen(agent.token);

    await customerWrites(setup, phone, 'Citra Lestari', 50);
    const waiting = (await list(agent.token, { unreadOnly: true })).data;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      kind: 'customer_waiting',
      subject: conversation.customer.name,
      conversationId: conversation.id,
      actorName: null,
    });
    await until(() => heard.some((entry) => entry.event === 'notification.new'));
    // The owner (not assigned) is not told.
    expect((await list(setup.owner.token)).data).toEqual([]);

    // Once read, the next message makes a new one.
    await server.act('notification_read', { token: agent.token, id: waiting[0]?.id });
    await customerWrites(setup, phone, 'Citra Lestari');
    const again = (await list(agent.token, { unreadOnly: true })).data;
    expect(again).toHaveLength(1);
    expect(again[0]?.id).not.toBe(waiting[0]?.id);
    // Pushed as stored, then as refreshed in place: one notification before reading, one after.
    await until(() => heard.some((entry) => JSON.stringify(entry.payload).includes(again[0]?.id ?? '-')));
    const pushed = heard.flatMap((entry) =>
      entry.event === 'notification.new'
        ? [entry.payload as { notification: Notification; unread: number }]
        : [],
    );
    expect(new Set(pushed.map((entry) => entry.notification.id))).toEqual(
      new Set([waiting[0]?.id, again[0]?.id]),
    );
    expect(pushed.every((entry) => entry.unread === 1)).toBe(true);

    // Unassigned conversations notify nobody.
    await server.act('notification_read_all', { token: agent.token });
    await assign(setup, setup.owner.token, conversation.id, null);
    await customerWrites(setup, phone, 'Citra Lestari');
    expect(await count(agent.token)).toBe(0);
  });
});

describe('customer_waiting collapses and clears', () => {
  const reply = (setup: InboxProject, token: string, conversationId: string) =>
    server.act('message_send', {
      token,
      key: setup.project.key,
      conversationId,
      clientId: randomUUID(),
      type: 'text',
      caption: 'Baik kak, kami cek dulu',
    });

  it('counts the messages in one notification, refreshed in place, and clears it when anyone answers', async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);
    await assign(setup, setup.owner.token, conversation.id, agent.userId);
    await server.act('notification_read_all', { token: agent.token });
    const heard = await listen(agent.token);

    // Three webhook batches: one row, counting three, moved to the latest message.
    let lastBatch = server.clock.now();
    for (let batch = 0; batch < 3; batch += 1) {
      server.clock.advance(60_000);
      lastBatch = server.clock.now();
      await customerWrites(setup, phone, 'Citra Lestari');
    }
    const [waiting, ...others] = (await list(agent.token)).data.filter((row) => !row.read);
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ kind: 'customer_waiting', count: 3, conversationId: conversation.id });
    expect(Date.parse(waiting?.createdAt ?? '')).toBeGreaterThanOrEqual(lastBatch.getTime());
    expect(await count(agent.token)).toBe(1);
    // Each batch pushed the one notification with the count unchanged at 1.
    await until(() => heard.filter((entry) => entry.event === 'notification.new').length === 3);
    const pushed = heard.filter((entry) => entry.event === 'notification.new');
    expect(pushed.map((entry) => (entry.payload as { unread: number }).unread)).toEqual([1, 1, 1]);
    expect(
      pushed.map((entry) => (entry.payload as { notification: Notification }).notification.count),
    ).toEqual([1, 2, 3]);
    expect(
      new Set(pushed.map((entry) => (entry.payload as { notification: Notification }).notification.id)).size,
    ).toBe(1);

    // The owner answers: the agent's notification is read, and the agent's tabs hear the count.
    const answered = await reply(setup, setup.owner.token, conversation.id);
    expect(answered.body.code, JSON.stringify(answered.body)).toBe('1');
    await until(() => heard.some((entry) => entry.event === 'notification.count'));
    expect(heard.filter((entry) => entry.event === 'notification.count')).toEqual([
      { event: 'notification.count', payload: { unread: 0 } },
    ]);
    expect(await count(agent.token)).toBe(0);
    expect((await list(agent.token)).data.find((row) => row.id === waiting?.id)?.read).toBe(true);

    // The customer writes again: a new one, counting one.
    await customerWrites(setup, phone, 'Citra Lestari');
    expect((await list(agent.token, { unreadOnly: true })).data).toMatchObject([
      { kind: 'customer_waiting', count: 1 },
    ]);
  });

  it("clears only the opener's notification when the conversation is opened", async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);
    await assign(setup, setup.owner.token, conversation.id, agent.userId);
    await server.act('notification_read_all', { token: agent.token });
    await customerWrites(setup, phone, 'Citra Lestari', 2);
    // Someone else opening it (the owner sees all chats) leaves the agent's notification alone.
    dataOf(
      await server.act('conversation_read', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
      }),
    );
    expect(await count(agent.token)).toBe(1);

    const heard = await listen(agent.token);
    // The messages were read by the owner already: opening still clears the agent's one.
    dataOf(
      await server.act('conversation_read', {
        token: agent.token,
        key: setup.project.key,
        conversationId: conversation.id,
      }),
    );
    expect(await count(agent.token)).toBe(0);
    await until(() => heard.some((entry) => entry.event === 'notification.count'));
    expect(heard).toContainEqual({ event: 'notification.count', payload: { unread: 0 } });
  });
});

describe('account_disconnected', () => {
  it('tells the members who watch numbers or chat when a number is logged out, not the one who did it', async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const bystander = await addMember(server, setup.project, ['crm.menu', 'crm.label.menu']);
    const answer = await server.act('account_logout', {
      token: setup.owner.token,
      key: setup.project.key,
      id: setup.account.id,
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
    expect((await list(agent.token)).data).toMatchObject([
      { kind: 'account_disconnected', subject: setup.account.name, conversationId: null },
    ]);
    expect((await list(setup.owner.token)).data).toEqual([]);
    expect((await list(bystander.token)).data).toEqual([]);
  });
});

describe('the list, reading and counts', () => {
  it("a removed member no longer sees that project's notifications", async () => {
    const setup = await inboxProject(server);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const conversation = await conversationWith(server, setup, uniquePhone());
    await assign(setup, setup.owner.token, conversation.id, agent.userId);
    expect(await count(agent.token)).toBe(1);
    const { db } = server.app.sapa.services;
    const id = await projectId(setup.project.key);
    await db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, id), eq(projectMembers.userId, agent.userId)));
    expect((await list(agent.token)).data).toEqual([]);
    expect(await count(agent.token)).toBe(0);
    const [stored] = await db.select().from(notifications).where(eq(notifications.userId, agent.userId));
    expect(reasonOf(await server.act('notification_read', { token: agent.token, id: stored?.id }))).toBe(
      'not_found',
    );
  });

  it('lists unread first then newest first, reads one or all, and tells the other tabs', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const project = dataOf<Project>(await server.act('project_create', { token: owner.token, name: 'Tim' }));
    const id = await projectId(project.key);
    const { db } = server.app.sapa.services;
    await db
      .insert(projectMembers)
      .values({ projectId: id, userId: member.userId, permissions: [], createdAt: new Date() });
    const services = server.app.sapa.services;
    for (const subject of ['Satu', 'Dua', 'Tiga']) {
      server.clock.advance(1_000);
      await notify(services, { userIds: [member.userId], kind: 'invite_accepted', projectId: id, subject });
    }
    // Not a member: nothing stored.
    const outsider = await registerUser(server);
    await notify(services, {
      userIds: [outsider.userId],
      kind: 'invite_accepted',
      projectId: id,
      subject: 'X',
    });
    expect((await list(outsider.token)).data).toEqual([]);

    const page = await list(member.token);
    expect(page.data.map((row) => row.subject)).toEqual(['Tiga', 'Dua', 'Satu']);
    expect(page.total_page).toBe(1);
    expect(await count(member.token)).toBe(3);

    const heard = await listen(member.token);
    const dua = page.data[1] as Notification;
    expect(dataOf(await server.act('notification_read', { token: member.token, id: dua.id }))).toEqual({
      unread: 2,
    });
    await until(() => heard.some((entry) => entry.event === 'notification.count'));
    expect(heard).toContainEqual({ event: 'notification.count', payload: { unread: 2 } });
    const reordered = await list(member.token);
    expect(reordered.data.map((row) => [row.subject, row.read])).toEqual([
      ['Tiga', false],
      ['Satu', false],
      ['Dua', true],
    ]);
    expect((await list(member.token, { unreadOnly: true })).data.map((row) => row.subject)).toEqual([
      'Tiga',
      'Satu',
    ]);

    // Another user's notification is not found, and stays unread.
    expect(
      reasonOf(await server.act('notification_read', { token: owner.token, id: page.data[0]?.id })),
    ).toBe('not_found');
    expect(await count(member.token)).toBe(2);

    expect(dataOf(await server.act('notification_read_all', { token: member.token }))).toEqual({ unread: 0 });
    await until(() => heard.some((entry) => JSON.stringify(entry.payload) === '{"unread":0}'));
    expect((await list(member.token)).data.every((row) => row.read)).toBe(true);
  });

  it('pages by 20', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const project = dataOf<Project>(
      await server.act('project_create', { token: owner.token, name: 'Banyak' }),
    );
    const id = await projectId(project.key);
    const { db } = server.app.sapa.services;
    await db
      .insert(projectMembers)
      .values({ projectId: id, userId: member.userId, permissions: [], createdAt: new Date() });
    for (let index = 0; index < 23; index += 1) {
      server.clock.advance(1_000);
      await notify(server.app.sapa.services, {
        userIds: [member.userId],
        kind: 'invite_accepted',
        projectId: id,
        subject: `Anggota ${index}`,
      });
    }
    const first = await list(member.token);
    expect(first.total_page).toBe(2);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]?.subject).toBe('Anggota 22');
    const second = await list(member.token, { page: 1 });
    expect(second.data.map((row) => row.subject)).toEqual(['Anggota 2', 'Anggota 1', 'Anggota 0']);

    // Three of the first page read meanwhile move to the end: page 1 would skip three unread ones,
    // "after" the last one held skips none (the read ones come again, the app keeps one of each).
    for (const row of first.data.slice(0, 3))
      dataOf(await server.act('notification_read', { token: member.token, id: row.id }));
    const shifted = await list(member.token, { page: 1 });
    expect(shifted.data.map((row) => row.subject)).not.toContain('Anggota 2');
    const last = first.data[19] as Notification;
    const after = await list(member.token, {
      after: { read: last.read, createdAt: last.createdAt, id: last.id },
    });
    expect(after.data.map((row) => [row.subject, row.read])).toEqual([
      ['Anggota 2', false],
      ['Anggota 1', false],
      ['Anggota 0', false],
      ['Anggota 22', true],
      ['Anggota 21', true],
      ['Anggota 20', true],
    ]);
    // After a read one: only the older read ones.
    const lastRead = after.data[4] as Notification;
    const tail = await list(member.token, {
      after: { read: lastRead.read, createdAt: lastRead.createdAt, id: lastRead.id },
    });
    expect(tail.data.map((row) => row.subject)).toEqual(['Anggota 20']);
    expect(
      reasonOf(
        await server.act('notification_list', {
          token: member.token,
          after: { read: false, createdAt: 'yesterday', id: last.id },
        }),
      ),
    ).toBe('invalid_input');
  });
});
