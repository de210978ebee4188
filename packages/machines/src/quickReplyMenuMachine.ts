/**
 * The composer's `/` menu: the project's quick replies (`quick_reply_list` with `all`, loaded
 * once when the conversation opens and kept), offered while the draft is a `/` query
 * (`quickReplyQuery`) and narrowed by it (`matchQuickReplies`). Two regions:
 *
 * - `list`: `loading`, `ready` or `failed` (a retry loads again);
 * - `menu`: `closed` or `open`. The draft (`quickReplyMenu.draft`, each time it changes) opens
 *   and closes it; Escape (`quickReplyMenu.close`) closes it until the draft stops being a `/`
 *   query, so Enter then sends the text as typed. ArrowUp/ArrowDown move the active option
 *   (wrapping round), Enter (`quickReplyMenu.confirm`) or a click (`quickReplyMenu.choose`)
 *   inserts one. Enter belongs to the open menu even when nothing matches (`quickReplyMenuKey`):
 *   it is then held, so a query like `/har` is never sent as a message.
 *
 * Inserting announces `quickReplyMenu.insert` with the reply's text filled for this customer
 * (`fillQuickReply` with the values of `quickReplyMenu.values`) and its file, if any: the
 * composer puts the text in the draft and the file in the tray.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fillQuickReply, matchQuickReplies, quickReplyQuery } from '@sapa/sdk';
import type { MediaFile, QuickReply, QuickReplyValues } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

export interface QuickReplyMenuInput {
  client: ActCaller;
  key: string;
  /** The placeholders' values: the customer's name and phone (as shown), the agent's name. */
  values: QuickReplyValues;
}

export interface QuickReplyMenuContext {
  client: ActCaller;
  key: string;
  values: QuickReplyValues;
  /** Every quick reply of the project, by shortcut. */
  replies: QuickReply[];
  error: FlowError | null;
  /** The draft's `/` query, or `null` when the draft is not one. */
  query: string | null;
  /** Escape closed the menu: it stays closed while the draft is a `/` query. */
  dismissed: boolean;
  /** The active option's index among the matches. */
  active: number;
}

export type QuickReplyMenuEvent =
  | { type: 'quickReplyMenu.draft'; text: string }
  | { type: 'quickReplyMenu.values'; values: QuickReplyValues }
  | { type: 'quickReplyMenu.next' }
  | { type: 'quickReplyMenu.prev' }
  /** The pointer rests on an option. */
  | { type: 'quickReplyMenu.highlight'; id: string }
  /** An option is clicked. */
  | { type: 'quickReplyMenu.choose'; id: string }
  /** Enter: the active option. */
  | { type: 'quickReplyMenu.confirm' }
  /** Escape. */
  | { type: 'quickReplyMenu.close' }
  | { type: 'quickReplyMenu.retry' };

export type QuickReplyMenuEmitted = {
  type: 'quickReplyMenu.insert';
  /** The reply's text, filled for the customer. */
  text: string;
  media: MediaFile | null;
  reply: QuickReply;
};

export type QuickReplyMenuTag = 'loading' | 'failed';

/** quick_reply_list with `all`: every quick reply of the project. */
export const loadAllQuickReplies = fromPromise<QuickReply[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('quick_reply_list', { key: input.key, all: true }, { signal })).data,
);

type Context = QuickReplyMenuContext;

/** The quick replies the draft's query offers, best first (none while the draft is not a query). */
export function menuOptions(context: Pick<Context, 'replies' | 'query'>): QuickReply[] {
  return context.query === null ? [] : matchQuickReplies(context.replies, context.query);
}

function optionAt(context: Context, index: number): QuickReply | undefined {
  return menuOptions(context)[index];
}

function wrap(index: number, count: number): number {
  return count === 0 ? 0 : (index + count) % count;
}

