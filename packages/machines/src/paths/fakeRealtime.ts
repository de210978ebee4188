/** An in-memory stand-in for the SDK's realtime object: tests set its status as the socket would. */
import type { RealtimeSnapshot } from '@sapa/sdk';
import type { RealtimeLike } from '../connectionMachine.ts';

export interface FakeRealtime extends RealtimeLike {
  getSnapshot(): RealtimeSnapshot;
  /** What the machine asked of the socket, in order. */
  readonly calls: Array<'connect' | 'disconnect'>;
  /** Moves to `status` and tells the subscribers, as the socket's events would. */
  set(status: RealtimeSnapshot['status'], lastError?: string | null): void;
}

export function createFakeRealtime(): FakeRealtime {
  let snapshot: RealtimeSnapshot = { status: 'idle', attempts: 0, lastError: null };
  const listeners = new Set<() => void>();
  const calls: FakeRealtime['calls'] = [];
  const set: FakeRealtime['set'] = (status, lastError = null) => {
    snapshot = { status, attempts: status === 'reconnecting' ? snapshot.attempts + 1 : 0, lastError };
    for (const listener of [...listeners]) listener();
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
    subscribe(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    getSnapshot: () => snapshot,
  };
}

export function isFakeRealtime(value: unknown): value is FakeRealtime {
  return typeof value === 'object' && value !== null && 'calls' in value && 'set' in value;
}
