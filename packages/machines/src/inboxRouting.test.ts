import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@sapa/sdk';
import { connectionMachine } from './connectionMachine.ts';
import { createInboxRouter } from './inboxRouting.ts';
import type { InboxEventSource } from './inboxRouting.ts';
import { createFakeRealtime } from './paths/fakeRealtime.ts';
import { sari } from './paths/conversationModel.ts';
import { storedMessage } from './paths/threadModel.ts';
import { flush } from './paths/replay.ts';
import { mainNumber } from './paths/accountsModel.ts';
import { reminder } from './paths/templateFixtures.ts';

/** A socket stand-in: `emit` delivers a server event to its listeners. */
function fakeSource() {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const source: InboxEventSource & {
    emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
    count(): number;
  } = {
    on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]) {
      const set = listeners.get(event) ?? new Set();
      const entry = handler as unknown as (payload: never) => void;
      set.add(entry);
      listeners.set(event, set);
      return () => set.delete(entry);
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (p: typeof payload) => void)(payload);
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
  return source;
}

function recorder() {
  const events: Array<{ type: string } & Record<string, unknown>> = [];
  return { events, send: (event: { type: string }) => events.push(event as (typeof events)[number]) };
}

function setUp(reading = true) {
  const source = fakeSource();
  const realtime = createFakeRealtime();
  const connection = createActor(connectionMachine, { input: { realtime } }).start();
  const router = createInboxRouter(source, connection, { isReading: () => reading });
  return { source, realtime, connection, router };
}

const message = { ...storedMessage(6), conversationId: sari.id };

