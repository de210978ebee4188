/**
 * "Kirim pesan" (issue 15): reaching a customer who never wrote, or whose 24-hour window has
 * closed, from the customers table or the chat's customer panel. The project's numbers load
 * (`account_list`; a number can send while `connected`), one is picked (the one asked for,
 * else the first), and the template picker (`templatePickerMachine`, the `picker` child) runs for
 * it with `target: { customerId }`: its send is `conversation_start`, which creates the
 * conversation on that number when there is none and announces it, so it shows in every inbox
 * at once. Picking another number starts the picker again for that number's templates (not while
 * a send is under way). The machine ends in `done` with what the server answered; the web then
 * opens the conversation (`/crm/chat/{key}/{conversationId}`).
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ConversationSummary, TemplateContext, ThreadMessage, WhatsAppAccount } from '@sapa/sdk';
import { loadAccounts } from './accountsMachine.ts';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { templatePickerMachine } from './templatePickerMachine.ts';
import type { TemplatePickerInput, TemplateSent } from './templatePickerMachine.ts';

export interface StartConversationInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  customerId: string;
  /** The customer and the agent, as the picker prefills values from them. */
  recipient: TemplateContext;
  /** The number to start from when it can send (the conversation's own, from the panel). */
  accountId?: string | null;
  /** The picker's settings (client id, time-out, retry delays). */
  picker?: Pick<TemplatePickerInput, 'newClientId' | 'sendTimeoutMs' | 'retryDelaysMs'>;
}

/** What the server answered: the conversation (new or found) and the template message. */
export interface ConversationStarted {
  conversation: ConversationSummary;
  message: ThreadMessage;
}

type PickerRef = ActorRefFrom<typeof templatePickerMachine>;

export interface StartConversationContext {
  client: ActCaller;
  key: string;
  customerId: string;
  recipient: TemplateContext;
  pickerOptions: Pick<TemplatePickerInput, 'newClientId' | 'sendTimeoutMs' | 'retryDelaysMs'>;
  /** The numbers that can send, oldest first (empty until loaded). */
  accounts: WhatsAppAccount[];
  /** The number asked for, then the one picked. */
  accountId: string | null;
  error: FlowError | null;
  started: ConversationStarted | null;
}

export type StartConversationEvent =
  | { type: 'start.retry' }
  /** Another number: its templates are offered instead (not while the picker sends). */
  | { type: 'start.account'; accountId: string }
  /** Raised by `start.account` when the picker is not sending: the switch itself. */
  | { type: 'start.switch'; accountId: string };

export type StartConversationStatus = 'loading' | 'failed' | 'noAccount' | 'picking' | 'done';

/** A number that can send a template now. */
export function canStartFrom(account: WhatsAppAccount): boolean {
  return account.status === 'connected';
}

type Context = StartConversationContext;

function pickerInput(context: Context): TemplatePickerInput {
  return {
    ...context.pickerOptions,
    client: context.client,
    key: context.key,
    accountId: context.accountId ?? '',
    target: { customerId: context.customerId },
    recipient: context.recipient,
  };
}

export const startConversationMachine = setup({
  types: {} as {
    context: StartConversationContext;
    events: StartConversationEvent;
    input: StartConversationInput;
    output: ConversationStarted | null;
    children: { accounts: 'loadAccounts'; picker: 'templatePickerMachine' };
  },
  actors: { loadAccounts, templatePickerMachine },
  guards: {
    hasAccount: (_, params: { accounts: WhatsAppAccount[] }) => params.accounts.some(canStartFrom),
    /** Another number that can send. */
    canSwitch: ({ context }, params: { accountId: string }) =>
      params.accountId !== context.accountId &&
      context.accounts.some((account) => account.id === params.accountId),
  },
  actions: {
    keepAccounts: assign(({ context }, params: { accounts: WhatsAppAccount[] }) => {
      const accounts = params.accounts.filter(canStartFrom);
      const asked = accounts.find((account) => account.id === context.accountId);
      return { accounts, accountId: (asked ?? accounts[0])?.id ?? null, error: null };
    }),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    pickAccount: assign((_, params: { accountId: string }) => ({ accountId: params.accountId })),
    /** A send under way keeps its number: the switch waits for nothing and is not made. */
    switchUnlessSending: enqueueActions(({ self, enqueue }, params: { accountId: string }) => {
      // (A model's graph walk has no children: nothing sends there.)
      const snapshot = self.getSnapshot() as Partial<StartConversationSnapshot> | undefined;
      const picker = snapshot?.children?.['picker'] as PickerRef | undefined;
      if (picker?.getSnapshot().hasTag('sending') === true) return;
      enqueue.raise({ type: 'start.switch', accountId: params.accountId });
    }),
    keepStarted: assign((_, params: { sent: TemplateSent | null }) => ({
      started:
        params.sent?.conversation == null
          ? null
          : { conversation: params.sent.conversation, message: params.sent.message },
    })),
  },
}).createMachine({
  id: 'startConversation',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    recipient: input.recipient,
    pickerOptions: input.picker ?? {},
    accounts: [],
    accountId: input.accountId ?? null,
    error: null,
    started: null,
  }),
  output: ({ context }) => context.started,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'accounts',
        src: 'loadAccounts',
        input: ({ context }) => ({ client: context.client, key: context.key }),
        onDone: [
          {
            guard: { type: 'hasAccount', params: ({ event }) => ({ accounts: event.output }) },
            target: 'picking',
            actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
          },
          {
            target: 'noAccount',
            actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'start.retry': 'loading' } },
    /** The project has no number that can send (none added, or all disconnected). */
    noAccount: {},
    /** A number picked: its templates, the chosen one's values, the send. */
    picking: {
      invoke: {
        id: 'picker',
        src: 'templatePickerMachine',
        input: ({ context }) => pickerInput(context),
        onDone: {
          target: 'done',
          actions: { type: 'keepStarted', params: ({ event }) => ({ sent: event.output }) },
        },
      },
      on: {
        'start.account': {
          guard: { type: 'canSwitch', params: ({ event }) => event },
          actions: { type: 'switchUnlessSending', params: ({ event }) => event },
        },
        'start.switch': {
          target: 'picking',
          reenter: true,
          actions: { type: 'pickAccount', params: ({ event }) => event },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type StartConversationSnapshot = SnapshotFrom<typeof startConversationMachine>;

export function selectStartStatus(snapshot: StartConversationSnapshot): StartConversationStatus {
  for (const status of ['loading', 'failed', 'noAccount', 'picking', 'done'] as const)
    if (snapshot.matches(status)) return status;
  return 'loading';
}

/** The numbers that can send, and the one picked. */
export function selectStartAccounts(snapshot: StartConversationSnapshot): WhatsAppAccount[] {
  return snapshot.context.accounts;
}

export function selectStartAccountId(snapshot: StartConversationSnapshot): string | null {
  return snapshot.context.accountId;
}

/** The template picker of the picked number (null outside `picking`). */
export function selectStartPicker(snapshot: StartConversationSnapshot): PickerRef | null {
  return (snapshot.children['picker'] as PickerRef | undefined) ?? null;
}

export function selectStartError(snapshot: StartConversationSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** What the server answered once the template went: the web opens `conversation.id`. */
export function selectStarted(snapshot: StartConversationSnapshot): ConversationStarted | null {
  return snapshot.context.started;
}
