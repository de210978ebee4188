/**
 * The user's saldo, `/saldo` (issue 16). Its children: the top-up panel (topUpMachine, `topUp`),
 * the top-ups as a paginated table (`topups`: `topup_list`, every status) and the ledger as one
 * (`ledger`: `saldo_ledger` with its filters). Regions side by side:
 *
 * - `overview`: the balance and the top-ups waiting for payment (`saldo_get` and `topup_list`
 *   `pending`, together). SPEC.md section 9's query rules (`queryRules.ts`): a failed load is
 *   tried once more before it shows; `saldo.resync` (the socket is back after a drop) loads it
 *   again and tells the panel (`topUp.resync`); the tables refetch through their own
 *   `table.resync` (the web's DataTable sends it), and nothing refetches on window focus;
 * - `export`: `saldo_export` with the ledger's filters; its CSV is announced
 *   (`saldo.exported`) for the web to save as a download;
 * - `receipt`: a top-up's printable receipt, shown at once from what the page holds and
 *   refreshed from `topup_get`.
 *
 * Live: the socket's `saldo.updated` sets the balance, moves the top-up it names in or out of the
 * pending list, and refetches the table whose rows it changed. What the panel hears from the
 * server about a top-up (`topUp.changed`) does the same, and a payment it found loads the balance
 * again. The ledger's filters (kind, from / to) go to its table at once; a `to` before `from` is
 * not asked for until fixed (`selectSaldoRangeReversed` says so beside them). "Bayar sekarang"
 * and "Saya sudah bayar" on a pending top-up hand it to the panel (`topUp.follow`); while the
 * panel creates a top-up those buttons are disabled.
 */
