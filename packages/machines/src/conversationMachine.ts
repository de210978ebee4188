/**
 * One open conversation (`/crm/chat/{key}/{receiver}`, `/chat/{key}/{phone}`) and its customer
 * panel: the route's receiver resolved to its conversation (`conversation_find`; skipped when
 * the list already holds it), its summary kept live (`conversation.updated`, and a fresh look
 * after a reconnection), whether the 24-hour window is open (looked at again when it closes),
 * the agents it can be assigned to (`chat_agent_list`), renaming the customer
 * (`customer_rename`) and assigning the conversation (`conversation_assign`).
 *
 * `ready` is parallel: `window` (open / closed), `agents`, `rename`, `assign` and `sync`. Time
 * is an event: the `windowTimer` actor sends `conversation.windowCheck { now }` when the window
 * is due to close, so tests and QA paths drive it.
 */
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { isWindowOpen, windowRemainingMs } from '@sapa/sdk';
import type { ChatAgent, ConversationSummary } from '@sapa/sdk';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { checkCustomerName, serverFieldErrors } from './validation.ts';
import type { CustomerField, FieldErrors } from './validation.ts';

export interface ConversationInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  /** The route's receiver: the customer's phone (any form) or the conversation's id. */
  receiver: string;
  /** The conversation when the list already holds it (no lookup then). */
  known?: ConversationSummary | null;
  /** The clock the window is first judged by (default `Date.now`). */
  now?: () => number;
}

export interface ConversationContext {
  client: ActCaller;
  key: string;
  receiver: string;
  conversation: ConversationSummary | null;
  /** When the window was last judged (ms since the epoch). */
  checkedAt: number;
  /** The members it can be assigned to, by name (null until loaded). */
  agents: ChatAgent[] | null;
  /** Why the receiver could not be resolved, or the agents not loaded. */
  error: FlowError | null;
  agentsError: FlowError | null;
  renameErrors: FieldErrors<CustomerField>;
  /** A rename failure that is not the name's fault. */
  renameError: FlowError | null;
  assignError: FlowError | null;
  /** What is being saved (shown at once while the server confirms). */
  pendingName: string | null;
  pendingAssignee: { userId: string | null } | null;
}

export type ConversationEvent =
  | { type: 'conversation.retry' }
  | { type: 'conversation.updated'; conversation: ConversationSummary }
  | { type: 'conversation.resync' }
  /** Sent by the `windowTimer` actor when the window is due to close. */
  | { type: 'conversation.windowCheck'; now: number }
  /** Raised after the summary changed: the window timer starts again from its (maybe moved) end. */
  | { type: 'conversation.windowMoved' }
  | { type: 'conversation.rename'; name: string }
  | { type: 'conversation.assign'; userId: string | null }
  | { type: 'conversation.loadAgents' };

export type ConversationTag =
  'loading' | 'ready' | 'error' | 'missing' | 'windowOpen' | 'renaming' | 'assigning';
export type ConversationStatus = 'loading' | 'ready' | 'failed' | 'missing';

/** conversation_find: the conversation a receiver names (an id or a phone). */
export const findConversation = fromPromise<
  ConversationSummary,
  { client: ActCaller; key: string; receiver: string }
>(async ({ input, signal }) => {
  const answer = await input.client.act(
    'conversation_find',
    { key: input.key, receiver: input.receiver },
    { signal },
  );
  return answer.data;
});

/** chat_agent_list: the members a conversation can be assigned to. */
export const loadAgents = fromPromise<ChatAgent[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('chat_agent_list', { key: input.key }, { signal })).data,
);

/** customer_rename: answers the customer's id and new name. */
export const renameCustomer = fromPromise<
  { id: string; name: string },
  { client: ActCaller; key: string; customerId: string; name: string }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('customer_rename', fields, { signal })).data;
});

/** conversation_assign: answers the conversation's new summary. */
export const assignConversation = fromPromise<
  ConversationSummary,
  { client: ActCaller; key: string; conversationId: string; userId: string | null }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('conversation_assign', fields, { signal })).data;
});

const MAX_TIMEOUT_MS = 2_147_483_647;

/** Sends `conversation.windowCheck` once the window is due to close (at once when it is past). */
export const windowTimer = fromCallback<{ type: 'windowTimer.none' }, { closesAt: string | null }>(
  ({ sendBack, input }) => {
    if (input.closesAt === null) return undefined;
    // setTimeout holds at most 2^31 - 1 ms (about 24.8 days); a longer wait just looks again then.
    const wait = Math.min(windowRemainingMs({ windowClosesAt: input.closesAt }, new Date()), MAX_TIMEOUT_MS);
    const timer = setTimeout(() => sendBack({ type: 'conversation.windowCheck', now: Date.now() }), wait);
    return () => clearTimeout(timer);
  },
);

