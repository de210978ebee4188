/**
 * The header's bell: how many of the user's notifications are unread. `notification_count` on
 * start (and again on `bell.refresh`, after a reconnect); the socket's `notification.new` and
 * `notification.count` carry the new count (`followNotifications` hands them over as
 * `bell.changed`), so the bell moves without a call. A failed count keeps the last one known and
 * offers `bell.refresh`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ServerEventName, ServerToClientEvents } from '@sapa/sdk';
import type { ActCaller } from './sdk.ts';

export interface NotificationBellInput {
  client: ActCaller;
}

export interface NotificationBellContext {
  client: ActCaller;
  /** Unread notifications; `null` until the first count arrives. */
  unread: number | null;
}

export type NotificationBellEvent = { type: 'bell.changed'; unread: number } | { type: 'bell.refresh' };

export type NotificationBellTag = 'loading' | 'ready' | 'error';

/** notification_count: how many of the caller's notifications are unread. */
export const countNotifications = fromPromise<{ unread: number }, { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('notification_count', {}, { signal })).data,
);

export const notificationBellMachine = setup({
  types: {} as {
    context: NotificationBellContext;
    events: NotificationBellEvent;
    input: NotificationBellInput;
    children: { count: 'countNotifications' };
    tags: NotificationBellTag;
  },
  actors: { countNotifications },
  actions: {
    setUnread: assign((_, params: { unread: number }) => ({ unread: Math.max(0, params.unread) })),
  },
}).createMachine({
  id: 'notificationBell',
  context: ({ input }) => ({ client: input.client, unread: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'count',
        src: 'countNotifications',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'ready',
          actions: { type: 'setUnread', params: ({ event }) => ({ unread: event.output.unread }) },
        },
        onError: { target: 'failed' },
      },
    },
    ready: { tags: ['ready'], on: { 'bell.refresh': 'loading' } },
    failed: { tags: ['error'], on: { 'bell.refresh': 'loading' } },
  },
  on: {
    // The socket's count is newer than any answer on its way.
    'bell.changed': {
      target: '.ready',
      actions: { type: 'setUnread', params: ({ event }) => ({ unread: event.unread }) },
    },
  },
});

export type NotificationBellSnapshot = SnapshotFrom<typeof notificationBellMachine>;

/** The count to show on the bell, or `null` while none is known. */
export function selectUnreadNotifications(snapshot: NotificationBellSnapshot): number | null {
  return snapshot.context.unread;
}

/** The user's events on the one real-time connection, as far as the bell needs them. */
export interface NotificationEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
}

/** Hands the socket's new counts to the bell (`bell.changed`); answers the function that stops. */
export function followNotifications(
  source: NotificationEventSource,
  target: { send(event: NotificationBellEvent): void },
): () => void {
  const offs = [
    source.on('notification.new', (event) => target.send({ type: 'bell.changed', unread: event.unread })),
    source.on('notification.count', (event) => target.send({ type: 'bell.changed', unread: event.unread })),
  ];
  return () => {
    for (const off of offs) off();
  };
}
