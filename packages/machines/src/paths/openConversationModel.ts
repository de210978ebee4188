/**
 * The open conversation's test model: Sari's conversation (conversationModel's fixtures), known
 * from the list or looked up by her phone, with its real summary, thread and composer as the
 * machine's children. The graph's events are what those children report (`open.conversation`,
 * `open.thread`, `open.composed`), the page's visibility and the server taking the conversation
 * away; the drivers make the real children and fakes produce each one (answer the lookup or the
 * page, press retry, write and send a reply, close the window, hide the page, remove it), so the
 * wiring runs for real and the client's calls can be counted: a reply written before the thread
 * is ready reaches `message_send` exactly once. The agent also opens the template picker, closes
 * it, or sends the payment reminder through it (the real picker, driven through its list, values
 * and `message_send`), and the number is deleted from the project (a live summary saying so).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ConversationSummary } from '@sapa/sdk';
import type { conversationMachine } from '../conversationMachine.ts';
import type { OpenConversation } from '../inboxRouting.ts';
import { openConversationMachine } from '../openConversationMachine.ts';
import type { OpenConversationContext, Visibility } from '../openConversationMachine.ts';
import type { threadMachine } from '../threadMachine.ts';
import { conversationModel, NOW, sari } from './conversationModel.ts';
import { createFakeClient } from './fakes.ts';
import type { FakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { threadModel } from './threadModel.ts';
import { numberTemplates, reminder, templateMessage } from './templateFixtures.ts';

export const openKey = 'k1abcdefgh';

/** The page's visibility, switched by the model. */
export interface FakeVisibility extends Visibility {
  set(visible: boolean): void;
}

function fakeVisibility(visible: boolean): FakeVisibility {
  let shown = visible;
  const listeners = new Set<() => void>();
  return {
    isVisible: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next) => {
      shown = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** What the router and the list were told, and the conversations attached to the router. */
export interface OpenWorld extends World {
  effects: string[];
  attached: OpenConversation[];
  visibility: FakeVisibility;
}

function openWorld(known: ConversationSummary | null, visible: boolean): () => OpenWorld {
  return () => {
    const client = createFakeClient();
    const effects: string[] = [];
    const attached: OpenConversation[] = [];
    const visibility = fakeVisibility(visible);
    let next = 0;
    const input = {
      client,
      key: openKey,
      receiver: '081200000005',
      known,
      now: () => NOW,
      router: {
        attachConversation: (_key: string, target: OpenConversation) => {
          attached.push(target);
          effects.push('attached to the router');
          return () => {
            attached.splice(attached.indexOf(target), 1);
            effects.push('detached from the router');
          };
        },
      },
      list: { send: (event: { type: string }) => void effects.push(`list: ${event.type}`) },
      visibility,
      thread: { newClientId: () => `c${(next += 1)}`, retryDelaysMs: [1000], pageSize: 2 },
      agent: 'Agus',
      picker: { newClientId: () => 'tp1', sendTimeoutMs: 600_000, retryDelaysMs: [1000] },
    };
    return { input, client, browser: null, effects, attached, visibility };
  };
}

/** The real children, with their timers left to the model (as in their own models). */
const machine = openConversationMachine.provide({
  actors: {
    conversationMachine: conversationModel.machine as typeof conversationMachine,
    threadMachine: threadModel.machine as typeof threadMachine,
  },
});

function contextOf(snapshot: AnyMachineSnapshot): OpenConversationContext {
  return snapshot.context as OpenConversationContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    status: c.status,
    resolved: c.conversationId !== null,
    windowOpen: c.windowOpen,
    deleted: c.accountDeleted,
    picker: c.picker !== null,
    thread: c.threadStatus,
    visible: c.visible,
  });
}

