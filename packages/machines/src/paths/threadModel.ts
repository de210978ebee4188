/**
 * The thread machine's test model. A thread of four stored messages (pages of two), one retry
 * delay, at most two sends of ours and a few live messages, so the graph stays finite; the events
 * the graph tries in each state are chosen so the regions meet where it matters (a send answered
 * after its live echo, a resync during a retry wait) without multiplying every combination.
 *
 * Client ids are random-free but differ between the graph and the replayed actor (the graph's
 * branches share one counter), so states are told apart without them and the drivers below point
 * each event that names a send at the replayed actor's own client id.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { threadMachine } from '../threadMachine.ts';
import type { ThreadContext } from '../threadMachine.ts';
import { contiguousSeqOf, lastSeqOf } from '../threadMessages.ts';
import type { ThreadMessage } from '../threadMessages.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver } from './models.ts';
import { silentDelay } from '../delay.ts';

export const threadKey = 'k1abcdefgh';
export const threadConversationId = 'cv1';

/** A stored message at `seq`: inbound from the customer unless a client id is given. */
export function storedMessage(seq: number, clientId: string | null = null, caption = 'Halo'): ThreadMessage {
  return {
    id: `m${seq}`,
    conversationId: threadConversationId,
    seq,
    direction: clientId === null ? 'in' : 'out',
    clientId,
    type: 'text',
    caption: clientId === null ? `Pesan ${seq}` : caption,
    url: null,
    filename: null,
    name: null,
    phone: null,
    replyTo: null,
    status: clientId === null ? 'read' : 'pending',
    error: null,
    senderId: clientId === null ? null : 'u1',
    template: null,
    pricing: null,
    broadcast: null,
    automation: null,
    createdAt: `2025-01-01T00:00:0${seq}Z`,
  };
}

function seqs(from: number, to: number): ThreadMessage[] {
  const out: ThreadMessage[] = [];
  for (let seq = from; seq <= to; seq += 1) out.push(storedMessage(seq));
  return out;
}

/** What the server answers a catch-up after the thread's last contiguous seq: the rest, holes filled. */
function catchUpAnswer(messages: readonly ThreadMessage[]): ThreadMessage[] {
  const out: ThreadMessage[] = [];
  for (let seq = contiguousSeqOf(messages) + 1; seq <= lastSeqOf(messages); seq += 1)
    out.push(messages.find((m) => m.seq === seq) ?? storedMessage(seq));
  return out;
}

const latestDone: AnyEventObject = { type: 'xstate.done.actor.latest', output: seqs(3, 4) };
const latestError: AnyEventObject = { type: 'xstate.error.actor.latest', error: networkError };

/** An act asked again (a re-entered state) leaves the old call waiting: settle them all alike. */
function settleAll(name: 'message_list' | 'conversation_read'): StepDriver {
  return ({ world, event }) => {
    const fields = event as unknown as Record<string, unknown>;
    const outcome = event.type.startsWith('xstate.done.')
      ? { data: fields['output'] }
      : { error: fields['error'] };
    while (world.client.pending().some((call) => call.name === name)) world.client.settle(name, outcome);
  };
}

/** A retry timer that never fires: the model sends `thread.retryDue` itself. */

function contextOf(snapshot: AnyMachineSnapshot): ThreadContext {
  return snapshot.context as ThreadContext;
}

/** Value, stored seqs with direction and status, and the outbox without its client ids. */
function serializeThread(snapshot: AnyMachineSnapshot): string {
  const context = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    messages: context.messages.map(
      (m) => `${m.seq}${m.direction}:${m.status}${m.direction === 'out' ? `:${m.caption ?? ''}` : ''}`,
    ),
    outbox: context.outbox.map(
      (p) => `${p.draft.caption ?? ''}/${p.status}/${p.attempts}/${p.serverStatus?.status ?? '-'}`,
    ),
    inFlight: context.outbox.findIndex((p) => p.clientId === context.inFlight),
    hasOlder: context.hasOlder,
    error: context.error?.reason ?? null,
    olderError: context.olderError?.reason ?? null,
    catchUpAgain: context.catchUpAgain,
  });
}

function inState(snapshot: AnyMachineSnapshot, region: string, state: string): boolean {
  return snapshot.matches({ ready: { [region]: state } });
}

