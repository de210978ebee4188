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

/** Resolves when `realtime` reaches `status` (the test's own timeout bounds the wait). */
function reach(realtime: Realtime, status: RealtimeStatus): Promise<void> {
  return new Promise((resolve) => {
    if (realtime.getSnapshot().status === status) return resolve();
    const stop = realtime.subscribe(() => {
      if (realtime.getSnapshot().status !== status) return;
      stop();
      resolve();
    });
  });
}

interface Received<T> {
  events: T[];
  /** Resolves once `count` events have arrived. */
  until(count: number): Promise<void>;
}

/** Events the client receives, in order, with a wait for the next ones (no polling). */
function received<T>(subscribe: (push: (event: T) => void) => void): Received<T> {
  const events: T[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  subscribe((event) => {
    events.push(event);
    for (const waiter of waiters.filter((entry) => events.length >= entry.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    events,
    until: (count) =>
      events.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
  };
}

/** Every `account.status` event the client receives, in order. */
function collect(realtime: Realtime): Received<ServerEventPayload<'account.status'>> {
  return received((push) => realtime.on('account.status', push));
}

/**
 * Publishes `publish` again on every turn of the event loop's timers until `arrived` holds: for a
 * room the server joins asynchronously, where the first events may pass the client by.
 */
async function publishUntil(arrived: Promise<void>, publish: () => void): Promise<void> {
  let done = false;
  void arrived.then(() => (done = true));
  while (!done) {
    publish();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
    // The owner holds every permission: the project's room, the room of those who see every chat,
    // that of those who see billing, that of those who see broadcasts and those of each kind of
    // automation rule (and the session's own room, which a sign-out of that session ends).
    expect(socket?.rooms).toEqual(
      new Set([
        socket?.id,
        `user:${owner.userId}`,
        `session:${String(socket?.data.sessionId)}`,
        `project:${project.key}`,
        `billing:${project.key}:full`,
        `broadcasts:${project.key}`,
        `automation:${project.key}:auto_reply`,
        `automation:${project.key}:auto_division`,
        `automation:${project.key}:auto_stage`,
        `automation:${project.key}:follow_up`,
        `chat:${project.key}:all:full`,
      ]),
    );

    publisher.toProject(project.key, 'account.status', status(project.key, 'acc-1'));
    await aStatus.until(1);
    publisher.toUser(other.userId, 'account.status', status('-', 'for-other'));
    publisher.toUser(owner.userId, 'account.status', status('-', 'for-owner'));
    // Nothing else for either: the last events each is sent arrive, and nothing came before them.
    publisher.toUser(owner.userId, 'account.status', status('-', 'owner-last'));
    publisher.toUser(other.userId, 'account.status', status('-', 'other-last'));
    await Promise.all([aStatus.until(3), bStatus.until(2)]);
    expect(aStatus.events.map((event) => event.accountId)).toEqual(['acc-1', 'for-owner', 'owner-last']);
    expect(bStatus.events.map((event) => event.accountId)).toEqual(['for-other', 'other-last']);
  });

  it('puts the creator of a project in its rooms at once, and a membership ending takes them out', async () => {
    const owner = await registerUser(server);
    const a = client(server.url, owner.token);
    const received = collect(a.realtime);
    a.realtime.connect();
    await reach(a.realtime, 'connected');
    // project_create publishes the new membership: the open socket needs no reconnect.
    const project = await createProject(owner.token, 'Toko Baru');
    const { io, publisher } = realtimeOf(server.app);
    await publishUntil(received.until(1), () =>
      publisher.toProject(project.key, 'account.status', status(project.key, 'after')),
    );
    expect(received.events.every((event) => event.accountId === 'after')).toBe(true);
    await publisher.membershipChanged({ userId: owner.userId, key: project.key, permissions: null });
    const [socket] = await io.in(userRoom(owner.userId)).fetchSockets();
    expect(socket?.rooms.has(`project:${project.key}`)).toBe(false);
    // 'left' would arrive before the user event sent after it: that one arriving proves it did not.
    const marker = new Promise<void>((resolve) =>
      a.realtime.on('account.status', (event) => {
        if (event.accountId === 'marker') resolve();
      }),
    );
    publisher.toProject(project.key, 'account.status', status(project.key, 'left'));
    publisher.toUser(owner.userId, 'account.status', status('-', 'marker'));
    await marker;
    expect(received.events.map((event) => event.accountId)).not.toContain('left');
    expect(received.events.at(-1)?.accountId).toBe('marker');
  });

  it('receives typed events through the SDK, reconnects after a drop and fires onReconnect', async () => {
    const owner = await registerUser(server);
    const { realtime, warnings } = client(server.url, owner.token);
    const seqs = received<number>((push) => realtime.on('message.new', (event) => push(event.seq)));
    const reconnects = received<null>((push) => realtime.onReconnect(() => push(null)));
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
        template: null,
        pricing: null,
        broadcast: null,
        automation: null,
        createdAt: new Date().toISOString(),
      },
    });
    publisher.toUser(owner.userId, 'message.new', message(1));
    await seqs.until(1);

    // The network drops under the socket (not a deliberate server disconnect).
    for (const socket of io.of('/').sockets.values())
      if (socket.data.userId === owner.userId) socket.conn.close();
    await reach(realtime, 'reconnecting');
    expect(warnings).toContain('Network disconnected');
    await reach(realtime, 'connected');
    await reconnects.until(1);

    publisher.toUser(owner.userId, 'message.new', message(2));
    await seqs.until(2);
    expect(seqs.events).toEqual([1, 2]);
    expect(reconnects.events).toHaveLength(1);
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
        await publishUntil(received.until(1), () =>
          publisher.toProject(project.key, 'account.status', status(project.key, 'from-a')),
        );
        expect(received.events[0]).toEqual(status(project.key, 'from-a'));
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
