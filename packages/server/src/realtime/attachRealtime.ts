/**
 * The real-time layer (DESIGN.md "Real-time"): socket.io on the app's own HTTP server at
 * `/socket.io`, polling handshake first (browsers can only send the token headers there), then
 * the upgrade to WebSocket. Each authenticated socket joins `user:<id>`, `session:<id>` (a signed-out
 * session's sockets hear `session.ended` and are disconnected) and `project:<key>` for every project
 * of its user; whatever the rest of the server publishes through the `Publisher`
 * is emitted to those rooms. With `REDIS_URL` the Redis Streams adapter fans events out across
 * processes. Connection-state recovery replays what a socket missed during a short blip.
 * Which rooms a socket joins in a project follows its permissions there (rooms.ts), so a member
 * receives only events about conversations they may see, with phones masked when they may not
 * see contact details.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@sapa/sdk';
import type { Services } from '../acts/context.ts';
import { divisionRoomsOf } from '../crm/divisions.ts';
import type { Published, Publisher } from './Publisher.ts';
import { createRedisAdapter, createRedisPublisher } from './redisAdapter.ts';
import type { RedisAdapter } from './redisAdapter.ts';
import {
  audienceRooms,
  divisionRooms,
  memberRooms,
  possibleMemberRooms,
  sessionRoom,
  userRoom,
} from './rooms.ts';
import { guardRecovery } from './recovery.ts';
import { Presence } from './presence.ts';
import { socketAuth, SocketRefusal } from './socketAuth.ts';
import type { SocketData } from './socketAuth.ts';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface Realtime {
  io: RealtimeServer;
  /** Where handlers publish (`services.publisher`). */
  publisher: Publisher;
  /** Which members are online, this process's part (presence.ts). */
  presence: Presence;
}

/** How long a dropped socket's rooms and missed events are kept for it (connection-state recovery). */
export const RECOVERY_WINDOW_MS = 30_000;

const attached = new WeakMap<FastifyInstance, Realtime>();

/** The real-time layer attached to `app` (tests publish and inspect sockets through it). */
export function realtimeOf(app: FastifyInstance): Realtime {
  const realtime = attached.get(app);
  if (realtime === undefined) throw new Error('attachRealtime was not called on this app');
  return realtime;
}

/** A broadcast operator seen without the per-event typing, for relaying an already typed `Published`. */
interface Relay {
  emit(event: string, payload: unknown): boolean;
}

/** Attaches socket.io to `app.server`; it stops with the app. Call it before `listen`. */
export async function attachRealtime(app: FastifyInstance, services: Services): Promise<Realtime> {
  const { config, publisher } = services;
  // An automation process serves no sockets: it only appends its announcements to the stream.
  const redis: RedisAdapter | null =
    config.redisUrl === null
      ? null
      : await (config.role === 'automation' ? createRedisPublisher : createRedisAdapter)(
          config.redisUrl,
          config.redisPrefix,
          app.log,
        );
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    // Same origin only: no CORS headers are sent.
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(redis === null ? {} : { adapter: redis.adapter }),
  });

  // A recovering socket gets nothing back (rooms, missed events) before it is authenticated, and
  // then only what its current memberships allow (recovery.ts).
  const recovery = guardRecovery(io.of('/').adapter as unknown as Parameters<typeof guardRecovery>[0]);
  io.use((socket, next) => recovery.take(socket, next));
  io.use(socketAuth(services, app.log));
  io.use((socket, next) => {
    if (recovery.sameOwner(socket)) return next();
    app.log.warn({ socketId: socket.id }, 'connection-state recovery under another session refused');
    next(new SocketRefusal('unauthenticated', 'This connection belongs to another session.'));
  });
  // One user's sockets on this process (every tab and device): more is a client gone wrong or abuse.
  io.use((socket, next) => {
    const open = io.of('/').adapter.rooms.get(userRoom(socket.data.userId))?.size ?? 0;
    if (open < config.socketsPerUser) return next();
    next(new SocketRefusal('too_many_connections', 'Too many open connections for this user.'));
  });
  // Presence (presence.ts): this process's sockets in the database, for automation's assignment.
  const presence = new Presence({ db: services.db, now: services.now, log: app.log });
  await presence.start();
  const presenceFailed = (error: unknown) => app.log.warn({ err: error }, 'presence update failed');
  io.on('connection', (socket) => {
    const { userId, sessionId, memberships } = socket.data;
    presence.connect(socket.id, userId).catch(presenceFailed);
    socket.on('disconnect', () => void presence.disconnect(socket.id).catch(presenceFailed));
    const rooms = [
      userRoom(userId),
      sessionRoom(sessionId),
      ...memberships.flatMap(({ key, permissions, divisionIds }) =>
        memberRooms(userId, key, permissions, divisionIds),
      ),
    ];
    void socket.join(rooms);
    for (const packet of recovery.replayable(socket, rooms)) {
      // As socket.io replays them itself: the event, its payload and the offset it was kept at.
      (socket as unknown as { emit(...args: unknown[]): boolean }).emit(...packet);
    }
  });

  const relay = (published: Published) => {
    const rooms = audienceRooms(published.audience);
    // One broadcast when everyone gets the same payload (each broadcast is encoded and kept for
    // connection-state recovery), two when the masked rooms get their own.
    if (published.masked === undefined) {
      (io.to([...rooms.full, ...rooms.masked]) as unknown as Relay).emit(published.event, published.payload);
      return;
    }
    if (rooms.full.length > 0)
      (io.to(rooms.full) as unknown as Relay).emit(published.event, published.payload);
    if (rooms.masked.length > 0)
      (io.to(rooms.masked) as unknown as Relay).emit(published.event, published.masked);
  };
  const stopRelay = publisher.subscribe(relay);
  const stopMembership = publisher.subscribeMembership(async ({ userId, key, permissions, divisionIds }) => {
    const known = await divisionRoomsOf(services.db, key, userId).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not read the divisions of a membership change');
      return { all: [...(divisionIds ?? [])], mine: [...(divisionIds ?? [])] };
    });
    const sockets = io.in(userRoom(userId));
    // Every room this member could hold in the project, then the ones their permissions and
    // divisions give now: one after the other, with no wait between.
    sockets.socketsLeave(possibleMemberRooms(userId, key, known.all));
    if (permissions !== null)
      sockets.socketsJoin(memberRooms(userId, key, permissions, divisionIds ?? known.mine));
  });
  const stopDivisions = publisher.subscribeDivisionClosed((key, divisionId) => {
    const rooms = divisionRooms(key, divisionId);
    io.in(rooms).socketsLeave(rooms);
  });

  const stopSessions = publisher.subscribeSessionsEnded((sessionIds) => {
    const rooms = sessionIds.map(sessionRoom);
    // Told first, then cut off: engine.io flushes the event before it closes the connection.
    (io.to(rooms) as unknown as Relay).emit('session.ended', {});
    io.in(rooms).disconnectSockets(true);
  });

  // Sockets hold their connections open: drop them before the HTTP server waits for idle ones.
  app.addHook('preClose', async () => {
    stopRelay();
    stopMembership();
    stopDivisions();
    stopSessions();
    recovery.stop();
    for (const socket of io.of('/').sockets.values()) socket.disconnect(true);
    io.engine.close();
    // A clean shutdown takes this process's sockets off at once (a crash: at its heartbeat's expiry).
    await presence.stop().catch(presenceFailed);
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await redis?.close();
  });

  const realtime = { io, publisher, presence };
  attached.set(app, realtime);
  return realtime;
}
