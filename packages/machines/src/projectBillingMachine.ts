/**
 * `/project/billing/{key}`: a project's balance and what it paid for. The usage ledger is a
 * paginated table: the machine runs it as its child `ledger` (tableMachine over
 * `billing_ledger`) and tells it what to ask for. Parallel regions:
 *
 * - `summary`: the balance, the low-balance threshold and the prices (`billing_get`); a failed
 *   load is tried once more before it shows (SPEC.md section 9), `billing.retry` after that;
 * - `options`: the numbers the ledger can be filtered by, loaded once (`account_list`; a member
 *   who may not list them gets no such filter);
 * - `spend`: spend per day by category over a range, the last 30 days at first
 *   (`billing_spend`); a reversed or too long range shows beside the dates and is not asked for;
 * - `statement`: one month's statement (`billing_statement`), this month at first;
 * - `export`: the ledger's CSV with its filters, or the statement month's (`billing_export` with
 *   the month's first and last day); the CSV is announced (`billing.exported`) for the web to save;
 * - `live`: `billing.updated` changes the balance and the spend chart at once, and asks for the
 *   ledger's page (and the statement, when the change falls in its month) right away; changes
 *   coming while that settles (a broadcast's charges) wait `liveRefreshMs` and are asked for once;
 * - `dialog`: "Bayar" (payMachine, the `pay` child) and the threshold (billingThresholdMachine,
 *   the `threshold` child), with `project.billing.pay`; what they end with is the new balance.
 *
 * `billing.resync` (the connection is back after a drop) asks again for the balance, the
 * ledger's page, the spend and the statement, unless the input turns `refetchOnReconnect` off.
 * `followProjectBilling` (followProjectBilling.ts) feeds the socket's events to it.
 */
import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import {
  isBillingMonth,
  lastDays,
  monthIn,
  monthRange,
  SPEND_DEFAULT_DAYS,
  SPEND_RANGE_MAX_DAYS,
  spendRangeProblem,
  spendWithEntry,
} from '@sapa/sdk';
import type {
  BillingStatement,
  DayRange,
  LedgerEntry,
  ProjectBilling,
  Saldo,
  SpendDay,
  WhatsAppAccount,
} from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import { billingPermissions } from './billingAccess.ts';
import {
  exportBilling,
  hasLedgerFilters,
  isLedgerFilterValue,
  ledgerFiltersValid,
  ledgerPayload,
  ledgerQueryFields,
  loadBilling,
  loadLedgerAccounts,
  loadSpend,
  loadStatement,
  noLedgerFilters,
} from './billingActors.ts';
import type { BillingExport, LedgerFilter, LedgerFilters, LedgerPayload } from './billingActors.ts';
import { billingThresholdMachine } from './billingThresholdMachine.ts';
import { delay } from './delay.ts';
import { payMachine } from './payMachine.ts';
import type { PayOutput } from './payMachine.ts';
import { screenActAccess, mayCall } from './projectAccess.ts';
import type {
  ProjectBillingContext,
  ProjectBillingEmitted,
  ProjectBillingEvent,
  ProjectBillingInput,
  ProjectBillingTag,
} from './projectBillingTypes.ts';
import { mayRetry, queryRules } from './queryRules.ts';
import { createTableMachine } from './tableMachine.ts';

export type {
  ProjectBillingContext,
  ProjectBillingEmitted,
  ProjectBillingEvent,
  ProjectBillingInput,
  ProjectBillingTag,
};

type Context = ProjectBillingContext;

/** The filters the table follows: the chosen ones, with the dates last valid while `to` is before `from`. */
function appliedFilters(context: Context): LedgerFilters {
  return ledgerFiltersValid(context.filters)
    ? context.filters
    : { ...context.filters, ...context.appliedRange };
}

function tablePayload(context: Context): LedgerPayload {
  return ledgerPayload(context.key, appliedFilters(context));
}

