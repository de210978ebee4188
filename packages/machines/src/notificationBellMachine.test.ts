import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  followNotifications,
  notificationBellMachine,
  selectUnreadNotifications,
} from './notificationBellMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('notificationBell', (get) => {
  it('asks notification_count with no fields, once per count', () => {
    for (const { run } of get().runs)
      for (const call of run.world.client.calls)
        expect(call).toEqual({ name: 'notification_count', fields: {} });
  });

  it("shows the socket's count after it, whatever the state", () => {
    const changes = get().runs.flatMap(({ run }) =>
      run.steps.filter((step) => step.event.type === 'bell.changed'),
    );
    expect(changes.length).toBeGreaterThan(0);
    for (const step of changes) {
      expect(step.snapshot.matches('ready')).toBe(true);
      expect(step.snapshot.context['unread']).toBe(3);
    }
  });
});

describe('notification bell rules', () => {
  it('counts on start, then follows the socket', async () => {
    const client = createFakeClient();
    const actor = createActor(notificationBellMachine, { input: { client } }).start();
    expect(selectUnreadNotifications(actor.getSnapshot())).toBeNull();
    client.settle('notification_count', { data: { unread: 4 } });
    await flush();
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(4);

    const source = createFakeEventSource();
    const stop = followNotifications(source, actor);
    source.emit('notification.count', { unread: 1 });
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(1);
    source.emit('notification.new', {
      unread: 2,
      notification: {
        id: 'n1',
        kind: 'conversation_assigned',
        key: 'k1abcdefgh',
        projectName: 'Toko',
        subject: 'Rina',
        actorName: 'Budi',
        conversationId: 'c1',
        count: 1,
        read: false,
        createdAt: '2025-01-01T00:00:00Z',
      },
    });
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(2);
    stop();
    expect(source.count()).toBe(0);
    source.emit('notification.count', { unread: 9 });
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(2);
  });

  it('keeps the last count when counting fails, and counts again on refresh', async () => {
    const client = createFakeClient();
    const actor = createActor(notificationBellMachine, { input: { client } }).start();
    client.settle('notification_count', { data: { unread: 5 } });
    await flush();
    actor.send({ type: 'bell.refresh' });
    client.settle('notification_count', { error: networkError });
    await flush();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(5);
    actor.send({ type: 'bell.refresh' });
    client.settle('notification_count', { data: { unread: 0 } });
    await flush();
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(0);
    expect(client.calls).toHaveLength(3);
  });

  it('never shows a negative count', () => {
    const actor = createActor(notificationBellMachine, { input: { client: createFakeClient() } }).start();
    actor.send({ type: 'bell.changed', unread: -1 });
    expect(selectUnreadNotifications(actor.getSnapshot())).toBe(0);
  });
});
