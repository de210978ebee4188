/**
 * The top-up panel's test model: Budi's `/saldo`. He picks Rp 50.000 or types an amount (too
 * little, cents, Rp 75.000), submits (nothing chosen, too little, fine); the gateway order is
 * created, refused (`payment_unavailable`) or lost to the network (then "Coba lagi" asks for the
 * same top-up, and another amount is a new attempt). While the payment waits: "Saya sudah bayar"
 * (paid, expired, declined, not yet, unreachable), the socket's news (the method chosen, paid,
 * expired, failed, another top-up's), a reconnection or the time to pay running out (the top-up
 * asked again), "Tutup". Then "Isi lagi" / "Coba lagi". A pending top-up of the page's list is
 * taken over with or without a check. The expiry timer never fires by itself: the model sends
 * `topUp.due`.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Topup } from '@sapa/sdk';
import { silentDelay } from '../delay.ts';
import { topUpMachine } from '../topUpMachine.ts';
import type { TopUpContext } from '../topUpMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import {
  chosenTopup,
  expiredTopup,
  failedTopup,
  gatewayDown,
  otherTopup,
  paidTopup,
  payer,
  pendingTopup,
} from './saldoFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): TopUpContext {
  return snapshot.context as TopUpContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    amount: [c.amount, c.inputProblem, c.checked],
    attempt: c.clientId !== null,
    topup: c.topup === null ? null : `${c.topup.id.slice(-1)}/${c.topup.status}/${c.topup.paymentType}`,
    error: c.error?.reason ?? null,
    stillPending: c.stillPending,
  });
}

const amount = (value: number | null, problem: 'decimals' | null = null): AnyEventObject => ({
  type: 'topUp.amount',
  value,
  problem,
});
const news = (topup: Topup): AnyEventObject => ({
  type: 'saldo.news',
  saldo: { balance: topup.status === 'paid' ? 200_000 : 150_000, pending: 0 },
  entry: null,
  topup,
});
const follow = (check: boolean): AnyEventObject => ({ type: 'topUp.follow', topup: otherTopup, check });

function choosingEvents(c: TopUpContext): AnyEventObject[] {
  // A failed create: the same attempt again, or another amount (a new one).
  if (c.error !== null) return [{ type: 'topUp.submit' }, amount(75_000)];
  if (c.amount === null && c.inputProblem === null && !c.checked)
    return [
      { type: 'topUp.preset', amount: 50_000 },
      amount(5_000),
      amount(null, 'decimals'),
      { type: 'topUp.submit' },
      follow(false),
      follow(true),
    ];
  // A problem: submitting shows it; a preset fixes it.
  if (c.amount !== 50_000 && c.amount !== 75_000)
    return c.checked ? [{ type: 'topUp.preset', amount: 50_000 }] : [{ type: 'topUp.submit' }];
  return [{ type: 'topUp.submit' }];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('choosing')) return choosingEvents(c);
  if (snapshot.matches('creating'))
    return [
      { type: 'xstate.done.actor.create', output: pendingTopup },
      { type: 'xstate.error.actor.create', error: networkError },
      { type: 'xstate.error.actor.create', error: gatewayDown },
    ];
  // The answers are about the top-up followed.
  const own = (topup: Topup): Topup =>
    c.topup === null ? topup : { ...topup, id: c.topup.id, orderId: c.topup.orderId, amount: c.topup.amount };
  if (snapshot.matches({ awaitingPayment: 'checking' }))
    return [
      { type: 'xstate.done.actor.check', output: own(paidTopup) },
      { type: 'xstate.done.actor.check', output: own(expiredTopup) },
      { type: 'xstate.done.actor.check', output: own(failedTopup) },
      { type: 'xstate.done.actor.check', output: own(pendingTopup) },
      { type: 'xstate.error.actor.check', error: networkError },
    ];
  if (snapshot.matches({ awaitingPayment: 'refreshing' }))
    return [
      { type: 'xstate.done.actor.refresh', output: own(paidTopup) },
      { type: 'xstate.done.actor.refresh', output: own(expiredTopup) },
      { type: 'xstate.done.actor.refresh', output: own(failedTopup) },
      { type: 'xstate.done.actor.refresh', output: own(chosenTopup) },
      { type: 'xstate.error.actor.refresh', error: networkError },
      { type: 'topUp.check' },
    ];
  if (snapshot.matches('awaitingPayment')) {
    // Checks, news and time only for the top-up created here, as it was created.
    if (c.topup?.id !== pendingTopup.id || c.error !== null || c.stillPending)
      return [{ type: 'topUp.again' }, { type: 'topUp.check' }];
    const out: AnyEventObject[] = [
      { type: 'topUp.check' },
      { type: 'topUp.resync' },
      { type: 'topUp.due' },
      news(paidTopup),
      news(expiredTopup),
      news(failedTopup),
      { type: 'topUp.again' },
    ];
    if (c.topup.paymentType === null) out.push(news(chosenTopup));
    return out;
  }
  if (snapshot.matches('paid')) return [{ type: 'topUp.again' }, follow(false)];
  return [{ type: 'topUp.again' }];
}

/** Settles every waiting call of `act` alike (a check given up for another leaves its call behind). */
function settleAll(act: 'topup_check' | 'topup_get' | 'topup_create'): StepDriver {
  return ({ world, event }) => {
    const outcome = event.type.startsWith('xstate.done.')
      ? { data: event['output'] }
      : { error: event['error'] };
    while (world.client.pending().some((call) => call.name === act)) world.client.settle(act, outcome);
  };
}

