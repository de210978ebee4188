/**
 * One open conversation of the inbox (`/crm/chat/{key}/{receiver}`, `/chat/{key}/{phone}`): the
 * parent of its summary (`conversationMachine`), its thread (`threadMachine`) and its composer
 * (`composerMachine`), and the wiring between them, in its own transitions:
 *
 * - the summary is spawned at once and resolves the route's receiver; its status, id and
 *   24-hour window come back as `open.conversation`. Once it is ready the thread and the
 *   composer are spawned (`open`);
 * - the composer's sends (`composer.send`, heard as `open.composed`) go to the thread's outbox,
 *   which takes them in every state: a reply written while the thread loads, after it failed or
 *   while the connection is down waits there and goes out once;
 * - the composer follows the window and the number (`composer.window { open, closesAt,
 *   accountDeleted }` when one of them changes): it counts down while the window is open, offers
 *   only templates while it is closed, and nothing once the number was deleted;
 * - the template picker (`templatePickerMachine`, the `templatePicker` child) opens on
 *   `open.pickTemplate` for the conversation's number and customer, and closes on
 *   `open.closePicker` or once its template went: the stored message joins the thread at once
 *   (`thread.received`, which the live `message.created` then finds already there);
 * - while open, the conversation is attached to the inbox router (socket events reach the thread
 *   and the summary; `conversation.removed` ends the machine in `removed`) and shown selected in
 *   the list (`list.select`, `list.deselect` when it closes);
 * - the thread is marked read once it is ready and the agent can see the page (`reading`), and
 *   again each time the page comes back into view; never for a member who may not reply
 *   (`marksRead: false`, without `crm.chat.send`): reading for the team is part of answering.
 *
 * The web reads the children with `selectOpenThread`, `selectOpenComposer`, `selectOpenSummary`
 * and `selectOpenPicker` and sends them their events directly.
 */
import { assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, SnapshotFrom } from 'xstate';
import type { ConversationSummary } from '@sapa/sdk';
import { composerMachine } from './composerMachine.ts';
import {
  conversationMachine,
  selectConversation,
  selectConversationStatus,
  selectWindowOpen,
} from './conversationMachine.ts';
import type { ConversationStatus } from './conversationMachine.ts';
import type { ConversationListEvent } from './conversationListMachine.ts';
import type { InboxRouter, Target } from './inboxRouting.ts';
import type { ActCaller } from './sdk.ts';
import { selectThreadStatus, threadMachine } from './threadMachine.ts';
import type { ThreadInput, ThreadStatus } from './threadMachine.ts';
import type { ThreadDraft } from './threadMessages.ts';
import { templatePickerMachine } from './templatePickerMachine.ts';
import type { TemplatePickerInput, TemplateSent } from './templatePickerMachine.ts';

