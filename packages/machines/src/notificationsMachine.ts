/**
 * The user's notifications (`/notification`): `notification_list` 20 a page from page 0 (unread
 * first, then newest) with the unread count (`notification_count`), "load more" for the 20 after
 * the last one held (`after`: reading some meanwhile moves them in the order, and skips none), marking one read (`notification_read`) or all (`notification_read_all`).
 *
 * Live: the `feed` actor listens to the socket while the machine runs. `notification.new`
 * puts the notification at the top (once, however often it arrives) and sets the count;
 * `notification.count` (read in another tab) sets the count, and a count of 0 shows every loaded
 * notification read. After a dropped connection (`notifications.resync`) page 0 is loaded again,
 * so what arrived or was read meanwhile shows. Marking is shown at once; a failure shows its message and loads page 0
 * again, so the list says what the server holds.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Notification } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { InboxEventSource } from './inboxRouting.ts';
import type { ActCaller } from './sdk.ts';

export interface NotificationsInput {
  client: ActCaller;
  /** The socket's events (`notification.new`, `notification.count`); `null`: no live updates. */
  feed: InboxEventSource | null;
}

export interface NotificationsContext {
  client: ActCaller;
  feed: InboxEventSource | null;
  /** Every notification loaded so far, in the server's order, new arrivals on top. */
  items: Notification[];
  /** The last page loaded (0-based). */
  page: number;
  /** The last notification of the last page, as the server sent it ("load more" goes on from it). */
  cursor: NotificationCursor | null;
  totalPage: number;
  unread: number;
  error: FlowError | null;
  /**
   * Notifications marked read on screen whose `notification_read` has not gone yet: a click
   * while a page loads or another read is under way waits here, never dropped.
   */
  readQueue: string[];
  /** "Mark all read" asked for while something else was under way. */
  readAllQueued: boolean;
}

export type NotificationsEvent =
  | { type: 'notifications.more' }
  | { type: 'notifications.read'; id: string }
  | { type: 'notifications.readAll' }
  | { type: 'notifications.retry' }
  | { type: 'notifications.arrived'; notification: Notification; unread: number }
  | { type: 'notifications.counted'; unread: number }
  /** The socket is back after a drop: load page 0 again (what arrived or was read meanwhile). */
  | { type: 'notifications.resync' };

interface PageAnswer {
  items: Notification[];
  totalPage: number;
}

/** Where "load more" goes on from: the last notification held, as it arrived. */
export interface NotificationCursor {
  read: boolean;
  createdAt: string;
  id: string;
}

/** The cursor after the last of `items`, as the server sent them; `null` for none. */
export function cursorAfter(items: readonly Notification[]): NotificationCursor | null {
  const last = items.at(-1);
  return last === undefined ? null : { read: last.read, createdAt: last.createdAt, id: last.id };
}

/**
 * notification_list: page 0, or the page after `after` (so notifications read meanwhile, which
 * move in the order, make it skip none); `total_page` rides beside `data` in the answer.
 */
async function fetchNotificationPage(
  client: ActCaller,
  after: NotificationCursor | null,
  signal: AbortSignal,
): Promise<PageAnswer> {
  const answer = await client.act('notification_list', after === null ? { page: 0 } : { after }, { signal });
  const totalPage = (answer as { total_page?: unknown }).total_page;
  return {
    items: Array.isArray(answer.data) ? answer.data : [],
    totalPage: typeof totalPage === 'number' && Number.isFinite(totalPage) ? Math.max(0, totalPage) : 0,
  };
}

/** The next page ("load more"). */
export const loadNotificationPage = fromPromise<
  PageAnswer,
  { client: ActCaller; after: NotificationCursor | null }
>(({ input, signal }) => fetchNotificationPage(input.client, input.after, signal));

