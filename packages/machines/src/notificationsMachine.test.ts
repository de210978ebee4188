import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Notification, ServerEventName, ServerToClientEvents } from '@sapa/sdk';
import {
  appendNotifications,
  notificationsMachine,
  prependNotification,
  selectNotifications,
  selectNotificationsHasMore,
  selectNotificationsStatus,
  selectNotificationsUnread,
} from './notificationsMachine.ts';
import type { InboxEventSource } from './inboxRouting.ts';
import { notificationTarget, notificationText } from './notificationsText.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

function note(id: string, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'conversation_assigned',
    key: 'k1abcdefgh',
    projectName: 'Toko Sapa',
    subject: 'Budi',
    actorName: 'Sari',
    conversationId: `c-${id}`,
    count: 1,
    read: false,
    createdAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

/** A socket stand-in: `emit` calls the machine's handlers as the server's events would. */
function createFeed() {
  const handlers = new Map<string, Set<(event: never) => void>>();
  const feed: InboxEventSource & {
    emit<E extends ServerEventName>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
    listeners(): number;
  } = {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as (event: never) => void);
      handlers.set(event, set);
      return () => set.delete(handler as (event: never) => void);
    },
    emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) (handler as (event: unknown) => void)(payload);
    },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  };
  return feed;
}

async function started(items: Notification[], unread: number) {
  const client = createFakeClient();
  const feed = createFeed();
  const actor = createActor(notificationsMachine, { input: { client, feed } }).start();
  client.settle('notification_list', { data: items });
  client.settle('notification_count', { data: { unread } });
  await flush();
  return { client, feed, actor };
}

modelSuite('notifications', (get) => {
  it('calls only the notification acts', () => {
    const names = new Set(get().runs.flatMap(({ run }) => run.world.client.calls.map((call) => call.name)));
    expect([...names].sort()).toEqual([
      'notification_count',
      'notification_list',
      'notification_read',
      'notification_read_all',
    ]);
  });
});

