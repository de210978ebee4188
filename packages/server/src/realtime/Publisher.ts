/**
 * How the rest of the server announces what happened, without knowing about sockets: handlers
 * and jobs call `toProject` / `toUser` after their transaction commits; the real-time layer
 * (socket.io, fanned out through Redis when configured) subscribes and delivers to rooms.
 */
import type { ServerEventName, ServerEventPayload } from '../sdk.ts';

export type Audience = { project: string } | { user: string };

export interface Published<E extends ServerEventName = ServerEventName> {
  audience: Audience;
  event: E;
  payload: ServerEventPayload<E>;
}

export interface Publisher {
  toProject<E extends ServerEventName>(key: string, event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** The real-time layer listens here; returns the function that stops listening. */
  subscribe(listener: (published: Published) => void): () => void;
  /**
   * A user became a member of project `key` (created it, was invited): their open sockets join
   * the project's room at once, without reconnecting.
   */
  memberJoined(userId: string, key: string): void;
  /** A user left project `key`: their open sockets leave its room. */
  memberLeft(userId: string, key: string): void;
  /** The real-time layer listens to membership changes here; returns the function that stops listening. */
  subscribeMembership(listener: (change: MembershipChange) => void): () => void;
}

export interface MembershipChange {
  userId: string;
  key: string;
  joined: boolean;
}

export function createPublisher(): Publisher {
  const listeners = new Set<(published: Published) => void>();
  const membershipListeners = new Set<(change: MembershipChange) => void>();
  const changed = (change: MembershipChange) => {
    for (const listener of membershipListeners) listener(change);
  };
  const emit = (published: Published) => {
    for (const listener of listeners) listener(published);
  };
  return {
    toProject: (key, event, payload) => emit({ audience: { project: key }, event, payload } as Published),
    toUser: (user, event, payload) => emit({ audience: { user }, event, payload } as Published),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    memberJoined: (userId, key) => changed({ userId, key, joined: true }),
    memberLeft: (userId, key) => changed({ userId, key, joined: false }),
    subscribeMembership(listener) {
      membershipListeners.add(listener);
      return () => membershipListeners.delete(listener);
    },
  };
}
