/**
 * One broadcast's page, `/crm/broadcast/{key}/{id}`: its status and why it paused, its controls,
 * its counts per recipient state, the template with its values, the audience and the cost, and its
 * recipients as a paginated table (the child `recipients`: tableMachine over
 * `broadcast_recipients`). Regions side by side:
 *
 * - `broadcast`: `broadcast_get`; a failed load is tried once more before it shows (SPEC.md
 *   section 9), `broadcast.retry` after that; `broadcast.resync` (the connection is back) asks
 *   again, the broadcast staying shown meanwhile; `broadcast.deleted` (live) leaves it `gone`;
 * - `names`: the names of a filter audience's labels, stages, divisions and numbers, loaded once
 *   when the broadcast names any (`loadCustomerFilterOptions`);
 * - `live`: `broadcast.updated` changes the status, counts, times and cost at once (one that comes
 *   while the broadcast loads is kept over the answer), and asks for the recipients' page right
 *   away; changes coming while that settles wait `liveRefreshMs` and are asked for once, so the
 *   table is fetched at most about once a second while a broadcast sends. A change of status or of
 *   failures asks for the broadcast too (how many recipients may be tried again);
 * - `control`: "Jeda", "Lanjutkan", "Batalkan", "Coba lagi", "Hapus" as the status and the
 *   member's permissions allow (`mayControl`, broadcastRules.ts); cancelling and deleting ask
 *   first. One at a time; a failure keeps the broadcast as it was and says why (a resume refused
 *   for the balance is `insufficient_balance`); a delete ends the page (`broadcast.removed`);
 * - `query` (debouncedSearch.ts, plus the filters): the recipients' state and replied filters and
 *   their search (after a pause);
 * - `export`: `broadcast_export` (of the state filtered by); the CSV is announced for the web.
 *
 * `followBroadcast` (followBroadcasts.ts) feeds the socket's events to it.
 */
import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import type { BroadcastDetail, BroadcastRecipient, BroadcastSummary, RecipientState } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import { broadcastPermissions } from './broadcastAccess.ts';
import {
  controlBroadcast,
  exportRecipients,
  isRecipientState,
  loadBroadcast,
  noRecipientFilters,
  recipientsPayload,
} from './broadcastActors.ts';
import type { BroadcastExport, RecipientsPayload } from './broadcastActors.ts';
import type {
  BroadcastDetailContext,
  BroadcastDetailEmitted,
  BroadcastDetailEvent,
  BroadcastDetailInput,
  BroadcastDetailTag,
} from './broadcastDetailTypes.ts';
import {
  audienceNeedsNames,
  changesRetryable,
  confirmsFirst,
  mayControl,
  withSummary,
} from './broadcastRules.ts';
import type { AudienceNames, BroadcastControl } from './broadcastRules.ts';
import { loadCustomerFilterOptions } from './customerActors.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import { delay } from './delay.ts';
import { mayRetry, queryRules } from './queryRules.ts';
import { createTableMachine } from './tableMachine.ts';

export type {
  BroadcastDetailContext,
  BroadcastDetailEmitted,
  BroadcastDetailEvent,
  BroadcastDetailInput,
  BroadcastDetailTag,
};

type Context = BroadcastDetailContext;

const DEFAULT_LIVE_REFRESH_MS = 1000;

function tablePayload(context: Context): RecipientsPayload {
  return recipientsPayload(context.key, context.id, context.filters, context.search);
}

/** The control being confirmed or run (`confirming` and `running` are entered with one). */
function chosenControl(context: Context): BroadcastControl {
  if (context.control === null) throw new Error('No broadcast control was chosen');
  return context.control;
}

export const recipientTableMachine = createTableMachine<BroadcastRecipient, RecipientsPayload>();

/** The recipients' search region; the state and replied filters and "Hapus filter" join its transitions. */
const recipientSearch = searchRegion('broadcast', ['queryTable']);

