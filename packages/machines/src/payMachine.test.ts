import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TRANSFER_MIN } from '@sapa/sdk';
import {
  payMachine,
  payProblem,
  selectPayAmountError,
  selectPayStatus,
  selectSaldoAfter,
} from './payMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  amountRefused,
  billingKey,
  notEnoughSaldo,
  projectBilling,
  sariSaldo,
} from './paths/billingFixtures.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

type PayCall = { name: string; fields: { key: string; amount: number; clientId: string } };

modelSuite('pay', (get) => {
  it('pays only an amount that fits the saldo and the rules, as typed', () => {
    const pays = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'billing_pay'),
    ) as PayCall[];
    expect(pays.length).toBeGreaterThan(0);
    for (const call of pays) {
      expect(call.fields.key).toBe(billingKey);
      expect(call.fields.amount).toBeGreaterThanOrEqual(TRANSFER_MIN);
    }
    expect(pays.map((call) => call.fields.amount)).toContain(20_000);
    // Rp 80.000 is paid only once the saldo holds it.
    for (const { run } of get().runs) {
      const step = run.steps.find((s) => s.event.type === 'pay.confirm' && s.snapshot.matches('paying'));
      const saldo = step?.snapshot.context['saldo'] as { balance: number } | undefined;
      if (step !== undefined)
        expect(step.snapshot.context['amount']).toBeLessThanOrEqual(saldo?.balance ?? 0);
    }
  });

  it('asks again under the same client id after a network failure, and a new one for a new amount', () => {
    const runs = runsThrough(get(), [
      'xstate.error.actor.pay',
      'pay.confirm',
      'xstate.error.actor.pay',
      'pay.amount',
      'pay.confirm',
    ]);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const ids = (run.world.client.calls.filter((call) => call.name === 'billing_pay') as PayCall[]).map(
        (call) => call.fields.clientId,
      );
      expect(ids).toEqual(['pc1', 'pc1', 'pc2']);
    }
  });

  it("puts the server's word on the amount beside it, and anything else as the dialog's error", () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'xstate.error.actor.pay');
    const saldo = steps.find((s) => s.event['error'] === notEnoughSaldo);
    expect(saldo?.snapshot.value).toBe('editing');
    expect(selectPayAmountError(saldo?.snapshot as never)).toEqual({ message: 'Saldo Anda tidak cukup.' });
    const field = steps.find((s) => s.event['error'] === amountRefused);
    expect(selectPayAmountError(field?.snapshot as never)).toEqual({ message: 'Minimal Rp 1.000.' });
    const network = steps.find((s) => s.event['error'] === networkError && s.snapshot.status === 'active');
    expect(network?.snapshot.value).toBe('confirming');
    expect(network?.snapshot.context['error']).toEqual({ reason: 'network', message: 'Failed to fetch' });
  });

  it('ends with what the server answered and the amount, or null when closed', () => {
    const ends = get().runs.filter(({ run }) => run.final.status === 'done');
    expect(ends.length).toBeGreaterThan(0);
    for (const { run } of ends) {
      const output = run.final.output as { amount: number; billing: { balance: number } } | null;
      if (output !== null) {
        expect([40_000, 50_000]).toContain(output.billing.balance);
        expect([20_000, 30_000, 80_000]).toContain(output.amount);
      }
    }
    // Closed while paying: still paid when the answer came.
    const closing = runsThrough(get(), ['pay.cancel', 'xstate.done.actor.pay']);
    expect(closing.length).toBeGreaterThan(0);
    for (const { run } of closing) expect(run.final.output).not.toBeNull();
  });
});

function start() {
  const client = createFakeClient();
  let next = 0;
  const actor = createActor(payMachine, {
    input: { client, key: billingKey, newClientId: () => `id${(next += 1)}` },
  }).start();
  return { client, actor };
}

describe('pay rules', () => {
  it('reads the amount with the input first, then the transfer rules', () => {
    expect(payProblem({ amount: null, inputProblem: 'decimals', saldo: sariSaldo })).toBe('decimals');
    expect(payProblem({ amount: null, inputProblem: null, saldo: sariSaldo })).toBe('required');
    expect(payProblem({ amount: 999, inputProblem: null, saldo: sariSaldo })).toBe('tooSmall');
    expect(payProblem({ amount: 50_001, inputProblem: null, saldo: sariSaldo })).toBe('moreThanSaldo');
    expect(payProblem({ amount: 50_000, inputProblem: null, saldo: sariSaldo })).toBeNull();
    expect(payProblem({ amount: 5_000, inputProblem: null, saldo: null })).toBe('moreThanSaldo');
  });

  it('shows a problem only once the amount was touched, and the saldo after paying', async () => {
    const { client, actor } = start();
    client.settle('saldo_get', { data: sariSaldo });
    await flush();
    expect(selectPayStatus(actor.getSnapshot())).toBe('editing');
    expect(selectPayAmountError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'pay.review' });
    expect(selectPayAmountError(actor.getSnapshot())).toEqual({ problem: 'required' });
    actor.send({ type: 'pay.amount', value: 12_500, problem: null });
    expect(selectPayAmountError(actor.getSnapshot())).toBeNull();
    expect(selectSaldoAfter(actor.getSnapshot())).toBe(37_500);
    actor.send({ type: 'pay.review' });
    expect(selectPayStatus(actor.getSnapshot())).toBe('confirming');
    // The saldo spent elsewhere meanwhile: confirming goes back to the amount, nothing sent.
    actor.send({ type: 'pay.saldo', saldo: { balance: 10_000, pending: 0 } });
    actor.send({ type: 'pay.confirm' });
    expect(selectPayStatus(actor.getSnapshot())).toBe('editing');
    expect(selectPayAmountError(actor.getSnapshot())).toEqual({ problem: 'moreThanSaldo' });
    expect(client.calls.map((call) => call.name)).toEqual(['saldo_get']);
  });

  it('closed while paying, waits for the answer, and gives up the request only when stopped', async () => {
    const { client, actor } = start();
    client.settle('saldo_get', { data: sariSaldo });
    await flush();
    actor.send({ type: 'pay.amount', value: 20_000, problem: null });
    actor.send({ type: 'pay.review' });
    actor.send({ type: 'pay.confirm' });
    actor.send({ type: 'pay.cancel' });
    expect(selectPayStatus(actor.getSnapshot())).toBe('paying');
    expect(client.pending()).toEqual([
      { name: 'billing_pay', fields: { key: billingKey, amount: 20_000, clientId: 'id1' } },
    ]);
    client.settle('billing_pay', {
      data: { billing: projectBilling, saldo: { balance: 30_000, pending: 0 } },
    });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      amount: 20_000,
      billing: projectBilling,
      saldo: { balance: 30_000, pending: 0 },
    });

    const other = start();
    other.client.settle('saldo_get', { data: sariSaldo });
    await flush();
    other.actor.send({ type: 'pay.amount', value: 20_000, problem: null });
    other.actor.send({ type: 'pay.review' });
    other.actor.send({ type: 'pay.confirm' });
    other.actor.stop();
    expect(other.client.signals[1]?.aborted).toBe(true);
  });
});
