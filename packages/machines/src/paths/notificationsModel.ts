/**
 * The notifications machine's test model: page 0 (one unread, one read) of two pages, "load
 * more", marking one or all read (done or refused), a live arrival and another tab's count.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Notification } from '@sapa/sdk';
import { notificationsMachine } from '../notificationsMachine.ts';
import type { NotificationsContext } from '../notificationsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import { arrived, firstPage, secondPage } from './personalFixtures.ts';
import type { PathModel, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): NotificationsContext {
  return snapshot.context as NotificationsContext;
}

const list = (items: readonly Notification[]) =>
  items.map((item) => `${item.id}${item.read ? '' : '*'}`).join(' ');

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client, feed: null } };
}

const loaded: AnyEventObject = { type: 'xstate.done.actor.load', output: firstPage };

export const notificationsModel: PathModel = {
  name: 'notifications',
  machine: notificationsMachine,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      items: list(ctx(snapshot).items),
      page: ctx(snapshot).page,
      unread: ctx(snapshot).unread,
      error: ctx(snapshot).error?.reason ?? null,
    }),
  starts: [{ label: 'the user opens /notification', world }],
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [loaded, { type: 'xstate.error.actor.load', error: networkError }];
    if (snapshot.matches('failed'))
      return [{ type: 'notifications.retry' }, { type: 'notifications.resync' }];
    if (snapshot.matches({ ready: 'loadingMore' }))
      return [
        { type: 'xstate.done.actor.more', output: secondPage },
        { type: 'xstate.error.actor.more', error: networkError },
      ];
    if (snapshot.matches({ ready: 'reading' }))
      return [
        { type: 'xstate.done.actor.read', output: { unread: 0 } },
        { type: 'xstate.error.actor.read', error: apiError('not_found', 'Notifikasi tidak ditemukan') },
      ];
    if (snapshot.matches({ ready: 'readingAll' }))
      return [
        { type: 'xstate.done.actor.readAll', output: { unread: 0 } },
        { type: 'xstate.error.actor.readAll', error: networkError },
      ];
    const events: AnyEventObject[] = [
      { type: 'notifications.more' },
      { type: 'notifications.read', id: 'a' },
      { type: 'notifications.readAll' },
      { type: 'notifications.resync' },
    ];
    if (!ctx(snapshot).items.some((item) => item.id === arrived.id))
      events.push({ type: 'notifications.arrived', notification: arrived, unread: ctx(snapshot).unread + 1 });
    if (ctx(snapshot).unread > 0) events.push({ type: 'notifications.counted', unread: 0 });
    return events;
  },
  simple: {
    events: (snapshot) =>
      snapshot.matches('loading')
        ? [loaded]
        : snapshot.matches({ ready: 'loadingMore' })
          ? [{ type: 'xstate.done.actor.more', output: secondPage }]
          : [{ type: 'notifications.more' }],
    toState: (snapshot) => snapshot.matches({ ready: 'idle' }) && ctx(snapshot).page === 1,
  },
  scenarios: [
    {
      start: 0,
      events: [
        loaded,
        { type: 'notifications.more' },
        { type: 'xstate.done.actor.more', output: secondPage },
        { type: 'notifications.resync' },
        loaded,
      ],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.load', error: networkError },
        { type: 'notifications.resync' },
        loaded,
      ],
    },
    {
      start: 0,
      events: [
        loaded,
        { type: 'notifications.readAll' },
        { type: 'xstate.done.actor.readAll', output: { unread: 0 } },
      ],
    },
  ],
  actorActs: { more: 'notification_list', read: 'notification_read', readAll: 'notification_read_all' },
  drivers: {
    // Page 0 and the count come together.
    'xstate.done.actor.load': ({ world: { client }, event }) => {
      const output = event['output'] as typeof firstPage;
      client.settle('notification_list', { data: output.items, total_page: output.totalPage });
      client.settle('notification_count', { data: { unread: output.unread } });
    },
    'xstate.error.actor.load': ({ world: { client }, event }) => {
      client.settle('notification_list', { error: event['error'] });
      client.settle('notification_count', { data: { unread: 0 } });
    },
    'xstate.done.actor.more': ({ world: { client }, event }) => {
      const output = event['output'] as typeof secondPage;
      client.settle('notification_list', { data: output.items, total_page: output.totalPage });
    },
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.load':
        return 'page 0 and the count arrive (a unread, b read; 2 unread in 2 pages)';
      case 'xstate.error.actor.load':
        return 'the notifications fail (network down)';
      case 'xstate.done.actor.more':
        return 'page 1 arrives (c unread)';
      case 'xstate.error.actor.more':
        return 'page 1 fails (network down)';
      case 'xstate.done.actor.read':
      case 'xstate.done.actor.readAll':
        return 'the server answers the unread count';
      case 'xstate.error.actor.read':
      case 'xstate.error.actor.readAll':
        return 'marking read fails';
      case 'notifications.arrived':
        return 'a notification arrives over the socket';
      case 'notifications.counted':
        return 'another tab reads everything (notification.count 0)';
      case 'notifications.read':
        return `the user marks ${String(event['id'])} read`;
      case 'notifications.resync':
        return 'the socket is back after a drop (notifications.resync)';
      default:
        return `the user ${event.type === 'notifications.more' ? 'loads more' : event.type === 'notifications.readAll' ? 'marks all read' : 'retries'}`;
    }
  },
  describeState: (snapshot) =>
    `${JSON.stringify(snapshot.value)}, shows ${list(ctx(snapshot).items) || 'nothing'} (${ctx(snapshot).unread} unread)${ctx(snapshot).error === null ? '' : ', with an error'}`,
};