describe('notifications machine', () => {
  it('loads page 0 again after a reconnect, showing what changed meanwhile', async () => {
    const { client, actor } = await started([note('a'), note('b', { read: true })], 1);
    actor.send({ type: 'notifications.resync' });
    expect(client.pending().map((call) => call.name)).toEqual(['notification_list', 'notification_count']);
    client.settle('notification_list', {
      data: [note('c'), note('a', { read: true }), note('b', { read: true })],
    });
    client.settle('notification_count', { data: { unread: 1 } });
    await flush();
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('ready');
    expect(selectNotifications(actor.getSnapshot()).map((n) => [n.id, n.read])).toEqual([
      ['c', false],
      ['a', true],
      ['b', true],
    ]);
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(1);
  });

  it('loads page 0 with the unread count, and page 1 on "load more" without doubling', async () => {
    const client = createFakeClient();
    const actor = createActor(notificationsMachine, { input: { client, feed: null } }).start();
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('loading');
    expect(client.calls.map((call) => call.name)).toEqual(['notification_list', 'notification_count']);
    expect(client.calls[0]?.fields).toEqual({ page: 0 });
    client.settle('notification_list', { data: [note('a'), note('b')] });
    client.settle('notification_count', { data: { unread: 2 } });
    await flush();
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('ready');
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(2);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.id)).toEqual(['a', 'b']);
  });

  it('reads the page count beside data, goes on after the last one held, and stops on the last page', async () => {
    const answers: Record<string, { data: Notification[]; total_page: number }> = {
      first: { data: [note('a'), note('b')], total_page: 2 },
      after: { data: [note('b'), note('c')], total_page: 2 },
    };
    const calls: unknown[] = [];
    const fake = {
      act: (name: string, fields: { page?: number; after?: unknown }) => {
        calls.push([name, fields]);
        if (name === 'notification_count' || name === 'notification_read')
          return Promise.resolve({ code: '1', msg: 'OK', data: { unread: 3 } });
        const answer = answers[fields.after === undefined ? 'first' : 'after'];
        return Promise.resolve({ code: '1', msg: 'OK', ...answer });
      },
    };
    const actor = createActor(notificationsMachine, { input: { client: fake as never, feed: null } }).start();
    await flush();
    expect(selectNotificationsHasMore(actor.getSnapshot())).toBe(true);
    // Read meanwhile: the cursor still names b as it arrived (unread).
    actor.send({ type: 'notifications.read', id: 'b' });
    await flush();
    actor.send({ type: 'notifications.more' });
    await flush();
    expect(calls).toContainEqual([
      'notification_list',
      { after: { read: false, createdAt: note('b').createdAt, id: 'b' } },
    ]);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(selectNotificationsHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'notifications.more' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('marks one read at once and takes the server count; a failure reloads page 0', async () => {
    const { client, actor } = await started([note('a'), note('b')], 2);
    actor.send({ type: 'notifications.read', id: 'a' });
    expect(selectNotifications(actor.getSnapshot()).find((n) => n.id === 'a')?.read).toBe(true);
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(1);
    expect(client.pending()).toEqual([{ name: 'notification_read', fields: { id: 'a' } }]);
    client.settle('notification_read', { data: { unread: 1 } });
    await flush();
    // Already read: nothing to send.
    actor.send({ type: 'notifications.read', id: 'a' });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'notifications.read', id: 'b' });
    client.settle('notification_read', { error: apiError('not_found', 'Notifikasi tidak ditemukan') });
    await flush();
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.error?.reason).toBe('not_found');
  });

  it('queues reads clicked while another read or a page is under way, and sends each once, in order', async () => {
    const { client, actor } = await started([note('a'), note('b'), note('c'), note('d')], 4);
    actor.send({ type: 'notifications.read', id: 'a' });
    actor.send({ type: 'notifications.read', id: 'b' });
    // Both show read at once; one request at a time.
    expect(
      selectNotifications(actor.getSnapshot())
        .filter((n) => n.read)
        .map((n) => n.id),
    ).toEqual(['a', 'b']);
    expect(client.pending()).toEqual([{ name: 'notification_read', fields: { id: 'a' } }]);
    client.settle('notification_read', { data: { unread: 3 } });
    await flush();
    expect(client.pending()).toEqual([{ name: 'notification_read', fields: { id: 'b' } }]);
    client.settle('notification_read', { data: { unread: 2 } });
    await flush();
    expect(client.pending()).toEqual([]);
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(2);
    // "Mark all" while one read is under way: the all-read follows it, the queue needs no more.
    actor.send({ type: 'notifications.read', id: 'c' });
    actor.send({ type: 'notifications.readAll' });
    client.settle('notification_read', { data: { unread: 1 } });
    await flush();
    expect(client.pending().map((call) => call.name)).toEqual(['notification_read_all']);
    client.settle('notification_read_all', { data: { unread: 0 } });
    await flush();
    expect(client.pending()).toEqual([]);
    expect(client.calls.filter((call) => call.name === 'notification_read')).toHaveLength(3);
  });

  it('sends a read clicked while "load more" loads once the page arrives', async () => {
    const items = Array.from({ length: 10 }, (_, index) => note(`n${index}`));
    const client = createFakeClient();
    const actor = createActor(notificationsMachine, { input: { client, feed: createFeed() } }).start();
    client.settle('notification_list', { data: items, total_page: 2 });
    client.settle('notification_count', { data: { unread: 10 } });
    await flush();
    actor.send({ type: 'notifications.more' });
    actor.send({ type: 'notifications.read', id: 'n3' });
    expect(client.pending().map((call) => call.name)).toEqual(['notification_list']);
    client.settle('notification_list', { data: [note('n10')], total_page: 2 });
    await flush();
    expect(client.pending()).toEqual([{ name: 'notification_read', fields: { id: 'n3' } }]);
  });

  it('marks all read, and only when something is unread', async () => {
    const { client, actor } = await started([note('a'), note('b', { read: true })], 1);
    actor.send({ type: 'notifications.readAll' });
    expect(selectNotifications(actor.getSnapshot()).every((n) => n.read)).toBe(true);
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(0);
    client.settle('notification_read_all', { data: { unread: 0 } });
    await flush();
    actor.send({ type: 'notifications.readAll' });
    expect(client.pending()).toEqual([]);
  });

  it('puts a live notification on top once, and follows the count of other tabs', async () => {
    const { feed, actor } = await started([note('a')], 1);
    feed.emit('notification.new', { notification: note('z'), unread: 2 });
    feed.emit('notification.new', { notification: note('z'), unread: 2 });
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.id)).toEqual(['z', 'a']);
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(2);
    feed.emit('notification.count', { unread: 1 });
    expect(selectNotificationsUnread(actor.getSnapshot())).toBe(1);
    expect(selectNotifications(actor.getSnapshot()).filter((n) => !n.read)).toHaveLength(2);
    feed.emit('notification.count', { unread: 0 });
    expect(selectNotifications(actor.getSnapshot()).every((n) => n.read)).toBe(true);
    expect(feed.listeners()).toBe(2);
    actor.stop();
    expect(feed.listeners()).toBe(0);
  });

  it('fails on a network error and retries', async () => {
    const client = createFakeClient();
    const actor = createActor(notificationsMachine, { input: { client, feed: null } }).start();
    client.settle('notification_list', { error: networkError });
    client.settle('notification_count', { data: { unread: 0 } });
    await flush();
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'notifications.retry' });
    expect(selectNotificationsStatus(actor.getSnapshot())).toBe('loading');
  });
});