/** Whether the agent can see the page, and a way to hear when that changes. */
export interface Visibility {
  isVisible(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface OpenConversationInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  /** The route's receiver: the customer's phone (any form) or the conversation's id. */
  receiver: string;
  /** The conversation when the list already holds it (no lookup then). */
  known?: ConversationSummary | null;
  /** Where the socket's events for the conversation come from. */
  router: Pick<InboxRouter, 'attachConversation'>;
  /** The inbox's list, shown with this conversation selected (null in the full-window chat). */
  list: Target<ConversationListEvent> | null;
  visibility: Visibility;
  /**
   * Whether opening the conversation marks it read for the team (`conversation_read`, which needs
   * `crm.chat.send`: `chatPermissions(...).send`). Default true.
   */
  marksRead?: boolean;
  /** The thread's settings (client ids, time-outs, retry delays, page size). */
  thread?: Omit<ThreadInput, 'client' | 'key' | 'conversationId'>;
  /** The clock the window is first judged by, and the composer's countdown (default `Date.now`). */
  now?: () => number;
  /** The agent's own name: the template picker fills `{agen}` with it. */
  agent?: string;
  /** The template picker's settings (client id, time-out, retry delays). */
  picker?: Pick<TemplatePickerInput, 'newClientId' | 'sendTimeoutMs' | 'retryDelaysMs'>;
}

type ConversationRef = ActorRefFrom<typeof conversationMachine>;
type ThreadRef = ActorRefFrom<typeof threadMachine>;
type ComposerRef = ActorRefFrom<typeof composerMachine>;
type PickerRef = ActorRefFrom<typeof templatePickerMachine>;

export interface OpenConversationContext {
  client: ActCaller;
  key: string;
  router: Pick<InboxRouter, 'attachConversation'>;
  list: Target<ConversationListEvent> | null;
  visibility: Visibility;
  marksRead: boolean;
  threadOptions: Omit<ThreadInput, 'client' | 'key' | 'conversationId'>;
  conversation: ConversationRef;
  thread: ThreadRef | null;
  composer: ComposerRef | null;
  /** The template picker while it is open. */
  picker: PickerRef | null;
  readClock: () => number;
  agent: string | undefined;
  pickerOptions: Pick<TemplatePickerInput, 'newClientId' | 'sendTimeoutMs' | 'retryDelaysMs'>;
  /** The summary as last heard: its status, its id once resolved, its window and number. */
  status: ConversationStatus;
  conversationId: string | null;
  windowOpen: boolean;
  windowClosesAt: string | null;
  accountDeleted: boolean;
  /** The thread's status as last heard (null before it exists). */
  threadStatus: ThreadStatus | null;
  visible: boolean;
}

export type OpenConversationEvent =
  /** From the summary: what it shows now. */
  | {
      type: 'open.conversation';
      status: ConversationStatus;
      conversationId: string | null;
      windowOpen: boolean;
      windowClosesAt: string | null;
      accountDeleted: boolean;
    }
  /** From the thread: its status changed. */
  | { type: 'open.thread'; status: ThreadStatus }
  /** From the composer: a message to send. */
  | { type: 'open.composed'; draft: ThreadDraft }
  /** The page came into view or went out of it. */
  | { type: 'open.visibility'; visible: boolean }
  /** The server took the conversation away (`conversation.removed`). */
  | { type: 'open.removed' }
  /** The agent opens the template picker (the window is closed, or they choose a template). */
  | { type: 'open.pickTemplate' }
  /** The agent closes the picker without sending. */
  | { type: 'open.closePicker' }
  /** The picker's template went: its stored message. */
  | DoneActorEvent<TemplateSent | null, 'templatePicker'>;

export type OpenConversationTag = 'open' | 'removed';

type ConversationView = Omit<Extract<OpenConversationEvent, { type: 'open.conversation' }>, 'type'>;

function viewOf(snapshot: SnapshotFrom<typeof conversationMachine>): ConversationView {
  const summary = snapshot.context.conversation;
  return {
    status: selectConversationStatus(snapshot),
    conversationId: summary?.id ?? null,
    windowOpen: selectWindowOpen(snapshot),
    windowClosesAt: summary?.windowClosesAt ?? null,
    accountDeleted: summary?.accountDeleted ?? false,
  };
}

/** Reports the summary's status, id and window each time one of them changes. */
const followConversation = fromCallback<
  { type: 'followConversation.none' },
  { conversation: ConversationRef }
>(({ sendBack, input }) => {
  let last = '';
  const tell = () => {
    const event = { type: 'open.conversation' as const, ...viewOf(input.conversation.getSnapshot()) };
    const seen = JSON.stringify(event);
    if (seen === last) return;
    last = seen;
    sendBack(event);
  };
  const subscription = input.conversation.subscribe(tell);
  tell();
  return () => subscription.unsubscribe();
});

/** Reports the thread's status each time it changes. */
const followThread = fromCallback<{ type: 'followThread.none' }, { thread: ThreadRef }>(
  ({ sendBack, input }) => {
    let last: ThreadStatus | null = null;
    const tell = () => {
      const status = selectThreadStatus(input.thread.getSnapshot());
      if (status === last) return;
      last = status;
      sendBack({ type: 'open.thread', status });
    };
    const subscription = input.thread.subscribe(tell);
    tell();
    return () => subscription.unsubscribe();
  },
);

/** Hands each message the composer sends to the parent. */
const forwardSends = fromCallback<{ type: 'forwardSends.none' }, { composer: ComposerRef }>(
  ({ sendBack, input }) => {
    const subscription = input.composer.on('composer.send', ({ draft }) =>
      sendBack({ type: 'open.composed', draft }),
    );
    return () => subscription.unsubscribe();
  },
);

/** Attaches the conversation to the inbox router while open: socket events reach its children. */
const routeConversation = fromCallback<
  { type: 'routeConversation.none' },
  {
    router: Pick<InboxRouter, 'attachConversation'>;
    key: string;
    conversationId: string;
    thread: ThreadRef;
    conversation: ConversationRef;
  }
>(({ sendBack, input }) =>
  input.router.attachConversation(input.key, {
    conversationId: input.conversationId,
    thread: input.thread,
    conversation: input.conversation,
    onRemoved: () => sendBack({ type: 'open.removed' }),
  }),
);

/** Shows the conversation selected in the list while open. */
const selectInList = fromCallback<
  { type: 'selectInList.none' },
  { list: Target<ConversationListEvent> | null; conversationId: string }
>(({ input }) => {
  input.list?.send({ type: 'list.select', conversationId: input.conversationId });
  return () => input.list?.send({ type: 'list.deselect' });
});

/** Reports each change of the page's visibility. */
const watchVisibility = fromCallback<{ type: 'watchVisibility.none' }, { visibility: Visibility }>(
  ({ sendBack, input }) =>
    input.visibility.subscribe(() =>
      sendBack({ type: 'open.visibility', visible: input.visibility.isVisible() }),
    ),
);

export const openConversationMachine = setup({
  types: {} as {
    context: OpenConversationContext;
    events: OpenConversationEvent;
    input: OpenConversationInput;
    tags: OpenConversationTag;
  },
  actors: {
    conversationMachine,
    threadMachine,
    composerMachine,
    templatePickerMachine,
    followConversation,
    followThread,
    forwardSends,
    routeConversation,
    selectInList,
    watchVisibility,
  },
  guards: {
    resolved: ({ context }) => context.status === 'ready' && context.conversationId !== null,
    /** The thread is ready and this member marks what they read. */
    readyToRead: ({ context }, params: { status: ThreadStatus }) =>
      params.status === 'ready' && context.marksRead,
    visible: ({ context }) => context.visible,
    shows: (_, params: { visible: boolean }) => params.visible,
    hides: (_, params: { visible: boolean }) => !params.visible,
    /** No picker is open, and the number can still send. */
    canPick: ({ context }) => context.picker === null && !context.accountDeleted,
    picking: ({ context }) => context.picker !== null,
  },
  actions: {
    hearConversation: assign((_, params: ConversationView) => ({
      status: params.status,
      conversationId: params.conversationId,
      windowOpen: params.windowOpen,
      windowClosesAt: params.windowClosesAt,
      accountDeleted: params.accountDeleted,
    })),
    hearThread: assign((_, params: { status: ThreadStatus }) => ({ threadStatus: params.status })),
    setVisible: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    /** The thread and the composer of the resolved conversation. */
    spawnChildren: assign(({ context, spawn }) => ({
      thread: spawn('threadMachine', {
        id: 'thread',
        input: {
          ...context.threadOptions,
          client: context.client,
          key: context.key,
          conversationId: context.conversationId ?? '',
        },
      }),
      composer: spawn('composerMachine', {
        id: 'composer',
        input: {
          windowOpen: context.windowOpen,
          windowClosesAt: context.windowClosesAt,
          accountDeleted: context.accountDeleted,
          now: context.readClock,
        },
      }),
      threadStatus: 'loading' as const,
    })),
    tellComposerWindow: sendTo(
      ({ context }) => context.composer ?? 'composer',
      ({ context }) => ({
        type: 'composer.window' as const,
        open: context.windowOpen,
        closesAt: context.windowClosesAt,
        accountDeleted: context.accountDeleted,
      }),
    ),
    sendToThread: sendTo(
      ({ context }) => context.thread ?? 'thread',
      (_, params: { draft: ThreadDraft }) => ({ type: 'thread.send' as const, draft: params.draft }),
    ),
    markRead: sendTo(({ context }) => context.thread ?? 'thread', { type: 'thread.markRead' as const }),
    /** The picker, for the conversation's number and customer (custom fields are not known here). */
    spawnPicker: assign(({ context, spawn }) => {
      const summary = selectConversation(context.conversation.getSnapshot());
      return {
        picker: spawn('templatePickerMachine', {
          id: 'templatePicker',
          input: {
            ...context.pickerOptions,
            client: context.client,
            key: context.key,
            accountId: summary?.accountId ?? '',
            target: { conversationId: context.conversationId ?? '' },
            recipient: {
              name: summary?.customer.name ?? '',
              phone: summary?.customer.phone ?? '',
              agent: context.agent,
              customFields: {},
            },
          },
        }),
      };
    }),
    stopPicker: enqueueActions(({ context, enqueue }) => {
      if (context.picker !== null) enqueue.stopChild(context.picker);
      enqueue.assign({ picker: null });
    }),
    /** The template's stored message joins the thread at once. */
    showSent: sendTo(
      ({ context }) => context.thread ?? 'thread',
      (_, params: { sent: TemplateSent | null }) =>
        params.sent === null
          ? { type: 'thread.resync' as const }
          : { type: 'thread.received' as const, message: params.sent.message },
    ),
  },
}).createMachine({
  id: 'openConversation',
  context: ({ input, spawn }) => {
    const conversation = spawn('conversationMachine', {
      id: 'conversation',
      input: {
        client: input.client,
        key: input.key,
        receiver: input.receiver,
        known: input.known ?? null,
        ...(input.now === undefined ? {} : { now: input.now }),
      },
    });
    return {
      client: input.client,
      key: input.key,
      router: input.router,
      list: input.list,
      visibility: input.visibility,
      marksRead: input.marksRead ?? true,
      threadOptions: input.thread ?? {},
      conversation,
      thread: null,
      composer: null,
      picker: null,
      readClock: input.now ?? Date.now,
      agent: input.agent,
      pickerOptions: input.picker ?? {},
      // Known from the list, the summary is ready from the start.
      ...viewOf(conversation.getSnapshot()),
      threadStatus: null,
      visible: input.visibility.isVisible(),
    };
  },
  invoke: [
    {
      id: 'followConversation',
      src: 'followConversation',
      input: ({ context }) => ({ conversation: context.conversation }),
    },
    {
      id: 'watchVisibility',
      src: 'watchVisibility',
      input: ({ context }) => ({ visibility: context.visibility }),
    },
  ],
  on: {
    'open.visibility': { actions: { type: 'setVisible', params: ({ event }) => event } },
  },
  initial: 'resolving',
  states: {
    /** The receiver is being looked up (or could not be: `status` says why). */
    resolving: {
      always: { guard: 'resolved', target: 'open', actions: 'spawnChildren' },
      on: { 'open.conversation': { actions: { type: 'hearConversation', params: ({ event }) => event } } },
    },
    open: {
      tags: ['open'],
      invoke: [
        {
          id: 'followThread',
          src: 'followThread',
          input: ({ context }) => ({ thread: context.thread as ThreadRef }),
        },
        {
          id: 'forwardSends',
          src: 'forwardSends',
          input: ({ context }) => ({ composer: context.composer as ComposerRef }),
        },
        {
          id: 'routeConversation',
          src: 'routeConversation',
          input: ({ context }) => ({
            router: context.router,
            key: context.key,
            conversationId: context.conversationId ?? '',
            thread: context.thread as ThreadRef,
            conversation: context.conversation,
          }),
        },
        {
          id: 'selectInList',
          src: 'selectInList',
          input: ({ context }) => ({ list: context.list, conversationId: context.conversationId ?? '' }),
        },
      ],
      on: {
        // Once resolved, only the window changes: the composer follows it.
        'open.conversation': {
          actions: [{ type: 'hearConversation', params: ({ event }) => event }, 'tellComposerWindow'],
        },
        'open.composed': { actions: { type: 'sendToThread', params: ({ event }) => event } },
        'open.removed': 'removed',
        'open.pickTemplate': { guard: 'canPick', actions: 'spawnPicker' },
        'open.closePicker': { guard: 'picking', actions: 'stopPicker' },
        'xstate.done.actor.templatePicker': {
          actions: [{ type: 'showSent', params: ({ event }) => ({ sent: event.output }) }, 'stopPicker'],
        },
      },
      initial: 'waiting',
      states: {
        /**
         * The thread loads (or failed), or the member does not mark what they read: sends wait in
         * its outbox, nothing is marked read.
         */
        waiting: {
          on: {
            'open.thread': [
              {
                guard: { type: 'readyToRead', params: ({ event }) => event },
                target: 'away',
                actions: { type: 'hearThread', params: ({ event }) => event },
              },
              { actions: { type: 'hearThread', params: ({ event }) => event } },
            ],
          },
        },
        /** The thread is ready while the page is out of view: read later. */
        away: {
          always: { guard: 'visible', target: 'reading' },
          on: {
            'open.visibility': {
              guard: { type: 'shows', params: ({ event }) => event },
              target: 'reading',
              actions: { type: 'setVisible', params: ({ event }) => event },
            },
          },
        },
        /** The agent sees the ready thread: it is marked read on entry. */
        reading: {
          entry: 'markRead',
          on: {
            'open.visibility': {
              guard: { type: 'hides', params: ({ event }) => event },
              target: 'away',
              actions: { type: 'setVisible', params: ({ event }) => event },
            },
          },
        },
      },
    },
    /** Taken away by the server (assigned elsewhere): the web closes it. */
    removed: { tags: ['removed'], type: 'final' },
  },
});

export type OpenConversationSnapshot = SnapshotFrom<typeof openConversationMachine>;

/** Whether the receiver is still being resolved, could not be, or the conversation is open. */
export function selectOpenStatus(snapshot: OpenConversationSnapshot): ConversationStatus {
  return snapshot.context.status;
}

/** True once the server took the conversation away: the web says so and closes it. */
export function selectOpenRemoved(snapshot: OpenConversationSnapshot): boolean {
  return snapshot.hasTag('removed');
}

/** The conversation's summary (customer panel, header, retry of the lookup). */
export function selectOpenSummary(snapshot: OpenConversationSnapshot): ConversationRef {
  return snapshot.context.conversation;
}

/** The thread, once the conversation is resolved. */
export function selectOpenThread(snapshot: OpenConversationSnapshot): ThreadRef | null {
  return snapshot.context.thread;
}

/** The template picker while it is open (`open.pickTemplate`). */
export function selectOpenPicker(snapshot: OpenConversationSnapshot): PickerRef | null {
  return snapshot.context.picker;
}

/** The composer, once the conversation is resolved. */
export function selectOpenComposer(snapshot: OpenConversationSnapshot): ComposerRef | null {
  return snapshot.context.composer;
}
