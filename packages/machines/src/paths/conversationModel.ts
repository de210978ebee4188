/**
 * The open conversation's test model: Sari's conversation, found by her phone or already known
 * from the list, with a window open until 2025-03-02 10:00 UTC. Time is the
 * `conversation.windowCheck` event (the model's clock stands at 2025-03-01 12:00 UTC). The
 * panel's actions (rename, assign) and the live events are tried only while nothing else is
 * under way, so each is walked through without every interleaving of the parallel regions.
 */
import { fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ChatAgent, ConversationSummary } from '@sapa/sdk';
import { conversationMachine } from '../conversationMachine.ts';
import type { ConversationContext } from '../conversationMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

export const NOW = Date.parse('2025-03-01T12:00:00Z');
/** When Sari's window closes, as a `windowCheck` at that moment tells. */
export const CLOSES = Date.parse('2025-03-02T10:00:00Z');

export const sari: ConversationSummary = {
  id: '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
  accountId: 'a1',
  customer: {
    id: 'cu-1',
    name: 'Sari',
    phone: '+6281200000005',
    waName: 'Sari W',
    optedOutAt: null,
    optedOutVia: null,
    createdAt: '2025-02-01T08:00:00Z',
  },
  lastSeq: 5,
  lastMessage: {
    type: 'text',
    caption: 'Halo kak',
    filename: null,
    name: null,
    direction: 'in',
    status: 'delivered',
  },
  lastMessageAt: '2025-03-01T10:00:00Z',
  unread: 1,
  assignedTo: null,
  division: null,
  windowClosesAt: new Date(CLOSES).toISOString(),
  freeEntryUntil: null,
  accountDeleted: false,
  referral: { headline: 'Promo Ramadan', sourceType: 'ad', sourceUrl: 'https://fb.me/ad' },
};
/** Sari writes again the next day: the window opens for another 24 hours. */
export const sariWritesAgain: ConversationSummary = {
  ...sari,
  lastSeq: 6,
  lastMessageAt: '2025-03-02T11:00:00Z',
  windowClosesAt: '2025-03-03T11:00:00Z',
};
/** An older version of Sari's summary (a late event): it never replaces a newer one. */
export const sariStale: ConversationSummary = {
  ...sari,
  lastSeq: 4,
  customer: { ...sari.customer, name: 'Lama' },
};
/** A conversation the business started: no window until the customer writes. */
export const sariNeverWrote: ConversationSummary = { ...sari, windowClosesAt: null };
export const agents: ChatAgent[] = [
  { id: 'u1', name: 'Agus' },
  { id: 'u2', name: 'Bunga' },
];

const renamed = { type: 'conversation.rename', name: '  Sari Dewi ' };
const blankName = { type: 'conversation.rename', name: '   ' };
const nameRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { name: 'Nama terlalu panjang.' },
});
const notFound = apiError('not_found', 'Percakapan tidak ditemukan.');
const forbidden = apiError('forbidden', 'Anda tidak punya akses.');

/** The timer never fires by itself: the model sends `conversation.windowCheck`. */
const silentWindowTimer = fromCallback<{ type: 'windowTimer.none' }, { closesAt: string | null }>(
  () => undefined,
);

function contextOf(snapshot: AnyMachineSnapshot): ConversationContext {
  return snapshot.context as ConversationContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const conversation = c.conversation;
  return JSON.stringify({
    value: snapshot.value,
    conversation:
      conversation === null
        ? null
        : [
            conversation.lastSeq,
            conversation.customer.name,
            conversation.assignedTo,
            conversation.windowClosesAt,
          ],
    checkedAt: c.checkedAt,
    agents: c.agents?.length ?? null,
    errors: [
      c.error?.reason ?? null,
      c.agentsError?.reason ?? null,
      Object.keys(c.renameErrors),
      c.renameError?.reason ?? null,
      c.assignError?.reason ?? null,
    ],
    pending: [c.pendingName, c.pendingAssignee],
  });
}