/** Page 0 and the unread count, together (the first load, and after a failure). */
export const loadNotifications = fromPromise<PageAnswer & { unread: number }, { client: ActCaller }>(
  async ({ input, signal }) => {
    const [page, count] = await Promise.all([
      fetchNotificationPage(input.client, null, signal),
      input.client.act('notification_count', {}, { signal }),
    ]);
    return { ...page, unread: count.data.unread };
  },
);

/** notification_read: one notification; answers the unread count. */
export const markNotificationRead = fromPromise<{ unread: number }, { client: ActCaller; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('notification_read', { id: input.id }, { signal })).data,
);

/** notification_read_all: answers the unread count (0). */
export const markAllNotificationsRead = fromPromise<{ unread: number }, { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('notification_read_all', {}, { signal })).data,
);

/** Hands the socket's notification events to the machine until it stops. */
export const notificationFeed = fromCallback<{ type: 'feed.none' }, { feed: InboxEventSource | null }>(
  ({ input, sendBack }) => {
    if (input.feed === null) return undefined;
    const offs = [
      input.feed.on('notification.new', (event) =>
        sendBack({ type: 'notifications.arrived', notification: event.notification, unread: event.unread }),
      ),
      input.feed.on('notification.count', (event) =>
        sendBack({ type: 'notifications.counted', unread: event.unread }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  },
);

/** `items` followed by those of `more` it does not hold yet (pages shift as items are read). */
export function appendNotifications(
  items: readonly Notification[],
  more: readonly Notification[],
): Notification[] {
  const known = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !known.has(item.id))];
}

/** `notification` on top, in place of an earlier copy of it. */
export function prependNotification(
  items: readonly Notification[],
  notification: Notification,
): Notification[] {
  return [notification, ...items.filter((item) => item.id !== notification.id)];
}

export function markRead(items: readonly Notification[], id: string | null): Notification[] {
  return items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item));
}

