import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll } from '@sapa/sdk';
import type { ActName } from '@sapa/sdk';
import { balanceRefusal, billingActAccess, billingPermissions } from './billingAccess.ts';
import { isLedgerFilterValue, ledgerPayload, ledgerQueryFields, noLedgerFilters } from './billingActors.ts';
import { followProjectBilling } from './followProjectBilling.ts';
import { projectBillingMachine } from './projectBillingMachine.ts';
import type { ProjectBillingEvent } from './projectBillingMachine.ts';
import {
  selectBillingDialog,
  selectBillingStatus,
  selectCanEditThreshold,
  selectCanExportLedger,
  selectCanPay,
  selectLowBalance,
  selectSpendRangeProblem,
  statementMonths,
} from './projectBillingSelectors.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  billingKey,
  billingNow,
  chargedBilling,
  createFakeLedgerPages,
  last30Spend,
  mainNumber,
  marchStatement,
  marketingCharge,
  projectBilling,
} from './paths/billingFixtures.ts';
import { flush } from './paths/replay.ts';
import { silentDelay } from './delay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

const effectsAfter = (run: { steps: Array<{ event: { type: string }; effects: string[] }> }, type: string) =>
  run.steps.filter((step) => step.event.type === type).flatMap((step) => step.effects);

modelSuite('projectBilling', (get) => {
  it('changes the balance and the chart at once on a live charge, and asks for the ledger and the statement', () => {
    const runs = runsThrough(get(), ['billing.updated']).filter(({ path }) =>
      path.steps.some((step) => step.event['entry'] !== undefined),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find(
        (s) => s.event.type === 'billing.updated' && s.event['entry'] !== undefined,
      );
      if (step === undefined) continue;
      expect(step.snapshot.context['billing']).toEqual(chargedBilling);
      const spend = step.snapshot.context['spend'] as Array<{ day: string; spend: { MARKETING: number } }>;
      expect(spend.find((day) => day.day === '2025-03-10')?.spend.MARKETING).toBe(715);
      expect(step.effects).toContain('ledger page 1');
      expect(step.snapshot.matches({ statement: 'loading' })).toBe(true);
    }
  });

  it('asks once for the changes that came while the ledger settled', () => {
    const runs = runsThrough(get(), ['billing.updated', 'billing.updated', 'billing.liveSettled']);
    const stale = runs.filter(({ run }) =>
      run.steps.some((step) => step.snapshot.context['liveStale'] === true),
    );
    expect(stale.length).toBeGreaterThan(0);
    for (const { run } of stale) {
      const second = run.steps.findIndex((step) => step.snapshot.context['liveStale'] === true);
      expect(run.steps[second]?.effects).toEqual([]);
      const settled = run.steps.slice(second).find((step) => step.event.type === 'billing.liveSettled');
      expect(settled?.effects).toEqual(['ledger page 1']);
    }
  });

  it('asks the ledger for its filters, and exports the filters or the month', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('ledger page 1 kind=charge');
    expect(effects).toContain('ledger page 1 category=MARKETING');
    expect(effects).toContain(`ledger page 1 accountId=${mainNumber.id}`);
    expect(effects).toContain('ledger page 1 from=2025-03-05 to=2025-03-31');
    // A reversed range is not asked for.
    expect(effects.some((effect) => effect.includes('to=2025-03-01'))).toBe(false);
    const exports = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'billing_export').map((call) => call.fields),
    );
    expect(exports).toContainEqual({ key: billingKey });
    expect(exports).toContainEqual({ key: billingKey, kind: 'charge' });
    expect(exports).toContainEqual({ key: billingKey, from: '2025-03-01', to: '2025-03-31' });
  });

  it('asks for the spend of the range shown, the last 30 days first, never a reversed one', () => {
    const ranges = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'billing_spend').map((call) => call.fields),
    );
    expect(ranges).toContainEqual({ key: billingKey, from: '2025-02-09', to: '2025-03-10' });
    expect(ranges).toContainEqual({ key: billingKey, from: '2025-03-04', to: '2025-03-10' });
    expect(ranges).toContainEqual({ key: billingKey, from: '2025-02-01', to: '2025-02-28' });
    expect(ranges).not.toContainEqual({ key: billingKey, from: '2025-03-10', to: '2025-03-01' });
    const months = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'billing_statement').map((call) => call.fields),
    );
    expect(months).toContainEqual({ key: billingKey, month: '2025-03' });
    expect(months).toContainEqual({ key: billingKey, month: '2025-02' });
  });

  it('takes the balance "Bayar" and the threshold end with, and says so', () => {
    const paid = runsThrough(get(), ['billing.pay', 'xstate.done.actor.pay']);
    const withOutput = paid.filter(({ run }) =>
      run.steps.some((step) => step.event.type === 'xstate.done.actor.pay' && step.event['output'] !== null),
    );
    expect(withOutput.length).toBeGreaterThan(0);
    for (const { run } of withOutput) {
      const effects = effectsAfter(run, 'xstate.done.actor.pay');
      expect(effects).toContain('announces 20000 paid in (balance 40000)');
      expect(effects).toContain('ledger page 1');
    }
    const saved = runsThrough(get(), ['billing.editThreshold', 'xstate.done.actor.threshold']).flatMap(
      ({ run }) =>
        run.steps.filter(
          (step) => step.event.type === 'xstate.done.actor.threshold' && step.event['output'] !== null,
        ),
    );
    expect(saved.length).toBeGreaterThan(0);
    for (const step of saved) {
      expect(step.effects).toContain('announces the threshold 25000');
      expect((step.snapshot.context['billing'] as { lowBalanceThreshold: number }).lowBalanceThreshold).toBe(
        25_000,
      );
    }
  });

  it('asks again for everything shown when the connection is back', () => {
    const runs = runsThrough(get(), ['billing.resync']).filter(({ run }) =>
      run.steps.some((s) => s.event.type === 'billing.resync' && s.snapshot.context['billing'] !== null),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'billing.resync');
      expect(step?.effects).toEqual(['ledger page 1']);
      expect(step?.snapshot.matches({ summary: 'loading' })).toBe(true);
      expect(step?.snapshot.matches({ spend: 'loading' })).toBe(true);
      expect(step?.snapshot.matches({ statement: 'loading' })).toBe(true);
      // The balance stays shown meanwhile.
      expect(selectBillingStatus(step?.snapshot as never)).toBe('ready');
    }
  });
});

