/**
 * The project billing page's test model: the owner of project k1abcdefgh opens its billing on 10
 * March 2025 (Jakarta). The balance (Rp 20.000, a Rp 5.000 threshold) loads, or fails twice (one
 * retry) and comes back by "Coba lagi", a reconnection, or a live change; the numbers for the
 * ledger's filter arrive (or may not be listed); the last 30 days of spend and March's statement
 * load, or fail twice and are retried. The ledger is the real table child over a page source that
 * answers at once and writes what it was asked for. From the page at rest the owner does one thing
 * at a time and undoes it: filters the ledger (kind, category, number, dates, a reversed range),
 * resets, exports it or the statement (done or failed), shows the last 7 days or a chosen range
 * (one reversed first), February's statement, opens "Bayar" and the threshold (payMachine and
 * billingThresholdMachine have models of their own: here stand-ins that end with what the path
 * names); a charge arrives live (the balance, the chart and the statement follow at once; a second
 * one waits for the pause), or the connection comes back. Events are offered one region at a time,
 * so the graph is a star around the page at rest.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import { silentDelay } from '../delay.ts';
import { projectBillingMachine } from '../projectBillingMachine.ts';
import type { ProjectBillingContext, ProjectBillingEmitted } from '../projectBillingMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { ActName } from '../sdk.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { finishStandIn, standIn } from './standIn.ts';
import {
  billingKey,
  billingNow,
  chargedBilling,
  createFakeLedgerPages,
  februaryStatement,
  ledgerExport,
  mainNumber,
  marchStatement,
  marketingCharge,
  notAllowed,
  projectBilling,
  spendOf,
  statementExport,
} from './billingFixtures.ts';

const defaultRange = { from: '2025-02-09', to: '2025-03-10' };
const reversedRange = { from: '2025-03-10', to: '2025-03-01' };
const februaryRange = { from: '2025-02-01', to: '2025-02-28' };

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  let next = 0;
  return {
    client,
    browser: null,
    effects,
    input: {
      client,
      key: billingKey,
      permissions: grantAll(),
      timeZone: 'Asia/Jakarta',
      fetchPage: createFakeLedgerPages(effects),
      now: () => billingNow,
      newClientId: () => `pc${(next += 1)}`,
    },
  };
}

function ctx(snapshot: AnyMachineSnapshot): ProjectBillingContext {
  return snapshot.context as ProjectBillingContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    billing: c.billing === null ? null : [c.billing.balance, c.billing.lowBalanceThreshold],
    summary: [c.error?.reason ?? null, c.failures],
    filters: c.filters,
    accounts: c.accounts?.length ?? null,
    spend: [c.spendChosen, c.spendRange, c.spend !== null, c.spendError?.reason ?? null, c.spendFailures],
    statement: [c.month, c.statement?.month ?? null, c.statementError?.reason ?? null, c.statementFailures],
    live: [c.liveStale, c.statementStale],
  });
}

const filter = (name: string, value: string | null): AnyEventObject => ({
  type: 'billing.filter',
  filter: name,
  value,
});
const liveCharge: AnyEventObject = {
  type: 'billing.updated',
  billing: chargedBilling,
  entry: marketingCharge,
};
const liveThreshold: AnyEventObject = {
  type: 'billing.updated',
  billing: { ...projectBilling, lowBalanceThreshold: 10_000 },
};
const paid = {
  amount: 20_000,
  billing: { ...projectBilling, balance: 40_000 },
  saldo: { balance: 30_000, pending: 0 },
};

/** Everything the page opens with, loaded. */
const atRest: AnyEventObject[] = [
  { type: 'xstate.done.actor.summary', output: projectBilling },
  { type: 'xstate.done.actor.accounts', output: [mainNumber] },
  { type: 'xstate.done.actor.spend', output: spendOf(defaultRange.from, defaultRange.to) },
  { type: 'xstate.done.actor.statement', output: marchStatement },
];

const sameRange = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from === b.from && a.to === b.to;

function noFilters(c: ProjectBillingContext): boolean {
  return Object.values(c.filters).every((value) => value === null);
}

/** The page at rest as it opened: every excursion starts here. */
function isDefault(c: ProjectBillingContext): boolean {
  return (
    noFilters(c) &&
    sameRange(c.spendRange, defaultRange) &&
    sameRange(c.spendChosen, defaultRange) &&
    c.month === '2025-03' &&
    c.billing?.balance === projectBilling.balance &&
    c.billing.lowBalanceThreshold === projectBilling.lowBalanceThreshold
  );
}

