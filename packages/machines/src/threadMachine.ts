/**
 * One conversation's thread (SPEC.md section 4, DESIGN.md "Real-time"): the latest page, older
 * pages, an optimistic send queue that never loses or doubles a message, live messages merged
 * by `seq` with catch-up over gaps, forward-only statuses, and mark-as-read.
 *
 * `ready` is parallel: `older` (older pages), `outbox` (the send queue, one send at a time, in
 * order), `sync` (live merge and catch-up) and `reader` (mark read). `thread.send` is taken in
 * every state: a send made while the latest page loads or has failed waits in the outbox and
 * goes out when the thread is ready, so no reply is ever dropped. Each send keeps its
 * client-generated id across every retry, so the server's unique constraint makes a retried send
 * one message. Time is an event: the shared `delay` actor (invoked as `retryTimer`) sends
 * `thread.retryDue` when a retry's delay is over, so tests and QA paths drive it.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { isNetworkError, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { delay } from './delay.ts';
import { CATCH_UP_LIMIT, catchUp, loadPage, markRead, sendMessage } from './threadActors.ts';
import type { Where } from './threadActors.ts';
import {
  applyStatus,
  contiguousSeqOf,
  lastSeqOf,
  mergeMessages,
  receiveMessages,
  threadItems,
} from './threadMessages.ts';
import type {
  MessageStatus,
  PendingMessage,
  ThreadDraft,
  ThreadItem,
  ThreadMessage,
} from './threadMessages.ts';

export interface ThreadInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  conversationId: string;
  /** Makes each send's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** How long one send attempt may take before it counts as a network failure (default 15000). */
  sendTimeoutMs?: number;
  /** The waits before each automatic retry of a send (default [1000, 2000, 5000]). */
  retryDelaysMs?: readonly number[];
  /** Messages per page (default 50). A page shorter than this means there is nothing older. */
  pageSize?: number;
}

export interface ThreadContext {
  client: ActCaller;
  key: string;
  conversationId: string;
  newClientId: () => string;
  sendTimeoutMs: number;
  retryDelaysMs: readonly number[];
  pageSize: number;
  /** Stored messages, by `seq`, one per id. */
  messages: ThreadMessage[];
  /** Sends not stored yet, in the order they were made (the queue sends them in that order). */
  outbox: PendingMessage[];
  /** The send in flight or waiting for its retry. */
  inFlight: string | null;
  /** False once a page came back shorter than `pageSize` or reached `seq` 1. */
  hasOlder: boolean;
  /** Why the latest page could not be loaded (state `failed`, recovered by `thread.retry`). */
  error: FlowError | null;
  /** Why the last older page failed (recovered by `thread.loadOlder`). */
  olderError: FlowError | null;
  /** Something arrived during a catch-up that calls for another one right after it. */
  catchUpAgain: boolean;
}

export type ThreadEvent =
  | { type: 'thread.retry' }
  | { type: 'thread.loadOlder' }
  | { type: 'thread.send'; draft: ThreadDraft }
  | { type: 'thread.resend'; clientId: string }
  | { type: 'thread.discard'; clientId: string }
  | { type: 'thread.received'; message: ThreadMessage }
  | {
      type: 'thread.statusChanged';
      messageId: string;
      clientId: string | null;
      status: MessageStatus;
      error: ThreadMessage['error'];
    }
  | { type: 'thread.resync' }
  | { type: 'thread.markRead' }
  /** Sent by the `retryTimer` actor: a send's retry delay is over. */
  | { type: 'thread.retryDue' };

export type ThreadTag = 'loading' | 'ready' | 'error' | 'loadingOlder' | 'sending' | 'catchingUp';
export type ThreadStatus = 'loading' | 'ready' | 'failed';

const DEFAULT_SEND_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000];
const DEFAULT_PAGE_SIZE = 50;
function where(context: ThreadContext): Where {
  return { client: context.client, key: context.key, conversationId: context.conversationId };
}

