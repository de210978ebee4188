/** A realtime stand-in for the web's tests: its status moves when told, its events fire when emitted. */
import type { RealtimeSnapshot, ServerEventName, ServerEventPayload, ServerToClientEvents } from '@sapa/sdk';

export function createFakeRealtime() {
  let snapshot: RealtimeSnapshot = { status: 'idle', attempts: 0, lastError: null };
  const statusListeners = new Set<() => void>();
  const handlers = new Map<string, Set<(payload: never) => void>>();
  const calls: string[] = [];
  const set = (status: RealtimeSnapshot['status'], lastError: string | null = null) => {
    snapshot = { status, attempts: 0, lastError };
    for (const listener of [...statusListeners]) listener();
  };
  return {
    calls,
    set,
    connect() {
      calls.push('connect');
      set('connecting');
    },
    disconnect() {
      calls.push('disconnect');
      set('disconnected');
    },
    subscribe(listener: () => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]) {
      const set = handlers.get(event) ?? new Set();
      const entry = handler as unknown as (payload: never) => void;
      set.add(entry);
      handlers.set(event, set);
      return () => void set.delete(entry);
    },
    emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) {
      for (const handler of [...(handlers.get(event) ?? [])])
        (handler as (p: typeof payload) => void)(payload);
    },
  };
}
