/**
 * The saldo page's test model: Budi's `/saldo`, Rp 150.000 with a top-up of Rp 50.000 waiting.
 * The balance and pending list load (a failure is tried once more before it shows; retry, a
 * reconnection), and load again after a reconnection. The ledger is filtered by kind and dates
 * (a `to` before `from` is not asked for until fixed) and reset, exported (saved, failed); a
 * receipt opens (refreshed from the server, or shown as held when that fails) and closes. Live:
 * the socket says the top-up was paid (with its ledger entry) or another one waits; the panel
 * says what the server answered about a top-up (paid: the balance loads again). "Bayar sekarang"
 * and "Saya sudah bayar" hand a pending top-up to the panel. The tables are real children
 * answered at once by fake page sources that write each request to the effects; the panel is a
 * stand-in (topUpModel walks it).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Topup } from '@sapa/sdk';
import { saldoMachine } from '../saldoMachine.ts';
import type { SaldoContext, SaldoEmitted } from '../saldoMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import {
  createFakeLedgerPages,
  createFakeTopupPages,
  exported,
  otherTopup,
  overview,
  paidTopup,
  payer,
  pendingTopup,
  saldo,
  topupEntry,
} from './saldoFixtures.ts';
import { standIn } from './standIn.ts';

function ctx(snapshot: AnyMachineSnapshot): SaldoContext {
  return snapshot.context as SaldoContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    balance: c.saldo?.balance ?? null,
    pending: c.pending.map((topup) => topup.orderId.slice(-1)),
    morePending: c.morePending,
    failures: c.failures,
    error: c.error?.reason ?? null,
    filters: c.filters,
    receipt: c.receipt === null ? null : [c.receipt.status, c.receiptStale],
  });
}

const filter = (name: string, value: string | null): AnyEventObject => ({
  type: 'saldo.filter',
  filter: name,
  value,
});
const paidNews: AnyEventObject = {
  type: 'saldo.news',
  saldo: { balance: 200_000, pending: 0 },
  entry: topupEntry,
  topup: paidTopup,
};
const otherNews: AnyEventObject = {
  type: 'saldo.news',
  saldo: { ...saldo, pending: 150_000 },
  entry: null,
  topup: otherTopup,
};
const loaded: AnyEventObject = { type: 'xstate.done.actor.overview', output: overview };
const refreshed = { saldo, pending: [pendingTopup, otherTopup], morePending: true };

function filterEvents(c: SaldoContext): AnyEventObject[] {
  const { kind, from, to } = c.filters;
  if (kind === null && from === null && to === null)
    return [filter('kind', 'topup'), filter('from', '2025-03-01'), { type: 'saldo.export' }];
  if (kind !== null) return [{ type: 'saldo.reset' }, { type: 'saldo.export' }];
  if (to === null) return [filter('to', '2025-02-01'), filter('to', '2025-03-31'), { type: 'saldo.reset' }];
  return to < (from ?? '') ? [filter('to', null)] : [{ type: 'saldo.reset' }];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ overview: 'loading' }))
    return [
      { type: 'xstate.done.actor.overview', output: overview },
      { type: 'xstate.error.actor.overview', error: networkError },
    ];
  if (snapshot.matches({ overview: 'failed' })) return [{ type: 'saldo.retry' }, { type: 'saldo.resync' }];
  if (snapshot.matches({ overview: { ready: 'refreshing' } }))
    return [
      { type: 'xstate.done.actor.refresh', output: refreshed },
      { type: 'xstate.error.actor.refresh', error: networkError },
    ];
  if (snapshot.matches({ export: 'exporting' }))
    return [
      { type: 'xstate.done.actor.export', output: exported },
      { type: 'xstate.error.actor.export', error: networkError },
    ];
  if (snapshot.matches({ receipt: { open: 'loading' } }))
    return [
      { type: 'xstate.done.actor.receipt', output: paidTopup },
      { type: 'xstate.error.actor.receipt', error: networkError },
    ];
  if (snapshot.matches({ receipt: 'open' })) return [{ type: 'saldo.closeReceipt' }];
  const out = filterEvents(c);
  const asLoaded =
    c.pending.length === 1 &&
    c.pending[0]?.id === pendingTopup.id &&
    Object.values(c.filters).every((value) => value === null);
  if (asLoaded)
    out.push(
      { type: 'saldo.resync' },
      { type: 'saldo.receipt', topup: pendingTopup },
      paidNews,
      otherNews,
      { type: 'topUp.changed', topup: paidTopup },
      { type: 'topUp.changed', topup: otherTopup },
    );
  return out;
}

/** The overview asks two acts: both answer (the pending list alongside a failed balance too). */
function settleOverview(): StepDriver {
  return ({ world, event }) => {
    const done = event.type.startsWith('xstate.done.');
    const answer = event['output'] as typeof overview | undefined;
    while (world.client.pending().some((call) => call.name === 'saldo_get'))
      world.client.settle('saldo_get', done ? { data: answer?.saldo } : { error: event['error'] });
    while (world.client.pending().some((call) => call.name === 'topup_list'))
      world.client.settle('topup_list', {
        data: answer?.pending ?? [],
        total_page: answer?.morePending === true ? 2 : 1,
      });
  };
}

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: {
      client,
      feed: null,
      payer,
      fetchLedger: createFakeLedgerPages(effects),
      fetchTopups: createFakeTopupPages(effects),
    },
  };
}