function inRegion(snapshot: AnyMachineSnapshot, region: string, state: string): boolean {
  return snapshot.matches({ ready: { [region]: state } });
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('finding'))
    return [
      { type: 'xstate.done.actor.find', output: sari },
      { type: 'xstate.error.actor.find', error: notFound },
      { type: 'xstate.error.actor.find', error: networkError },
      { type: 'conversation.resync' },
    ];
  if (snapshot.matches('failed')) return [{ type: 'conversation.retry' }, { type: 'conversation.resync' }];
  if (!snapshot.matches('ready')) return [];
  const out: AnyEventObject[] = [];
  if (inRegion(snapshot, 'agents', 'loading'))
    out.push(
      { type: 'xstate.done.actor.agents', output: agents },
      { type: 'xstate.error.actor.agents', error: networkError },
    );
  if (inRegion(snapshot, 'agents', 'failed')) out.push({ type: 'conversation.loadAgents' });
  const calm =
    inRegion(snapshot, 'agents', 'loaded') &&
    inRegion(snapshot, 'rename', 'idle') &&
    inRegion(snapshot, 'assign', 'idle') &&
    inRegion(snapshot, 'sync', 'idle');
  const first = c.conversation?.lastSeq === sari.lastSeq;
  if (calm && first) {
    if (inRegion(snapshot, 'window', 'open')) out.push({ type: 'conversation.windowCheck', now: CLOSES });
    else out.push({ type: 'conversation.updated', conversation: sariWritesAgain });
  }
  const untouched =
    c.conversation?.customer.name === sari.customer.name && c.conversation.assignedTo === null;
  if (calm && first && untouched && inRegion(snapshot, 'window', 'open')) {
    out.push(
      renamed,
      blankName,
      { type: 'conversation.assign', userId: 'u2' },
      { type: 'conversation.resync' },
    );
  }
  if (calm && c.conversation?.assignedTo === 'u2') out.push({ type: 'conversation.assign', userId: null });
  if (inRegion(snapshot, 'rename', 'renaming'))
    out.push(
      { type: 'xstate.done.actor.rename', output: { id: sari.customer.id, name: 'Sari Dewi' } },
      { type: 'xstate.error.actor.rename', error: nameRefused },
      { type: 'xstate.error.actor.rename', error: networkError },
    );
  if (inRegion(snapshot, 'assign', 'assigning'))
    out.push(
      {
        type: 'xstate.done.actor.assign',
        output: { ...c.conversation, assignedTo: c.pendingAssignee?.userId ?? null },
      },
      { type: 'xstate.error.actor.assign', error: forbidden },
    );
  if (inRegion(snapshot, 'sync', 'refreshing'))
    out.push(
      { type: 'xstate.done.actor.refresh', output: sariWritesAgain },
      { type: 'xstate.error.actor.refresh', error: networkError },
    );
  return out;
}

/** A lookup asked again (resync while finding) leaves the old call waiting: settle them all alike. */
const settleFinds: StepDriver = ({ world, event }) => {
  const fields = event as unknown as Record<string, unknown>;
  const outcome = event.type.startsWith('xstate.done.')
    ? { data: fields['output'] }
    : { error: fields['error'] };
  while (world.client.pending().some((call) => call.name === 'conversation_find'))
    world.client.settle('conversation_find', outcome);
};