/** While something loads, only its answers (the first load's failures too). */
function loadingEvents(snapshot: AnyMachineSnapshot, c: ProjectBillingContext): AnyEventObject[] | null {
  if (snapshot.matches({ summary: 'loading' }))
    return c.billing !== null
      ? [{ type: 'xstate.done.actor.summary', output: projectBilling }]
      : [
          { type: 'xstate.done.actor.summary', output: projectBilling },
          { type: 'xstate.error.actor.summary', error: networkError },
        ];
  if (snapshot.matches({ summary: 'failed' }))
    return [{ type: 'billing.retry' }, { type: 'billing.resync' }, liveThreshold];
  // A member who may not list the numbers is a scenario: here it would double every state after.
  if (snapshot.matches({ options: 'loading' }))
    return [{ type: 'xstate.done.actor.accounts', output: [mainNumber] }];
  if (snapshot.matches({ spend: 'loading' })) {
    const done = { type: 'xstate.done.actor.spend', output: spendOf(c.spendRange.from, c.spendRange.to) };
    return c.spend === null ? [done, { type: 'xstate.error.actor.spend', error: networkError }] : [done];
  }
  if (snapshot.matches({ spend: 'failed' })) return [{ type: 'billing.retrySpend' }];
  if (snapshot.matches({ statement: 'loading' })) {
    const done = {
      type: 'xstate.done.actor.statement',
      output: c.month === '2025-02' ? februaryStatement : marchStatement,
    };
    return c.statement === null
      ? [done, { type: 'xstate.error.actor.statement', error: notAllowed }]
      : [done];
  }
  if (snapshot.matches({ statement: 'failed' })) return [{ type: 'billing.retryStatement' }];
  return null;
}

/** From the page at rest: one thing at a time. */
function excursions(): AnyEventObject[] {
  return [
    filter('kind', 'charge'),
    filter('category', 'MARKETING'),
    filter('accountId', mainNumber.id),
    filter('from', '2025-03-05'),
    { type: 'billing.exportLedger' },
    { type: 'billing.exportStatement' },
    { type: 'billing.spendLast', days: 7 },
    { type: 'billing.spendRange', ...reversedRange },
    { type: 'billing.month', month: '2025-02' },
    { type: 'billing.pay' },
    { type: 'billing.editThreshold' },
    liveCharge,
    liveThreshold,
    { type: 'billing.resync' },
  ];
}

/** Back from an excursion to the page at rest. */
function undoEvents(c: ProjectBillingContext): AnyEventObject[] {
  const { kind, category, accountId, from, to } = c.filters;
  if (kind !== null) return [filter('kind', null), { type: 'billing.exportLedger' }];
  if (category !== null) return [filter('category', null)];
  if (accountId !== null) return [{ type: 'billing.resetFilters' }];
  if (from !== null && to === null) return [filter('to', '2025-03-01'), filter('to', '2025-03-31')];
  if (from !== null && to !== null)
    return to < from
      ? [{ type: 'billing.exportLedger' }, { type: 'billing.resetFilters' }]
      : [{ type: 'billing.resetFilters' }];
  if (!sameRange(c.spendChosen, c.spendRange)) return [{ type: 'billing.spendRange', ...februaryRange }];
  if (!sameRange(c.spendRange, defaultRange)) return [{ type: 'billing.spendLast', days: 30 }];
  if (c.month !== '2025-03') return [{ type: 'billing.month', month: '2025-03' }];
  return [];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const loading = loadingEvents(snapshot, c);
  if (loading !== null) return loading;
  if (snapshot.matches({ export: 'ledger' }))
    return [
      { type: 'xstate.done.actor.export', output: ledgerExport },
      { type: 'xstate.error.actor.export', error: networkError },
    ];
  if (snapshot.matches({ export: 'statement' }))
    return [
      { type: 'xstate.done.actor.export', output: statementExport },
      { type: 'xstate.error.actor.export', error: networkError },
    ];
  if (snapshot.matches({ dialog: 'paying' }))
    return [
      { type: 'xstate.done.actor.pay', output: paid },
      { type: 'xstate.done.actor.pay', output: null },
      { type: 'billing.saldoUpdated', saldo: { balance: 70_000, pending: 0 } },
    ];
  if (snapshot.matches({ dialog: 'threshold' }))
    return [
      { type: 'xstate.done.actor.threshold', output: { ...projectBilling, lowBalanceThreshold: 25_000 } },
      { type: 'xstate.done.actor.threshold', output: null },
    ];
  if (snapshot.matches({ live: 'cooling' }))
    return c.liveStale
      ? [{ type: 'billing.liveSettled' }]
      : [{ type: 'billing.liveSettled' }, liveCharge, liveThreshold];
  return isDefault(c) ? excursions() : undoEvents(c);
}

const errorOf = { name: 'AbortError', message: 'replaced by a newer request' };

