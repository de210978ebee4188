/**
 * "Bayar" on `/project/billing/{key}` (`project.billing.pay`): moving money from the member's
 * saldo into the project's balance.
 *
 * - `loading` reads the saldo (`saldo_get`); `failed` offers `pay.retry`;
 * - `editing`: the amount as the rupiah input read it (the SDK's `readRupiahInput`: its value, or
 *   its problem: cents, too much) and the transfer's rules (`transferAmountProblem`: required, at
 *   least `TRANSFER_MIN`, at most `AMOUNT_MAX`, not more than the saldo). Problems show once the
 *   amount was touched or a review was tried; `pay.review` with none goes on;
 * - `confirming`: the amount, the saldo before and after; `pay.confirm` pays, `pay.back` edits;
 * - `paying`: `billing_pay` under a client id made for this attempt: a failure that did not come
 *   from the server (the network, a time-out) goes back to `confirming` with the error, and
 *   confirming again asks under the same id, so the server moves the money at most once. A new
 *   amount is a new attempt (a new id). More than the saldo holds (`insufficient_saldo`, the saldo
 *   having changed meanwhile) goes back to the amount, the server's message beside it.
 *
 * `pay.saldo` (the saldo changed: `saldo.updated`) is taken in every state. `pay.cancel` ends the
 * machine with null, except while paying: then it closes once the answer is in (paid: with it).
 * The output is what `billing_pay` answered, with the amount, or null.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { transferAmountProblem } from '@sapa/sdk';
import type { ProjectBilling, RupiahInputProblem, Saldo, TransferAmountProblem } from '@sapa/sdk';
import { fieldErrorsOf, reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

export interface PayInput {
  client: ActCaller;
  key: string;
  /** Makes each attempt's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
}

export interface PayOutput {
  amount: number;
  billing: ProjectBilling;
  saldo: Saldo;
}

export interface PayContext {
  client: ActCaller;
  key: string;
  newClientId: () => string;
  /** The member's saldo, once read (and as it changes). */
  saldo: Saldo | null;
  /** Whole rupiah as typed, or null (nothing typed, or `inputProblem`). */
  amount: number | null;
  /** What the rupiah input found wrong with the text (cents, too much). */
  inputProblem: RupiahInputProblem;
  /** The amount was changed, or a review was tried: its problem shows. */
  touched: boolean;
  /** The client id of this attempt: made when first confirmed, kept until the amount changes. */
  clientId: string | null;
  /** Why the saldo could not be read, or why the last pay failed (not the amount's fault). */
  error: FlowError | null;
  /** The server's word on the amount (`insufficient_saldo`, a field error). */
  amountError: FlowError | null;
  /** Closed while paying: end once the answer is in. */
  closing: boolean;
  paid: PayOutput | null;
}

export type PayEvent =
  | { type: 'pay.retry' }
  /** The amount as the rupiah input reads it (`readRupiahInput`: a value, or its problem). */
  | { type: 'pay.amount'; value: number | null; problem: RupiahInputProblem }
  | { type: 'pay.review' }
  | { type: 'pay.back' }
  | { type: 'pay.confirm' }
  | { type: 'pay.cancel' }
  /** The member's saldo changed (`saldo.updated`). */
  | { type: 'pay.saldo'; saldo: Saldo };

export type PayTag = 'busy';
export type PayStatus = 'loading' | 'failed' | 'editing' | 'confirming' | 'paying' | 'done';

/** What is wrong with the amount: the input's reading first, then the transfer's rules. */
export type PayProblem = Exclude<RupiahInputProblem | TransferAmountProblem, null> | null;

/** saldo_get: the member's saldo. */
export const loadSaldo = fromPromise<Saldo, { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('saldo_get', {}, { signal })).data,
);

/** billing_pay: the money moved (or, asked again under the same client id, the same answer). */
export const payProject = fromPromise<
  { billing: ProjectBilling; saldo: Saldo },
  { client: ActCaller; key: string; amount: number; clientId: string }
>(async ({ input, signal }) => {
  const { client, key, amount, clientId } = input;
  return (await client.act('billing_pay', { key, amount, clientId }, { signal })).data;
});

/** The amount's problem as the rules see it now. */
export function payProblem(context: Pick<PayContext, 'amount' | 'inputProblem' | 'saldo'>): PayProblem {
  if (context.inputProblem !== null) return context.inputProblem;
  return transferAmountProblem(context.amount, context.saldo?.balance ?? 0);
}

/** The amount is the server's fault to report beside the field: too little saldo, or a field error. */
function isAmountRefusal(error: unknown): boolean {
  return reasonOf(error) === 'insufficient_saldo' || fieldErrorsOf(error)['amount'] !== undefined;
}

function amountRefusalOf(error: unknown): FlowError {
  const field = fieldErrorsOf(error)['amount'];
  const flow = toFlowError(error);
  return field === undefined ? flow : { reason: flow.reason, message: field };
}

const saldoEverywhere = {
  'pay.saldo': { actions: { type: 'keepSaldo', params: ({ event }: { event: { saldo: Saldo } }) => event } },
} as const;