function world(known: ConversationSummary | null): () => World {
  return () => {
    const client = createFakeClient();
    const input = { client, key: 'k1abcdefgh', receiver: '081200000005', known, now: () => NOW };
    return { input, client, browser: null };
  };
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) {
    const error = fields['error'] as { reason?: string; message: string };
    const what =
      {
        find: 'the lookup',
        agents: 'the agent list',
        rename: 'the rename',
        assign: 'the assignment',
        refresh: 'the refresh',
      }[failed[1]] ?? failed[1];
    return `${what} fails (${error.reason ?? 'network down'})`;
  }
  switch (event.type) {
    case 'xstate.done.actor.find':
      return "conversation_find answers Sari's conversation";
    case 'xstate.done.actor.agents':
      return `the agents arrive (${agents.map((a) => a.name).join(', ')})`;
    case 'xstate.done.actor.rename':
      return 'the server renames the customer "Sari Dewi"';
    case 'xstate.done.actor.assign':
      return 'the server confirms the assignment';
    case 'xstate.done.actor.refresh':
      return 'the fresh look answers a newer summary';
    case 'conversation.windowCheck':
      return "the window's closing time comes (windowCheck)";
    case 'conversation.updated':
      return 'live: Sari writes again (conversation.updated)';
    case 'conversation.rename':
      return `the agent renames the customer "${String(fields['name'])}"`;
    case 'conversation.assign':
      return fields['userId'] === null
        ? 'the agent unassigns it'
        : `the agent assigns it to ${String(fields['userId'])}`;
    default:
      return (
        {
          'conversation.retry': 'the agent retries',
          'conversation.resync': 'the connection comes back (conversation.resync)',
          'conversation.loadAgents': 'the agent asks for the agents again',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  if (snapshot.matches('finding')) return 'finding the conversation';
  if (snapshot.matches('failed') || snapshot.matches('missing'))
    return `${String(snapshot.value)}, shows "${c.error?.message ?? ''}"`;
  if (!snapshot.matches('ready') || c.conversation === null) return String(JSON.stringify(snapshot.value));
  const parts = [
    `"${c.pendingName ?? c.conversation.customer.name}"`,
    `assigned to ${(c.pendingAssignee ? c.pendingAssignee.userId : c.conversation.assignedTo) ?? 'nobody'}`,
    snapshot.hasTag('windowOpen') ? 'window open' : 'window closed',
    c.agents === null ? (c.agentsError ? 'agents failed' : 'agents loading') : `${c.agents.length} agents`,
  ];
  if (snapshot.hasTag('renaming')) parts.push('renaming');
  if (snapshot.hasTag('assigning')) parts.push('assigning');
  if (inRegion(snapshot, 'sync', 'refreshing')) parts.push('refreshing');
  if (Object.keys(c.renameErrors).length > 0) parts.push('name field error');
  if (c.renameError) parts.push(`rename failed "${c.renameError.message}"`);
  if (c.assignError) parts.push(`assignment failed "${c.assignError.message}"`);
  return `ready: ${parts.join(', ')}`;
}

export const conversationModel: PathModel = {
  name: 'conversation',
  machine: conversationMachine.provide({ actors: { windowTimer: silentWindowTimer } }),
  serialize,
  starts: [
    { label: 'opened by the phone 081200000005 (looked up)', world: world(null) },
    { label: 'opened from the list (already known)', world: world(sari) },
    { label: 'opened from the list, the customer never wrote (window closed)', world: world(sariNeverWrote) },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [
          'xstate.done.actor.find',
          'xstate.done.actor.agents',
          'conversation.windowCheck',
          'conversation.updated',
        ].includes(event.type),
      ),
    toState: (snapshot) =>
      snapshot.hasTag('windowOpen') && contextOf(snapshot).conversation?.lastSeq === sariWritesAgain.lastSeq,
  },
  scenarios: [
    // The connection comes back while looking up, and after the lookup failed.
    {
      start: 0,
      events: [
        { type: 'conversation.resync' },
        { type: 'xstate.error.actor.find', error: networkError },
        { type: 'conversation.resync' },
        { type: 'xstate.done.actor.find', output: sari },
      ],
    },
    // A fresh look after a reconnection that fails leaves the summary as it was.
    {
      start: 1,
      events: [
        { type: 'xstate.done.actor.agents', output: agents },
        { type: 'conversation.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
      ],
    },
    // A late, older summary and another conversation's update change nothing.
    {
      start: 1,
      events: [
        { type: 'xstate.done.actor.agents', output: agents },
        { type: 'conversation.updated', conversation: sariStale },
        { type: 'conversation.updated', conversation: { ...sari, id: 'other' } },
        { type: 'conversation.assign', userId: null },
      ],
    },
  ],
  actorActs: {
    find: 'conversation_find',
    refresh: 'conversation_find',
    agents: 'chat_agent_list',
    rename: 'customer_rename',
    assign: 'conversation_assign',
  },
  drivers: { 'xstate.done.actor.find': settleFinds, 'xstate.error.actor.find': settleFinds },
  describeEvent,
  describeState,
};