describe('inbox routing', () => {
  it('sends a new message to its project list and its open thread, read at once while reading', () => {
    const { source, router } = setUp();
    const list = recorder();
    const otherProject = recorder();
    const thread = recorder();
    const otherThread = recorder();
    router.attachList('k1', list);
    router.attachList('k2', otherProject);
    router.attachConversation('k1', {
      conversationId: sari.id,
      thread,
      conversation: null,
      onRemoved: () => {},
    });
    router.attachConversation('k1', {
      conversationId: 'other',
      thread: otherThread,
      conversation: null,
      onRemoved: () => {},
    });
    source.emit('message.new', { key: 'k1', conversationId: sari.id, seq: 6, customerName: 'Sari', message });
    expect(list.events).toEqual([{ type: 'list.messageArrived', conversationId: sari.id }]);
    expect(otherProject.events).toEqual([]);
    expect(thread.events).toEqual([{ type: 'thread.received', message }, { type: 'thread.markRead' }]);
    expect(otherThread.events).toEqual([]);
  });

  it('does not mark read while the agent is away, and tells inbound listeners of customer messages only', () => {
    const { source, router } = setUp(false);
    const thread = recorder();
    const heard: string[] = [];
    router.attachConversation('k1', {
      conversationId: sari.id,
      thread,
      conversation: null,
      onRemoved: () => {},
    });
    const off = router.onInbound((event) => heard.push(event.message.id));
    source.emit('message.new', { key: 'k1', conversationId: sari.id, seq: 6, customerName: 'Sari', message });
    const ours = { ...storedMessage(7, 'client-1'), conversationId: sari.id };
    source.emit('message.new', {
      key: 'k1',
      conversationId: sari.id,
      seq: 7,
      customerName: 'Sari',
      message: ours,
    });
    expect(thread.events.map((e) => e.type)).toEqual(['thread.received', 'thread.received']);
    expect(heard).toEqual(['m6']);
    off();
    source.emit('message.new', { key: 'k1', conversationId: sari.id, seq: 6, customerName: 'Sari', message });
    expect(heard).toEqual(['m6']);
  });

  it('routes status changes to the open thread and summaries to the list and the open conversation', () => {
    const { source, router } = setUp();
    const list = recorder();
    const thread = recorder();
    const conversation = recorder();
    router.attachList('k1', list);
    router.attachConversation('k1', { conversationId: sari.id, thread, conversation, onRemoved: () => {} });
    source.emit('message.updated', {
      key: 'k1',
      conversationId: sari.id,
      messageId: 'm7',
      clientId: 'client-1',
      status: 'failed',
      error: { code: 131047, title: 'Re-engagement message' },
    });
    source.emit('conversation.updated', { key: 'k1', conversation: sari });
    expect(thread.events).toEqual([
      {
        type: 'thread.statusChanged',
        messageId: 'm7',
        clientId: 'client-1',
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message' },
      },
    ]);
    expect(list.events).toEqual([{ type: 'list.conversationUpdated', conversation: sari }]);
    expect(conversation.events).toEqual([{ type: 'conversation.updated', conversation: sari }]);
  });

  it('removes a conversation taken away from the list and closes it when open', () => {
    const { source, router } = setUp();
    const list = recorder();
    const closed: string[] = [];
    router.attachList('k1', list);
    router.attachConversation('k1', {
      conversationId: sari.id,
      thread: null,
      conversation: null,
      onRemoved: () => closed.push(sari.id),
    });
    source.emit('conversation.removed', { key: 'k1', conversationId: sari.id });
    source.emit('conversation.removed', { key: 'k2', conversationId: sari.id });
    expect(list.events).toEqual([{ type: 'list.conversationRemoved', conversationId: sari.id }]);
    expect(closed).toEqual([sari.id]);
  });

  it('passes account statuses to the accounts of that project', () => {
    const { source, router } = setUp();
    const accounts = recorder();
    router.attachAccounts('k1', accounts);
    source.emit('account.status', { key: 'k1', accountId: 'a1', status: 'logged_out' });
    source.emit('account.status', { key: 'k2', accountId: 'a9', status: 'connected' });
    expect(accounts.events).toEqual([
      { type: 'accounts.statusChanged', accountId: 'a1', status: 'logged_out' },
    ]);
  });

  it('passes account updates and deletions to the accounts of that project', () => {
    const { source, router } = setUp();
    const accounts = recorder();
    const conversation = recorder();
    router.attachAccounts('k1', accounts);
    router.attachConversation('k1', {
      conversationId: sari.id,
      thread: null,
      conversation,
      onRemoved: () => {},
    });
    source.emit('account.updated', { key: 'k1', account: mainNumber });
    source.emit('account.updated', { key: 'k2', account: mainNumber });
    source.emit('account.deleted', { key: 'k1', accountId: mainNumber.id });
    source.emit('account.deleted', { key: 'k2', accountId: 'a9' });
    expect(accounts.events).toEqual([
      { type: 'accounts.updated', account: mainNumber },
      { type: 'accounts.deleted', accountId: mainNumber.id },
    ]);
    // The open conversation reads its summary again: if it was that number's, it turns read-only.
    expect(conversation.events).toEqual([{ type: 'conversation.resync' }]);
  });

  it("passes template news to that project's templates tabs, and resyncs them", async () => {
    const { source, realtime, connection, router } = setUp();
    const templates = recorder();
    const detach = router.attachTemplates('k1', templates);
    source.emit('template.updated', { key: 'k1', template: reminder });
    source.emit('template.updated', { key: 'k2', template: reminder });
    source.emit('template.deleted', { key: 'k1', accountId: 'a1', templateId: reminder.id });
    connection.send({ type: 'connection.connect' });
    realtime.set('connected');
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(templates.events).toEqual([
      { type: 'templates.updated', template: reminder },
      { type: 'templates.deleted', templateId: reminder.id },
      { type: 'templates.resync' },
    ]);
    detach();
    source.emit('template.deleted', { key: 'k1', accountId: 'a1', templateId: reminder.id });
    expect(templates.events).toHaveLength(3);
  });

  it('passes customer stage moves to the stage screens of that project, and resyncs them', async () => {
    const { source, realtime, connection, router } = setUp();
    const board = recorder();
    const detach = router.attachStages('k1', board);
    const stage = { id: 's1', name: 'Prospek', color: '#1e88e5' };
    source.emit('customer.stage', { key: 'k1', customerId: 'c1', stage });
    source.emit('customer.stage', { key: 'k2', customerId: 'c9', stage: null });
    source.emit('customer.stage', { key: 'k1', customerId: 'c2', stage: null });
    connection.send({ type: 'connection.connect' });
    realtime.set('connected');
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(board.events).toEqual([
      { type: 'stage.moved', customerId: 'c1', stage },
      { type: 'stage.moved', customerId: 'c2', stage: null },
      { type: 'stage.resync' },
    ]);
    detach();
    source.emit('customer.stage', { key: 'k1', customerId: 'c1', stage: null });
    expect(board.events).toHaveLength(3);
  });

  it("passes follow-up changes to the project's customer panels, and resyncs them", async () => {
    const { source, realtime, connection, router } = setUp();
    const panel = recorder();
    const detach = router.attachFollowUps('k1', panel);
    source.emit('follow_up.changed', { key: 'k1', customerId: 'c1', conversationId: sari.id });
    source.emit('follow_up.changed', { key: 'k2', customerId: 'c9', conversationId: 'x' });
    connection.send({ type: 'connection.connect' });
    realtime.set('connected');
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(panel.events).toEqual([
      { type: 'followUps.changed', customerId: 'c1' },
      { type: 'followUps.resync' },
    ]);
    detach();
    source.emit('follow_up.changed', { key: 'k1', customerId: 'c1', conversationId: sari.id });
    expect(panel.events).toHaveLength(2);
  });

  it('tells everything attached to resync when the connection comes back, and only then', async () => {
    const { realtime, connection, router } = setUp();
    const list = recorder();
    const thread = recorder();
    const conversation = recorder();
    const accounts = recorder();
    router.attachList('k1', list);
    router.attachConversation('k1', { conversationId: sari.id, thread, conversation, onRemoved: () => {} });
    router.attachAccounts('k2', accounts);
    connection.send({ type: 'connection.connect' });
    realtime.set('connected');
    await flush();
    expect(list.events).toEqual([]);
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(list.events).toEqual([{ type: 'list.resync' }]);
    expect(thread.events).toEqual([{ type: 'thread.resync' }]);
    expect(conversation.events).toEqual([{ type: 'conversation.resync' }]);
    expect(accounts.events).toEqual([{ type: 'accounts.resync' }]);
  });

  it('each attachment answers its own cleanup, and stop() leaves the socket and the connection', async () => {
    const { source, realtime, connection, router } = setUp();
    const list = recorder();
    const kept = recorder();
    const detach = router.attachList('k1', list);
    router.attachList('k1', kept);
    detach();
    detach();
    source.emit('conversation.removed', { key: 'k1', conversationId: 'x' });
    expect(list.events).toEqual([]);
    expect(kept.events).toHaveLength(1);
    expect(source.count()).toBe(11);
    router.stop();
    expect(source.count()).toBe(0);
    connection.send({ type: 'connection.connect' });
    realtime.set('connected');
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(kept.events).toHaveLength(1);
  });
});