/** Rp 50.000 picked and its order created. */
const created: AnyEventObject[] = [
  { type: 'topUp.preset', amount: 50_000 },
  { type: 'topUp.submit' },
  { type: 'xstate.done.actor.create', output: pendingTopup },
];

function world(): World {
  const client = createFakeClient();
  let made = 0;
  return {
    client,
    browser: null,
    input: {
      client,
      feed: null,
      payer,
      newClientId: () => `c11e0000-0000-4000-8000-00000000000${(made += 1)}`,
    },
  };
}

export const topUpModel: PathModel = {
  name: 'topUp',
  machine: topUpMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: "Budi's /saldo, nothing chosen", world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches('choosing'))
        return ctx(snapshot).amount === null
          ? [{ type: 'topUp.preset', amount: 50_000 }]
          : [{ type: 'topUp.submit' }];
      if (snapshot.matches('creating')) return [{ type: 'xstate.done.actor.create', output: pendingTopup }];
      if (snapshot.matches({ awaitingPayment: 'waiting' })) return [{ type: 'topUp.check' }];
      if (snapshot.matches({ awaitingPayment: 'checking' }))
        return [{ type: 'xstate.done.actor.check', output: paidTopup }];
      return [];
    },
    toState: (snapshot) => snapshot.matches('paid'),
  },
  scenarios: [
    // A follow while the order is being created is refused; news of another top-up changes nothing.
    {
      start: 0,
      events: [
        { type: 'topUp.preset', amount: 50_000 },
        { type: 'topUp.submit' },
        follow(true),
        { type: 'xstate.done.actor.create', output: pendingTopup },
        news(otherTopup),
        { type: 'topUp.preset', amount: 100_000 },
      ],
    },
    // The time to pay runs out with no news: asked again, it was paid after all; then another.
    {
      start: 0,
      events: [
        ...created,
        { type: 'topUp.due' },
        { type: 'xstate.done.actor.refresh', output: paidTopup },
        { type: 'topUp.again' },
      ],
    },
    // After a reconnection: expired, then declined, each tried again with the same amount.
    {
      start: 0,
      events: [
        ...created,
        { type: 'topUp.resync' },
        { type: 'xstate.done.actor.refresh', output: expiredTopup },
        { type: 'topUp.again' },
        { type: 'topUp.submit' },
        { type: 'xstate.done.actor.create', output: pendingTopup },
        { type: 'topUp.resync' },
        { type: 'xstate.done.actor.refresh', output: failedTopup },
        { type: 'topUp.again' },
      ],
    },
    // Reconnections while waiting: the method chosen, a failed refresh, a check meanwhile.
    {
      start: 0,
      events: [
        ...created,
        { type: 'topUp.resync' },
        { type: 'xstate.done.actor.refresh', output: chosenTopup },
        { type: 'topUp.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
        { type: 'topUp.resync' },
        { type: 'topUp.check' },
        { type: 'xstate.done.actor.check', output: chosenTopup },
      ],
    },
    // Not a preset; the same amount again keeps the attempt.
    {
      start: 0,
      events: [
        { type: 'topUp.preset', amount: 12_345 },
        { type: 'topUp.preset', amount: 50_000 },
        { type: 'topUp.submit' },
        { type: 'xstate.error.actor.create', error: networkError },
        { type: 'topUp.preset', amount: 50_000 },
        { type: 'topUp.submit' },
        { type: 'xstate.done.actor.create', output: pendingTopup },
      ],
    },
  ],
  actorActs: { create: 'topup_create', check: 'topup_check', refresh: 'topup_get' },
  drivers: {
    'xstate.done.actor.check': settleAll('topup_check'),
    'xstate.error.actor.check': settleAll('topup_check'),
    'xstate.done.actor.refresh': settleAll('topup_get'),
    'xstate.error.actor.refresh': settleAll('topup_get'),
  },
  describeEvent,
  describeState,
};

