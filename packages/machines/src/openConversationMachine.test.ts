import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@sapa/sdk';
import { selectComposerMode } from './composerMachine.ts';
import type { OpenConversation } from './inboxRouting.ts';
import {
  openConversationMachine,
  selectOpenComposer,
  selectOpenPicker,
  selectOpenRemoved,
  selectOpenStatus,
  selectOpenThread,
} from './openConversationMachine.ts';
import type { OpenWorld } from './paths/openConversationModel.ts';
import { NOW, sari } from './paths/conversationModel.ts';
import { flush } from './paths/replay.ts';
import { storedMessage } from './paths/threadModel.ts';
import type { ActCaller, ActName } from './sdk.ts';
import { runsThrough } from './testing/modelRun.ts';
import type { ModelRun } from './testing/modelRun.ts';
import { modelSuite } from './testing/modelSuite.ts';

function sends(world: { client: { calls: Array<{ name: ActName; fields: unknown }> } }) {
  return world.client.calls.filter((call) => call.name === 'message_send');
}

modelSuite('openConversation', (get) => {
  it('sends a reply written before the thread is ready exactly once, when it is', () => {
    const runs = runsThrough(get(), ['open.composed', 'open.thread']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const sent = sends(run.world);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.fields).toMatchObject({ conversationId: sari.id, caption: 'Halo kak' });
    }
  });

  it('keeps a reply written after the page failed and sends it once after the retry', () => {
    const runs = runsThrough(get(), ['open.thread', 'open.composed', 'open.thread', 'open.thread']).filter(
      ({ path }) => path.steps.some((step) => step.event['status'] === 'failed'),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      // Nothing goes while the thread has no page; once it has, one send.
      const beforeReady = run.steps.findIndex((step) => step.event['status'] === 'ready');
      expect(beforeReady).toBeGreaterThan(0);
      expect(sends(run.world)).toHaveLength(1);
    }
  });

  it('marks the thread read each time it is ready and the page is seen, and never otherwise', () => {
    const entries = (run: ModelRun['runs'][number]['run']) =>
      run.steps.filter(
        (step, index) =>
          step.snapshot.matches({ open: 'reading' }) &&
          !(run.steps[index - 1]?.snapshot.matches({ open: 'reading' }) ?? false),
      ).length;
    const reads = (run: ModelRun['runs'][number]['run']) =>
      run.world.client.calls.filter((call) => call.name === 'conversation_read').length;
    for (const { run } of get().runs) expect(reads(run)).toBe(entries(run));
    // Read again on coming back to the page; never while the page is hidden.
    expect(get().runs.some(({ run }) => reads(run) > 1)).toBe(true);
    const hidden = get().runs.filter(({ run }) => run.final.matches({ open: 'away' }));
    expect(hidden.length).toBeGreaterThan(0);
  });

  it('attaches to the router and selects in the list while open, and lets go of both when removed', () => {
    const removed = get().runs.filter(({ run }) => run.final.status === 'done');
    expect(removed.length).toBeGreaterThan(0);
    for (const { run } of removed) {
      const { effects, attached } = run.world as OpenWorld;
      expect(effects.filter((effect) => !effect.startsWith('list') && !effect.includes('router'))).toEqual(
        [],
      );
      expect(effects).toContain('attached to the router');
      expect(effects.slice(-2).sort()).toEqual(['detached from the router', 'list: list.deselect']);
      expect(attached).toEqual([]);
      expect(selectOpenRemoved(run.final as never)).toBe(true);
    }
  });

  it('closes the composer with the window', () => {
    const closed = get().runs.filter(({ path }) =>
      path.steps.some(
        (step) =>
          step.event.type === 'open.conversation' &&
          step.event['status'] === 'ready' &&
          step.event['windowOpen'] === false,
      ),
    );
    expect(closed.length).toBeGreaterThan(0);
    for (const { run } of closed) {
      const composer = selectOpenComposer(run.final as never);
      expect(composer?.getSnapshot().context.windowOpen).toBe(false);
    }
    const open = get().runs.filter(({ run }) => (run.final.context as { windowOpen: boolean }).windowOpen);
    for (const { run } of open)
      expect(selectOpenComposer(run.final as never)?.getSnapshot().context.windowOpen ?? true).toBe(true);
  });

  it("shows the picker's message in the thread at once and closes the picker", () => {
    const runs = runsThrough(get(), ['xstate.done.actor.templatePicker']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      expect(selectOpenPicker(run.final as never)).toBeNull();
      const messages = selectOpenThread(run.final as never)?.getSnapshot().context.messages ?? [];
      expect(messages.map((message) => message.type)).toContain('template');
      const sent = sends(run.world);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.fields).toMatchObject({ type: 'template', template: { id: 'tp-reminder' } });
    }
  });

  it('offers no picker and no free-form send once the number was deleted', () => {
    const deleted = get().runs.filter(
      ({ run }) => (run.final.context as { accountDeleted: boolean }).accountDeleted,
    );
    expect(deleted.length).toBeGreaterThan(0);
    for (const { run } of deleted) {
      expect(selectOpenPicker(run.final as never)).toBeNull();
      const composer = selectOpenComposer(run.final as never);
      expect(composer === null ? null : selectComposerMode(composer.getSnapshot())).toBe('readOnly');
    }
  });
});

