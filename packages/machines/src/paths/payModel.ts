/**
 * "Bayar"'s test model: Sari, who may pay for project k1abcdefgh, opens it with Rp 50.000 in her
 * saldo (or the saldo fails to load, then comes back, or arrives live). She reviews an empty amount
 * (its problem shows), types Rp 500 (too little), Rp 80.000 (more than her saldo: she tops up
 * meanwhile, or types again) and Rp 20.000 with cents (refused by the input), then Rp 20.000; she
 * confirms, goes back, or closes. The server moves it, says her saldo no longer holds it (spent
 * elsewhere: back to the amount with its word), refuses the amount, or is out of reach (confirming
 * again asks under the same client id). Closed while paying, the dialog waits for the answer. Each
 * amount is typed in one order, so the graph stays small.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { payMachine, payProblem } from '../payMachine.ts';
import type { PayContext } from '../payMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { amountRefused, billingKey, notEnoughSaldo, projectBilling, sariSaldo } from './billingFixtures.ts';

/** The saldo after a top-up elsewhere, and after spending elsewhere. */
export const toppedUp = { balance: 100_000, pending: 0 };
export const spent = { balance: 10_000, pending: 0 };

function payWorld(): World {
  const client = createFakeClient();
  let next = 0;
  const input = { client, key: billingKey, newClientId: () => `pc${(next += 1)}` };
  return { input, client, browser: null };
}

function ctx(snapshot: AnyMachineSnapshot): PayContext {
  return snapshot.context as PayContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    saldo: c.saldo?.balance ?? null,
    amount: c.amount,
    input: c.inputProblem,
    touched: c.touched,
    clientId: c.clientId !== null,
    error: c.error?.reason ?? null,
    amountError: c.amountError?.reason ?? null,
    closing: c.closing,
    paid: c.paid?.amount ?? null,
  });
}

const amount = (value: number | null, problem: 'decimals' | null = null): AnyEventObject => ({
  type: 'pay.amount',
  value,
  problem,
});

/** The next amount Sari types, one at a time, in one order. */
function nextAmounts(c: PayContext): AnyEventObject[] {
  if (c.inputProblem === 'decimals') return [amount(20_000)];
  if (c.amount === null) return c.touched ? [amount(500)] : [];
  if (c.amount === 500) return [amount(80_000)];
  if (c.amount === 80_000) return [amount(null, 'decimals')];
  return [];
}

function editingEvents(c: PayContext): AnyEventObject[] {
  const out = nextAmounts(c);
  const problem = payProblem(c);
  // An empty review first (the problem shows); later reviews only of an amount that fits.
  if (problem === null || (c.amount === null && !c.touched)) out.push({ type: 'pay.review' });
  if (c.amount === 80_000 && c.saldo?.balance === sariSaldo.balance)
    out.push({ type: 'pay.saldo', saldo: toppedUp });
  if (c.amount === null && !c.touched) out.push({ type: 'pay.cancel' });
  return out;
}

function payingEvents(c: PayContext): AnyEventObject[] {
  const output = { billing: { ...projectBilling, balance: 40_000 }, saldo: { balance: 30_000, pending: 0 } };
  const out: AnyEventObject[] = [{ type: 'xstate.done.actor.pay', output }];
  if (c.closing) return [...out, { type: 'xstate.error.actor.pay', error: networkError }];
  if (c.error === null && c.amountError === null)
    out.push(
      { type: 'xstate.error.actor.pay', error: notEnoughSaldo },
      { type: 'xstate.error.actor.pay', error: amountRefused },
      { type: 'xstate.error.actor.pay', error: networkError },
      { type: 'pay.cancel' },
    );
  if (c.saldo?.balance === sariSaldo.balance && !c.closing) out.push({ type: 'pay.saldo', saldo: toppedUp });
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.saldo', output: sariSaldo },
      { type: 'xstate.error.actor.saldo', error: networkError },
      ...(c.saldo === null ? [{ type: 'pay.saldo', saldo: sariSaldo }, { type: 'pay.cancel' }] : []),
    ];
  if (snapshot.matches('failed'))
    return [{ type: 'pay.retry' }, { type: 'pay.saldo', saldo: sariSaldo }, { type: 'pay.cancel' }];
  if (snapshot.matches('editing')) return editingEvents(c);
  if (snapshot.matches('confirming')) {
    const out: AnyEventObject[] = [{ type: 'pay.confirm' }];
    if (c.error === null) out.push({ type: 'pay.back' }, { type: 'pay.cancel' });
    if (c.saldo?.balance !== spent.balance && c.error === null) out.push({ type: 'pay.saldo', saldo: spent });
    return out;
  }
  if (snapshot.matches('paying')) return payingEvents(c);
  return [];
}

