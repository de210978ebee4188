/** A socket stand-in for tests: `emit` delivers a server event to the handlers given to `on`. */
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@sapa/sdk';

export interface FakeEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
  emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** How many handlers are listening. */
  count(): number;
}

export function createFakeEventSource(): FakeEventSource {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on(event, handler) {
      const set = listeners.get(event) ?? new Set();
      const entry = handler as unknown as (payload: never) => void;
      set.add(entry);
      listeners.set(event, set);
      return () => {
        set.delete(entry);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (p: typeof payload) => void)(payload);
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