const send: AnyEventObject = { type: 'thread.send', draft: { type: 'text', caption: 'Halo' } };
const secondSend: AnyEventObject = { type: 'thread.send', draft: { type: 'text', caption: 'Apa kabar' } };
const refused = apiError('forbidden', 'Anda tidak punya akses ke percakapan ini');

function threadEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const context = contextOf(snapshot);
  // A reply written while the page loads or after it failed waits in the outbox (one is enough).
  const early = context.outbox.length === 0 ? [send] : [];
  if (snapshot.matches('loading')) return [latestDone, latestError, ...early];
  if (snapshot.matches('failed')) return [{ type: 'thread.retry' }, { type: 'thread.resync' }, ...early];
  const last = context.messages[context.messages.length - 1]?.seq ?? 0;
  const first = context.messages[0]?.seq ?? 1;
  const inFlight = context.outbox.find((p) => p.clientId === context.inFlight);
  const failed = context.outbox.find((p) => p.status === 'failed');
  const ours = context.messages.filter((m) => m.direction === 'out').length + context.outbox.length;
  const quiet =
    inState(snapshot, 'older', 'idle') &&
    inState(snapshot, 'sync', 'idle') &&
    inState(snapshot, 'reader', 'idle');
  const calm = quiet && context.outbox.length === 0;
  const events: AnyEventObject[] = [];
  // Reading, paging and live messages are explored from the first page only, and sends only
  // while no other message came in: each feature is walked through without every interleaving.
  const firstPageOnly = context.messages.every((m) => m.seq >= 3 && (m.seq <= 4 || m.direction === 'out'));
  if (calm && firstPageOnly && ours === 0) {
    events.push(
      { type: 'thread.loadOlder' },
      { type: 'thread.markRead' },
      { type: 'thread.resync' },
      { type: 'thread.received', message: storedMessage(last + 1) },
      { type: 'thread.received', message: storedMessage(last + 2) },
    );
  }
  const newest = context.messages[context.messages.length - 1];
  if (calm && newest && newest.direction === 'out' && newest.status === 'pending')
    events.push({
      type: 'thread.statusChanged',
      messageId: newest.id,
      clientId: newest.clientId,
      status: 'read',
      error: null,
    });
  // A first send, and a second one queued behind it while it is in flight.
  if (quiet && firstPageOnly && ours === 0) events.push(send);
  if (quiet && ours === 1 && context.outbox.length === 1 && inState(snapshot, 'outbox', 'sending'))
    events.push(secondSend);
  if (inState(snapshot, 'older', 'loading'))
    events.push(
      { type: 'xstate.done.actor.older', output: seqs(Math.max(1, first - 2), first - 1) },
      { type: 'xstate.error.actor.older', error: networkError },
    );
  if (inState(snapshot, 'reader', 'marking'))
    events.push(
      { type: 'xstate.done.actor.markRead', output: {} },
      { type: 'xstate.error.actor.markRead', error: networkError },
    );
  if (inState(snapshot, 'sync', 'catchingUp'))
    events.push(
      { type: 'xstate.done.actor.catchUp', output: catchUpAnswer(context.messages) },
      { type: 'xstate.error.actor.catchUp', error: networkError },
    );
  if (inState(snapshot, 'outbox', 'sending') && inFlight) {
    events.push(
      {
        type: 'xstate.done.actor.send',
        output: storedMessage(last + 1, inFlight.clientId, inFlight.draft.caption),
      },
      { type: 'xstate.error.actor.send', error: networkError },
    );
    if (context.outbox.length === 1) events.push({ type: 'xstate.error.actor.send', error: refused });
    // The connection comes back while the first attempt is out.
    if (context.outbox.length === 1 && inFlight.attempts === 1 && inState(snapshot, 'sync', 'idle'))
      events.push({ type: 'thread.resync' });
    if (inFlight.serverStatus === null && context.outbox.length === 1)
      events.push(
        {
          type: 'thread.received',
          message: storedMessage(last + 1, inFlight.clientId, inFlight.draft.caption),
        },
        {
          type: 'thread.statusChanged',
          messageId: `m${last + 1}`,
          clientId: inFlight.clientId,
          status: 'delivered',
          error: null,
        },
      );
  }
  if (inState(snapshot, 'outbox', 'waiting')) {
    events.push({ type: 'thread.retryDue' });
    if (context.outbox.length === 1 && inState(snapshot, 'sync', 'idle'))
      events.push({ type: 'thread.resync' });
  }
  // A send that failed for want of the network goes again when the connection comes back.
  if (
    failed?.error?.reason === 'network' &&
    inState(snapshot, 'outbox', 'idle') &&
    inState(snapshot, 'sync', 'idle')
  )
    events.push({ type: 'thread.resync' });
  if (failed && (inState(snapshot, 'outbox', 'idle') || context.outbox.length === 2))
    events.push(
      { type: 'thread.resend', clientId: failed.clientId },
      { type: 'thread.discard', clientId: failed.clientId },
    );
  return events;
}