export const quickReplyMenuMachine = setup({
  types: {} as {
    context: QuickReplyMenuContext;
    events: QuickReplyMenuEvent;
    input: QuickReplyMenuInput;
    emitted: QuickReplyMenuEmitted;
    tags: QuickReplyMenuTag;
    children: { replies: 'loadAllQuickReplies' };
  },
  actors: { loadAllQuickReplies },
  guards: {
    offers: ({ context }, params: { text: string }) =>
      quickReplyQuery(params.text) !== null && !context.dismissed,
    hasActive: ({ context }) => optionAt(context, context.active) !== undefined,
    isOption: ({ context }, params: { id: string }) =>
      menuOptions(context).some((reply) => reply.id === params.id),
    severalOptions: ({ context }) => menuOptions(context).length > 1,
  },
  actions: {
    keepReplies: assign((_, params: { replies: QuickReply[] }) => ({
      replies: params.replies,
      error: null,
      active: 0,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    readDraft: assign(({ context }, params: { text: string }) => {
      const query = quickReplyQuery(params.text);
      return {
        query,
        dismissed: context.dismissed && query !== null,
        active: query === context.query ? context.active : 0,
      };
    }),
    setValues: assign((_, params: { values: QuickReplyValues }) => ({ values: params.values })),
    move: assign(({ context }, params: { by: 1 | -1 }) => ({
      active: wrap(context.active + params.by, menuOptions(context).length),
    })),
    highlight: assign(({ context }, params: { id: string }) => ({
      active: menuOptions(context).findIndex((reply) => reply.id === params.id),
    })),
    dismiss: assign({ dismissed: true }),
    insert: emit(({ context }, params: { reply: QuickReply }) => ({
      type: 'quickReplyMenu.insert' as const,
      text: fillQuickReply(params.reply.text, context.values),
      media: params.reply.media,
      reply: params.reply,
    })),
  },
}).createMachine({
  id: 'quickReplyMenu',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    values: input.values,
    replies: [],
    error: null,
    query: null,
    dismissed: false,
    active: 0,
  }),
  type: 'parallel',
  on: {
    'quickReplyMenu.values': { actions: { type: 'setValues', params: ({ event }) => event } },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'replies',
            src: 'loadAllQuickReplies',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepReplies', params: ({ event }) => ({ replies: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
        failed: { tags: ['failed'], on: { 'quickReplyMenu.retry': 'loading' } },
      },
    },
    menu: {
      initial: 'closed',
      on: {
        'quickReplyMenu.draft': [
          {
            guard: { type: 'offers', params: ({ event }) => event },
            target: '.open',
            actions: { type: 'readDraft', params: ({ event }) => event },
          },
          { target: '.closed', actions: { type: 'readDraft', params: ({ event }) => event } },
        ],
      },
      states: {
        closed: {},
        open: {
          on: {
            'quickReplyMenu.next': { guard: 'severalOptions', actions: { type: 'move', params: { by: 1 } } },
            'quickReplyMenu.prev': { guard: 'severalOptions', actions: { type: 'move', params: { by: -1 } } },
            'quickReplyMenu.highlight': {
              guard: { type: 'isOption', params: ({ event }) => event },
              actions: { type: 'highlight', params: ({ event }) => event },
            },
            'quickReplyMenu.choose': {
              guard: { type: 'isOption', params: ({ event }) => event },
              target: 'closed',
              actions: [
                {
                  type: 'insert',
                  params: ({ context, event }) => ({
                    reply: menuOptions(context).find((reply) => reply.id === event.id) as QuickReply,
                  }),
                },
                'dismiss',
              ],
            },
            'quickReplyMenu.confirm': {
              guard: 'hasActive',
              target: 'closed',
              actions: [
                {
                  type: 'insert',
                  params: ({ context }) => ({ reply: optionAt(context, context.active) as QuickReply }),
                },
                'dismiss',
              ],
            },
            'quickReplyMenu.close': { target: 'closed', actions: 'dismiss' },
          },
        },
      },
    },
  },
});

export type QuickReplyMenuSnapshot = SnapshotFrom<typeof quickReplyMenuMachine>;

export type QuickReplyMenuStatus = 'loading' | 'failed' | 'ready';

export function selectQuickReplyMenuOpen(snapshot: QuickReplyMenuSnapshot): boolean {
  return snapshot.matches({ menu: 'open' });
}

export function selectQuickReplyMenuStatus(snapshot: QuickReplyMenuSnapshot): QuickReplyMenuStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  return snapshot.hasTag('failed') ? 'failed' : 'ready';
}

/** The options shown while the menu is open, best first. */
export function selectQuickReplyOptions(snapshot: QuickReplyMenuSnapshot): QuickReply[] {
  return selectQuickReplyMenuOpen(snapshot) ? menuOptions(snapshot.context) : [];
}

/** The active option's id, or `null`. */
export function selectActiveQuickReply(snapshot: QuickReplyMenuSnapshot): string | null {
  return selectQuickReplyOptions(snapshot)[snapshot.context.active]?.id ?? null;
}

/** Whether Up, Down and Enter belong to the menu now (it is open with something to insert). */
export function selectQuickReplyMenuKeys(snapshot: QuickReplyMenuSnapshot): boolean {
  return selectQuickReplyOptions(snapshot).length > 0;
}