function sameRange(a: DayRange, b: DayRange): boolean {
  return a.from === b.from && a.to === b.to;
}

const noRange = { from: null, to: null } as const;
const DEFAULT_LIVE_REFRESH_MS = 1000;
const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export const ledgerTableMachine = createTableMachine<LedgerEntry, LedgerPayload>();

export const projectBillingMachine = setup({
  types: {} as {
    context: ProjectBillingContext;
    events: ProjectBillingEvent;
    input: ProjectBillingInput;
    emitted: ProjectBillingEmitted;
    tags: ProjectBillingTag;
    children: {
      ledger: 'ledgerTable';
      summary: 'loadBilling';
      accounts: 'loadLedgerAccounts';
      spend: 'loadSpend';
      statement: 'loadStatement';
      export: 'exportBilling';
      liveTimer: 'delay';
      pay: 'payMachine';
      threshold: 'billingThreshold';
    };
  },
  actors: {
    ledgerTable: ledgerTableMachine,
    loadBilling,
    loadLedgerAccounts,
    loadSpend,
    loadStatement,
    exportBilling,
    delay,
    payMachine,
    billingThreshold: billingThresholdMachine,
  },
  guards: {
    mayRetry: ({ context }) => mayRetry(context.query, context.failures + 1),
    mayRetrySpend: ({ context }) => mayRetry(context.query, context.spendFailures + 1),
    mayRetryStatement: ({ context }) => mayRetry(context.query, context.statementFailures + 1),
    refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
    filterChanged: ({ context }, params: { filter: LedgerFilter; value: string | null }) =>
      isLedgerFilterValue(params.filter, params.value) && context.filters[params.filter] !== params.value,
    anyFilter: ({ context }) => hasLedgerFilters(context.filters),
    mayExportLedger: ({ context }) => context.may.view && ledgerFiltersValid(context.filters),
    mayExportStatement: ({ context }) => context.may.view,
    spendRangeFits: ({ context }, params: DayRange) =>
      spendRangeProblem(params) === null && !sameRange(params, context.spendRange),
    lastDaysFit: ({ context }, params: { days: number }) =>
      Number.isInteger(params.days) &&
      params.days >= 1 &&
      params.days <= SPEND_RANGE_MAX_DAYS &&
      !sameRange(lastDays(params.days, context.now(), context.timeZone), context.spendRange),
    monthChanged: ({ context }, params: { month: string }) =>
      isBillingMonth(params.month) && params.month !== context.month,
    hasEntry: (_, params: { entry?: LedgerEntry | undefined }) => params.entry !== undefined,
    liveStale: ({ context }) => context.liveStale,
    mayPay: ({ context }) => context.may.pay,
    mayEditThreshold: ({ context }) => context.may.pay && context.billing !== null,
    paid: (_, params: { output: PayOutput | null }) => params.output !== null,
    thresholdSaved: (_, params: { output: ProjectBilling | null }) => params.output !== null,
  },
  actions: {
    keepBilling: assign((_, params: { billing: ProjectBilling }) => ({
      billing: params.billing,
      error: null,
      failures: 0,
    })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    freshSummary: assign({ failures: 0 }),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    // The ledger's table is a child: each of these only talks to it (the model's graph stubs them).
    queryTable: sendTo('ledger', ({ context }) => ({
      type: 'table.payload' as const,
      payload: tablePayload(context),
    })),
    refreshTable: sendTo('ledger', { type: 'table.refresh' as const }),
    resyncTable: sendTo('ledger', { type: 'table.resync' as const }),
    setFilter: assign(({ context }, params: { filter: LedgerFilter; value: string | null }) => {
      const filters = { ...context.filters, [params.filter]: params.value };
      const appliedRange = ledgerFiltersValid(filters)
        ? { from: filters.from, to: filters.to }
        : context.appliedRange;
      return { filters, appliedRange };
    }),
    resetFilters: assign({ filters: noLedgerFilters, appliedRange: noRange }),
    keepAccounts: assign((_, params: { accounts: WhatsAppAccount[] | null }) => ({
      accounts: params.accounts,
    })),
    chooseSpendRange: assign((_, params: DayRange) => ({
      spendChosen: { from: params.from, to: params.to },
    })),
    applySpendRange: assign((_, params: DayRange) => {
      const range = { from: params.from, to: params.to };
      return { spendChosen: range, spendRange: range, spendFailures: 0 };
    }),
    useLastDays: assign(({ context }, params: { days: number }) => {
      const range = lastDays(params.days, context.now(), context.timeZone);
      return { spendChosen: range, spendRange: range, spendFailures: 0 };
    }),
    keepSpend: assign((_, params: { spend: SpendDay[] }) => ({
      spend: params.spend,
      spendError: null,
      spendFailures: 0,
    })),
    countSpendFailure: assign(({ context }) => ({ spendFailures: context.spendFailures + 1 })),
    freshSpend: assign({ spendFailures: 0 }),
    showSpendError: assign((_, params: { error: unknown }) => ({ spendError: toFlowError(params.error) })),
    setMonth: assign((_, params: { month: string }) => ({ month: params.month, statementFailures: 0 })),
    keepStatement: assign((_, params: { statement: BillingStatement }) => ({
      statement: params.statement,
      statementError: null,
      statementFailures: 0,
    })),
    countStatementFailure: assign(({ context }) => ({ statementFailures: context.statementFailures + 1 })),
    freshStatement: assign({ statementFailures: 0 }),
    showStatementError: assign((_, params: { error: unknown }) => ({
      statementError: toFlowError(params.error),
    })),
    /** A live change: the balance at once, its charge or refund on the chart, the statement marked. */
    applyUpdate: assign(
      ({ context }, params: { billing: ProjectBilling; entry?: LedgerEntry | undefined }) => {
        const { entry } = params;
        if (entry === undefined) return { billing: params.billing };
        return {
          billing: params.billing,
          spend: context.spend === null ? null : spendWithEntry(context.spend, entry, context.timeZone),
          statementStale:
            context.statementStale || monthIn(entry.createdAt, context.timeZone) === context.month,
        };
      },
    ),
    markLiveStale: assign({ liveStale: true }),
    raiseStatementChanged: enqueueActions(({ context, enqueue }) => {
      if (context.statementStale) enqueue.raise({ type: 'billing.statementChanged' });
    }),
    clearLive: assign({ liveStale: false, statementStale: false }),
    forwardSaldo: sendTo('pay', (_, params: { saldo: Saldo }) => ({
      type: 'pay.saldo' as const,
      saldo: params.saldo,
    })),
    keepPaid: assign((_, params: { output: PayOutput }) => ({ billing: params.output.billing })),
    announcePaid: emit((_, params: { output: PayOutput }) => ({
      type: 'billing.paid' as const,
      amount: params.output.amount,
      balance: params.output.billing.balance,
    })),
    announceThreshold: emit((_, params: { billing: ProjectBilling }) => ({
      type: 'billing.thresholdSaved' as const,
      threshold: params.billing.lowBalanceThreshold,
    })),
    announceExport: emit((_, params: { file: BillingExport }) => ({
      type: 'billing.exported' as const,
      file: params.file,
    })),
    announceExportFailure: emit((_, params: { error: unknown }) => ({
      type: 'billing.exportFailed' as const,
      message: toFlowError(params.error).message,
    })),
  },
}).createMachine({
  id: 'projectBilling',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
    const range = lastDays(SPEND_DEFAULT_DAYS, now(), timeZone);
    return {
      client: input.client,
      key: input.key,
      timeZone,
      may: billingPermissions(input.permissions),
      mayListAccounts: mayCall(input.permissions, screenActAccess.account_list),
      fetchPage: input.fetchPage,
      now,
      liveRefreshMs: input.liveRefreshMs ?? DEFAULT_LIVE_REFRESH_MS,
      query: queryRules(input.query),
      newClientId: input.newClientId,
      billing: null,
      error: null,
      failures: 0,
      filters: noLedgerFilters,
      appliedRange: noRange,
      accounts: null,
      spendChosen: range,
      spendRange: range,
      spend: null,
      spendError: null,
      spendFailures: 0,
      month: monthIn(now(), timeZone),
      statement: null,
      statementError: null,
      statementFailures: 0,
      liveStale: false,
      statementStale: false,
    };
  },
  invoke: {
    id: 'ledger',
    src: 'ledgerTable',
    input: ({ context }) => ({
      fetchPage: context.fetchPage,
      payload: tablePayload(context),
      query: context.query,
    }),
  },
  on: {
    'billing.filter': {
      guard: { type: 'filterChanged', params: ({ event }) => event },
      actions: [{ type: 'setFilter', params: ({ event }) => event }, 'queryTable'],
    },
    'billing.resetFilters': { guard: 'anyFilter', actions: ['resetFilters', 'queryTable'] },
  },
  type: 'parallel',
  states: {
    summary: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'summary',
            src: 'loadBilling',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepBilling', params: ({ event }) => ({ billing: event.output }) },
            },
            onError: [
              { guard: 'mayRetry', target: 'loading', reenter: true, actions: 'countFailure' },
              {
                target: 'failed',
                actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: {
            'billing.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              reenter: true,
              actions: ['freshSummary', 'resyncTable'],
            },
          },
        },
        // The balance shows; asked again, it stays until the answer.
        ready: {
          on: {
            'billing.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              actions: ['freshSummary', 'resyncTable'],
            },
          },
        },
        failed: {
          on: {
            'billing.retry': { target: 'loading', actions: 'freshSummary' },
            'billing.resync': {
              guard: 'refetchOnReconnect',
              target: 'loading',
              actions: ['freshSummary', 'resyncTable'],
            },
            // A live change brings the balance the load could not.
            'billing.updated': {
              target: 'ready',
              actions: { type: 'keepBilling', params: ({ event }) => ({ billing: event.billing }) },
            },
          },
        },
      },
    },
    options: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'accounts',
            src: 'loadLedgerAccounts',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              allowed: context.mayListAccounts,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
            },
          },
        },
        ready: {},
      },
    },
    spend: {
      initial: 'loading',
      on: {
        'billing.spendRange': [
          {
            guard: { type: 'spendRangeFits', params: ({ event }) => event },
            target: '.loading',
            actions: { type: 'applySpendRange', params: ({ event }) => event },
          },
          // Reversed or too long: shown beside the dates, the chart keeps its range.
          { actions: { type: 'chooseSpendRange', params: ({ event }) => event } },
        ],
        'billing.spendLast': {
          guard: { type: 'lastDaysFit', params: ({ event }) => event },
          target: '.loading',
          actions: { type: 'useLastDays', params: ({ event }) => event },
        },
        'billing.resync': { guard: 'refetchOnReconnect', target: '.loading', actions: 'freshSpend' },
      },
      states: {
        loading: {
          invoke: {
            id: 'spend',
            src: 'loadSpend',
            input: ({ context }) => ({ client: context.client, key: context.key, range: context.spendRange }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepSpend', params: ({ event }) => ({ spend: event.output }) },
            },
            onError: [
              { guard: 'mayRetrySpend', target: 'loading', reenter: true, actions: 'countSpendFailure' },
              {
                target: 'failed',
                actions: { type: 'showSpendError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        ready: {},
        failed: { on: { 'billing.retrySpend': { target: 'loading', actions: 'freshSpend' } } },
      },
    },
    statement: {
      initial: 'loading',
      on: {
        'billing.month': {
          guard: { type: 'monthChanged', params: ({ event }) => event },
          target: '.loading',
          actions: { type: 'setMonth', params: ({ event }) => event },
        },
        'billing.statementChanged': { target: '.loading', actions: 'freshStatement' },
        'billing.resync': { guard: 'refetchOnReconnect', target: '.loading', actions: 'freshStatement' },
      },
      states: {
        loading: {
          invoke: {
            id: 'statement',
            src: 'loadStatement',
            input: ({ context }) => ({ client: context.client, key: context.key, month: context.month }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepStatement', params: ({ event }) => ({ statement: event.output }) },
            },
            onError: [
              {
                guard: 'mayRetryStatement',
                target: 'loading',
                reenter: true,
                actions: 'countStatementFailure',
              },
              {
                target: 'failed',
                actions: { type: 'showStatementError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        ready: {},
        failed: { on: { 'billing.retryStatement': { target: 'loading', actions: 'freshStatement' } } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'billing.exportLedger': { guard: 'mayExportLedger', target: 'ledger' },
            'billing.exportStatement': { guard: 'mayExportStatement', target: 'statement' },
          },
        },
        ledger: {
          tags: ['exporting', 'busy'],
          invoke: {
            id: 'export',
            src: 'exportBilling',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              fields: ledgerQueryFields(context.filters),
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
        statement: {
          tags: ['exporting', 'busy'],
          invoke: {
            id: 'export',
            src: 'exportBilling',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              fields: monthRange(context.month),
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
    live: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'billing.updated': [
              {
                guard: { type: 'hasEntry', params: ({ event }) => event },
                target: 'cooling',
                actions: [
                  { type: 'applyUpdate', params: ({ event }) => event },
                  'refreshTable',
                  'raiseStatementChanged',
                  'clearLive',
                ],
              },
              { actions: { type: 'applyUpdate', params: ({ event }) => event } },
            ],
          },
        },
        // The ledger was just asked for: changes wait for the pause, then go as one request.
        cooling: {
          invoke: {
            id: 'liveTimer',
            src: 'delay',
            input: ({ context }) => ({
              ms: context.liveRefreshMs,
              event: { type: 'billing.liveSettled' as const },
            }),
          },
          on: {
            'billing.updated': [
              {
                guard: { type: 'hasEntry', params: ({ event }) => event },
                actions: [{ type: 'applyUpdate', params: ({ event }) => event }, 'markLiveStale'],
              },
              { actions: { type: 'applyUpdate', params: ({ event }) => event } },
            ],
            'billing.liveSettled': [
              {
                guard: 'liveStale',
                target: 'cooling',
                reenter: true,
                actions: ['refreshTable', 'raiseStatementChanged', 'clearLive'],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'billing.pay': { guard: 'mayPay', target: 'paying' },
            'billing.editThreshold': { guard: 'mayEditThreshold', target: 'threshold' },
          },
        },
        paying: {
          invoke: {
            id: 'pay',
            src: 'payMachine',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              ...(context.newClientId === undefined ? {} : { newClientId: context.newClientId }),
            }),
            onDone: [
              {
                guard: { type: 'paid', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: [
                  { type: 'keepPaid', params: ({ event }) => ({ output: event.output as PayOutput }) },
                  { type: 'announcePaid', params: ({ event }) => ({ output: event.output as PayOutput }) },
                  'refreshTable',
                ],
              },
              { target: 'closed' },
            ],
          },
          on: {
            'billing.saldoUpdated': { actions: { type: 'forwardSaldo', params: ({ event }) => event } },
          },
        },
        threshold: {
          invoke: {
            id: 'threshold',
            src: 'billingThreshold',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              threshold: context.billing?.lowBalanceThreshold ?? null,
            }),
            onDone: [
              {
                guard: { type: 'thresholdSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'closed',
                actions: [
                  {
                    type: 'keepBilling',
                    params: ({ event }) => ({ billing: event.output as ProjectBilling }),
                  },
                  {
                    type: 'announceThreshold',
                    params: ({ event }) => ({ billing: event.output as ProjectBilling }),
                  },
                ],
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
});