export const saldoModel: PathModel = {
  name: 'saldo',
  machine: saldoMachine.provide({ actors: { topUp: standIn as never } }),
  serialize,
  starts: [{ label: 'Budi opens /saldo (Rp 150.000, a top-up of Rp 50.000 waiting)', world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ overview: 'loading' }))
        return [{ type: 'xstate.done.actor.overview', output: overview }];
      if (snapshot.matches({ receipt: { open: 'loading' } }))
        return [{ type: 'xstate.done.actor.receipt', output: paidTopup }];
      if (snapshot.matches({ receipt: 'closed' })) return [{ type: 'saldo.receipt', topup: pendingTopup }];
      return [];
    },
    toState: (snapshot) => snapshot.matches({ receipt: { open: 'shown' } }),
  },
  scenarios: [
    // "Bayar sekarang" and "Saya sudah bayar" hand the top-up to the panel; an unknown one is not;
    // a kind a saldo does not hold and the same filter again change nothing.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.overview', output: overview },
        { type: 'saldo.pay', id: pendingTopup.id },
        { type: 'saldo.check', id: pendingTopup.id },
        { type: 'saldo.check', id: 'nope' },
        filter('kind', 'charge'),
        filter('kind', 'topup'),
        filter('kind', 'topup'),
        filter('from', 'kemarin'),
      ],
    },
    // A failed load tried once more, then shown; the connection coming back loads it.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.overview', error: networkError },
        { type: 'xstate.error.actor.overview', error: networkError },
        { type: 'saldo.resync' },
        { type: 'xstate.done.actor.overview', output: overview },
      ],
    },
    // Filters and an export, saved and failed; another top-up created by the panel; a receipt.
    {
      start: 0,
      events: [
        loaded,
        filter('kind', 'topup'),
        { type: 'saldo.export' },
        { type: 'xstate.done.actor.export', output: exported },
        { type: 'saldo.export' },
        { type: 'xstate.error.actor.export', error: networkError },
        { type: 'saldo.reset' },
        { type: 'topUp.changed', topup: otherTopup },
        { type: 'saldo.receipt', topup: otherTopup },
        { type: 'saldo.closeReceipt' },
      ],
    },
    // The connection comes back while the balance loads; a reset with nothing to reset.
    {
      start: 0,
      events: [
        { type: 'saldo.resync' },
        { type: 'xstate.done.actor.overview', output: overview },
        { type: 'saldo.reset' },
      ],
    },
  ],
  graphActions: {
    queryLedger: () => undefined,
    refreshForNews: () => undefined,
    refreshTopups: () => undefined,
    resyncTopUp: () => undefined,
    follow: () => undefined,
  },
  actorActs: {
    overview: 'saldo_get',
    refresh: 'saldo_get',
    export: 'saldo_export',
    receipt: 'topup_get',
  },
  drivers: {
    'xstate.done.actor.overview': settleOverview(),
    'xstate.error.actor.overview': settleOverview(),
    'xstate.done.actor.refresh': settleOverview(),
    'xstate.error.actor.refresh': settleOverview(),
  },
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) => world.effects?.push(describeEmitted(emitted as SaldoEmitted)));
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: SaldoEmitted): string {
  return emitted.type === 'saldo.exported'
    ? `saves ${emitted.file.filename} (${emitted.file.rows} rows)`
    : `error toast "${emitted.message}"`;
}

function describeTopup(topup: Topup): string {
  return `${topup.orderId} (${topup.status})`;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what =
      {
        overview: 'the balance and pending top-ups',
        refresh: 'the balance and pending top-ups again',
        export: 'the export',
        receipt: "the receipt's top-up",
      }[settled[2]] ?? settled[2];
    if (settled[1] === 'error') return `${what} fail (network down)`;
    return `${what} arrive`;
  }
  switch (event.type) {
    case 'saldo.filter':
      return event['value'] === null
        ? `Budi clears the ${String(event['filter'])} filter`
        : `Budi filters ${String(event['filter'])} ${String(event['value'])}`;
    case 'saldo.receipt':
      return `Budi opens the receipt of ${describeTopup(fields['topup'] as Topup)}`;
    case 'saldo.pay':
      return 'Budi presses "Bayar sekarang" on the pending top-up';
    case 'saldo.check':
      return `Budi presses "Saya sudah bayar" on ${event['id'] === pendingTopup.id ? 'the pending top-up' : 'a top-up not listed'}`;
    case 'saldo.news':
      return `live: ${describeTopup(fields['topup'] as Topup)}${fields['entry'] === null ? '' : ' with its ledger entry'}`;
    case 'topUp.changed':
      return `the panel hears ${describeTopup(fields['topup'] as Topup)}`;
    default:
      return (
        {
          'saldo.retry': 'Budi retries',
          'saldo.resync': 'the connection comes back (saldo.resync)',
          'saldo.reset': 'Budi clears the filters',
          'saldo.export': 'Budi presses "Ekspor CSV"',
          'saldo.closeReceipt': 'Budi closes the receipt',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as Record<string, unknown>;
  const overviewState = JSON.stringify(value['overview']);
  if (snapshot.matches({ overview: 'failed' })) return `failed, shows "${c.error?.message ?? ''}"`;
  const notes = [
    c.saldo === null ? '' : `Rp ${c.saldo.balance.toLocaleString('id-ID')}`,
    `${c.pending.length} pending${c.morePending ? ' (more in the history)' : ''}`,
    ...Object.entries(c.filters)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k} ${String(v)}`),
    snapshot.matches({ export: 'exporting' }) ? 'exporting' : '',
    c.receipt === null ? '' : `receipt of ${describeTopup(c.receipt)}${c.receiptStale ? ' as held' : ''}`,
  ].filter(Boolean);
  return `${overviewState}: ${notes.join(', ')}`;
}