/**
 * Answers the newest call of `act`: calls a newer request replaced (a reconnection restarted the
 * load) are answered first, to actors that are gone.
 */
function settleNewest(act: ActName): StepDriver {
  return ({ world, event }) => {
    const count = world.client.pending().filter((call) => call.name === act).length;
    for (let index = 1; index < count; index += 1) world.client.settle(act, { error: errorOf });
    world.client.settle(
      act,
      event.type.startsWith('xstate.done.') ? { data: event['output'] } : { error: event['error'] },
    );
  };
}

/** The numbers' list: a list, or refused (the member may not list them: no number filter). */
const settleAccounts: StepDriver = ({ world, event }) => {
  const output = event['output'];
  world.client.settle('account_list', output === null ? { error: notAllowed } : { data: output });
};

export const projectBillingModel: PathModel = {
  name: 'projectBilling',
  machine: projectBillingMachine.provide({
    actors: { delay: silentDelay, payMachine: standIn as never, billingThreshold: standIn as never },
  }),
  serialize,
  starts: [{ label: `the billing of project ${billingKey} opens for its owner on 10 Mar 2025`, world }],
  events,
  simple: {
    events: (snapshot) => {
      const c = ctx(snapshot);
      const loading = loadingEvents(snapshot, c);
      if (loading !== null) return loading.slice(0, 1);
      if (snapshot.matches({ dialog: 'paying' })) return [{ type: 'xstate.done.actor.pay', output: paid }];
      return isDefault(c) ? [{ type: 'billing.pay' }] : [];
    },
    toState: (snapshot) => ctx(snapshot).billing?.balance === paid.billing.balance,
  },
  scenarios: [
    // The connection comes back while the balance loads: asked again, once.
    {
      start: 0,
      events: [{ type: 'billing.resync' }, { type: 'xstate.done.actor.summary', output: projectBilling }],
    },
    // The numbers may not be listed: no number filter.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.summary', output: projectBilling },
        { type: 'xstate.done.actor.accounts', output: null },
      ],
    },
    // The balance fails twice, then the connection comes back.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.summary', error: networkError },
        { type: 'xstate.error.actor.summary', error: networkError },
        { type: 'billing.resync' },
        { type: 'xstate.done.actor.summary', output: projectBilling },
      ],
    },
    // Back to the page as it was: a reset, exports done and failed, dialogs closed without change.
    {
      start: 0,
      events: [
        ...atRest,
        filter('accountId', mainNumber.id),
        { type: 'billing.resetFilters' },
        { type: 'billing.exportLedger' },
        { type: 'xstate.done.actor.export', output: ledgerExport },
        { type: 'billing.exportLedger' },
        { type: 'xstate.error.actor.export', error: networkError },
        { type: 'billing.exportStatement' },
        { type: 'xstate.done.actor.export', output: statementExport },
        { type: 'billing.exportStatement' },
        { type: 'xstate.error.actor.export', error: networkError },
        { type: 'billing.pay' },
        { type: 'xstate.done.actor.pay', output: null },
        { type: 'billing.editThreshold' },
        { type: 'xstate.done.actor.threshold', output: null },
      ],
    },
    // Two charges: the first asks at once, the second waits for the pause and is asked for once.
    {
      start: 0,
      events: [
        ...atRest,
        liveCharge,
        { type: 'xstate.done.actor.statement', output: marchStatement },
        liveCharge,
        { type: 'billing.liveSettled' },
        { type: 'xstate.done.actor.statement', output: marchStatement },
        { type: 'billing.liveSettled' },
      ],
    },
    // The saldo changes while "Bayar" is open: the dialog is told; then it pays.
    {
      start: 0,
      events: [
        ...atRest,
        { type: 'billing.pay' },
        { type: 'billing.saldoUpdated', saldo: { balance: 70_000, pending: 0 } },
        { type: 'xstate.done.actor.pay', output: paid },
      ],
    },
  ],
  graphActions: {
    queryTable: () => undefined,
    refreshTable: () => undefined,
    resyncTable: () => undefined,
    forwardSaldo: () => undefined,
  },
  actorActs: {
    summary: 'billing_get',
    spend: 'billing_spend',
    statement: 'billing_statement',
    export: 'billing_export',
  },
  drivers: {
    'xstate.done.actor.summary': settleNewest('billing_get'),
    'xstate.error.actor.summary': settleNewest('billing_get'),
    'xstate.done.actor.spend': settleNewest('billing_spend'),
    'xstate.error.actor.spend': settleNewest('billing_spend'),
    'xstate.done.actor.statement': settleNewest('billing_statement'),
    'xstate.error.actor.statement': settleNewest('billing_statement'),
    'xstate.done.actor.accounts': settleAccounts,
    'xstate.done.actor.pay': finishStandIn('pay'),
    'xstate.done.actor.threshold': finishStandIn('threshold'),
  },
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) =>
      world.effects?.push(describeEmitted(emitted as ProjectBillingEmitted)),
    );
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: ProjectBillingEmitted): string {
  switch (emitted.type) {
    case 'billing.paid':
      return `announces ${emitted.amount} paid in (balance ${emitted.balance})`;
    case 'billing.thresholdSaved':
      return `announces the threshold ${String(emitted.threshold)}`;
    case 'billing.exported':
      return `saves ${emitted.file.filename} (${emitted.file.rows} rows)`;
    case 'billing.exportFailed':
      return `error toast "${emitted.message}"`;
  }
}

