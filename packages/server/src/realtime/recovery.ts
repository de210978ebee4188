/**
 * Connection-state recovery, checked. socket.io restores a recovering socket's rooms, its `data`
 * and the packets it missed as soon as the client names a private session id (`pid`) and offset,
 * before any middleware runs and without asking who the client is now. Here the adapter's
 * `restoreSession` hands socket.io the session empty (no rooms, no missed packets) and holds what
 * it restored until the handshake is authenticated:
 *
 * - a recovery under another user's or another session's token is refused;
 * - the socket joins exactly the rooms its current memberships and permissions give;
 * - the missed packets are replayed only when every room they were kept for is still the socket's.
 *   Otherwise (removed from a project, or cut to fewer rooms while away) they are dropped: the
 *   client catches up by sequence number after every reconnect, and sees only what it may.
 *
 * Works with the in-memory adapter and the Redis Streams adapter alike (both restore through the
 * namespace's adapter instance).
 */
import type { Socket } from 'socket.io';
import type { SocketData } from './socketAuth.ts';

/** What socket.io restored for a recovering socket, held back until its handshake is checked. */
export interface HeldSession {
  rooms: string[];
  missedPackets: unknown[][];
  data: Partial<SocketData>;
}

/** The part of a socket.io adapter that restores sessions. */
interface RestoringAdapter {
  restoreSession(
    pid: string,
    offset: string,
  ): Promise<{ sid: string; pid: string; rooms: string[]; data: unknown; missedPackets: unknown[][] } | null>;
}

/** How long a held session waits for its handshake before it is forgotten. */
const HOLD_MS = 60_000;

export interface RecoveryGuard {
  /** Middleware, before authentication: takes the held session of a recovered socket. */
  take(socket: Socket, next: (error?: Error) => void): void;
  /**
   * After authentication: whether a recovered socket may go on (same user and session as the
   * session it recovers). A socket that did not recover may always go on.
   */
  sameOwner(socket: Socket): boolean;
  /** On connection: the missed packets to replay, given the rooms the socket joins now. */
  replayable(socket: Socket, rooms: readonly string[]): unknown[][];
  stop(): void;
}

export function guardRecovery(adapter: RestoringAdapter): RecoveryGuard {
  const held = new Map<string, { session: HeldSession; timer: ReturnType<typeof setTimeout> }>();
  const taken = new WeakMap<Socket, HeldSession | null>();
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (session === null || session === undefined) return session;
    const timer = setTimeout(() => held.delete(session.sid), HOLD_MS);
    timer.unref();
    held.set(session.sid, {
      session: {
        rooms: [...session.rooms],
        missedPackets: session.missedPackets,
        data: (session.data ?? {}) as Partial<SocketData>,
      },
      timer,
    });
    return { ...session, rooms: [], missedPackets: [], data: {} };
  };

  return {
    take(socket, next) {
      if (socket.recovered) {
        const entry = held.get(socket.id);
        held.delete(socket.id);
        if (entry !== undefined) clearTimeout(entry.timer);
        taken.set(socket, entry?.session ?? null);
      }
      next();
    },
    sameOwner(socket) {
      if (!socket.recovered) return true;
      const previous = taken.get(socket);
      const now = socket.data as SocketData;
      return (
        previous !== null &&
        previous !== undefined &&
        previous.data.userId === now.userId &&
        previous.data.sessionId === now.sessionId
      );
    },
    replayable(socket, rooms) {
      const previous = socket.recovered ? taken.get(socket) : undefined;
      taken.delete(socket);
      if (previous === null || previous === undefined) return [];
      const now = new Set<string>([socket.id, ...rooms]);
      return previous.rooms.every((room) => now.has(room)) ? previous.missedPackets : [];
    },
    stop() {
      for (const { timer } of held.values()) clearTimeout(timer);
      held.clear();
    },
  };
}