const rupiah = (value: unknown) => `Rp ${Number(value).toLocaleString('id-ID')}`;

function describeTopup(topup: Topup): string {
  const name = topup.id === otherTopup.id ? 'the other top-up' : 'the top-up';
  if (topup.status === 'pending')
    return topup.paymentType === null ? `${name} still waits` : `${name} waits (${topup.paymentType} chosen)`;
  return `${name} is ${topup.status}`;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what =
      { create: 'topup_create', check: 'topup_check', refresh: 'topup_get' }[settled[2]] ?? settled[2];
    if (settled[1] === 'error') {
      const error = fields['error'] as { reason?: string; message: string };
      return `${what} fails (${error.reason ?? 'network down'})`;
    }
    return `${what} answers: ${describeTopup(fields['output'] as Topup)}`;
  }
  switch (event.type) {
    case 'topUp.preset':
      return `Budi picks ${rupiah(fields['amount'])}`;
    case 'topUp.amount':
      return fields['problem'] === 'decimals'
        ? 'Budi types cents ("50.000,50")'
        : `Budi types ${rupiah(fields['value'])}`;
    case 'topUp.follow':
      return fields['check']
        ? 'Budi presses "Saya sudah bayar" on a pending top-up of the list'
        : 'Budi presses "Bayar sekarang" on a pending top-up of the list';
    case 'saldo.news':
      return `live: ${describeTopup(fields['topup'] as Topup)}`;
    default:
      return (
        {
          'topUp.submit': 'Budi presses "Lanjut ke pembayaran"',
          'topUp.check': 'Budi presses "Saya sudah bayar"',
          'topUp.again': 'Budi presses "Isi lagi" / "Coba lagi" / "Tutup"',
          'topUp.resync': 'the connection comes back (topUp.resync)',
          'topUp.due': 'the time to pay is over (topUp.due)',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const notes = [
    c.amount === null ? '' : rupiah(c.amount),
    c.inputProblem === null ? '' : `text has ${c.inputProblem}`,
    c.checked && snapshot.matches('choosing') ? 'problems shown' : '',
    c.clientId === null ? '' : 'attempt kept',
    c.topup === null ? '' : `order ${c.topup.orderId} ${c.topup.status}`,
    c.error === null ? '' : `shows "${c.error.message}"`,
    c.stillPending ? 'says the payment has not arrived' : '',
  ].filter(Boolean);
  return notes.length === 0 ? name : `${name}: ${notes.join(', ')}`;
}