const plainEvents: Record<string, string> = {
  'billing.retry': 'the owner presses "Coba lagi"',
  'billing.resync': 'the connection comes back (resync)',
  'billing.retrySpend': 'the owner retries the chart',
  'billing.retryStatement': 'the owner retries the statement',
  'billing.resetFilters': 'the owner resets the filters',
  'billing.exportLedger': 'the owner exports the ledger',
  'billing.exportStatement': "the owner exports the month's statement",
  'billing.pay': 'the owner presses "Bayar"',
  'billing.editThreshold': 'the owner opens the low-balance threshold',
  'billing.liveSettled': 'the pause after a live change is over',
  'billing.saldoUpdated': "the owner's saldo changes (saldo.updated)",
};

const actorNames: Record<string, string> = {
  summary: 'billing_get',
  spend: 'billing_spend',
  statement: 'billing_statement',
  export: 'billing_export',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const output = event['output'];
    switch (settled[2]) {
      case 'accounts':
        return output === null ? 'the numbers may not be listed (no number filter)' : 'the numbers arrive';
      case 'pay':
        return output === null ? '"Bayar" is closed without paying' : `"Bayar" moves ${paid.amount} in`;
      case 'threshold':
        return output === null ? 'the threshold dialog is closed' : 'the threshold is saved (Rp 25.000)';
      default: {
        const name = actorNames[settled[2]] ?? settled[2];
        if (settled[1] === 'done') return `${name} answers`;
        const error = event['error'] as { reason?: string; message: string };
        return `${name} fails (${error.reason ?? 'network down'})`;
      }
    }
  }
  switch (event.type) {
    case 'billing.filter':
      return event['value'] === null
        ? `the owner clears the ${String(event['filter'])} filter`
        : `the owner filters ${String(event['filter'])} ${String(event['value'])}`;
    case 'billing.spendLast':
      return `the owner shows the last ${String(event['days'])} days`;
    case 'billing.spendRange':
      return `the owner picks ${String(event['from'])} to ${String(event['to'])}`;
    case 'billing.month':
      return `the owner picks the statement of ${String(event['month'])}`;
    case 'billing.updated':
      return event['entry'] === undefined
        ? 'the threshold changes elsewhere (billing.updated)'
        : 'a marketing template is charged (billing.updated)';
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const parts: string[] = [];
  if (c.billing !== null)
    parts.push(`balance ${c.billing.balance} (threshold ${String(c.billing.lowBalanceThreshold)})`);
  else
    parts.push(
      snapshot.matches({ summary: 'failed' }) ? `no balance: "${c.error?.message ?? ''}"` : 'balance loading',
    );
  const filters = Object.entries(c.filters)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name} ${String(value)}`);
  if (filters.length > 0) parts.push(`ledger filtered by ${filters.join(', ')}`);
  const spend = snapshot.matches({ spend: 'failed' })
    ? 'failed'
    : snapshot.matches({ spend: 'loading' })
      ? 'loading'
      : 'shown';
  parts.push(`spend ${c.spendRange.from}..${c.spendRange.to} ${spend}`);
  if (!sameRange(c.spendChosen, c.spendRange))
    parts.push(`picked ${c.spendChosen.from}..${c.spendChosen.to} (not asked)`);
  const statement = snapshot.matches({ statement: 'failed' })
    ? 'failed'
    : snapshot.matches({ statement: 'loading' })
      ? 'loading'
      : 'shown';
  parts.push(`statement ${c.month} ${statement}`);
  if (!snapshot.matches({ export: 'idle' })) parts.push('exporting');
  if (snapshot.matches({ live: 'cooling' })) parts.push(c.liveStale ? 'live changes waiting' : 'live pause');
  if (snapshot.matches({ dialog: 'paying' })) parts.push('"Bayar" open');
  if (snapshot.matches({ dialog: 'threshold' })) parts.push('threshold open');
  return parts.join(', ');
}