/** Answers every act at once: lists empty, sends stored. */
function answeringClient() {
  const calls: Array<{ name: ActName; fields: Record<string, unknown> }> = [];
  const client: ActCaller = {
    act: (name, fields) => {
      calls.push({ name, fields: fields as Record<string, unknown> });
      const record = fields as Record<string, unknown>;
      const data =
        name === 'message_send'
          ? {
              id: 'm1',
              conversationId: sari.id,
              seq: 1,
              direction: 'out',
              clientId: record['clientId'],
              type: 'text',
              caption: record['caption'],
              url: null,
              filename: null,
              name: null,
              phone: null,
              replyTo: null,
              status: 'pending',
              error: null,
              senderId: 'u1',
              createdAt: '2025-03-01T12:00:00Z',
            }
          : name === 'conversation_find'
            ? open
            : name.endsWith('_list')
              ? []
              : {};
      return Promise.resolve({ code: '1', msg: 'OK', data: data as never });
    },
  };
  return { client, calls };
}

/** Sari's conversation with a window that stays open whatever the clock says. */
const open: ConversationSummary = { ...sari, windowClosesAt: '2999-01-01T00:00:00Z' };

function setUp(options: { visible?: boolean; known?: ConversationSummary | null; marksRead?: boolean } = {}) {
  const { client, calls } = answeringClient();
  const attached: OpenConversation[] = [];
  const list: string[] = [];
  let visible = options.visible ?? true;
  const listeners = new Set<() => void>();
  const actor = createActor(openConversationMachine, {
    input: {
      client,
      key: 'k1',
      receiver: sari.id,
      known: options.known === undefined ? open : options.known,
      now: () => NOW,
      router: {
        attachConversation: (_key, target) => {
          attached.push(target);
          return () => void attached.splice(attached.indexOf(target), 1);
        },
      },
      list: { send: (event) => list.push(event.type) },
      visibility: {
        isVisible: () => visible,
        subscribe: (listener) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      thread: { newClientId: () => '7d0f8f0e-2f5c-4a39-9d1a-0c6f1a2b3c4d' },
      ...(options.marksRead === undefined ? {} : { marksRead: options.marksRead }),
    },
  }).start();
  const show = () => {
    visible = true;
    for (const listener of [...listeners]) listener();
  };
  const named = (name: ActName) => calls.filter((call) => call.name === name);
  return { actor, calls, named, attached, list, show };
}

describe('an open conversation', () => {
  it('is attached to the router, shown open in the list, and read once its thread is ready', async () => {
    const { actor, named, attached, list } = setUp();
    expect(selectOpenStatus(actor.getSnapshot())).toBe('ready');
    expect(attached.map((open) => open.conversationId)).toEqual([sari.id]);
    expect(list).toEqual(['list.select']);
    await flush();
    expect(named('conversation_read')).toHaveLength(1);
    actor.stop();
    expect(attached).toHaveLength(0);
    expect(list).toEqual(['list.select', 'list.deselect']);
  });

  it('routes socket events to its thread and summary, and ends when the server takes it away', async () => {
    const { actor, attached } = setUp();
    await flush();
    const open = attached[0];
    open?.thread?.send({
      type: 'thread.received',
      message: { ...storedMessage(1), conversationId: sari.id },
    });
    expect(selectOpenThread(actor.getSnapshot())?.getSnapshot().context.messages).toHaveLength(1);
    open?.onRemoved();
    expect(selectOpenRemoved(actor.getSnapshot())).toBe(true);
    expect(attached).toHaveLength(0);
  });

  it('waits until the agent can see the page before marking read', async () => {
    const { named, show } = setUp({ visible: false });
    await flush();
    expect(named('conversation_read')).toHaveLength(0);
    show();
    await flush();
    expect(named('conversation_read')).toHaveLength(1);
  });

  it('never marks read for a member who may not reply, however often the page shows', async () => {
    const { actor, named, show } = setUp({ visible: false, marksRead: false });
    await flush();
    show();
    await flush();
    expect(named('message_list')).toHaveLength(1);
    expect(named('conversation_read')).toHaveLength(0);
    expect(selectOpenStatus(actor.getSnapshot())).toBe('ready');
  });

  it("hands the composer's sends to the thread's outbox, and follows the window", async () => {
    const { actor, named } = setUp();
    await flush();
    const composer = selectOpenComposer(actor.getSnapshot());
    composer?.send({ type: 'composer.type', text: 'Halo kak' });
    composer?.send({ type: 'composer.submit' });
    await flush();
    expect(named('message_send').map((call) => call.fields['caption'])).toEqual(['Halo kak']);
    actor.getSnapshot().context.conversation.send({
      type: 'conversation.windowCheck',
      now: Date.parse('2999-01-02T00:00:00Z'),
    });
    expect(composer?.getSnapshot().context.windowOpen).toBe(false);
  });

  it('sends a reply typed before the page arrives once, after it arrives', async () => {
    const { actor, named } = setUp();
    const composer = selectOpenComposer(actor.getSnapshot());
    composer?.send({ type: 'composer.type', text: 'Cepat' });
    composer?.send({ type: 'composer.submit' });
    expect(named('message_send')).toHaveLength(0);
    await flush();
    expect(named('message_send').map((call) => call.fields['caption'])).toEqual(['Cepat']);
  });

  it('looks the receiver up first, and has no thread until it is found', async () => {
    const { actor, named } = setUp({ known: null });
    expect(selectOpenStatus(actor.getSnapshot())).toBe('loading');
    expect(selectOpenThread(actor.getSnapshot())).toBeNull();
    expect(named('conversation_find')).toHaveLength(1);
    await flush();
    expect(selectOpenStatus(actor.getSnapshot())).toBe('ready');
    expect(selectOpenThread(actor.getSnapshot())?.getSnapshot().context.conversationId).toBe(sari.id);
  });
});
