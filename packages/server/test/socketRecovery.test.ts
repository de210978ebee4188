/**
 * Connection-state recovery gives a socket back only what its session may have now: the rooms of
 * its current memberships and permissions, and the missed events only when it kept every room
 * they were kept for; a recovery under another user's session is refused. Runs on the in-memory
 * adapter, and on the Redis Streams adapter in the `server-postgres` project.
 */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeOf } from '../src/realtime/attachRealtime.ts';
import { memberRooms, projectRoom } from '../src/realtime/rooms.ts';
import type { PermissionKey } from '../src/sdk.ts';
import { until } from './support/realtime.ts';
import { dataOf } from './support/inbox.ts';
import { join, team } from './support/team.ts';
import type { Team, TeamUser } from './support/team.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Heard = { event: string; payload: unknown }[];

interface Client {
  socket: Socket;
  heard: Heard;
}

/** A raw socket.io client (no automatic reconnection: the test decides when it comes back). */
async function client(token: string, recover?: { pid: string; offset: string }): Promise<Client> {
  const socket = connect(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token, ...(recover ?? {}) },
  });
  const heard: Heard = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, heard };
}

/** Where a dropped client would resume: its private session id and the offset of its last event. */
function resumePoint(socket: Socket): { pid: string; offset: string } {
  const inner = socket as unknown as { _pid?: string; _lastOffset?: string };
  if (inner._pid === undefined || inner._lastOffset === undefined) throw new Error('no recovery state');
  return { pid: inner._pid, offset: inner._lastOffset };
}

/**
 * Drops the connection the way a network does (a transport close), so the server keeps the
 * session; resolves once the server, too, has seen the socket go.
 */
async function drop(client: Client, userId: string): Promise<void> {
  const id = client.socket.id;
  client.socket.io.engine.close();
  const sockets = realtimeOf(server.app).io.of('/').sockets;
  await until(() => id === undefined || !sockets.has(id));
  expect(await serverSocketOf(userId)).toEqual([]);
}

const mark = (name: string) => ({ key: name, accountId: name, status: 'connected' as const });

/** Waits until `client` heard the marker `name`: what it has not heard by then, it never will. */
async function heardMark(client: Client, name: string): Promise<void> {
  await until(() =>
    client.heard.some(
      (entry) =>
        entry.event === 'account.status' && (entry.payload as { accountId: string }).accountId === name,
    ),
  );
}

async function serverSocketOf(userId: string) {
  const sockets = await realtimeOf(server.app).io.in(`user:${userId}`).fetchSockets();
  return sockets;
}

async function memberWithClient(): Promise<{ setup: Team; agent: TeamUser; live: Client }> {
  const setup = await team(server);
  const agent = await join(server, setup, 'agent');
  const live = await client(agent.token);
  // An event to the project gives the client an offset to resume from.
  realtimeOf(server.app).publisher.toProject(setup.project.key, 'account.status', mark('first'));
  await heardMark(live, 'first');
  return { setup, agent, live };
}