const unresolved = { conversationId: null, windowOpen: false, windowClosesAt: null, accountDeleted: false };
const found: AnyEventObject = {
  type: 'open.conversation',
  status: 'ready',
  conversationId: sari.id,
  windowOpen: true,
  windowClosesAt: sari.windowClosesAt,
  accountDeleted: false,
};
const lookupFailed: AnyEventObject = { type: 'open.conversation', status: 'failed', ...unresolved };
const lookupMissing: AnyEventObject = { type: 'open.conversation', status: 'missing', ...unresolved };
const lookupAgain: AnyEventObject = { type: 'open.conversation', status: 'loading', ...unresolved };
const windowCloses: AnyEventObject = { ...found, windowOpen: false };
/** The number is deleted from the project (the window as it was). */
const numberDeleted = (windowOpen: boolean): AnyEventObject => ({
  ...found,
  windowOpen,
  accountDeleted: true,
});
const pickTemplate: AnyEventObject = { type: 'open.pickTemplate' };
const closePicker: AnyEventObject = { type: 'open.closePicker' };
const templateSent: AnyEventObject = {
  type: 'xstate.done.actor.templatePicker',
  output: { message: templateMessage(sari.id, 'tp1'), conversation: null },
};
const threadReady: AnyEventObject = { type: 'open.thread', status: 'ready' };
const threadFailed: AnyEventObject = { type: 'open.thread', status: 'failed' };
const threadRetried: AnyEventObject = { type: 'open.thread', status: 'loading' };
const composed: AnyEventObject = { type: 'open.composed', draft: { type: 'text', caption: 'Halo kak' } };
const removed: AnyEventObject = { type: 'open.removed' };

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('resolving')) {
    if (c.status === 'loading') return [found, lookupFailed, lookupMissing];
    if (c.status === 'failed') return [lookupAgain];
    return [];
  }
  if (!snapshot.matches('open')) return [];
  const out: AnyEventObject[] = [{ type: 'open.visibility', visible: !c.visible }];
  if (c.threadStatus === 'loading') out.push(threadReady, threadFailed);
  if (c.threadStatus === 'failed') out.push(threadRetried);
  if (c.threadStatus === 'ready') out.push(removed);
  if (c.windowOpen && !c.accountDeleted) out.push(windowCloses);
  if (c.picker === null && !c.accountDeleted) out.push(pickTemplate);
  if (c.picker !== null) out.push(closePicker);
  if (c.picker !== null && c.threadStatus === 'ready') out.push(templateSent);
  if (!c.accountDeleted && c.picker === null && c.threadStatus === 'ready')
    out.push(numberDeleted(c.windowOpen));
  return out;
}

function realChild(
  snapshot: AnyMachineSnapshot,
  id: 'thread' | 'composer' | 'conversation' | 'templatePicker',
) {
  const child = snapshot.children[id];
  if (child === undefined) throw new Error(`No ${id} child in ${JSON.stringify(snapshot.value)}`);
  return child;
}

function settleAll(
  client: FakeClient,
  name: Parameters<FakeClient['settle']>[0],
  outcome: { data: unknown } | { error: unknown },
) {
  while (client.pending().some((call) => call.name === name)) client.settle(name, outcome);
}

/** The lookup answers as the event says: found, failed, missing; or the agent presses retry. */
const answerLookup: StepDriver = ({ actor, world, event }) => {
  const status = (event as unknown as { status: string }).status;
  if (status === 'loading') {
    realChild(actor.getSnapshot(), 'conversation').send({ type: 'conversation.retry' });
    return;
  }
  if ((event as unknown as { accountDeleted: boolean }).accountDeleted) {
    // Live: the summary says its number was deleted.
    const conversation = realChild(actor.getSnapshot(), 'conversation');
    const known = (conversation.getSnapshot().context as { conversation: typeof sari }).conversation;
    conversation.send({
      type: 'conversation.updated',
      conversation: { ...known, lastSeq: known.lastSeq + 1, accountDeleted: true },
    });
    return;
  }
  if (status === 'ready' && (event as unknown as { windowOpen: boolean }).windowOpen === false) {
    // A day later: the window has closed.
    realChild(actor.getSnapshot(), 'conversation').send({
      type: 'conversation.windowCheck',
      now: Date.parse('2025-03-03T12:00:00Z'),
    });
    return;
  }
  const outcome =
    status === 'ready'
      ? { data: sari }
      : { error: status === 'missing' ? apiError('not_found', 'Percakapan tidak ditemukan.') : networkError };
  settleAll(world.client, 'conversation_find', outcome);
};

/** The latest page arrives (empty) or fails; or the agent presses retry on the thread. */
const answerPage: StepDriver = ({ actor, world, event }) => {
  const status = (event as unknown as { status: string }).status;
  if (status === 'loading') {
    realChild(actor.getSnapshot(), 'thread').send({ type: 'thread.retry' });
    return;
  }
  settleAll(world.client, 'chat_agent_list', { data: [] });
  settleAll(world.client, 'message_list', status === 'ready' ? { data: [] } : { error: networkError });
};

/** The agent writes a reply in the real composer and presses Enter. */
const writeReply: StepDriver = ({ actor, event }) => {
  const caption = (event as unknown as { draft: { caption: string } }).draft.caption;
  const composer = realChild(actor.getSnapshot(), 'composer');
  composer.send({ type: 'composer.type', text: caption });
  composer.send({ type: 'composer.submit' });
};

/** The agent opens or closes the picker; while it is open its list arrives. */
const togglePicker: StepDriver = ({ actor, world, event }) => {
  actor.send(event);
  settleAll(world.client, 'template_list', { data: numberTemplates });
};

