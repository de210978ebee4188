/**
 * The division of the open conversation (the chat's customer panel). What it shows is the
 * conversation's summary, kept live: `conversation.updated` (someone else changed it; the inbox
 * router sends it like to the conversation machine) replaces it, and after a reconnection
 * (`conversation.resync`) it is looked up again (`conversation_find`). Three regions:
 *
 * - `options`: the project's divisions for the choice (`division_list { all: true }`; they
 *   matter to a viewer with `crm.chat.add_divisi`, `canSet`); a failure offers a retry;
 * - `change`: one change at a time: a division of the project with `canSet`
 *   (`conversation_division_set`), or none with `crm.chat.delete_divisi` (`canClear`,
 *   `conversation_division_clear`). The server answers the summary, whose division is shown. A
 *   failure stays until the next change or `conversationDivision.dismiss`;
 * - `sync`: the look-up after a reconnection (a failure keeps what is shown).
 *
 * `options` and `change` are choiceRegions.ts' `optionsRegion` and `changeRegion`.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ConversationSummary, Division } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { changeRegion, optionActions, optionsContext, optionsRegion } from './choiceRegions.ts';
import type { OptionsContext } from './choiceRegions.ts';
import { fresherSummary } from './conversationMachine.ts';
import { loadDivisionOptions, refreshConversation, setConversationDivision } from './divisionActors.ts';
import type { ActCaller } from './sdk.ts';

export interface ConversationDivisionInput {
  client: ActCaller;
  key: string;
  /** The open conversation as known now. */
  conversation: ConversationSummary;
  /** Whether the viewer may put it in a division (`crm.chat.add_divisi`); the server decides again. */
  canSet: boolean;
  /** Whether the viewer may take it out of its division (`crm.chat.delete_divisi`). */
  canClear: boolean;
}

/** `options`: the project's divisions, by name (they matter with `canSet`). */
export interface ConversationDivisionContext extends OptionsContext<Division> {
  client: ActCaller;
  key: string;
  conversation: ConversationSummary;
  canSet: boolean;
  canClear: boolean;
  /** The division asked for (`null`: none) while `change.saving`. */
  target: { divisionId: string | null } | null;
  changeError: FlowError | null;
}

export type ConversationDivisionEvent =
  /** Puts the conversation in a division of the project. */
  | { type: 'conversationDivision.set'; divisionId: string }
  /** Takes the conversation out of its division. */
  | { type: 'conversationDivision.clear' }
  | { type: 'conversationDivision.retryOptions' }
  /** Forgets the last change's failure. */
  | { type: 'conversationDivision.dismiss' }
  /** The socket's `conversation.updated` (the inbox router sends it for the open conversation). */
  | { type: 'conversation.updated'; conversation: ConversationSummary }
  /** The socket came back: look again. */
  | { type: 'conversation.resync' };

export type ConversationDivisionTag = 'changing';

type Context = ConversationDivisionContext;

function divisionIdOf(context: Context): string | null {
  return context.conversation.division?.id ?? null;
}

function base(context: Context) {
  return { client: context.client, key: context.key, conversationId: context.conversation.id };
}

const divisionIdOfEvent = ({ event }: { event: { divisionId: string } }) => ({
  divisionId: event.divisionId,
});

export const conversationDivisionMachine = setup({
  types: {} as {
    context: ConversationDivisionContext;
    events: ConversationDivisionEvent;
    input: ConversationDivisionInput;
    tags: ConversationDivisionTag;
    children: {
      options: 'loadDivisionOptions';
      change: 'setConversationDivision';
      refresh: 'refreshConversation';
    };
  },
  actors: { loadDivisionOptions, setConversationDivision, refreshConversation },
  guards: {
    isThisConversation: ({ context }, params: { conversation: ConversationSummary }) =>
      params.conversation.id === context.conversation.id,
    /** A division of the project other than its own, by a viewer who may. */
    maySet: ({ context }, params: { divisionId: string }) =>
      context.canSet &&
      params.divisionId !== divisionIdOf(context) &&
      context.options.some((division) => division.id === params.divisionId),
    /** It has a division, and the viewer may take it out. */
    mayClear: ({ context }) => context.canClear && divisionIdOf(context) !== null,
  },
  actions: {
    /** A newer summary replaces the one shown (a division change keeps `lastSeq`: the incoming wins). */
    update: assign(({ context }, params: { conversation: ConversationSummary }) => ({
      conversation: fresherSummary(context.conversation, params.conversation),
    })),
    ...optionActions<Context, ConversationDivisionEvent>(),
    startChange: assign((_, params: { divisionId: string | null }) => ({
      target: { divisionId: params.divisionId },
      changeError: null,
    })),
    /** The server's answer says the division now, whatever else a fresher summary says. */
    changed: assign(({ context }, params: { conversation: ConversationSummary }) => ({
      conversation: {
        ...fresherSummary(context.conversation, params.conversation),
        division: params.conversation.division,
      },
      target: null,
    })),
    showChangeError: assign((_, params: { error: unknown }) => ({
      changeError: toFlowError(params.error),
      target: null,
    })),
    dismiss: assign({ changeError: null }),
  },
}).createMachine({
  id: 'conversationDivision',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    conversation: input.conversation,
    canSet: input.canSet,
    canClear: input.canClear,
    ...optionsContext(),
    target: null,
    changeError: null,
  }),
  on: {
    'conversation.updated': {
      guard: { type: 'isThisConversation', params: ({ event }) => event },
      actions: { type: 'update', params: ({ event }) => event },
    },
  },
  type: 'parallel',
  states: {
    options: optionsRegion(
      'loadDivisionOptions',
      ({ context }: { context: Context }) => ({ client: context.client, key: context.key }),
      'conversationDivision.retryOptions',
    ),
    change: changeRegion({
      starts: {
        'conversationDivision.set': {
          guard: { type: 'maySet', params: divisionIdOfEvent },
          target: 'saving',
          actions: { type: 'startChange', params: divisionIdOfEvent },
        },
        'conversationDivision.clear': {
          guard: 'mayClear',
          target: 'saving',
          actions: { type: 'startChange', params: { divisionId: null } },
        },
      },
      dismiss: 'conversationDivision.dismiss',
      src: 'setConversationDivision',
      input: ({ context }: { context: Context }) => ({
        ...base(context),
        divisionId: context.target?.divisionId ?? null,
      }),
      changed: (conversation: ConversationSummary) => ({ conversation }),
    }),
    sync: {
      initial: 'idle',
      on: { 'conversation.resync': '.refreshing' },
      states: {
        idle: {},
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'refreshConversation',
            input: ({ context }) => base(context),
            onDone: {
              target: 'idle',
              actions: { type: 'update', params: ({ event }) => ({ conversation: event.output }) },
            },
            // What is shown stays; the next update or reconnection tells again.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type ConversationDivisionSnapshot = SnapshotFrom<typeof conversationDivisionMachine>;
export type DivisionOptionsStatus = 'loading' | 'ready' | 'failed';

/** The conversation's division (null: none), as last known. */
export function selectConversationDivision(
  snapshot: ConversationDivisionSnapshot,
): ConversationSummary['division'] {
  return snapshot.context.conversation.division;
}

/** The project's divisions to choose from. */
export function selectDivisionChoices(snapshot: ConversationDivisionSnapshot): Division[] {
  return snapshot.context.options;
}

export function selectDivisionOptionsStatus(snapshot: ConversationDivisionSnapshot): DivisionOptionsStatus {
  if (snapshot.matches({ options: 'failed' })) return 'failed';
  return snapshot.matches({ options: 'ready' }) ? 'ready' : 'loading';
}