function start(permissions: readonly string[] = grantAll()) {
  const client = createFakeClient();
  const actor = createActor(projectBillingMachine.provide({ actors: { delay: silentDelay } }), {
    input: {
      client,
      key: billingKey,
      permissions,
      timeZone: 'Asia/Jakarta',
      fetchPage: createFakeLedgerPages(),
      now: () => billingNow,
    },
  }).start();
  return { client, actor };
}

async function loaded(permissions?: readonly string[]) {
  const started = start(permissions);
  const { client } = started;
  client.settle('billing_get', { data: projectBilling });
  if (client.pending().some((call) => call.name === 'account_list'))
    client.settle('account_list', { data: [] });
  client.settle('billing_spend', { data: last30Spend });
  client.settle('billing_statement', { data: marchStatement });
  await flush();
  return started;
}

describe('project billing rules', () => {
  it('repeats the contract access of each billing act', () => {
    for (const [name, access] of Object.entries(billingActAccess))
      expect(acts[name as ActName].access).toEqual(access);
  });

  it('reads what a member may do with billing', () => {
    expect(billingPermissions(grantAll())).toEqual({ menu: true, view: true, pay: true });
    const viewer = ['project.menu', 'project.billing.menu', 'project.billing.view'];
    expect(billingPermissions(viewer)).toEqual({ menu: true, view: true, pay: false });
    // `pay` without the node's menu is no permission at all (SPEC.md section 6).
    expect(billingPermissions(['project.billing.pay']).pay).toBe(false);
  });

  it('says a send was refused for want of balance, with the way to billing only for payers', () => {
    const refused = { reason: 'insufficient_balance' as const, message: 'Saldo proyek tidak cukup.' };
    expect(balanceRefusal(refused, grantAll())).toEqual({ mayPay: true });
    expect(balanceRefusal(refused, ['crm.menu', 'crm.chat.menu', 'crm.chat.send'])).toEqual({
      mayPay: false,
    });
    expect(balanceRefusal({ reason: 'window_closed' }, grantAll())).toBeNull();
    expect(balanceRefusal(null, grantAll())).toBeNull();
  });

  it("sends the ledger only the filters set, and takes only the contract's values", () => {
    expect(ledgerPayload(billingKey, noLedgerFilters)).toEqual({ act: 'billing_ledger', key: billingKey });
    expect(ledgerQueryFields({ ...noLedgerFilters, kind: 'refund', to: '2025-03-31' })).toEqual({
      kind: 'refund',
      to: '2025-03-31',
    });
    expect(isLedgerFilterValue('kind', 'charge')).toBe(true);
    expect(isLedgerFilterValue('kind', 'gift')).toBe(false);
    expect(isLedgerFilterValue('category', 'SERVICE')).toBe(true);
    expect(isLedgerFilterValue('category', 'service')).toBe(false);
    expect(isLedgerFilterValue('from', '2025-02-30')).toBe(false);
    expect(isLedgerFilterValue('accountId', ' ')).toBe(false);
  });

  it('offers "Bayar" and the threshold only to payers, and the months of the last year', async () => {
    const { actor } = await loaded(['project.menu', 'project.billing.menu', 'project.billing.view']);
    expect(selectCanPay(actor.getSnapshot())).toBe(false);
    expect(selectCanEditThreshold(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'billing.pay' });
    expect(selectBillingDialog(actor.getSnapshot())).toBe('closed');
    expect(statementMonths(actor.getSnapshot())).toHaveLength(12);
    expect(statementMonths(actor.getSnapshot())[0]).toBe('2025-03');
    const owner = await loaded();
    expect(selectCanPay(owner.actor.getSnapshot())).toBe(true);
    owner.actor.send({ type: 'billing.pay' });
    expect(selectCanPay(owner.actor.getSnapshot())).toBe(false);
    expect(selectCanEditThreshold(owner.actor.getSnapshot())).toBe(false);
  });

  it('shows a reversed or too long range without asking, and warns below the threshold', async () => {
    const { actor, client } = await loaded();
    actor.send({ type: 'billing.spendRange', from: '2024-01-01', to: '2025-03-01' });
    expect(selectSpendRangeProblem(actor.getSnapshot())).toBe('tooLong');
    expect(client.pending()).toEqual([]);
    expect(selectLowBalance(actor.getSnapshot())).toBe(false);
    actor.send({
      type: 'billing.updated',
      billing: { ...projectBilling, balance: 4_000 },
      entry: marketingCharge,
    });
    expect(selectLowBalance(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'billing.filter', filter: 'from', value: '2025-03-05' });
    actor.send({ type: 'billing.filter', filter: 'to', value: '2025-03-01' });
    expect(selectCanExportLedger(actor.getSnapshot())).toBe(false);
  });

  it('follows the live events of its own project only, and the reconnection', () => {
    const source = createFakeEventSource();
    let resync: (() => void) | null = null;
    const connection = {
      on: (_type: 'resync', handler: () => void) => {
        resync = handler;
        return { unsubscribe: () => (resync = null) };
      },
    };
    const received: ProjectBillingEvent[] = [];
    const stop = followProjectBilling(source, connection, billingKey, {
      send: (event) => received.push(event),
    });
    source.emit('billing.updated', { key: 'k9other0000', billing: chargedBilling, entry: marketingCharge });
    source.emit('billing.updated', { key: billingKey, billing: chargedBilling, entry: marketingCharge });
    source.emit('billing.updated', { key: billingKey, billing: projectBilling });
    source.emit('saldo.updated', { saldo: { balance: 1_000, pending: 0 } });
    (resync as (() => void) | null)?.();
    expect(received).toEqual([
      { type: 'billing.updated', billing: chargedBilling, entry: marketingCharge },
      { type: 'billing.updated', billing: projectBilling },
      { type: 'billing.saldoUpdated', saldo: { balance: 1_000, pending: 0 } },
      { type: 'billing.resync' },
    ]);
    stop();
    expect(source.count()).toBe(0);
    expect(resync).toBeNull();
  });

  it('gives up its requests when the page goes away', () => {
    const { actor, client } = start();
    actor.stop();
    expect(client.signals.every((signal) => signal?.aborted === true)).toBe(true);
    expect(client.calls.map((call) => call.name).sort()).toEqual([
      'account_list',
      'billing_get',
      'billing_spend',
      'billing_statement',
    ]);
  });
});
