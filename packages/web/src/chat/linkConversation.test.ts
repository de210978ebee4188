import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { composerMachine, conversationMachine, threadMachine } from '@sapa/machines';
import type { ActCaller, OpenConversation } from '@sapa/machines';
import type { ActName, ConversationSummary } from '@sapa/sdk';
import { linkConversation } from './linkConversation.ts';

const conversation: ConversationSummary = {
  id: '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
  accountId: 'a1',
  customer: {
    id: 'cu1',
    name: 'Sari',
    phone: '+6281200000005',
    waName: 'Sari',
    createdAt: '2025-02-01T00:00:00Z',
  },
  lastSeq: 0,
  lastMessage: null,
  lastMessageAt: null,
  unread: 2,
  assignedTo: null,
  division: null,
  windowClosesAt: '2999-01-01T00:00:00Z',
  referral: null,
};

/** The message `message_send` stores for a send. */
function stored(fields: Record<string, unknown>) {
  return {
    id: 'm1',
    conversationId: conversation.id,
    seq: 1,
    direction: 'out',
    clientId: fields['clientId'],
    type: 'text',
    caption: fields['caption'],
    url: null,
    filename: null,
    name: null,
    phone: null,
    replyTo: null,
    status: 'pending',
    error: null,
    senderId: 'u1',
    createdAt: '2025-03-01T10:00:00Z',
  };
}

/** Answers every act at once: lists empty, sends stored. */
function fakeClient() {
  const calls: Array<{ name: ActName; fields: Record<string, unknown> }> = [];
  const client: ActCaller = {
    act: (name, fields) => {
      calls.push({ name, fields: fields as Record<string, unknown> });
      const data =
        name === 'message_send'
          ? stored(fields as Record<string, unknown>)
          : name.endsWith('_list')
            ? []
            : {};
      return new Promise((resolve) => resolve({ code: '1', msg: 'OK', data: data as never }));
    },
  };
  return { client, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(visible = true) {
  const { client, calls } = fakeClient();
  const open = createActor(conversationMachine, {
    input: { client, key: 'k1', receiver: conversation.id, known: conversation },
  }).start();
  const thread = createActor(threadMachine, {
    input: {
      client,
      key: 'k1',
      conversationId: conversation.id,
      newClientId: () => '7d0f8f0e-2f5c-4a39-9d1a-0c6f1a2b3c4d',
    },
  }).start();
  const composer = createActor(composerMachine, { input: { windowOpen: true } }).start();
  const attached: OpenConversation[] = [];
  const list: string[] = [];
  let isVisible = visible;
  const visibilityListeners = new Set<() => void>();
  const removed: string[] = [];
  const unlink = linkConversation({
    key: 'k1',
    conversationId: conversation.id,
    router: {
      attachConversation: (_, target) => {
        attached.push(target);
        return () => void attached.splice(attached.indexOf(target), 1);
      },
    },
    list: { send: (event) => list.push(event.type) },
    conversation: open,
    thread,
    composer,
    visibility: {
      isVisible: () => isVisible,
      subscribe: (listener) => {
        visibilityListeners.add(listener);
        return () => void visibilityListeners.delete(listener);
      },
    },
    onRemoved: () => removed.push(conversation.id),
  });
  const show = () => {
    isVisible = true;
    for (const listener of [...visibilityListeners]) listener();
  };
  return { calls, open, thread, composer, attached, list, unlink, show, removed };
}

describe('an open conversation', () => {
  it('is attached to the router, shown open in the list, and read once its thread is ready', async () => {
    const { calls, attached, list, unlink } = setUp();
    expect(attached).toHaveLength(1);
    expect(attached[0]?.conversationId).toBe(conversation.id);
    expect(list).toEqual(['list.select']);
    await settle();
    expect(calls.filter((call) => call.name === 'conversation_read')).toHaveLength(1);
    attached[0]?.onRemoved();
    unlink();
    expect(attached).toHaveLength(0);
    expect(list).toEqual(['list.select', 'list.deselect']);
  });

  it('waits until the agent can see the page before marking read', async () => {
    const { calls, show } = setUp(false);
    await settle();
    expect(calls.filter((call) => call.name === 'conversation_read')).toHaveLength(0);
    show();
    await settle();
    expect(calls.filter((call) => call.name === 'conversation_read')).toHaveLength(1);
  });

  it("hands the composer's sends to the thread's outbox, and follows the window", async () => {
    const { calls, composer, open } = setUp();
    await settle();
    composer.send({ type: 'composer.type', text: 'Halo kak' });
    composer.send({ type: 'composer.submit' });
    await settle();
    expect(
      calls.filter((call) => call.name === 'message_send').map((call) => call.fields['caption']),
    ).toEqual(['Halo kak']);
    open.send({ type: 'conversation.windowCheck', now: Date.parse('2999-01-02T00:00:00Z') });
    expect(composer.getSnapshot().context.windowOpen).toBe(false);
  });
});