import { assign, emit, enqueueActions, raise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { topupReceipt } from '@sapa/sdk';
import type { LedgerEntry, ReceiptPayer, Saldo, Topup, TopupReceipt } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { InboxEventSource } from './inboxRouting.ts';
import { mayRetry, queryRules } from './queryRules.ts';
import type { QueryRules } from './queryRules.ts';
import {
  exportSaldoLedger,
  getTopup,
  hasSaldoFilters,
  isSaldoFilterValue,
  loadSaldoOverview,
  noSaldoLedgerFilters,
  saldoFeed,
  saldoFiltersValid,
  saldoLedgerFields,
  saldoLedgerPayload,
  topupListPayload,
  withTopup,
} from './saldoActors.ts';
import type {
  SaldoExport,
  SaldoLedgerFilter,
  SaldoLedgerFilters,
  SaldoLedgerPayload,
  SaldoNews,
  SaldoOverview,
  TopupListPayload,
} from './saldoActors.ts';
import type { ActCaller } from './sdk.ts';
import { createTableMachine } from './tableMachine.ts';
import type { FetchPage } from './tableMachine.ts';
import { topUpMachine } from './topUpMachine.ts';
import type { TopUpChanged } from './topUpMachine.ts';

export interface SaldoInput {
  client: ActCaller;
  /** The socket's events (`saldo.updated`); `null`: no live news. */
  feed: InboxEventSource | null;
  /** Where the ledger's pages come from (the web: `fetchActPage(client)`). */
  fetchLedger: FetchPage<LedgerEntry, SaldoLedgerPayload>;
  /** Where the top-ups' pages come from. */
  fetchTopups: FetchPage<Topup, TopupListPayload>;
  /** Who pays: the receipts name them. */
  payer?: ReceiptPayer | null;
  /** Makes each top-up attempt's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** Overrides of SPEC.md's query rules (retry once, refetch on reconnect, not on focus). */
  query?: Partial<QueryRules>;
}

export interface SaldoContext {
  client: ActCaller;
  feed: InboxEventSource | null;
  fetchLedger: FetchPage<LedgerEntry, SaldoLedgerPayload>;
  fetchTopups: FetchPage<Topup, TopupListPayload>;
  payer: ReceiptPayer | null;
  newClientId: (() => string) | undefined;
  query: QueryRules;
  /** Failed tries of the overview's load under way. */
  failures: number;
  saldo: Saldo | null;
  /** The top-ups waiting for payment, newest first (the first page of them). */
  pending: Topup[];
  morePending: boolean;
  /** Why the overview could not be loaded (state `failed`). */
  error: FlowError | null;
  /** The ledger's filters as chosen; its table follows them while the range is not reversed. */
  filters: SaldoLedgerFilters;
  /** The dates the table follows: the last from / to that were not reversed. */
  appliedRange: Pick<SaldoLedgerFilters, 'from' | 'to'>;
  /** The top-up whose receipt is open. */
  receipt: Topup | null;
  /** Its latest state could not be loaded: the receipt shows what the page held. */
  receiptStale: boolean;
}

export type SaldoEvent =
  | { type: 'saldo.retry' }
  /** The socket is back after a drop. */
  | { type: 'saldo.resync' }
  /** One filter of the ledger (`null` clears it): a kind of `saldoLedgerKinds`, or a day. */
  | { type: 'saldo.filter'; filter: SaldoLedgerFilter; value: string | null }
  | { type: 'saldo.reset' }
  /** "Ekspor CSV": the ledger's entries the filters keep. */
  | { type: 'saldo.export' }
  /** "Bayar sekarang" on a pending top-up (the web opens its page): the panel follows it. */
  | { type: 'saldo.pay'; id: string }
  /** "Saya sudah bayar" on a pending top-up: the panel follows it and asks the gateway. */
  | { type: 'saldo.check'; id: string }
  /** "Kuitansi": a top-up's receipt. */
  | { type: 'saldo.receipt'; topup: Topup }
  | { type: 'saldo.closeReceipt' }
  /** The panel found the balance changed (a payment): load it again. */
  | { type: 'saldo.stale' }
  | TopUpChanged
  | SaldoNews;

export type SaldoTag = 'exporting';

/** What the page is told: the export saved as a download, or its failure in a toast. */
export type SaldoEmitted =
  { type: 'saldo.exported'; file: SaldoExport } | { type: 'saldo.exportFailed'; message: string };

export type SaldoStatus = 'loading' | 'failed' | 'ready';

type Context = SaldoContext;

/** The filters the ledger follows: the chosen ones, with the dates last valid while `to` is before `from`. */
function appliedFilters(context: Context): SaldoLedgerFilters {
  const { filters, appliedRange } = context;
  return saldoFiltersValid(filters) ? filters : { ...filters, ...appliedRange };
}

export const saldoLedgerTableMachine = createTableMachine<LedgerEntry, SaldoLedgerPayload>();
export const topupTableMachine = createTableMachine<Topup, TopupListPayload>();

const noRange = { from: null, to: null } as const;

export const saldoMachine = setup({
  types: {} as {
    context: SaldoContext;
    events: SaldoEvent;
    input: SaldoInput;
    emitted: SaldoEmitted;
    tags: SaldoTag;
    children: {
      feed: 'saldoFeed';
      overview: 'loadSaldoOverview';
      refresh: 'loadSaldoOverview';
      ledger: 'ledgerTable';
      topups: 'topupTable';
      topUp: 'topUp';
      export: 'exportSaldoLedger';
      receipt: 'getTopup';
    };
  },
  actors: {
    saldoFeed,
    loadSaldoOverview,
    ledgerTable: saldoLedgerTableMachine,
    topupTable: topupTableMachine,
    topUp: topUpMachine,
    exportSaldoLedger,
    getTopup,
  },
  guards: {
    mayRetry: ({ context }) => mayRetry(context.query, context.failures + 1),
    filterChanged: ({ context }, params: { filter: SaldoLedgerFilter; value: string | null }) =>
      isSaldoFilterValue(params.filter, params.value) && context.filters[params.filter] !== params.value,
    anyFilter: ({ context }) => hasSaldoFilters(context.filters),
    mayExport: ({ context }) => saldoFiltersValid(context.filters),
    isPending: ({ context }, params: { id: string }) =>
      context.pending.some((topup) => topup.id === params.id),
    isPaid: (_, params: { topup: Topup }) => params.topup.status === 'paid',
  },
  actions: {
    keepOverview: assign((_, params: { overview: SaldoOverview }) => ({
      saldo: params.overview.saldo,
      pending: withoutFinished(params.overview.pending),
      morePending: params.overview.morePending,
      error: null,
      failures: 0,
    })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    freshRequest: assign({ failures: 0 }),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    resyncTopUp: sendTo('topUp', { type: 'topUp.resync' as const }),
    /** The socket's news: the balance, the top-up it names (pending or no longer). */
    keepNews: assign(({ context }, params: SaldoNews) => {
      const { topup } = params;
      return {
        saldo: params.saldo,
        pending: topup === null ? context.pending : withTopup(context.pending, topup),
        receipt: topup !== null && topup.id === context.receipt?.id ? topup : context.receipt,
      };
    }),
    /** The tables whose rows the news changed fetch their page again. */
    refreshForNews: enqueueActions(({ enqueue }, params: SaldoNews) => {
      if (params.entry !== null) enqueue.sendTo('ledger', { type: 'table.refresh' });
      if (params.topup !== null) enqueue.sendTo('topups', { type: 'table.refresh' });
    }),
    /** What the panel heard from the server about a top-up. */
    keepTopup: assign(({ context }, params: { topup: Topup }) => ({
      pending: withTopup(context.pending, params.topup),
    })),
    refreshTopups: sendTo('topups', { type: 'table.refresh' as const }),
    loadAgain: raise({ type: 'saldo.stale' }),
    setFilter: assign(({ context }, params: { filter: SaldoLedgerFilter; value: string | null }) => {
      const filters = { ...context.filters, [params.filter]: params.value };
      const appliedRange = saldoFiltersValid(filters)
        ? { from: filters.from, to: filters.to }
        : context.appliedRange;
      return { filters, appliedRange };
    }),
    resetFilters: assign({ filters: noSaldoLedgerFilters, appliedRange: noRange }),
    // A reversed range is not asked for: the payload keeps the dates last valid (the table
    // ignores a payload equal to the one it shows).
    queryLedger: sendTo('ledger', ({ context }) => ({
      type: 'table.payload' as const,
      payload: saldoLedgerPayload(appliedFilters(context)),
    })),
    follow: sendTo('topUp', ({ context }, params: { id: string; check: boolean }) => ({
      type: 'topUp.follow' as const,
      topup: context.pending.find((topup) => topup.id === params.id) as Topup,
      check: params.check,
    })),
    openReceipt: assign((_, params: { topup: Topup }) => ({ receipt: params.topup, receiptStale: false })),
    keepReceipt: assign((_, params: { topup: Topup }) => ({ receipt: params.topup })),
    markReceiptStale: assign({ receiptStale: true }),
    forgetReceipt: assign({ receipt: null, receiptStale: false }),
    announceExport: emit((_, params: { file: SaldoExport }) => ({
      type: 'saldo.exported' as const,
      file: params.file,
    })),
    announceExportFailure: emit((_, params: { error: unknown }) => ({
      type: 'saldo.exportFailed' as const,
      message: toFlowError(params.error).message,
    })),
  },
}).createMachine({
  id: 'saldo',
  context: ({ input }) => ({
    client: input.client,
    feed: input.feed,
    fetchLedger: input.fetchLedger,
    fetchTopups: input.fetchTopups,
    payer: input.payer ?? null,
    newClientId: input.newClientId,
    query: queryRules(input.query),
    failures: 0,
    saldo: null,
    pending: [],
    morePending: false,
    error: null,
    filters: noSaldoLedgerFilters,
    appliedRange: noRange,
    receipt: null,
    receiptStale: false,
  }),
  invoke: [
    { id: 'feed', src: 'saldoFeed', input: ({ context }) => ({ feed: context.feed }) },
    {
      id: 'ledger',
      src: 'ledgerTable',
      input: ({ context }) => ({
        fetchPage: context.fetchLedger,
        payload: saldoLedgerPayload(appliedFilters(context)),
        query: context.query,
      }),
    },
    {
      id: 'topups',
      src: 'topupTable',
      input: ({ context }) => ({
        fetchPage: context.fetchTopups,
        payload: topupListPayload,
        query: context.query,
      }),
    },
    {
      id: 'topUp',
      src: 'topUp',
      input: ({ context }) => ({
        client: context.client,
        feed: context.feed,
        payer: context.payer,
        ...(context.newClientId === undefined ? {} : { newClientId: context.newClientId }),
      }),
    },
  ],
  on: {
    'saldo.news': {
      actions: [
        { type: 'keepNews', params: ({ event }) => event },
        { type: 'refreshForNews', params: ({ event }) => event },
      ],
    },
    'topUp.changed': [
      {
        guard: { type: 'isPaid', params: ({ event }) => event },
        actions: [{ type: 'keepTopup', params: ({ event }) => event }, 'refreshTopups', 'loadAgain'],
      },
      { actions: [{ type: 'keepTopup', params: ({ event }) => event }, 'refreshTopups'] },
    ],
    'saldo.filter': {
      guard: { type: 'filterChanged', params: ({ event }) => event },
      actions: [{ type: 'setFilter', params: ({ event }) => event }, 'queryLedger'],
    },
    'saldo.reset': { guard: 'anyFilter', actions: ['resetFilters', 'queryLedger'] },
    'saldo.pay': {
      guard: { type: 'isPending', params: ({ event }) => event },
      actions: { type: 'follow', params: ({ event }) => ({ id: event.id, check: false }) },
    },
    'saldo.check': {
      guard: { type: 'isPending', params: ({ event }) => event },
      actions: { type: 'follow', params: ({ event }) => ({ id: event.id, check: true }) },
    },
  },
  type: 'parallel',
  states: {
    overview: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'overview',
            src: 'loadSaldoOverview',
            input: ({ context }) => ({ client: context.client }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepOverview', params: ({ event }) => ({ overview: event.output }) },
            },
            onError: [
              // SPEC.md section 9: one more try before the failure shows.
              { guard: 'mayRetry', target: 'loading', reenter: true, actions: 'countFailure' },
              {
                target: 'failed',
                actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: {
            'saldo.resync': { target: 'loading', reenter: true, actions: ['freshRequest', 'resyncTopUp'] },
          },
        },
        failed: {
          on: {
            'saldo.retry': { target: 'loading', actions: 'freshRequest' },
            'saldo.resync': { target: 'loading', actions: ['freshRequest', 'resyncTopUp'] },
          },
        },
        ready: {
          initial: 'idle',
          on: {
            'saldo.resync': { target: '.refreshing', reenter: true, actions: 'resyncTopUp' },
            'saldo.stale': { target: '.refreshing', reenter: true },
          },
          states: {
            idle: {},
            // What is shown stays until the answer; a failure keeps it (the next news or reconnection tells more).
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'loadSaldoOverview',
                input: ({ context }) => ({ client: context.client }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepOverview', params: ({ event }) => ({ overview: event.output }) },
                },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'saldo.export': { guard: 'mayExport', target: 'exporting' } } },
        // "Ekspor CSV" is disabled meanwhile.
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'export',
            src: 'exportSaldoLedger',
            input: ({ context }) => ({ client: context.client, fields: saldoLedgerFields(context.filters) }),
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
    // The receipt is a modal dialog: while it is open, only its own controls can be used.
    receipt: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'saldo.receipt': {
              target: 'open',
              actions: { type: 'openReceipt', params: ({ event }) => event },
            },
          },
        },
        open: {
          initial: 'loading',
          on: { 'saldo.closeReceipt': { target: 'closed', actions: 'forgetReceipt' } },
          states: {
            loading: {
              invoke: {
                id: 'receipt',
                src: 'getTopup',
                input: ({ context }) => ({ client: context.client, id: context.receipt?.id ?? '' }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'keepReceipt', params: ({ event }) => ({ topup: event.output }) },
                },
                onError: { target: 'shown', actions: 'markReceiptStale' },
              },
            },
            shown: {},
          },
        },
      },
    },
  },
});