/** In the real picker the agent sends the payment reminder; the server stores it. */
const sendTemplate: StepDriver = async ({ actor, world }) => {
  settleAll(world.client, 'template_list', { data: numberTemplates });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const picker = realChild(actor.getSnapshot(), 'templatePicker');
  picker.send({ type: 'picker.choose', templateId: reminder.id });
  picker.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
  picker.send({ type: 'picker.send' });
  const call = world.client.pending().find((pending) => pending.name === 'message_send');
  if (call === undefined) throw new Error('The picker did not send');
  world.client.settle('message_send', {
    data: templateMessage(sari.id, String((call.fields as { clientId: string }).clientId)),
  });
};

const switchVisibility: StepDriver = ({ world, event }) => {
  (world as OpenWorld).visibility.set((event as unknown as { visible: boolean }).visible);
};

/** The server takes the conversation away: what was still asked is answered first. */
const takeAway: StepDriver = ({ world }) => {
  settleAll(world.client, 'conversation_read', { data: {} });
  settleAll(world.client, 'chat_agent_list', { data: [] });
  const open = (world as OpenWorld).attached[0];
  if (open === undefined) throw new Error('Nothing attached to the router');
  open.onRemoved();
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'open.conversation': {
      const status = String(fields['status']);
      if (fields['accountDeleted'] === true) return "live: Sari's number is deleted from the project";
      if (status === 'ready')
        return fields['windowOpen'] === true
          ? "the lookup finds Sari's conversation"
          : "Sari's 24-hour window closes";
      if (status === 'loading') return 'the agent retries the lookup';
      return status === 'missing'
        ? 'the lookup finds no such conversation'
        : 'the lookup fails (network down)';
    }
    case 'open.thread':
      return {
        ready: 'the latest page arrives',
        failed: 'the latest page fails (network down)',
        loading: "the agent retries the thread's page",
      }[String(fields['status'])] as string;
    case 'open.composed':
      return `the agent sends "${String((fields['draft'] as { caption: string }).caption)}"`;
    case 'open.visibility':
      return fields['visible'] === true
        ? 'the agent comes back to the page'
        : 'the agent switches to another tab';
    case 'open.removed':
      return 'the server takes the conversation away (conversation.removed)';
    case 'open.pickTemplate':
      return 'the agent opens the template picker (its list arrives)';
    case 'open.closePicker':
      return 'the agent closes the template picker';
    case 'xstate.done.actor.templatePicker':
      return 'in the picker, the agent sends pengingat_bayar; the server stores it';
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  if (snapshot.matches('removed')) return 'removed: the web closes the conversation';
  if (snapshot.matches('resolving')) return `resolving (${c.status})`;
  const reader = snapshot.matches({ open: 'reading' })
    ? 'read'
    : snapshot.matches({ open: 'away' })
      ? 'unread until the page is seen'
      : 'thread not ready';
  const number = c.accountDeleted ? ', number deleted' : '';
  const picker = c.picker === null ? '' : ', template picker open';
  return `open: thread ${c.threadStatus ?? '-'}, ${reader}, window ${c.windowOpen ? 'open' : 'closed'}${number}${picker}, page ${c.visible ? 'visible' : 'hidden'}`;
}

export const openConversationModel: PathModel = {
  name: 'openConversation',
  machine,
  serialize,
  starts: [
    { label: "Sari's conversation, known from the list, page visible", world: openWorld(sari, true) },
    { label: "Sari's phone from the route, looked up, page hidden", world: openWorld(null, false) },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) => event.type !== 'open.visibility' && event.type !== 'open.removed'),
    toState: (snapshot) => contextOf(snapshot).threadStatus === 'ready',
  },
  scenarios: [
    // A reply sent before the thread is ready waits, and goes out once when it is.
    { start: 0, events: [composed, threadReady] },
    // A reply sent after the page failed goes out once after the retry.
    { start: 0, events: [threadFailed, composed, threadRetried, threadReady] },
    // A reply sent to the ready thread goes at once.
    { start: 0, events: [threadReady, composed] },
    // The window closes; the agent sends a template through the picker.
    { start: 0, events: [threadReady, windowCloses, pickTemplate, templateSent] },
    // The agent leaves the tab and comes back: read again on return.
    {
      start: 0,
      events: [
        threadReady,
        { type: 'open.visibility', visible: false },
        { type: 'open.visibility', visible: true },
      ],
    },
  ],
  graphActions: {
    tellComposerWindow: () => undefined,
    sendToThread: () => undefined,
    markRead: () => undefined,
    showSent: () => undefined,
  },
  actorActs: {},
  drivers: {
    'open.conversation': answerLookup,
    'open.thread': answerPage,
    'open.composed': writeReply,
    'open.visibility': switchVisibility,
    'open.removed': takeAway,
    'open.pickTemplate': togglePicker,
    'open.closePicker': togglePicker,
    'xstate.done.actor.templatePicker': sendTemplate,
  },
  describeEvent,
  describeState,
};