/** The fresher of two summaries of one conversation: the higher `lastSeq`, the incoming on a tie. */
export function fresherSummary(
  current: ConversationSummary,
  incoming: ConversationSummary,
): ConversationSummary {
  return incoming.lastSeq < current.lastSeq ? current : incoming;
}

type Context = ConversationContext;

function windowOpenAt(context: Context): boolean {
  return context.conversation !== null && isWindowOpen(context.conversation, new Date(context.checkedAt));
}

function sameConversation(context: Context, conversation: ConversationSummary): boolean {
  return context.conversation?.id === conversation.id;
}

function base(context: Context) {
  return { client: context.client, key: context.key };
}

export const conversationMachine = setup({
  types: {} as {
    context: ConversationContext;
    events: ConversationEvent;
    input: ConversationInput;
    children: {
      find: 'findConversation';
      refresh: 'findConversation';
      agents: 'loadAgents';
      rename: 'renameCustomer';
      assign: 'assignConversation';
      windowTimer: 'windowTimer';
    };
    tags: ConversationTag;
  },
  actors: { findConversation, loadAgents, renameCustomer, assignConversation, windowTimer },
  guards: {
    isKnown: ({ context }) => context.conversation !== null,
    isMissing: (_, params: { error: unknown }) => {
      const reason = reasonOf(params.error);
      return reason === 'not_found' || reason === 'forbidden';
    },
    windowOpen: ({ context }) => windowOpenAt(context),
    windowClosed: ({ context }) => !windowOpenAt(context),
    isThisConversation: ({ context }, params: { conversation: ConversationSummary }) =>
      sameConversation(context, params.conversation),
    nameValid: (_, params: { name: string }) => checkCustomerName(params).ok,
    assigneeChanged: ({ context }, params: { userId: string | null }) =>
      context.conversation !== null && context.conversation.assignedTo !== params.userId,
  },
  actions: {
    resolve: assign((_, params: { conversation: ConversationSummary }) => ({
      conversation: params.conversation,
      error: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    /** A newer summary replaces the one shown; the window timer starts again if its end moved. */
    update: assign(({ context }, params: { conversation: ConversationSummary }) => ({
      conversation:
        context.conversation === null
          ? params.conversation
          : fresherSummary(context.conversation, params.conversation),
    })),
    announceWindowMove: raise({ type: 'conversation.windowMoved' }),
    judgeWindow: assign((_, params: { now: number }) => ({ checkedAt: params.now })),
    keepAgents: assign((_, params: { agents: ChatAgent[] }) => ({
      agents: params.agents,
      agentsError: null,
    })),
    showAgentsError: assign((_, params: { error: unknown }) => ({ agentsError: toFlowError(params.error) })),
    startRename: assign((_, params: { name: string }) => ({
      pendingName: params.name.trim(),
      renameErrors: {},
      renameError: null,
    })),
    showNameError: assign((_, params: { name: string }) => {
      const checked = checkCustomerName(params);
      return { renameErrors: checked.ok ? {} : checked.fieldErrors, renameError: null };
    }),
    renamed: assign(({ context }, params: { name: string }) => ({
      pendingName: null,
      conversation:
        context.conversation === null
          ? null
          : { ...context.conversation, customer: { ...context.conversation.customer, name: params.name } },
    })),
    showRenameError: assign((_, params: { error: unknown }) => {
      const fields = serverFieldErrors(params.error, ['name'] as const);
      return {
        pendingName: null,
        renameErrors: fields,
        renameError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
    startAssign: assign((_, params: { userId: string | null }) => ({
      pendingAssignee: { userId: params.userId },
      assignError: null,
    })),
    assigned: assign(({ context }, params: { conversation: ConversationSummary }) => ({
      pendingAssignee: null,
      conversation:
        context.conversation === null
          ? params.conversation
          : fresherSummary(context.conversation, params.conversation),
    })),
    showAssignError: assign((_, params: { error: unknown }) => ({
      pendingAssignee: null,
      assignError: toFlowError(params.error),
    })),
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    receiver: input.receiver,
    conversation: input.known ?? null,
    checkedAt: (input.now ?? Date.now)(),
    agents: null,
    error: null,
    agentsError: null,
    renameErrors: {},
    renameError: null,
    assignError: null,
    pendingName: null,
    pendingAssignee: null,
  }),
  initial: 'finding',
  on: {
    'conversation.windowCheck': { actions: { type: 'judgeWindow', params: ({ event }) => event } },
  },
  states: {
    finding: {
      tags: ['loading'],
      // Known from the list: no lookup (the invoke never starts).
      always: { guard: 'isKnown', target: 'ready' },
      invoke: {
        id: 'find',
        src: 'findConversation',
        input: ({ context }) => ({ ...base(context), receiver: context.receiver }),
        onDone: {
          target: 'ready',
          actions: { type: 'resolve', params: ({ event }) => ({ conversation: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { 'conversation.resync': { target: 'finding', reenter: true } },
    },
    failed: {
      tags: ['error'],
      on: { 'conversation.retry': 'finding', 'conversation.resync': 'finding' },
    },
    /** No such conversation, or the viewer may not see it. */
    missing: { tags: ['missing'] },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'conversation.updated': {
          guard: { type: 'isThisConversation', params: ({ event }) => event },
          actions: [{ type: 'update', params: ({ event }) => event }, 'announceWindowMove'],
        },
      },
      states: {
        window: {
          initial: 'open',
          states: {
            open: {
              tags: ['windowOpen'],
              invoke: {
                id: 'windowTimer',
                src: 'windowTimer',
                input: ({ context }) => ({ closesAt: context.conversation?.windowClosesAt ?? null }),
              },
              always: { guard: 'windowClosed', target: 'closed' },
              on: { 'conversation.windowMoved': { target: 'open', reenter: true } },
            },
            closed: {
              always: { guard: 'windowOpen', target: 'open' },
            },
          },
        },
        agents: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'agents',
                src: 'loadAgents',
                input: ({ context }) => base(context),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'keepAgents', params: ({ event }) => ({ agents: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showAgentsError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: {},
            failed: { on: { 'conversation.loadAgents': 'loading' } },
          },
        },
        rename: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'conversation.rename': [
                  {
                    guard: { type: 'nameValid', params: ({ event }) => event },
                    target: 'renaming',
                    actions: { type: 'startRename', params: ({ event }) => event },
                  },
                  { actions: { type: 'showNameError', params: ({ event }) => event } },
                ],
              },
            },
            renaming: {
              tags: ['renaming'],
              invoke: {
                id: 'rename',
                src: 'renameCustomer',
                input: ({ context }) => ({
                  ...base(context),
                  customerId: context.conversation?.customer.id ?? '',
                  name: context.pendingName ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'renamed', params: ({ event }) => ({ name: event.output.name }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showRenameError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        assign: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'conversation.assign': {
                  guard: { type: 'assigneeChanged', params: ({ event }) => event },
                  target: 'assigning',
                  actions: { type: 'startAssign', params: ({ event }) => event },
                },
              },
            },
            assigning: {
              tags: ['assigning'],
              invoke: {
                id: 'assign',
                src: 'assignConversation',
                input: ({ context }) => ({
                  ...base(context),
                  conversationId: context.conversation?.id ?? '',
                  userId: context.pendingAssignee?.userId ?? null,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assigned', params: ({ event }) => ({ conversation: event.output }) },
                    'announceWindowMove',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showAssignError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: { on: { 'conversation.resync': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'findConversation',
                input: ({ context }) => ({ ...base(context), receiver: context.conversation?.id ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'update', params: ({ event }) => ({ conversation: event.output }) },
                    'announceWindowMove',
                  ],
                },
                // Best effort: the next reconnection or live update brings it up to date.
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

export type ConversationSnapshot = SnapshotFrom<typeof conversationMachine>;

export function selectConversationStatus(snapshot: ConversationSnapshot): ConversationStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('missing')) return 'missing';
  if (snapshot.hasTag('error')) return 'failed';
  return 'loading';
}

/**
 * The conversation as the panel shows it: a name or assignee being saved shows at once, and
 * goes back to the stored one if the server refuses it.
 */
const shownCache = new WeakMap<ConversationContext, ConversationSummary | null>();

export function selectConversation(snapshot: ConversationSnapshot): ConversationSummary | null {
  const { context } = snapshot;
  const cached = shownCache.get(context);
  if (cached !== undefined) return cached;
  const { conversation, pendingName, pendingAssignee } = context;
  const shown =
    conversation === null || (pendingName === null && pendingAssignee === null)
      ? conversation
      : {
          ...conversation,
          customer: { ...conversation.customer, name: pendingName ?? conversation.customer.name },
          assignedTo: pendingAssignee === null ? conversation.assignedTo : pendingAssignee.userId,
        };
  shownCache.set(context, shown);
  return shown;
}

/** True while a free-form message can reach the customer (the 24-hour window is open). */
export function selectWindowOpen(snapshot: ConversationSnapshot): boolean {
  return snapshot.hasTag('windowOpen');
}

export function selectAgents(snapshot: ConversationSnapshot): ChatAgent[] | null {
  return snapshot.context.agents;
}
