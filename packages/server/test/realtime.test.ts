import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createPushTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime, RealtimeStatus, ServerEventPayload } from '@sapa/sdk';
import { realtimeOf } from '../src/realtime/attachRealtime.ts';
import { userRoom } from '../src/realtime/rooms.ts';
import type { Project } from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import { testServices } from './support/services.ts';
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

interface Client {
  realtime: Realtime;
  warnings: string[];
}

/** The SDK's real-time client from Node, with short reconnect delays. */
function client(url: string, token: string | null, fcm: string | null = null): Client {
  const warnings: string[] = [];
  const pushToken = createPushTokenStore();
  if (fcm !== null) pushToken.set(fcm);
  const realtime = createRealtime({
    url,
    tokens: createMemoryTokenStore(token),
    pushToken,
    logger: { warn: (message) => warnings.push(message) },
    reconnect: { reconnectionDelay: 50, reconnectionDelayMax: 100, timeout: 5_000 },
  });
  clients.push(realtime);
  return { realtime, warnings };
}

/** Resolves when `realtime` reaches `status` (rejects after `ms`). */
function reach(realtime: Realtime, status: RealtimeStatus, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (realtime.getSnapshot().status === status) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`still ${realtime.getSnapshot().status}, waited for ${status}`));
    }, ms);
    const stop = realtime.subscribe(() => {
      if (realtime.getSnapshot().status !== status) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Every `account.status` event the client receives, in order. */
function collect(realtime: Realtime): Array<ServerEventPayload<'account.status'>> {
  const received: Array<ServerEventPayload<'account.status'>> = [];
  realtime.on('account.status', (event) => received.push(event));
  return received;
}

async function waitUntil(check: () => boolean, ms = 10_000, every?: () => void): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    every?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A short pause, to show that something did not arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function createProject(token: string, name: string): Promise<Project> {
  const answer = await server.act('project_create', { token, name });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  return answer.body.data as Project;
}

const status = (key: string, accountId: string) =>
  ({ key, accountId, status: 'connected' }) satisfies ServerEventPayload<'account.status'>;

describe('the real-time socket', () => {
  it('refuses a handshake without a live session with connect_error "unauthenticated"', async () => {
    for (const token of ['not-a-session', null]) {
      const { realtime } = client(server.url, token);
      realtime.connect();
      await reach(realtime, 'disconnected');
      expect(realtime.getSnapshot().lastError).toBe('unauthenticated');
    }
  });

  it('delivers project events to members only and user events to that user only', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const project = await createProject(owner.token, 'Toko Sapa');
    const a = client(server.url, owner.token, 'fcm-owner');
    const b = client(server.url, other.token);
    const aStatus = collect(a.realtime);
    const bStatus = collect(b.realtime);
    a.realtime.connect();
    b.realtime.connect();
    await Promise.all([reach(a.realtime, 'connected'), reach(b.realtime, 'connected')]);

    const { io, publisher } = realtimeOf(server.app);
    const [socket] = await io.in(userRoom(owner.userId)).fetchSockets();
    expect(socket?.data).toMatchObject({
      userId: owner.userId,
      fcm: 'fcm-owner',
      memberships: [{ key: project.key, permissions: project.permissions }],
    });
    // The owner holds every permission: the project's room and the room of those who see every chat
    // (and the session's own room, which a sign-out of that session ends).
    expect(socket?.rooms).toEqual(
      new Set([
        socket?.id,
        `user:${owner.userId}`,
        `session:${String(socket?.data.sessionId)}`,
        `project:${project.key}`,
        `chat:${project.key}:all:full`,
      ]),
    );

    publisher.toProject(project.key, 'account.status', status(project.key, 'acc-1'));
    await waitUntil(() => aStatus.length === 1);
    publisher.toUser(other.userId, 'account.status', status('-', 'for-other'));
    publisher.toUser(owner.userId, 'account.status', status('-', 'for-owner'));
    await waitUntil(() => aStatus.length === 2 && bStatus.length === 1);
    await settle();
    expect(aStatus.map((event) => event.accountId)).toEqual(['acc-1', 'for-owner']);
    expect(bStatus.map((event) => event.accountId)).toEqual(['for-other']);
  });

  it('puts the creator of a project in its rooms at once, and a membership ending takes them out', async () => {
    const owner = await registerUser(server);
    const a = client(server.url, owner.token);
    const received = collect(a.realtime);
    a.realtime.connect();
    await reach(a.realtime, 'connected');
    // project_create publishes the new membership: the open socket needs no reconnect.
    const project = await createProject(owner.token, 'Toko Baru');
    const { publisher } = realtimeOf(server.app);
    await waitUntil(
      () => received.length > 0,
      5_000,
      () => publisher.toProject(project.key, 'account.status', status(project.key, 'after')),
    );
    expect(received.every((event) => event.accountId === 'after')).toBe(true);
    await publisher.membershipChanged({ userId: owner.userId, key: project.key, permissions: null });
    await settle();
    const count = received.length;
    publisher.toProject(project.key, 'account.status', status(project.key, 'left'));
    await settle();
    expect(received).toHaveLength(count);
  });

  it('receives typed events through the SDK, reconnects after a drop and fires onReconnect', async () => {
    const owner = await registerUser(server);
    const { realtime, warnings } = client(server.url, owner.token);
    const seqs: number[] = [];
    realtime.on('message.new', (event) => seqs.push(event.seq));
    let reconnects = 0;
    realtime.onReconnect(() => (reconnects += 1));
    realtime.connect();
    await reach(realtime, 'connected');

    const { io, publisher } = realtimeOf(server.app);
    const message = (seq: number): ServerEventPayload<'message.new'> => ({
      key: '-',
      conversationId: 'c1',
      seq,
      customerName: 'Sari',
      message: {
        id: `m${seq}`,
        conversationId: 'c1',
        seq,
        direction: 'in',
        clientId: null,
        type: 'text',
        caption: 'Halo',
        url: null,
        filename: null,
        name: null,
        phone: null,
        replyTo: null,
        status: 'delivered',
        error: null,
        senderId: null,
        createdAt: new Date().toISOString(),
      },
    });
    publisher.toUser(owner.userId, 'message.new', message(1));
    await waitUntil(() => seqs.length === 1);

    // The network drops under the socket (not a deliberate server disconnect).
    for (const socket of io.of('/').sockets.values())
      if (socket.data.userId === owner.userId) socket.conn.close();
    await reach(realtime, 'reconnecting');
    expect(warnings).toContain('Network disconnected');
    await reach(realtime, 'connected');
    await waitUntil(() => reconnects === 1);

    publisher.toUser(owner.userId, 'message.new', message(2));
    await waitUntil(() => seqs.length === 2);
    expect(seqs).toEqual([1, 2]);
  });
});

describe('across server processes', () => {
  it(
    testServices.redisUrl === null
      ? 'without Redis, delivers within the process'
      : 'with Redis, an event published on app A reaches a client of app B',
    async () => {
      const owner = await registerUser(server);
      const project = await createProject(owner.token, 'Toko Dua');
      const other =
        testServices.redisUrl === null
          ? null
          : await startTestServer({
              databaseUrl: server.config.databaseUrl,
              redisPrefix: server.config.redisPrefix,
            });
      try {
        const target = other ?? server;
        const { realtime } = client(target.url, owner.token);
        const received = collect(realtime);
        realtime.connect();
        await reach(realtime, 'connected');
        // Until B's stream reader is up, A's first broadcasts may pass it by: publish until one arrives.
        const { publisher } = realtimeOf(server.app);
        await waitUntil(
          () => received.length > 0,
          10_000,
          () => publisher.toProject(project.key, 'account.status', status(project.key, 'from-a')),
        );
        expect(received[0]).toEqual(status(project.key, 'from-a'));
        if (other !== null) {
          // The client really is on B: A holds no socket of this user.
          const onA = [...realtimeOf(server.app).io.of('/').sockets.values()];
          expect(onA.some((socket) => socket.data.userId === owner.userId)).toBe(false);
        }
        realtime.disconnect();
      } finally {
        await other?.close();
      }
    },
  );
});