export const notificationsMachine = setup({
  types: {} as {
    context: NotificationsContext;
    events: NotificationsEvent;
    input: NotificationsInput;
    children: {
      feed: 'notificationFeed';
      load: 'loadNotifications';
      more: 'loadNotificationPage';
      read: 'markNotificationRead';
      readAll: 'markAllNotificationsRead';
    };
  },
  actors: {
    loadNotifications,
    loadNotificationPage,
    markNotificationRead,
    markAllNotificationsRead,
    notificationFeed,
  },
  guards: {
    hasMore: ({ context }) => context.page + 1 < context.totalPage,
    isUnread: ({ context }, params: { id: string }) =>
      context.items.some((item) => item.id === params.id && !item.read),
    anyUnread: ({ context }) => context.unread > 0 || context.items.some((item) => !item.read),
    readAllQueued: ({ context }) => context.readAllQueued,
    hasQueuedRead: ({ context }) => context.readQueue.length > 0,
  },
  actions: {
    showFirstPage: assign((_, params: PageAnswer & { unread: number }) => ({
      items: params.items,
      page: 0,
      cursor: cursorAfter(params.items),
      totalPage: params.totalPage,
      unread: params.unread,
      error: null,
    })),
    showMore: assign(({ context }, params: PageAnswer) => ({
      items: appendNotifications(context.items, params.items),
      page: context.page + 1,
      cursor: cursorAfter(params.items) ?? context.cursor,
      totalPage: params.totalPage,
      error: null,
    })),
    showRead: assign(({ context }, params: { id: string | null }) => ({
      items: markRead(context.items, params.id),
      unread: params.id === null ? 0 : Math.max(0, context.unread - 1),
      error: null,
    })),
    setCount: assign((_, params: { unread: number }) => ({ unread: params.unread })),
    queueRead: assign(({ context }, params: { id: string }) => ({
      readQueue: [...context.readQueue, params.id],
    })),
    dequeueRead: assign(({ context }) => ({ readQueue: context.readQueue.slice(1) })),
    queueReadAll: assign({ readAllQueued: true }),
    clearReads: assign({ readQueue: [], readAllQueued: false }),
    arrive: assign(({ context }, params: { notification: Notification; unread: number }) => ({
      items: prependNotification(context.items, params.notification),
      unread: params.unread,
    })),
    count: assign(({ context }, params: { unread: number }) => ({
      unread: params.unread,
      items: params.unread === 0 ? markRead(context.items, null) : context.items,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    client: input.client,
    feed: input.feed,
    items: [],
    page: 0,
    cursor: null,
    totalPage: 0,
    unread: 0,
    error: null,
    readQueue: [],
    readAllQueued: false,
  }),
  invoke: { id: 'feed', src: 'notificationFeed', input: ({ context }) => ({ feed: context.feed }) },
  on: {
    'notifications.arrived': {
      actions: {
        type: 'arrive',
        params: ({ event }) => ({ notification: event.notification, unread: event.unread }),
      },
    },
    'notifications.counted': {
      actions: { type: 'count', params: ({ event }) => ({ unread: event.unread }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadNotifications',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'ready', actions: { type: 'showFirstPage', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'notifications.retry': 'loading', 'notifications.resync': 'loading' } },
    ready: {
      initial: 'idle',
      // Marked read on screen at once in every state of the list; the requests go one at a time.
      on: {
        'notifications.read': {
          guard: { type: 'isUnread', params: ({ event }) => ({ id: event.id }) },
          actions: [
            { type: 'showRead', params: ({ event }) => ({ id: event.id }) },
            { type: 'queueRead', params: ({ event }) => ({ id: event.id }) },
          ],
        },
        'notifications.readAll': {
          guard: 'anyUnread',
          actions: [{ type: 'showRead', params: () => ({ id: null }) }, 'queueReadAll'],
        },
      },
      states: {
        idle: {
          always: [
            { guard: 'readAllQueued', target: 'readingAll' },
            { guard: 'hasQueuedRead', target: 'reading' },
          ],
          on: {
            'notifications.resync': '#notifications.loading',
            'notifications.more': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'more',
            src: 'loadNotificationPage',
            input: ({ context }) => ({ client: context.client, after: context.cursor }),
            onDone: { target: 'idle', actions: { type: 'showMore', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reading: {
          invoke: {
            id: 'read',
            src: 'markNotificationRead',
            input: ({ context }) => ({ client: context.client, id: context.readQueue[0] ?? '' }),
            onDone: {
              target: 'idle',
              actions: ['dequeueRead', { type: 'setCount', params: ({ event }) => event.output }],
            },
            onError: {
              target: '#notifications.loading',
              actions: ['clearReads', { type: 'showError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        readingAll: {
          // Everything is read: single reads still waiting need no request of their own.
          entry: 'clearReads',
          invoke: {
            id: 'readAll',
            src: 'markAllNotificationsRead',
            input: ({ context }) => ({ client: context.client }),
            onDone: { target: 'idle', actions: { type: 'setCount', params: ({ event }) => event.output } },
            onError: {
              target: '#notifications.loading',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;
export type NotificationsStatus = 'loading' | 'failed' | 'ready';

export function selectNotificationsStatus(snapshot: NotificationsSnapshot): NotificationsStatus {
  if (snapshot.matches('failed')) return 'failed';
  return snapshot.matches('loading') ? 'loading' : 'ready';
}

export function selectNotifications(snapshot: NotificationsSnapshot): Notification[] {
  return snapshot.context.items;
}

export function selectNotificationsUnread(snapshot: NotificationsSnapshot): number {
  return snapshot.context.unread;
}

/** Whether "load more" has a next page to load (and is not loading it already). */
export function selectNotificationsHasMore(snapshot: NotificationsSnapshot): boolean {
  return snapshot.context.page + 1 < snapshot.context.totalPage;
}

export function selectNotificationsLoadingMore(snapshot: NotificationsSnapshot): boolean {
  return snapshot.matches({ ready: 'loadingMore' });
}

export function selectNotificationsError(snapshot: NotificationsSnapshot): FlowError | null {
  return snapshot.context.error;
}