/** The pending list holds only what waits for payment. */
function withoutFinished(topups: readonly Topup[]): Topup[] {
  return topups.filter((topup) => topup.status === 'pending');
}

export type SaldoSnapshot = SnapshotFrom<typeof saldoMachine>;

export function selectSaldoStatus(snapshot: SaldoSnapshot): SaldoStatus {
  if (snapshot.matches({ overview: 'failed' })) return 'failed';
  return snapshot.matches({ overview: 'loading' }) ? 'loading' : 'ready';
}

export function selectSaldo(snapshot: SaldoSnapshot): Saldo | null {
  return snapshot.context.saldo;
}

export function selectSaldoError(snapshot: SaldoSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** The top-ups waiting for payment, newest first. */
export function selectPendingTopups(snapshot: SaldoSnapshot): Topup[] {
  return snapshot.context.pending;
}

/** More top-ups wait than the list shows (the history has them all). */
export function selectMorePending(snapshot: SaldoSnapshot): boolean {
  return snapshot.context.morePending;
}

/** The top-up panel (topUpMachine); undefined only once the machine stopped. */
export function selectTopUpPanel(snapshot: SaldoSnapshot) {
  return snapshot.children.topUp;
}

/** The ledger's table (the child the DataTable shows). */
export function selectSaldoLedgerTable(snapshot: SaldoSnapshot) {
  return snapshot.children.ledger;
}

/** The top-ups' table. */
export function selectSaldoTopupTable(snapshot: SaldoSnapshot) {
  return snapshot.children.topups;
}

export function selectSaldoLedgerFilters(snapshot: SaldoSnapshot): SaldoLedgerFilters {
  return snapshot.context.filters;
}

/** The range's end is before its start: it is not applied (shown beside the dates). */
export function selectSaldoRangeReversed(snapshot: SaldoSnapshot): boolean {
  return !saldoFiltersValid(snapshot.context.filters);
}

/** A filter is applied (the reset button shows). */
export function selectHasSaldoFilters(snapshot: SaldoSnapshot): boolean {
  return hasSaldoFilters(snapshot.context.filters);
}

/** "Ekspor CSV" may start now (a range that is not reversed, none running). */
export function selectCanExportSaldo(snapshot: SaldoSnapshot): boolean {
  return snapshot.can({ type: 'saldo.export' });
}

export function selectExportingSaldo(snapshot: SaldoSnapshot): boolean {
  return snapshot.hasTag('exporting');
}

export type SaldoReceiptStatus = 'closed' | 'loading' | 'shown';

export function selectSaldoReceiptStatus(snapshot: SaldoSnapshot): SaldoReceiptStatus {
  if (snapshot.matches({ receipt: 'closed' })) return 'closed';
  return snapshot.matches({ receipt: { open: 'loading' } }) ? 'loading' : 'shown';
}

/** The open receipt's fields (null when closed); `selectSaldoReceiptStale` says whether they are the latest. */
export function selectSaldoReceipt(snapshot: SaldoSnapshot): TopupReceipt | null {
  const { receipt, payer } = snapshot.context;
  if (receipt === null) return null;
  const cached = receiptCache.get(receipt);
  if (cached !== undefined) return cached;
  const fields = topupReceipt(receipt, payer);
  receiptCache.set(receipt, fields);
  return fields;
}

const receiptCache = new WeakMap<Topup, TopupReceipt>();

export function selectSaldoReceiptStale(snapshot: SaldoSnapshot): boolean {
  return snapshot.context.receiptStale;
}
