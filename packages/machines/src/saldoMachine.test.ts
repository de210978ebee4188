import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Topup } from '@sapa/sdk';
import { createFakeClient } from './paths/fakes.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import type { FakeEventSource } from './paths/fakeEventSource.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import {
  createFakeLedgerPages,
  createFakeTopupPages,
  otherTopup,
  paidTopup,
  payer,
  pendingTopup,
  saldo,
  topupEntry,
} from './paths/saldoFixtures.ts';
import {
  saldoMachine,
  selectCanExportSaldo,
  selectSaldoRangeReversed,
  selectPendingTopups,
  selectSaldoReceipt,
  selectSaldoReceiptStale,
  selectSaldo,
  selectSaldoStatus,
  selectTopUpPanel,
} from './saldoMachine.ts';
import type { SaldoSnapshot } from './saldoMachine.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import { selectTopUpStep } from './topUpMachine.ts';

modelSuite('saldo', (get) => {
  const effects = () => get().runs.flatMap(({ run }) => run.world.effects ?? []);

  it('asks the ledger for the filters applied, never for a reversed range', () => {
    const asked = effects().filter((effect) => effect.startsWith('ledger page'));
    expect(asked).toContain('ledger page 1 (topup)');
    expect(asked).toContain('ledger page 1 (2025-03-01, 2025-03-31)');
    expect(asked.some((effect) => effect.includes('2025-02-01'))).toBe(false);
    const reversed = get()
      .runs.flatMap(({ run }) => run.steps)
      .find((step) => step.event.type === 'saldo.filter' && step.event['value'] === '2025-02-01');
    expect(selectSaldoRangeReversed(reversed?.snapshot as SaldoSnapshot)).toBe(true);
    expect(selectCanExportSaldo(reversed?.snapshot as SaldoSnapshot)).toBe(false);
  });

  it('exports with the filters shown and saves what it answered', () => {
    const exports = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'saldo_export').map((call) => call.fields),
    );
    expect(exports).toContainEqual({});
    expect(exports).toContainEqual({ kind: 'topup' });
    expect(effects()).toContain('saves saldo-2025-03-01.csv (2 rows)');
    expect(effects()).toContain('error toast "Failed to fetch"');
  });

  it('tries a failed load once more before showing the failure', () => {
    for (const { run } of runsThrough(get(), [
      'xstate.error.actor.overview',
      'xstate.error.actor.overview',
    ])) {
      const failedAt = run.steps.findIndex((step) => step.snapshot.matches({ overview: 'failed' }));
      expect(failedAt).toBeGreaterThan(0);
      const calls = run.world.client.calls.slice(0, 4).map((call) => call.name);
      expect(calls.filter((name) => name === 'saldo_get')).toHaveLength(2);
    }
    expect(
      runsThrough(get(), ['xstate.error.actor.overview', 'xstate.error.actor.overview']).length,
    ).toBeGreaterThan(0);
  });

  it('keeps only top-ups waiting for payment in the pending list, as news and the panel say', () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const paid = steps.find((step) => step.event.type === 'saldo.news' && step.event['topup'] === paidTopup);
    expect(selectPendingTopups(paid?.snapshot as SaldoSnapshot)).toEqual([]);
    expect(selectSaldo(paid?.snapshot as SaldoSnapshot)).toEqual({ balance: 200_000, pending: 0 });
    const other = steps.find(
      (step) => step.event.type === 'topUp.changed' && step.event['topup'] === otherTopup,
    );
    expect(selectPendingTopups(other?.snapshot as SaldoSnapshot).map((topup) => topup.id)).toEqual([
      pendingTopup.id,
      otherTopup.id,
    ]);
    // A payment the panel found loads the balance again.
    const found = steps.find(
      (step) => step.event.type === 'topUp.changed' && step.event['topup'] === paidTopup,
    );
    expect(found?.snapshot.matches({ overview: { ready: 'refreshing' } })).toBe(true);
  });

  it('shows a receipt at once, refreshed from the server, or as held when that fails', () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const opened = steps.find((step) => step.event.type === 'saldo.receipt');
    expect(selectSaldoReceipt(opened?.snapshot as SaldoSnapshot)).toMatchObject({
      number: pendingTopup.orderId,
      payer,
    });
    const refreshed = steps.find((step) => step.event.type === 'xstate.done.actor.receipt');
    expect(selectSaldoReceipt(refreshed?.snapshot as SaldoSnapshot)).toMatchObject({
      paid: true,
      method: 'qris',
    });
    const failed = steps.find((step) => step.event.type === 'xstate.error.actor.receipt');
    expect(selectSaldoReceiptStale(failed?.snapshot as SaldoSnapshot)).toBe(true);
    expect(selectSaldoReceipt(failed?.snapshot as SaldoSnapshot)).toMatchObject({ paid: false });
  });
});