describe('notification lists', () => {
  it('appends only what is new, and prepends in place of an earlier copy', () => {
    expect(appendNotifications([note('a')], [note('a'), note('b')]).map((n) => n.id)).toEqual(['a', 'b']);
    expect(
      prependNotification([note('a'), note('b')], note('b', { read: true })).map((n) => [n.id, n.read]),
    ).toEqual([
      ['b', true],
      ['a', false],
    ]);
  });
});

describe('notification texts and targets', () => {
  it('names the actor, the subject and the project', () => {
    expect(notificationText(note('a'))).toEqual({
      key: 'notification.kind.conversation_assigned',
      params: { actor: 'Sari', subject: 'Budi', project: 'Toko Sapa', count: 1 },
    });
    expect(notificationText(note('a', { kind: 'invite_accepted', actorName: null })).params.actor).toBe('');
  });

  it('says how many messages a collapsed "customer waiting" stands for', () => {
    expect(notificationText(note('a', { kind: 'customer_waiting', count: 1 })).key).toBe(
      'notification.kind.customer_waiting',
    );
    expect(notificationText(note('a', { kind: 'customer_waiting', count: 3 }))).toMatchObject({
      key: 'notification.kind.customer_waiting_many',
      params: { subject: 'Budi', count: 3 },
    });
  });

  it('opens the conversation, the members, the accounts or the billing page', () => {
    expect(notificationTarget(note('a'))).toEqual({
      screen: 'chat',
      key: 'k1abcdefgh',
      conversationId: 'c-a',
    });
    expect(notificationTarget(note('a', { kind: 'customer_waiting', conversationId: null }))).toEqual({
      screen: 'chat',
      key: 'k1abcdefgh',
      conversationId: null,
    });
    expect(notificationTarget(note('a', { kind: 'invite_accepted' }))).toEqual({
      screen: 'members',
      key: 'k1abcdefgh',
    });
    expect(notificationTarget(note('a', { kind: 'account_disconnected' }))).toEqual({
      screen: 'accounts',
      key: 'k1abcdefgh',
    });
    expect(notificationTarget(note('a', { kind: 'low_balance' }))).toEqual({
      screen: 'billing',
      key: 'k1abcdefgh',
    });
    expect(notificationText(note('a', { kind: 'low_balance', subject: 'Rp 50.000' }))).toMatchObject({
      key: 'notification.kind.low_balance',
      params: { subject: 'Rp 50.000' },
    });
  });
});