/**
 * The machine's guards and actions, and the search's (debouncedSearch.ts) added by `extend`:
 * spread among its own, their ready-made types would keep TypeScript from inferring the actions
 * `enqueueActions` may call (askNames, reloadIfStale).
 */
const broadcastDetailSetup = setup({
  types: {} as {
    context: BroadcastDetailContext;
    events: BroadcastDetailEvent;
    input: BroadcastDetailInput;
    emitted: BroadcastDetailEmitted;
    tags: BroadcastDetailTag;
    children: {
      recipients: 'recipientTable';
      broadcast: 'loadBroadcast';
      names: 'loadCustomerFilterOptions';
      liveTimer: 'delay';
      control: 'controlBroadcast';
      pause: 'delay';
      export: 'exportRecipients';
    };
  },
  actors: {
    recipientTable: recipientTableMachine,
    loadBroadcast,
    loadCustomerFilterOptions,
    delay,
    controlBroadcast,
    exportRecipients,
  },
  guards: {
    mayRetry: ({ context }) => mayRetry(context.query, context.failures + 1),
    refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
    hasDetail: ({ context }) => context.detail !== null,
    liveStale: ({ context }) => context.liveStale,
    mayControl: ({ context }, params: { control: BroadcastControl }) =>
      context.detail !== null && mayControl(context.detail, params.control, context.may),
    mayControlAskingFirst: ({ context }, params: { control: BroadcastControl }) =>
      context.detail !== null &&
      mayControl(context.detail, params.control, context.may) &&
      confirmsFirst(params.control),
    stillAllowed: ({ context }) =>
      context.control !== null &&
      context.detail !== null &&
      mayControl(context.detail, context.control, context.may),
    removed: (_, params: { output: BroadcastDetail | null }) => params.output === null,
    stateChanged: ({ context }, params: { state: RecipientState | null }) =>
      isRecipientState(params.state) && params.state !== context.filters.state,
    repliedChanged: ({ context }, params: { replied: boolean | null }) =>
      params.replied !== context.filters.replied,
    anyFilter: ({ context }) =>
      context.filters.state !== null ||
      context.filters.replied !== null ||
      context.search !== '' ||
      context.searchText !== '',
    mayExport: ({ context }) => context.may.view && context.detail !== null,
  },
  actions: {
    /** A load starts: changes that came before it are in its answer. */
    forgetLive: assign({ liveSince: null }),
    freshLoad: assign({ failures: 0 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    keepDetail: assign(({ context }, params: { detail: BroadcastDetail }) => ({
      detail: context.liveSince === null ? params.detail : withSummary(params.detail, context.liveSince),
      liveSince: null,
      error: null,
      failures: 0,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    askNames: enqueueActions(({ context, enqueue }) => {
      if (context.names === null && context.detail !== null && audienceNeedsNames(context.detail.audience))
        enqueue.raise({ type: 'broadcast.loadNames' });
    }),
    keepNames: assign((_, params: { names: AudienceNames }) => ({ names: params.names })),
    applyLive: assign(({ context }, params: { broadcast: BroadcastSummary }) => {
      const { detail } = context;
      if (detail === null) return { liveSince: params.broadcast };
      return {
        detail: withSummary(detail, params.broadcast),
        liveSince: params.broadcast,
        detailStale: context.detailStale || changesRetryable(detail, params.broadcast),
      };
    }),
    markLiveStale: assign({ liveStale: true }),
    reloadIfStale: enqueueActions(({ context, enqueue }) => {
      if (!context.detailStale) return;
      enqueue.assign({ detailStale: false });
      enqueue.raise({ type: 'broadcast.reload' });
    }),
    clearLive: assign({ liveStale: false }),
    // The recipients' table is a child: each of these only talks to it (the model's graph stubs them).
    queryTable: sendTo('recipients', ({ context }) => ({
      type: 'table.payload' as const,
      payload: tablePayload(context),
    })),
    refreshTable: sendTo('recipients', { type: 'table.refresh' as const }),
    resyncTable: sendTo('recipients', { type: 'table.resync' as const }),
    setControl: assign((_, params: { control: BroadcastControl }) => ({
      control: params.control,
      controlError: null,
    })),
    forgetControl: assign({ control: null }),
    keepControlled: assign((_, params: { detail: BroadcastDetail }) => ({ detail: params.detail })),
    showControlError: assign((_, params: { error: unknown }) => ({
      controlError: toFlowError(params.error),
    })),
    dismissError: assign({ controlError: null, control: null }),
    announceControlled: emit(({ context }) => ({
      type: 'broadcast.controlled' as const,
      control: chosenControl(context),
    })),
    announceControlFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'broadcast.controlFailed' as const,
      control: chosenControl(context),
      message: toFlowError(params.error).message,
    })),
    announceRemoved: emit(({ context }) => ({
      type: 'broadcast.removed' as const,
      name: context.detail?.name ?? '',
    })),
    setState: assign(({ context }, params: { state: RecipientState | null }) => ({
      filters: { ...context.filters, state: params.state },
      search: context.searchText,
    })),
    setReplied: assign(({ context }, params: { replied: boolean | null }) => ({
      filters: { ...context.filters, replied: params.replied },
      search: context.searchText,
    })),
    resetFilters: assign({ filters: noRecipientFilters, search: '', searchText: '' }),
    announceExport: emit((_, params: { file: BroadcastExport }) => ({
      type: 'broadcast.exported' as const,
      file: params.file,
    })),
    announceExportFailure: emit((_, params: { error: unknown }) => ({
      type: 'broadcast.exportFailed' as const,
      message: toFlowError(params.error).message,
    })),
  },
}).extend({ guards: searchGuards, actions: searchActions<Context, BroadcastDetailEvent>() });

export const broadcastDetailMachine = broadcastDetailSetup.createMachine({
  id: 'broadcastDetail',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    id: input.id,
    permissions: input.permissions,
    may: broadcastPermissions(input.permissions),
    fetchPage: input.fetchPage,
    liveRefreshMs: input.liveRefreshMs ?? DEFAULT_LIVE_REFRESH_MS,
    query: queryRules(input.query),
    ...searchContext(input.searchDebounceMs),
    detail: null,
    error: null,
    failures: 0,
    liveSince: null,
    names: null,
    filters: noRecipientFilters,
    control: null,
    controlError: null,
    liveStale: false,
    detailStale: false,
  }),
  invoke: {
    id: 'recipients',
    src: 'recipientTable',
    input: ({ context }) => ({
      fetchPage: context.fetchPage,
      payload: tablePayload(context),
      query: context.query,
    }),
  },
  type: 'parallel',
  states: {
    broadcast: {
      initial: 'loading',
      on: { 'broadcast.deleted': '.gone' },
      states: {
        loading: {
          entry: 'forgetLive',
          invoke: {
            id: 'broadcast',
            src: 'loadBroadcast',
            input: ({ context }) => ({ client: context.client, key: context.key, id: context.id }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'keepDetail', params: ({ event }) => ({ detail: event.output }) },
                'askNames',
              ],
            },
            onError: [
              { guard: 'mayRetry', target: 'loading', reenter: true, actions: 'countFailure' },
              // Asked again while it showed: it stays as it was.
              { guard: 'hasDetail', target: 'ready', actions: 'freshLoad' },
              {
                target: 'failed',
                actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: {
            'broadcast.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              reenter: true,
              actions: ['freshLoad', 'resyncTable'],
            },
          },
        },
        ready: {
          on: {
            'broadcast.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              actions: ['freshLoad', 'resyncTable'],
            },
            'broadcast.reload': { target: 'loading', actions: 'freshLoad' },
          },
        },
        failed: {
          on: {
            'broadcast.retry': { target: 'loading', actions: 'freshLoad' },
            'broadcast.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              actions: ['freshLoad', 'resyncTable'],
            },
          },
        },
        // Deleted (here or elsewhere): nothing more to ask.
        gone: {},
      },
    },
    names: {
      initial: 'idle',
      states: {
        idle: { on: { 'broadcast.loadNames': 'loading' } },
        loading: {
          invoke: {
            id: 'names',
            src: 'loadCustomerFilterOptions',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepNames', params: ({ event }) => ({ names: event.output }) },
            },
          },
        },
        ready: {},
      },
    },
    live: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'broadcast.updated': {
              target: 'cooling',
              actions: [
                { type: 'applyLive', params: ({ event }) => event },
                'refreshTable',
                'reloadIfStale',
                'clearLive',
              ],
            },
          },
        },
        // The recipients were just asked for: changes wait for the pause, then go as one request.
        cooling: {
          invoke: {
            id: 'liveTimer',
            src: 'delay',
            input: ({ context }) => ({
              ms: context.liveRefreshMs,
              event: { type: 'broadcast.liveSettled' as const },
            }),
          },
          on: {
            'broadcast.updated': {
              actions: [{ type: 'applyLive', params: ({ event }) => event }, 'markLiveStale'],
            },
            'broadcast.liveSettled': [
              {
                guard: 'liveStale',
                target: 'cooling',
                reenter: true,
                actions: ['refreshTable', 'reloadIfStale', 'clearLive'],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    control: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'broadcast.control': [
              {
                guard: { type: 'mayControlAskingFirst', params: ({ event }) => event },
                target: 'confirming',
                actions: { type: 'setControl', params: ({ event }) => event },
              },
              {
                guard: { type: 'mayControl', params: ({ event }) => event },
                target: 'running',
                actions: { type: 'setControl', params: ({ event }) => event },
              },
            ],
            'broadcast.dismissError': { actions: 'dismissError' },
          },
        },
        confirming: {
          on: {
            'broadcast.confirm': [
              { guard: 'stillAllowed', target: 'running' },
              { target: 'idle', actions: 'forgetControl' },
            ],
            'broadcast.dismiss': { target: 'idle', actions: 'forgetControl' },
          },
        },
        running: {
          tags: ['busy'],
          invoke: {
            id: 'control',
            src: 'controlBroadcast',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.id,
              control: chosenControl(context),
            }),
            onDone: [
              {
                guard: { type: 'removed', params: ({ event }) => ({ output: event.output }) },
                target: 'removed',
                actions: 'announceRemoved',
              },
              {
                target: 'idle',
                actions: [
                  {
                    type: 'keepControlled',
                    params: ({ event }) => ({ detail: event.output as BroadcastDetail }),
                  },
                  'refreshTable',
                  'announceControlled',
                  'forgetControl',
                ],
              },
            ],
            // The broadcast stays as it was; the failure shows beside the controls.
            onError: {
              target: 'idle',
              actions: [
                { type: 'showControlError', params: ({ event }) => ({ error: event.error }) },
                { type: 'announceControlFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        // Deleted by the member: the page goes back to the broadcasts.
        removed: {},
      },
    },
    query: {
      ...recipientSearch,
      on: {
        ...recipientSearch.on,
        'broadcast.state': {
          guard: { type: 'stateChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setState', params: ({ event }) => event }, 'queryTable'],
        },
        'broadcast.replied': {
          guard: { type: 'repliedChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setReplied', params: ({ event }) => event }, 'queryTable'],
        },
        'broadcast.resetFilters': {
          guard: 'anyFilter',
          target: '.idle',
          actions: ['resetFilters', 'queryTable'],
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'broadcast.export': { guard: 'mayExport', target: 'exporting' } } },
        exporting: {
          tags: ['exporting', 'busy'],
          invoke: {
            id: 'export',
            src: 'exportRecipients',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.id,
              state: context.filters.state,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'announceExport', params: ({ event }) => ({ file: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'announceExportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
