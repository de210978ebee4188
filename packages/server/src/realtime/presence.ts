/**
 * Presence: which members have the app open (a socket connected), correct with several server
 * processes on one database and robust when one dies (migration 0023). Each process registers
 * itself in `server_processes` and renews its `heartbeat_at` every `PRESENCE_HEARTBEAT_MS`; each
 * of its sockets is a row of `socket_presence`. A member is online while one of their sockets
 * belongs to a process whose heartbeat is younger than `PRESENCE_EXPIRY_MS`: a process that dies
 * (crash, kill, lost network) stops renewing, so its sockets stop counting when its heartbeat
 * expires, and the next heartbeat of any live process deletes the dead one (its sockets go with
 * it). A process that stalled past the expiry and was pruned registers again, with its sockets.
 *
 * The socket.io adapter's `fetchSockets` was the other choice: it asks every process at the time
 * of reading, so a dead process makes each read wait for its time-out, and it needs Redis. The
 * table answers with one indexed query, from any process, with the injected clock.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import { serverProcesses, socketPresence } from '../db/schema.ts';

/** How often a process renews its heartbeat. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** How old a heartbeat may be before the process counts as dead (three missed renewals). */
export const PRESENCE_EXPIRY_MS = 30_000;

/** The members among `userIds` with a socket open on a live process at `now`. */
export async function onlineUserIds(db: Db, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: socketPresence.userId })
    .from(socketPresence)
    .innerJoin(serverProcesses, eq(serverProcesses.id, socketPresence.processId))
    .where(
      and(
        inArray(socketPresence.userId, [...userIds]),
        gt(serverProcesses.heartbeatAt, new Date(now.getTime() - PRESENCE_EXPIRY_MS)),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** This process's side of presence: its registration, heartbeat and sockets. */
export class Presence {
  /** This process (a fresh id at each start). */
  readonly processId = randomUUID();
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #log: Pick<FastifyBaseLogger, 'warn'>;
  /** The sockets this process holds: socket id → user id (to register again after a prune). */
  readonly #sockets = new Map<string, string>();
  /** Each socket's registration under way. */
  readonly #connecting = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #started: Promise<void> | null = null;

  constructor(options: { db: Db; now: () => Date; log: Pick<FastifyBaseLogger, 'warn'> }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#log = options.log;
  }

  /** Registers the process and renews it every `PRESENCE_HEARTBEAT_MS` (`heartbeat` does one). */
  start(options: { interval?: boolean } = {}): Promise<void> {
    this.#started ??= this.heartbeat();
    if (options.interval !== false && this.#timer === null) {
      this.#timer = setInterval(() => {
        this.heartbeat().catch((error: unknown) =>
          this.#log.warn({ err: error }, 'presence heartbeat failed'),
        );
      }, PRESENCE_HEARTBEAT_MS);
      this.#timer.unref();
    }
    return this.#started;
  }

  /**
   * Renews this process's heartbeat (registering it again, with its sockets, if another process
   * pruned it meanwhile) and deletes the processes whose heartbeat expired, with their sockets.
   */
  async heartbeat(): Promise<void> {
    const now = this.#now();
    const renewed = await this.#db
      .update(serverProcesses)
      .set({ heartbeatAt: now })
      .where(eq(serverProcesses.id, this.processId))
      .returning({ id: serverProcesses.id });
    if (renewed.length === 0) {
      await this.#db
        .insert(serverProcesses)
        .values({ id: this.processId, startedAt: now, heartbeatAt: now })
        .onConflictDoUpdate({ target: serverProcesses.id, set: { heartbeatAt: now } });
      for (const [socketId, userId] of this.#sockets) await this.#insert(socketId, userId, now);
    }
    await this.#db
      .delete(serverProcesses)
      .where(lt(serverProcesses.heartbeatAt, new Date(now.getTime() - PRESENCE_EXPIRY_MS)));
  }

  /** A socket of `userId` connected (or recovered) on this process. */
  connect(socketId: string, userId: string): Promise<void> {
    this.#sockets.set(socketId, userId);
    const connecting = this.start().then(() => this.#insert(socketId, userId, this.#now()));
    this.#connecting.set(socketId, connecting);
    return connecting;
  }

  /** A socket of this process disconnected. */
  async disconnect(socketId: string): Promise<void> {
    this.#sockets.delete(socketId);
    // After its row went in, so a quick disconnect does not leave the row behind.
    await this.#connecting.get(socketId)?.catch(() => undefined);
    this.#connecting.delete(socketId);
    await this.#db
      .delete(socketPresence)
      .where(and(eq(socketPresence.processId, this.processId), eq(socketPresence.socketId, socketId)));
  }

  /** Stops the heartbeat and removes this process (and its sockets) at a clean shutdown. */
  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#sockets.clear();
    await this.#db.delete(serverProcesses).where(eq(serverProcesses.id, this.processId));
  }

  async #insert(socketId: string, userId: string, now: Date): Promise<void> {
    await this.#db
      .insert(socketPresence)
      .values({ processId: this.processId, socketId, userId, connectedAt: now })
      .onConflictDoNothing();
  }
}