function inFlightOf(context: ThreadContext): PendingMessage | undefined {
  return context.outbox.find((pending) => pending.clientId === context.inFlight);
}

function isFailed(context: ThreadContext, clientId: string): boolean {
  return context.outbox.some((pending) => pending.clientId === clientId && pending.status === 'failed');
}

function olderAvailable(page: readonly ThreadMessage[], pageSize: number): boolean {
  return page.length >= pageSize && (page[0]?.seq ?? 1) > 1;
}

export const threadMachine = setup({
  types: {} as {
    context: ThreadContext;
    events: ThreadEvent;
    input: ThreadInput;
    children: {
      latest: 'loadPage';
      older: 'loadPage';
      send: 'sendMessage';
      retryTimer: 'delay';
      catchUp: 'catchUp';
      markRead: 'markRead';
    };
    tags: ThreadTag;
  },
  actors: { loadPage, catchUp, sendMessage, markRead, delay },
  guards: {
    canLoadOlder: ({ context }) => context.hasOlder,
    hasQueued: ({ context }) => context.outbox.some((pending) => pending.status === 'sending'),
    isFailed: ({ context }, params: { clientId: string }) => isFailed(context, params.clientId),
    refused: (_, params: { error: unknown }) => !isNetworkError(params.error),
    retriesLeft: ({ context }) => (inFlightOf(context)?.attempts ?? 0) <= context.retryDelaysMs.length,
    opensGap: ({ context }, params: { message: ThreadMessage }) =>
      params.message.conversationId === context.conversationId &&
      params.message.seq > lastSeqOf(context.messages) + 1,
    moreToCatchUp: ({ context }, params: { page: ThreadMessage[] }) =>
      params.page.length >= CATCH_UP_LIMIT || context.catchUpAgain,
  },
  actions: {
    showPage: assign(({ context }, params: { page: ThreadMessage[] }) => ({
      messages: mergeMessages([], params.page),
      hasOlder: olderAvailable(params.page, context.pageSize),
      error: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearOlderError: assign({ olderError: null }),
    prependOlder: assign(({ context }, params: { page: ThreadMessage[] }) => ({
      messages: mergeMessages(context.messages, params.page),
      hasOlder: olderAvailable(params.page, context.pageSize),
    })),
    showOlderError: assign((_, params: { error: unknown }) => ({ olderError: toFlowError(params.error) })),
    enqueue: assign(({ context }, params: { draft: ThreadDraft }) => ({
      outbox: [
        ...context.outbox,
        {
          clientId: context.newClientId(),
          draft: params.draft,
          status: 'sending' as const,
          attempts: 0,
          error: null,
          createdAt: new Date().toISOString(),
          serverStatus: null,
        },
      ],
    })),
    /** A failed send goes back to the end of the queue, with the same client id. */
    requeue: assign(({ context }, params: { clientId: string }) => {
      const pending = context.outbox.find((p) => p.clientId === params.clientId);
      if (pending === undefined) return {};
      return {
        outbox: [
          ...context.outbox.filter((p) => p.clientId !== params.clientId),
          { ...pending, status: 'sending' as const, attempts: 0, error: null },
        ],
      };
    }),
    discard: assign(({ context }, params: { clientId: string }) => ({
      outbox: context.outbox.filter((pending) => pending.clientId !== params.clientId),
    })),
    /** The first queued send goes out; its attempt is counted. */
    takeNext: assign(({ context }) => {
      const next = context.outbox.find((pending) => pending.status === 'sending');
      if (next === undefined) return { inFlight: null };
      return {
        inFlight: next.clientId,
        outbox: context.outbox.map((pending) =>
          pending === next ? { ...pending, attempts: pending.attempts + 1 } : pending,
        ),
      };
    }),
    /** Stored messages of this conversation join the thread (another conversation's are ignored). */
    receive: assign(({ context }, params: { messages: ThreadMessage[] }) =>
      receiveMessages(
        context,
        params.messages.filter((message) => message.conversationId === context.conversationId),
      ),
    ),
    failSend: assign(({ context }, params: { error: unknown }) => ({
      outbox: context.outbox.map((pending) =>
        pending.clientId === context.inFlight
          ? { ...pending, status: 'failed' as const, error: toFlowError(params.error) }
          : pending,
      ),
    })),
    applyStatus: assign(
      (
        { context },
        params: {
          messageId: string;
          clientId: string | null;
          status: MessageStatus;
          error: ThreadMessage['error'];
        },
      ) => applyStatus(context, params),
    ),
    /** Sends that failed only because the server was out of reach wait for the connection, then go again. */
    resumeNetworkFailures: assign(({ context }) => ({
      outbox: context.outbox.map((pending) =>
        pending.status === 'failed' && pending.error?.reason === 'network'
          ? { ...pending, status: 'sending' as const, attempts: 0, error: null }
          : pending,
      ),
    })),
    /**
     * The send in flight was answered: it is stored, whatever the answer carries (a server that
     * answered another client id must not make the queue send it again and again).
     */
    settleInFlight: assign(({ context }) => ({
      outbox: context.outbox.filter((pending) => pending.clientId !== context.inFlight),
      inFlight: null,
    })),
    catchUpLater: assign({ catchUpAgain: true }),
    startCatchUp: assign({ catchUpAgain: false }),
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    conversationId: input.conversationId,
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    sendTimeoutMs: input.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    retryDelaysMs: input.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    messages: [],
    outbox: [],
    inFlight: null,
    hasOlder: false,
    error: null,
    olderError: null,
    catchUpAgain: false,
  }),
  initial: 'loading',
  on: {
    // Accepted in every state: a reply written while the page loads, after it failed or while
    // reconnecting waits in the outbox, and goes out once (under its client id) when ready.
    'thread.send': {
      actions: { type: 'enqueue', params: ({ event }) => ({ draft: event.draft }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'latest',
        src: 'loadPage',
        input: ({ context }) => ({ ...where(context), limit: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // The connection came back: ask again rather than wait for a request that may be lost.
      on: { 'thread.resync': { target: 'loading', reenter: true } },
    },
    failed: {
      tags: ['error'],
      on: { 'thread.retry': 'loading', 'thread.resync': 'loading' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'thread.resend': {
          guard: { type: 'isFailed', params: ({ event }) => event },
          actions: { type: 'requeue', params: ({ event }) => event },
        },
        'thread.discard': {
          guard: { type: 'isFailed', params: ({ event }) => event },
          actions: { type: 'discard', params: ({ event }) => event },
        },
        'thread.statusChanged': { actions: { type: 'applyStatus', params: ({ event }) => event } },
      },
      states: {
        older: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'thread.loadOlder': { guard: 'canLoadOlder', target: 'loading', actions: 'clearOlderError' },
              },
            },
            loading: {
              tags: ['loadingOlder'],
              invoke: {
                id: 'older',
                src: 'loadPage',
                input: ({ context }) => ({
                  ...where(context),
                  beforeSeq: context.messages[0]?.seq ?? 1,
                  limit: context.pageSize,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'prependOlder', params: ({ event }) => ({ page: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showOlderError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        outbox: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasQueued', target: 'sending' },
              // The connection is back: sends that failed for want of it go out again (same client ids).
              on: { 'thread.resync': { actions: 'resumeNetworkFailures' } },
            },
            sending: {
              tags: ['sending'],
              entry: 'takeNext',
              on: { 'thread.resync': { actions: 'resumeNetworkFailures' } },
              invoke: {
                id: 'send',
                src: 'sendMessage',
                input: ({ context }) => {
                  const pending = inFlightOf(context);
                  return {
                    ...where(context),
                    clientId: pending?.clientId ?? '',
                    draft: pending?.draft ?? { type: 'text' },
                    timeoutMs: context.sendTimeoutMs,
                  };
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'receive', params: ({ event }) => ({ messages: [event.output] }) },
                    'settleInFlight',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: { type: 'failSend', params: ({ event }) => ({ error: event.error }) },
                  },
                  { guard: 'retriesLeft', target: 'waiting' },
                  {
                    target: 'idle',
                    actions: { type: 'failSend', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            waiting: {
              tags: ['sending'],
              invoke: {
                id: 'retryTimer',
                src: 'delay',
                input: ({ context }) => ({
                  ms: context.retryDelaysMs[(inFlightOf(context)?.attempts ?? 1) - 1] ?? 0,
                  event: { type: 'thread.retryDue' as const },
                }),
              },
              on: {
                'thread.retryDue': 'idle',
                'thread.resync': { target: 'idle', actions: 'resumeNetworkFailures' },
              },
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'thread.received': [
                  {
                    guard: { type: 'opensGap', params: ({ event }) => event },
                    target: 'catchingUp',
                    actions: { type: 'receive', params: ({ event }) => ({ messages: [event.message] }) },
                  },
                  { actions: { type: 'receive', params: ({ event }) => ({ messages: [event.message] }) } },
                ],
                'thread.resync': 'catchingUp',
              },
            },
            catchingUp: {
              tags: ['catchingUp'],
              entry: 'startCatchUp',
              invoke: {
                id: 'catchUp',
                src: 'catchUp',
                input: ({ context }) => ({ ...where(context), afterSeq: contiguousSeqOf(context.messages) }),
                onDone: [
                  {
                    guard: { type: 'moreToCatchUp', params: ({ event }) => ({ page: event.output }) },
                    target: 'catchingUp',
                    reenter: true,
                    actions: { type: 'receive', params: ({ event }) => ({ messages: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'receive', params: ({ event }) => ({ messages: event.output }) },
                  },
                ],
                // Best effort: the next gap or `thread.resync` catches up again.
                onError: 'idle',
              },
              on: {
                'thread.received': [
                  {
                    guard: { type: 'opensGap', params: ({ event }) => event },
                    actions: [
                      { type: 'receive', params: ({ event }) => ({ messages: [event.message] }) },
                      'catchUpLater',
                    ],
                  },
                  { actions: { type: 'receive', params: ({ event }) => ({ messages: [event.message] }) } },
                ],
                'thread.resync': { actions: 'catchUpLater' },
              },
            },
          },
        },
        reader: {
          initial: 'idle',
          states: {
            idle: { on: { 'thread.markRead': 'marking' } },
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => where(context),
                onDone: 'idle',
                onError: 'idle',
              },
              // A newer read replaces the one in flight.
              on: { 'thread.markRead': { target: 'marking', reenter: true } },
            },
          },
        },
      },
    },
  },
});

export type ThreadSnapshot = SnapshotFrom<typeof threadMachine>;

const itemsCache = new WeakMap<ThreadMessage[], { outbox: PendingMessage[]; items: ThreadItem[] }>();

/**
 * The rows to render, oldest first: stored messages by `seq`, then pending sends in send order.
 * The same array comes back while neither changes, so `useSelector` does not re-render.
 */
export function selectThreadMessages(snapshot: ThreadSnapshot): ThreadItem[] {
  const { messages, outbox } = snapshot.context;
  const cached = itemsCache.get(messages);
  if (cached?.outbox === outbox) return cached.items;
  const items = threadItems(messages, outbox);
  itemsCache.set(messages, { outbox, items });
  return items;
}

/** A spinner, the thread, or the load error with `thread.retry`. */
export function selectThreadStatus(snapshot: ThreadSnapshot): ThreadStatus {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('failed')) return 'failed';
  return 'ready';
}

/** True when `thread.loadOlder` can fetch an older page. */
export function selectHasOlder(snapshot: ThreadSnapshot): boolean {
  return snapshot.context.hasOlder;
}

/** Sends not stored yet (sending or failed). */
export function selectPendingCount(snapshot: ThreadSnapshot): number {
  return snapshot.context.outbox.length;
}