/** The replayed actor's own client id for the graph's in-flight or failed send. */
function realClientId(snapshot: AnyMachineSnapshot, which: 'inFlight' | 'failed'): string | null {
  const context = contextOf(snapshot);
  if (which === 'inFlight') return context.inFlight;
  return context.outbox.find((p) => p.status === 'failed')?.clientId ?? null;
}

const withRealClientId =
  (which: 'inFlight' | 'failed'): StepDriver =>
  ({ actor, event }) => {
    const clientId = realClientId(actor.getSnapshot(), which);
    const fields = event as unknown as Record<string, unknown>;
    if (event.type === 'thread.received') {
      const message = fields['message'] as ThreadMessage;
      actor.send(message.clientId === null ? event : { ...event, message: { ...message, clientId } });
    } else if (event.type === 'thread.statusChanged') {
      actor.send(fields['clientId'] === null ? event : { ...event, clientId });
    } else {
      actor.send({ ...event, clientId });
    }
  };

/** The send succeeds: the server answers the stored message under the client id it was sent with. */
const answerSend: StepDriver = ({ world, event }) => {
  const call = world.client.pending().find((c) => c.name === 'message_send');
  const clientId = (call?.fields as { clientId?: string } | undefined)?.clientId ?? null;
  const output = (event as unknown as { output: ThreadMessage }).output;
  world.client.settle('message_send', { data: { ...output, clientId } });
};

function describeMessage(message: ThreadMessage): string {
  return message.clientId === null ? `customer message #${message.seq}` : `our message #${message.seq}`;
}

function describeThreadEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.latest':
      return 'the latest page arrives (#3, #4)';
    case 'xstate.done.actor.older':
      return `an older page arrives (${(fields['output'] as ThreadMessage[]).map((m) => `#${m.seq}`).join(', ')})`;
    case 'xstate.done.actor.catchUp':
      return `the catch-up answers ${(fields['output'] as ThreadMessage[]).length} message(s)`;
    case 'xstate.done.actor.send':
      return `the server stores the send as #${(fields['output'] as ThreadMessage).seq}`;
    case 'xstate.done.actor.markRead':
      return 'the conversation is marked read';
    case 'thread.received':
      return `live: ${describeMessage(fields['message'] as ThreadMessage)} arrives`;
    case 'thread.statusChanged':
      return `live: ${String(fields['messageId'])} is now ${String(fields['status'])}`;
    case 'thread.send':
      return `the agent sends "${String((fields['draft'] as { caption?: string }).caption)}"`;
    default: {
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      if (failed?.[1] !== undefined) {
        const error = fields['error'] as { reason?: string };
        return `${failed[1]} fails (${error.reason ?? 'network down'})`;
      }
      return (
        {
          'thread.retry': 'the agent retries (thread.retry)',
          'thread.loadOlder': 'the agent scrolls to the top (thread.loadOlder)',
          'thread.resend': 'the agent resends the failed message',
          'thread.discard': 'the agent discards the failed message',
          'thread.resync': 'the connection comes back (thread.resync)',
          'thread.markRead': 'the agent reads the thread (thread.markRead)',
          'thread.retryDue': 'the retry delay passes',
        }[event.type] ?? event.type
      );
    }
  }
}

