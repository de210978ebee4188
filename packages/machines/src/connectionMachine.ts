/**
 * The real-time connection as the app sees it: `offline`, `connecting`, `online`,
 * `reconnecting` (each also a tag). The SDK's realtime object does the socket work and the
 * reconnecting (SPEC.md section 9); the `watchSocket` actor turns its snapshots into
 * `connection.*` events. Coming back `online` from `reconnecting` runs the `resync` action,
 * which emits `{ type: 'resync' }`: the inbox machines then fetch what they missed by sequence,
 * refetch what was loading and resume pending sends (SPEC.md section 4).
 */
import { assign, emit, fromCallback, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Realtime, RealtimeSnapshot } from '@sapa/sdk';

/** The part of the SDK's `Realtime` the machine uses. */
export interface RealtimeLike {
  connect(): void;
  disconnect(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): Pick<RealtimeSnapshot, 'status' | 'lastError'>;
}

export interface ConnectionInput {
  realtime: RealtimeLike;
}

export interface ConnectionContext {
  realtime: RealtimeLike;
  /** Why the connection ended on its own (`unauthenticated` when the server refused the token). */
  error: string | null;
}

export type ConnectionEvent =
  | { type: 'connection.connect' }
  | { type: 'connection.disconnect' }
  | { type: 'connection.lost' }
  | { type: 'connection.restored' }
  | { type: 'connection.failed'; error: string | null };

export type ConnectionEmitted = { type: 'resync' };
export type ConnectionTag = 'offline' | 'connecting' | 'online' | 'reconnecting';

/** Follows the realtime object's status and reports each change as a `connection.*` event. */
export const watchSocket = fromCallback<ConnectionEvent, { realtime: RealtimeLike }>(
  ({ input, sendBack }) => {
    let last = input.realtime.getSnapshot().status;
    return input.realtime.subscribe(() => {
      const { status, lastError } = input.realtime.getSnapshot();
      if (status === last) return;
      last = status;
      if (status === 'connected') sendBack({ type: 'connection.restored' });
      else if (status === 'reconnecting') sendBack({ type: 'connection.lost' });
      else if (status === 'disconnected') sendBack({ type: 'connection.failed', error: lastError });
    });
  },
);

export const connectionMachine = setup({
  types: {} as {
    context: ConnectionContext;
    events: ConnectionEvent;
    input: ConnectionInput;
    emitted: ConnectionEmitted;
    children: { watchSocket: 'watchSocket' };
    tags: ConnectionTag;
  },
  actors: { watchSocket },
  actions: {
    connectSocket: ({ context }) => context.realtime.connect(),
    disconnectSocket: ({ context }) => context.realtime.disconnect(),
    clearError: assign({ error: null }),
    keepError: assign((_, params: { error: string | null }) => ({ error: params.error })),
    resync: emit({ type: 'resync' } as const),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({ realtime: input.realtime, error: null }),
  invoke: { id: 'watchSocket', src: 'watchSocket', input: ({ context }) => ({ realtime: context.realtime }) },
  initial: 'offline',
  on: {
    'connection.disconnect': { target: '.offline', actions: ['disconnectSocket', 'clearError'] },
  },
  states: {
    offline: {
      tags: 'offline',
      on: { 'connection.connect': { target: 'connecting', actions: ['clearError', 'connectSocket'] } },
    },
    connecting: {
      tags: 'connecting',
      on: {
        'connection.restored': 'online',
        'connection.lost': 'reconnecting',
        'connection.failed': {
          target: 'offline',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    online: {
      tags: 'online',
      on: {
        'connection.lost': 'reconnecting',
        'connection.failed': {
          target: 'offline',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    reconnecting: {
      tags: 'reconnecting',
      on: {
        'connection.restored': { target: 'online', actions: 'resync' },
        'connection.failed': {
          target: 'offline',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

/** The connection's state as one word, for a status badge. */
export function selectConnectionStatus(snapshot: ConnectionSnapshot): ConnectionTag {
  if (snapshot.hasTag('online')) return 'online';
  if (snapshot.hasTag('reconnecting')) return 'reconnecting';
  if (snapshot.hasTag('connecting')) return 'connecting';
  return 'offline';
}

/** Compile-time proof that the SDK's realtime object fits `RealtimeLike`. */
export const realtimeFits: Realtime extends RealtimeLike ? true : never = true;
