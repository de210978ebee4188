/**
 * The user's signed-in devices on `/profile`: `session_list` (the current one first), and
 * signing one out (`session_revoke`). Signing out another device drops it from the list;
 * signing out this one ends in `signedOut` and emits `sessionsList.signedOut`, so the app
 * signs out locally (the server has already ended the token).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { UserSession } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

export interface SessionsListInput {
  client: ActCaller;
}

export interface SessionsListContext {
  client: ActCaller;
  sessions: UserSession[];
  /** The session being signed out. */
  revoking: string | null;
  error: FlowError | null;
}

export type SessionsListEvent =
  | { type: 'sessionsList.revoke'; id: string }
  | { type: 'sessionsList.refresh' }
  | { type: 'sessionsList.retry' };

export type SessionsListEmitted =
  { type: 'sessionsList.revoked'; session: UserSession } | { type: 'sessionsList.signedOut' };

/** session_list: the user's live sessions. */
export const loadSessions = fromPromise<UserSession[], { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('session_list', {}, { signal })).data,
);

/** session_revoke: signs one session out. */
export const revokeSession = fromPromise<void, { client: ActCaller; id: string }>(
  async ({ input, signal }) => {
    await input.client.act('session_revoke', { id: input.id }, { signal });
  },
);

export const sessionsListMachine = setup({
  types: {} as {
    context: SessionsListContext;
    events: SessionsListEvent;
    input: SessionsListInput;
    emitted: SessionsListEmitted;
    children: { load: 'loadSessions'; revoke: 'revokeSession' };
  },
  actors: { loadSessions, revokeSession },
  guards: {
    isListed: ({ context }, params: { id: string }) =>
      context.sessions.some((session) => session.id === params.id),
    revokedCurrent: ({ context }) =>
      context.sessions.some((session) => session.id === context.revoking && session.current),
  },
  actions: {
    keepSessions: assign((_, params: { sessions: UserSession[] }) => ({
      sessions: params.sessions,
      error: null,
    })),
    startRevoke: assign((_, params: { id: string }) => ({ revoking: params.id, error: null })),
    dropRevoked: assign(({ context }) => ({
      sessions: context.sessions.filter((session) => session.id !== context.revoking),
      revoking: null,
    })),
    announceRevoked: emit(({ context }) => {
      const session = context.sessions.find((entry) => entry.id === context.revoking);
      if (session === undefined) throw new Error('A revoked session must be listed');
      return { type: 'sessionsList.revoked' as const, session };
    }),
    announceSignedOut: emit({ type: 'sessionsList.signedOut' as const }),
    showError: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      revoking: null,
    })),
  },
}).createMachine({
  id: 'sessionsList',
  context: ({ input }) => ({ client: input.client, sessions: [], revoking: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadSessions',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepSessions', params: ({ event }) => ({ sessions: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'sessionsList.retry': 'loading' } },
    ready: {
      on: {
        'sessionsList.refresh': 'loading',
        'sessionsList.revoke': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'revoking',
          actions: { type: 'startRevoke', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revokeSession',
        input: ({ context }) => ({ client: context.client, id: context.revoking ?? '' }),
        onDone: [
          { guard: 'revokedCurrent', target: 'signedOut', actions: ['dropRevoked', 'announceSignedOut'] },
          { target: 'ready', actions: ['announceRevoked', 'dropRevoked'] },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedOut: { type: 'final' },
  },
});

export type SessionsListSnapshot = SnapshotFrom<typeof sessionsListMachine>;
export type SessionsListStatus = 'loading' | 'failed' | 'ready';

export function selectSessionsListStatus(snapshot: SessionsListSnapshot): SessionsListStatus {
  if (snapshot.matches('failed')) return 'failed';
  return snapshot.matches('loading') ? 'loading' : 'ready';
}

export function selectSessions(snapshot: SessionsListSnapshot): UserSession[] {
  return snapshot.context.sessions;
}

/** The session being signed out, or `null`. */
export function selectSessionRevoking(snapshot: SessionsListSnapshot): string | null {
  return snapshot.context.revoking;
}

export function selectSessionsListError(snapshot: SessionsListSnapshot): FlowError | null {
  return snapshot.context.error;
}