function describeThreadState(snapshot: AnyMachineSnapshot): string {
  const context = contextOf(snapshot);
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('failed')) return `failed, shows "${context.error?.message ?? ''}"`;
  const rows = [
    ...context.messages.map(
      (m) => `#${m.seq}${m.direction === 'out' ? ` (ours "${m.caption ?? ''}", ${m.status})` : ''}`,
    ),
    ...context.outbox.map(
      (p) =>
        `pending "${p.draft.caption ?? ''}" ${p.status}${p.attempts > 0 ? ` after ${p.attempts} attempt(s)` : ''}${p.error ? ` "${p.error.message}"` : ''}`,
    ),
  ];
  const busy = [
    inState(snapshot, 'older', 'loading') ? 'loading older' : '',
    inState(snapshot, 'sync', 'catchingUp') ? 'catching up' : '',
    inState(snapshot, 'outbox', 'waiting') ? 'waiting to retry' : '',
    inState(snapshot, 'reader', 'marking') ? 'marking read' : '',
  ].filter(Boolean);
  const older = context.hasOlder ? ', older available' : '';
  const olderError = context.olderError ? `, older failed "${context.olderError.message}"` : '';
  return `ready: ${rows.join(', ') || 'no messages'}${older}${olderError}${busy.length > 0 ? ` [${busy.join(', ')}]` : ''}`;
}

export const threadModel: PathModel = {
  name: 'thread',
  machine: threadMachine.provide({ actors: { delay: silentDelay } }),
  serialize: serializeThread,
  starts: [
    {
      label: 'a conversation with messages #1-#4, pages of 2, one retry',
      world: () => {
        const client = createFakeClient();
        let next = 0;
        const input = {
          client,
          key: threadKey,
          conversationId: threadConversationId,
          newClientId: () => `c${(next += 1)}`,
          retryDelaysMs: [1000],
          pageSize: 2,
        };
        return { input, client, browser: null };
      },
    },
  ],
  events: threadEvents,
  simple: {
    events: (snapshot) =>
      snapshot.matches('loading')
        ? [latestDone]
        : threadEvents(snapshot).filter(
            (e) => e.type === 'thread.send' || e.type === 'xstate.done.actor.send',
          ),
    toState: (snapshot) => contextOf(snapshot).messages.filter((m) => m.direction === 'out').length === 2,
  },
  scenarios: [
    // The connection comes back while the page is failed, then again while it loads.
    { start: 0, events: [latestError, { type: 'thread.resync' }, { type: 'thread.resync' }, latestDone] },
    // A second read replaces the first; reads end either way.
    {
      start: 0,
      events: [
        latestDone,
        { type: 'thread.markRead' },
        { type: 'thread.markRead' },
        { type: 'xstate.done.actor.markRead', output: {} },
        { type: 'thread.markRead' },
        { type: 'xstate.error.actor.markRead', error: networkError },
      ],
    },
    // The connection comes back twice: the second catch-up follows the first.
    {
      start: 0,
      events: [
        latestDone,
        { type: 'thread.resync' },
        { type: 'thread.resync' },
        { type: 'xstate.done.actor.catchUp', output: [] },
        { type: 'xstate.done.actor.catchUp', output: [] },
      ],
    },
    // A gap opens during a resync's catch-up: a second catch-up follows the first.
    {
      start: 0,
      events: [
        latestDone,
        { type: 'thread.resync' },
        { type: 'thread.received', message: storedMessage(6) },
        { type: 'xstate.done.actor.catchUp', output: [storedMessage(5)] },
        { type: 'xstate.done.actor.catchUp', output: [] },
      ],
    },
  ],
  actorActs: {
    latest: 'message_list',
    older: 'message_list',
    catchUp: 'message_list',
    send: 'message_send',
    markRead: 'conversation_read',
  },
  drivers: {
    'xstate.done.actor.send': answerSend,
    'xstate.done.actor.latest': settleAll('message_list'),
    'xstate.error.actor.latest': settleAll('message_list'),
    'xstate.done.actor.markRead': settleAll('conversation_read'),
    'xstate.error.actor.markRead': settleAll('conversation_read'),
    'thread.received': withRealClientId('inFlight'),
    'thread.statusChanged': withRealClientId('inFlight'),
    'thread.resend': withRealClientId('failed'),
    'thread.discard': withRealClientId('failed'),
  },
  describeEvent: describeThreadEvent,
  describeState: describeThreadState,
};