/** The page with the real top-up panel, tables counting their fetches, the socket faked. */
function start() {
  const client = createFakeClient();
  const feed: FakeEventSource = createFakeEventSource();
  const effects: string[] = [];
  let made = 0;
  const actor = createActor(saldoMachine, {
    input: {
      client,
      feed,
      payer,
      fetchLedger: createFakeLedgerPages(effects),
      fetchTopups: createFakeTopupPages(effects),
      newClientId: () => `id-${(made += 1)}`,
    },
  }).start();
  return { client, feed, effects, actor };
}

async function loaded(pending: Topup[] = [pendingTopup]) {
  const run = start();
  run.client.settle('saldo_get', { data: saldo });
  run.client.settle('topup_list', { data: pending, total_page: 1 });
  await flush();
  run.effects.length = 0;
  return run;
}

function panel(run: ReturnType<typeof start>) {
  const ref = selectTopUpPanel(run.actor.getSnapshot());
  if (ref === undefined) throw new Error('no panel');
  return ref;
}

describe('the saldo page with its panel', () => {
  it('lists the top-up the panel created and refetches the history', async () => {
    const run = await loaded([]);
    panel(run).send({ type: 'topUp.preset', amount: 50_000 });
    panel(run).send({ type: 'topUp.submit' });
    expect(run.client.pending()).toEqual([
      { name: 'topup_create', fields: { amount: 50_000, clientId: 'id-1' } },
    ]);
    run.client.settle('topup_create', { data: pendingTopup });
    await flush();
    expect(selectPendingTopups(run.actor.getSnapshot())).toEqual([pendingTopup]);
    expect(run.effects).toEqual(['top-ups page 1']);
  });

  it('hands a pending top-up to the panel for "Saya sudah bayar", and loads the balance once it was paid', async () => {
    const run = await loaded();
    run.actor.send({ type: 'saldo.check', id: pendingTopup.id });
    expect(selectTopUpStep(panel(run).getSnapshot())).toBe('awaitingPayment');
    expect(run.client.pending()).toEqual([{ name: 'topup_check', fields: { id: pendingTopup.id } }]);
    run.client.settle('topup_check', { data: paidTopup });
    await flush();
    expect(selectTopUpStep(panel(run).getSnapshot())).toBe('paid');
    expect(selectPendingTopups(run.actor.getSnapshot())).toEqual([]);
    expect(run.client.pending().map((call) => call.name)).toEqual(['saldo_get', 'topup_list']);
  });

  it('follows "saldo.updated": the balance, the top-up, the tables it changed', async () => {
    const run = await loaded();
    run.feed.emit('saldo.updated', {
      saldo: { balance: 200_000, pending: 0 },
      entry: topupEntry,
      topup: paidTopup,
    });
    await flush();
    expect(selectSaldo(run.actor.getSnapshot())).toEqual({ balance: 200_000, pending: 0 });
    expect(selectPendingTopups(run.actor.getSnapshot())).toEqual([]);
    expect(run.effects.toSorted()).toEqual(['ledger page 1', 'top-ups page 1']);
    // A balance alone refetches nothing.
    run.effects.length = 0;
    run.feed.emit('saldo.updated', { saldo });
    await flush();
    expect(run.effects).toEqual([]);
    run.actor.stop();
    expect(run.feed.count()).toBe(0);
  });

  it('loads again after a reconnection and tells the panel', async () => {
    const run = await loaded();
    run.actor.send({ type: 'saldo.pay', id: pendingTopup.id });
    run.actor.send({ type: 'saldo.resync' });
    expect(
      run.client
        .pending()
        .map((call) => call.name)
        .toSorted(),
    ).toEqual(['saldo_get', 'topup_get', 'topup_list']);
  });

  it('shows the failure after the retry, and loads on "Coba lagi"', async () => {
    const run = start();
    run.client.settle('saldo_get', { error: networkError });
    run.client.settle('topup_list', { data: [] });
    await flush();
    expect(selectSaldoStatus(run.actor.getSnapshot())).toBe('loading');
    run.client.settle('saldo_get', { error: networkError });
    run.client.settle('topup_list', { data: [] });
    await flush();
    expect(selectSaldoStatus(run.actor.getSnapshot())).toBe('failed');
    run.actor.send({ type: 'saldo.retry' });
    run.client.settle('saldo_get', { data: saldo });
    run.client.settle('topup_list', { data: [otherTopup], total_page: 1 });
    await flush();
    expect(selectSaldoStatus(run.actor.getSnapshot())).toBe('ready');
    expect(selectPendingTopups(run.actor.getSnapshot())).toEqual([otherTopup]);
  });
});