const aborted = { name: 'AbortError', message: 'The operation was aborted.' };

/** Closing while the saldo loads aborts its request: the fake client answers it as the browser would. */
const cancel: StepDriver = ({ actor, world, event }) => {
  actor.send(event);
  const index = world.client.calls.findLastIndex((call) => call.name === 'saldo_get');
  const loading = world.client.pending().some((call) => call.name === 'saldo_get');
  if (loading && world.client.signals[index]?.aborted) world.client.settle('saldo_get', { error: aborted });
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.saldo':
      return 'saldo_get answers Rp 50.000';
    case 'xstate.error.actor.saldo':
      return 'saldo_get fails (network down)';
    case 'xstate.done.actor.pay':
      return 'billing_pay moves the money';
    case 'xstate.error.actor.pay': {
      const error = fields['error'] as { reason?: string; message: string };
      return error.reason === undefined
        ? 'billing_pay fails (network down)'
        : `billing_pay refuses (${error.message})`;
    }
    case 'pay.amount':
      return fields['problem'] === 'decimals'
        ? 'Sari types "20.000,50"'
        : `Sari types ${String(fields['value'])}`;
    case 'pay.saldo':
      return `her saldo changes to ${String((fields['saldo'] as { balance: number }).balance)} (saldo.updated)`;
    default:
      return (
        {
          'pay.retry': 'Sari retries',
          'pay.review': 'Sari presses "Lanjut"',
          'pay.back': 'Sari goes back to the amount',
          'pay.confirm': 'Sari presses "Bayar sekarang"',
          'pay.cancel': 'Sari closes the dialog',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (snapshot.status === 'done')
    return c.paid === null
      ? 'closed, nothing paid'
      : `paid ${c.paid.amount}, the project now holds ${c.paid.billing.balance}`;
  const parts = [String(snapshot.value)];
  if (c.saldo) parts.push(`saldo ${c.saldo.balance}`);
  if (c.amount !== null) parts.push(`amount ${c.amount}`);
  const problem = payProblem(c);
  if (c.touched && problem !== null) parts.push(`shows ${problem}`);
  if (c.amountError) parts.push(`beside the amount "${c.amountError.message}"`);
  if (c.error) parts.push(`shows "${c.error.message}"`);
  if (c.clientId) parts.push(`client id ${c.clientId}`);
  if (c.closing) parts.push('closing once answered');
  return parts.join(', ');
}

export const payModel: PathModel = {
  name: 'pay',
  machine: payMachine,
  serialize,
  starts: [{ label: `Sari opens "Bayar" on project ${billingKey}`, world: payWorld }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches('loading')) return [{ type: 'xstate.done.actor.saldo', output: sariSaldo }];
      if (snapshot.matches('editing'))
        return ctx(snapshot).amount === 20_000 ? [{ type: 'pay.review' }] : [amount(20_000)];
      if (snapshot.matches('confirming')) return [{ type: 'pay.confirm' }];
      if (snapshot.matches('paying'))
        return [
          {
            type: 'xstate.done.actor.pay',
            output: {
              billing: { ...projectBilling, balance: 40_000 },
              saldo: { balance: 30_000, pending: 0 },
            },
          },
        ];
      return [];
    },
    toState: (snapshot) => snapshot.matches('paid'),
  },
  scenarios: [
    // The saldo fails to load, then arrives live.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.saldo', error: networkError },
        { type: 'pay.saldo', saldo: sariSaldo },
      ],
    },
    // A network failure, then confirming again: the same client id; a new amount, a new one.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.saldo', output: sariSaldo },
        amount(20_000),
        { type: 'pay.review' },
        { type: 'pay.confirm' },
        { type: 'xstate.error.actor.pay', error: networkError },
        { type: 'pay.confirm' },
        { type: 'xstate.error.actor.pay', error: networkError },
        { type: 'pay.back' },
        amount(30_000),
        { type: 'pay.review' },
        { type: 'pay.confirm' },
        {
          type: 'xstate.done.actor.pay',
          output: { billing: { ...projectBilling, balance: 50_000 }, saldo: { balance: 20_000, pending: 0 } },
        },
      ],
    },
  ],
  actorActs: { saldo: 'saldo_get', pay: 'billing_pay' },
  drivers: { 'pay.cancel': cancel },
  describeEvent,
  describeState,
};