export const payMachine = setup({
  types: {} as {
    context: PayContext;
    events: PayEvent;
    input: PayInput;
    output: PayOutput | null;
    tags: PayTag;
    children: { saldo: 'loadSaldo'; pay: 'payProject' };
  },
  actors: { loadSaldo, payProject },
  guards: {
    amountFits: ({ context }) => payProblem(context) === null,
    amountRefused: (_, params: { error: unknown }) => isAmountRefusal(params.error),
    closing: ({ context }) => context.closing,
  },
  actions: {
    keepSaldo: assign((_, params: { saldo: Saldo }) => ({ saldo: params.saldo, error: null })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    setAmount: assign((_, params: { value: number | null; problem: RupiahInputProblem }) => ({
      amount: params.problem === null ? params.value : null,
      inputProblem: params.problem,
      touched: true,
      // Another amount is another attempt.
      clientId: null,
      amountError: null,
      error: null,
    })),
    touch: assign({ touched: true }),
    forgetRefusal: assign({ amountError: null }),
    /** This attempt's client id, made once: asking again sends the same one. */
    startPay: assign(({ context }) => ({
      clientId: context.clientId ?? context.newClientId(),
      error: null,
      amountError: null,
    })),
    keepPaid: assign(({ context }, params: { billing: ProjectBilling; saldo: Saldo }) => ({
      paid: { amount: context.amount ?? 0, billing: params.billing, saldo: params.saldo },
      saldo: params.saldo,
    })),
    showAmountRefusal: assign((_, params: { error: unknown }) => ({
      amountError: amountRefusalOf(params.error),
      // Nothing moved: a new amount (or the same one) is a new attempt.
      clientId: null,
    })),
    showPayError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    closeWhenDone: assign({ closing: true }),
  },
}).createMachine({
  id: 'pay',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    saldo: null,
    amount: null,
    inputProblem: null,
    touched: false,
    clientId: null,
    error: null,
    amountError: null,
    closing: false,
    paid: null,
  }),
  output: ({ context }) => context.paid,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      on: { ...saldoEverywhere, 'pay.cancel': 'cancelled' },
      invoke: {
        id: 'saldo',
        src: 'loadSaldo',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'editing',
          actions: { type: 'keepSaldo', params: ({ event }) => ({ saldo: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'pay.retry': 'loading',
        // A saldo announced meanwhile is the saldo.
        'pay.saldo': { target: 'editing', actions: { type: 'keepSaldo', params: ({ event }) => event } },
        'pay.cancel': 'cancelled',
      },
    },
    editing: {
      on: {
        ...saldoEverywhere,
        'pay.amount': { actions: { type: 'setAmount', params: ({ event }) => event } },
        'pay.review': [{ guard: 'amountFits', target: 'confirming' }, { actions: 'touch' }],
        'pay.cancel': 'cancelled',
      },
    },
    confirming: {
      // The server's last word on the amount was about the amount before this review.
      entry: 'forgetRefusal',
      on: {
        ...saldoEverywhere,
        'pay.confirm': [
          { guard: 'amountFits', target: 'paying' },
          { target: 'editing', actions: 'touch' },
        ],
        'pay.back': 'editing',
        'pay.cancel': 'cancelled',
      },
    },
    paying: {
      tags: ['busy'],
      entry: 'startPay',
      on: { ...saldoEverywhere, 'pay.cancel': { actions: 'closeWhenDone' } },
      invoke: {
        id: 'pay',
        src: 'payProject',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          amount: context.amount ?? 0,
          clientId: context.clientId ?? '',
        }),
        onDone: { target: 'paid', actions: { type: 'keepPaid', params: ({ event }) => event.output } },
        onError: [
          { guard: 'closing', target: 'cancelled' },
          {
            guard: { type: 'amountRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showAmountRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'confirming',
            actions: { type: 'showPayError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    paid: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type PaySnapshot = SnapshotFrom<typeof payMachine>;

export function selectPayStatus(snapshot: PaySnapshot): PayStatus {
  if (snapshot.status === 'done') return 'done';
  for (const status of ['loading', 'failed', 'editing', 'confirming', 'paying'] as const)
    if (snapshot.matches(status)) return status;
  return 'done';
}

/** The member's saldo (null until read). */
export function selectPaySaldo(snapshot: PaySnapshot): Saldo | null {
  return snapshot.context.saldo;
}

/** The amount typed (whole rupiah), or null. */
export function selectPayAmount(snapshot: PaySnapshot): number | null {
  return snapshot.context.amount;
}

/** The problem to show beside the amount, once touched: the rules' own, else the server's word. */
export function selectPayAmountError(
  snapshot: PaySnapshot,
): { problem: Exclude<PayProblem, null> } | { message: string } | null {
  const { context } = snapshot;
  const problem = payProblem(context);
  if (context.touched && problem !== null) return { problem };
  return context.amountError === null ? null : { message: context.amountError.message };
}

/** What the saldo will be after paying the amount typed (null until both are known). */
export function selectSaldoAfter(snapshot: PaySnapshot): number | null {
  const { saldo, amount } = snapshot.context;
  return saldo === null || amount === null ? null : saldo.balance - amount;
}

/** Why the saldo could not be read or the pay failed (not the amount's fault). */
export function selectPayError(snapshot: PaySnapshot): FlowError | null {
  return snapshot.context.error;
}