describe('connection-state recovery', () => {
  it('gives an unchanged member back its rooms and the events it missed', async () => {
    const { setup, agent, live } = await memberWithClient();
    const resume = resumePoint(live.socket);
    await drop(live, agent.userId);
    realtimeOf(server.app).publisher.toProject(setup.project.key, 'account.status', mark('missed'));
    const back = await client(agent.token, resume);
    await heardMark(back, 'missed');
    const [socket] = await serverSocketOf(agent.userId);
    expect(socket?.rooms.has(projectRoom(setup.project.key))).toBe(true);
    // The same socket, recovered (its id kept), not a fresh one.
    expect(realtimeOf(server.app).io.of('/').sockets.get(socket!.id)?.recovered).toBe(true);
    back.socket.disconnect();
  });

  it('keeps a member removed while away out of the project: no rooms, no missed events, no later ones', async () => {
    const { setup, agent, live } = await memberWithClient();
    const key = setup.project.key;
    const resume = resumePoint(live.socket);
    await drop(live, agent.userId);
    dataOf(await server.act('member_remove', { token: setup.owner.token, key, userId: agent.userId }));
    const { publisher } = realtimeOf(server.app);
    publisher.toProject(key, 'account.status', mark('while-away'));

    const back = await client(agent.token, resume);
    const [socket] = await serverSocketOf(agent.userId);
    expect(socket).toBeDefined();
    expect([...socket!.rooms].filter((room) => room.includes(key))).toEqual([]);
    publisher.toProject(key, 'account.status', mark('after'));
    publisher.toUser(agent.userId, 'account.status', mark('own'));
    await heardMark(back, 'own');
    const names = back.heard.map((entry) => (entry.payload as { accountId?: string }).accountId);
    expect(names).not.toContain('while-away');
    expect(names).not.toContain('after');
    back.socket.disconnect();
  });

  it('gives a member cut to fewer permissions while away only the rooms they give now', async () => {
    const { setup, agent, live } = await memberWithClient();
    const key = setup.project.key;
    const resume = resumePoint(live.socket);
    await drop(live, agent.userId);
    const permissions = ['crm.menu', 'crm.chat.menu', 'crm.chat.view'];
    dataOf(
      await server.act('member_permissions_set', {
        token: setup.owner.token,
        key,
        userId: agent.userId,
        permissions,
      }),
    );
    realtimeOf(server.app).publisher.toProject(key, 'account.status', mark('while-cut'));
    const back = await client(agent.token, resume);
    const [socket] = await serverSocketOf(agent.userId);
    const projectRooms = [...socket!.rooms].filter((room) => room.includes(key)).sort();
    expect(projectRooms).toEqual(memberRooms(agent.userId, key, permissions as PermissionKey[]).sort());
    expect(projectRooms.some((room) => room.endsWith(':full'))).toBe(false);
    realtimeOf(server.app).publisher.toUser(agent.userId, 'account.status', mark('own-cut'));
    await heardMark(back, 'own-cut');
    back.socket.disconnect();
  });

  it("refuses a recovery presented with another user's session id", async () => {
    const { setup, agent, live } = await memberWithClient();
    const resume = resumePoint(live.socket);
    await drop(live, agent.userId);
    realtimeOf(server.app).publisher.toProject(setup.project.key, 'account.status', mark('secret'));
    const stranger = await join(server, await team(server, 'Toko Lain'), 'agent');
    const socket = connect(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: stranger.token, ...resume },
    });
    const refused = await new Promise<Error & { data?: { reason?: string } }>((resolve) =>
      socket.once('connect_error', resolve),
    );
    expect(refused.data?.reason).toBe('unauthenticated');
    // Nothing of the other session reached the wire either (a client buffers events until connected).
    expect((socket as unknown as { receiveBuffer: unknown[] }).receiveBuffer).toEqual([]);
    socket.disconnect();
  });
});

describe('sockets per user', () => {
  it('refuses a user one socket more than SOCKETS_PER_USER on a process, and takes one again after a close', async () => {
    const capped = await startTestServer({ socketsPerUser: 3 });
    const opened: Socket[] = [];
    try {
      const { owner } = await team(capped);
      const open = () => {
        const socket = connect(capped.url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: owner.token },
        });
        opened.push(socket);
        return new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (error: Error & { data?: { reason?: string } }) =>
            resolve(error.data?.reason ?? error.message),
          );
        });
      };
      for (let i = 0; i < 3; i += 1) expect(await open()).toBe('connected');
      expect(await open()).toBe('too_many_connections');
      opened[0]!.disconnect();
      await until(
        () => (realtimeOf(capped.app).io.of('/').adapter.rooms.get(`user:${owner.userId}`)?.size ?? 0) < 3,
      );
      expect(await open()).toBe('connected');
    } finally {
      for (const socket of opened) socket.disconnect();
      await capped.close();
    }
  });
});
