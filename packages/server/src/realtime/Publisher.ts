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
}

export function createPublisher(): Publisher {
  const listeners = new Set<(published: Published) => void>();
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
  };
}
