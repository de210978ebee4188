/**
 * One top-up of the user's saldo, the `/saldo` page's panel (issue 16):
 *
 * - `choosing`: a preset (`TOPUP_PRESETS`) or an amount typed in the currency input (what its
 *   `readRupiahInput` read: whole rupiah or a problem), checked by the SDK's `topupInputProblem`
 *   (no cents, `TOPUP_MIN` to `TOPUP_MAX`). Too little or nothing shows once a submit was tried;
 * - `creating`: `topup_create` with the attempt's client id, made at its first try and kept while
 *   the amount stays: a submit again after a time-out or a refusal asks for the same top-up, which
 *   the server answers once. A new amount is a new attempt;
 * - `awaitingPayment`: the order is open at the gateway; the payer pays at its `redirectUrl` (the
 *   web opens it on their click). The machine follows the top-up until it is paid, expired or
 *   failed: the socket's `saldo.updated` about it, `topup_get` after a reconnection or once its
 *   time to pay is over (plus a grace for the gateway's expiry notice), and "Saya sudah bayar"
 *   (`topup_check`, the gateway's status API), which says when no payment arrived yet;
 * - `paid` (its receipt: `selectTopUpReceipt`), `expired`, `failed`; "Isi lagi" / "Coba lagi"
 *   starts a new attempt.
 *
 * `topUp.follow` takes over a top-up already waiting (the page's pending list: "Bayar sekarang",
 * "Saya sudah bayar"). What the server answered about a top-up is told to the parent, if any
 * (`topUp.changed`), so the page's lists follow. Every event the panel sends is handled in each
 * state that shows its control; the controls of `creating` are disabled (tag `busy`).
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { TOPUP_MAX, TOPUP_MIN, TOPUP_PRESETS, topupInputProblem, topupReceipt } from '@sapa/sdk';
import type {
  ReceiptPayer,
  RupiahInputProblem,
  Topup,
  TopupInputProblem,
  TopupReceipt,
  TopupStatus,
} from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { delay } from './delay.ts';
import type { InboxEventSource } from './inboxRouting.ts';
import { checkTopup, createTopup, getTopup, saldoFeed } from './saldoActors.ts';
import type { SaldoNews } from './saldoActors.ts';
import type { ActCaller } from './sdk.ts';

export interface TopUpInput {
  client: ActCaller;
  /** The socket's events (`saldo.updated`); `null`: no live news. */
  feed: InboxEventSource | null;
  /** Who pays: the receipt names them. */
  payer?: ReceiptPayer | null;
  /** Makes each attempt's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** The amounts offered with one click (default `TOPUP_PRESETS`). */
  presets?: readonly number[];
  /** A pending top-up to follow from the start. */
  topup?: Topup | null;
  /** Milliseconds since the epoch, for the time left to pay (default `Date.now`). */
  now?: () => number;
  /** How long after a top-up's time to pay it is asked for again when no news came. Default 120000. */
  expiryGraceMs?: number;
}

export interface TopUpContext {
  client: ActCaller;
  feed: InboxEventSource | null;
  payer: ReceiptPayer | null;
  newClientId: () => string;
  presets: readonly number[];
  now: () => number;
  expiryGraceMs: number;
  /** Whole rupiah chosen or typed; null for nothing or text that is not an amount. */
  amount: number | null;
  /** What the currency input found wrong with the text (cents, too long). */
  inputProblem: RupiahInputProblem;
  /** A submit was tried: every problem shows. */
  checked: boolean;
  /** The attempt's client id: made at its first submit, kept while the amount stays. */
  clientId: string | null;
  /** The top-up being paid, or the last one followed. */
  topup: Topup | null;
  /** Why the last `topup_create` or `topup_check` failed. */
  error: FlowError | null;
  /** The last "Saya sudah bayar" found no payment yet. */
  stillPending: boolean;
}

export type TopUpEvent =
  /** A preset button. */
  | { type: 'topUp.preset'; amount: number }
  /** The currency input changed: what it read (`readRupiahInput`). */
  | { type: 'topUp.amount'; value: number | null; problem: RupiahInputProblem }
  /** "Lanjut ke pembayaran" (or "Coba lagi" after a failure: the same attempt). */
  | { type: 'topUp.submit' }
  /** "Saya sudah bayar": ask the gateway. */
  | { type: 'topUp.check' }
  /** Take over a pending top-up of the list; `check`: ask the gateway at once. */
  | { type: 'topUp.follow'; topup: Topup; check: boolean }
  /** "Isi lagi", "Coba lagi" after an expiry or failure, "Tutup" while waiting: a new attempt. */
  | { type: 'topUp.again' }
  /** The socket is back after a drop: ask for the top-up again. */
  | { type: 'topUp.resync' }
  /** Sent by the expiry timer: the time to pay (and its grace) is over. */
  | { type: 'topUp.due' }
  | SaldoNews;

/** Told to the parent: what the server answered about a top-up. */
export type TopUpChanged = { type: 'topUp.changed'; topup: Topup };

export type TopUpTag = 'busy' | 'checking';
export type TopUpStep = 'choosing' | 'creating' | 'awaitingPayment' | 'paid' | 'expired' | 'failed';

const DEFAULT_EXPIRY_GRACE_MS = 120_000;

type Context = TopUpContext;

function problemOf(context: Pick<Context, 'amount' | 'inputProblem'>): TopupInputProblem {
  return topupInputProblem({ value: context.amount, problem: context.inputProblem });
}

/** Milliseconds until `topup`'s time to pay and its grace are over (0: now). */
function untilDue(context: Context): number {
  const expires = Date.parse(context.topup?.expiresAt ?? '');
  if (Number.isNaN(expires)) return context.expiryGraceMs;
  return Math.max(0, expires - context.now()) + context.expiryGraceMs;
}

type Answer = { event: { output: Topup } };

/** An answer about the top-up (`topup_check`, `topup_get`) that finishes it: kept, told to the parent. */
function finishedBy(status: Exclude<TopupStatus, 'pending'>) {
  return {
    guard: {
      type: 'answerIs' as const,
      params: ({ event }: Answer) => ({ topup: event.output, status }),
    },
    target: `#topUp.${status}`,
    actions: [
      { type: 'keepTopup' as const, params: ({ event }: Answer) => ({ topup: event.output }) },
      { type: 'tellParent' as const, params: ({ event }: Answer) => ({ topup: event.output }) },
    ],
  };
}

/** The socket's news that finishes the top-up followed. */
function finishedByNews(status: Exclude<TopupStatus, 'pending'>) {
  return {
    guard: { type: 'newsOfThis' as const, params: { status } },
    target: `#topUp.${status}`,
    actions: 'keepNews' as const,
  };
}

export const topUpMachine = setup({
  types: {} as {
    context: TopUpContext;
    events: TopUpEvent;
    input: TopUpInput;
    tags: TopUpTag;
    children: {
      feed: 'saldoFeed';
      create: 'createTopup';
      check: 'checkTopup';
      refresh: 'getTopup';
      expiry: 'delay';
    };
  },
  actors: { saldoFeed, createTopup, checkTopup, getTopup, delay },
  guards: {
    isPreset: ({ context }, params: { amount: number }) => context.presets.includes(params.amount),
    amountFits: ({ context }) => problemOf(context) === null,
    /** The socket's news is about the top-up followed, and says `status`. */
    newsOfThis: ({ context, event }, params: { status: TopupStatus }) =>
      event.type === 'saldo.news' &&
      event.topup !== null &&
      event.topup.id === context.topup?.id &&
      event.topup.status === params.status,
    answerIs: (_, params: { topup: Topup; status: TopupStatus }) => params.topup.status === params.status,
    checkAtOnce: (_, params: { check: boolean }) => params.check,
  },
  actions: {
    setAmount: assign(({ context }, params: { value: number | null; problem: RupiahInputProblem }) => {
      const changed = params.value !== context.amount || params.problem !== context.inputProblem;
      return {
        amount: params.value,
        inputProblem: params.problem,
        // Another amount is another attempt.
        clientId: params.value === context.amount ? context.clientId : null,
        error: changed ? null : context.error,
      };
    }),
    check: assign({ checked: true }),
    /** An attempt's try starts: its client id is made once, at the first. */
    startAttempt: assign(({ context }) => ({
      clientId: context.clientId ?? context.newClientId(),
      checked: true,
      error: null,
    })),
    keepTopup: assign((_, params: { topup: Topup }) => ({ topup: params.topup })),
    keepNews: assign(({ context, event }) => ({
      topup: event.type === 'saldo.news' && event.topup !== null ? event.topup : context.topup,
    })),
    follow: assign((_, params: { topup: Topup }) => ({
      topup: params.topup,
      error: null,
      stillPending: false,
    })),
    startCheck: assign({ error: null, stillPending: false }),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    noteStillPending: assign({ stillPending: true }),
    /** A new attempt at the amount last chosen. */
    restart: assign({ clientId: null, topup: null, error: null, stillPending: false, checked: false }),
    /** A new top-up from scratch (after one was paid). */
    startOver: assign({
      amount: null,
      inputProblem: null,
      clientId: null,
      topup: null,
      error: null,
      stillPending: false,
      checked: false,
    }),
    tellParent: enqueueActions(({ self, enqueue }, params: { topup: Topup }) => {
      if (self._parent !== undefined)
        enqueue.sendParent({ type: 'topUp.changed', topup: params.topup } satisfies TopUpChanged);
    }),
  },
}).createMachine({
  id: 'topUp',
  context: ({ input }) => ({
    client: input.client,
    feed: input.feed,
    payer: input.payer ?? null,
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    presets: input.presets ?? TOPUP_PRESETS,
    now: input.now ?? (() => Date.now()),
    expiryGraceMs: input.expiryGraceMs ?? DEFAULT_EXPIRY_GRACE_MS,
    amount: null,
    inputProblem: null,
    checked: false,
    clientId: null,
    topup: null,
    error: null,
    stillPending: false,
  }),
  invoke: { id: 'feed', src: 'saldoFeed', input: ({ context }) => ({ feed: context.feed }) },
  initial: 'choosing',
  // A pending top-up of the page's list: followed here, the gateway asked at once for "Saya sudah bayar".
  on: {
    'topUp.follow': [
      {
        guard: { type: 'checkAtOnce', params: ({ event }) => event },
        target: '.awaitingPayment.checking',
        actions: { type: 'follow', params: ({ event }) => event },
      },
      { target: '.awaitingPayment', actions: { type: 'follow', params: ({ event }) => event } },
    ],
  },
  states: {
    choosing: {
      on: {
        'topUp.preset': {
          guard: { type: 'isPreset', params: ({ event }) => event },
          actions: { type: 'setAmount', params: ({ event }) => ({ value: event.amount, problem: null }) },
        },
        'topUp.amount': { actions: { type: 'setAmount', params: ({ event }) => event } },
        'topUp.submit': [{ guard: 'amountFits', target: 'creating' }, { actions: 'check' }],
      },
    },
    // The form's controls and the pending list's buttons are disabled meanwhile: a follow is refused.
    creating: {
      tags: ['busy'],
      entry: 'startAttempt',
      on: { 'topUp.follow': {} },
      invoke: {
        id: 'create',
        src: 'createTopup',
        input: ({ context }) => ({
          client: context.client,
          amount: context.amount ?? 0,
          clientId: context.clientId ?? '',
        }),
        onDone: {
          target: 'awaitingPayment',
          actions: [
            { type: 'keepTopup', params: ({ event }) => ({ topup: event.output }) },
            { type: 'tellParent', params: ({ event }) => ({ topup: event.output }) },
          ],
        },
        // The attempt keeps its client id: submitting again asks for the same top-up.
        onError: {
          target: 'choosing',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    awaitingPayment: {
      initial: 'waiting',
      on: {
        'saldo.news': [
          finishedByNews('paid'),
          finishedByNews('expired'),
          finishedByNews('failed'),
          { guard: { type: 'newsOfThis', params: { status: 'pending' } }, actions: 'keepNews' },
        ],
        'topUp.again': { target: 'choosing', actions: 'restart' },
      },
      states: {
        waiting: {
          invoke: {
            id: 'expiry',
            src: 'delay',
            input: ({ context }) => ({ ms: untilDue(context), event: { type: 'topUp.due' as const } }),
          },
          on: {
            'topUp.check': 'checking',
            'topUp.resync': 'refreshing',
            'topUp.due': 'refreshing',
          },
        },
        // "Saya sudah bayar" is disabled meanwhile.
        checking: {
          tags: ['checking'],
          entry: 'startCheck',
          invoke: {
            id: 'check',
            src: 'checkTopup',
            input: ({ context }) => ({ client: context.client, id: context.topup?.id ?? '' }),
            onDone: [
              finishedBy('paid'),
              finishedBy('expired'),
              finishedBy('failed'),
              {
                target: 'waiting',
                actions: [
                  { type: 'keepTopup', params: ({ event }) => ({ topup: event.output }) },
                  { type: 'tellParent', params: ({ event }) => ({ topup: event.output }) },
                  'noteStillPending',
                ],
              },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'getTopup',
            input: ({ context }) => ({ client: context.client, id: context.topup?.id ?? '' }),
            onDone: [
              finishedBy('paid'),
              finishedBy('expired'),
              finishedBy('failed'),
              {
                target: 'waiting',
                actions: [
                  { type: 'keepTopup', params: ({ event }) => ({ topup: event.output }) },
                  { type: 'tellParent', params: ({ event }) => ({ topup: event.output }) },
                ],
              },
            ],
            // The top-up stays as it was; the next news, reconnection or check tells more.
            onError: 'waiting',
          },
          on: { 'topUp.check': 'checking' },
        },
      },
    },
    paid: { on: { 'topUp.again': { target: 'choosing', actions: 'startOver' } } },
    expired: { on: { 'topUp.again': { target: 'choosing', actions: 'restart' } } },
    failed: { on: { 'topUp.again': { target: 'choosing', actions: 'restart' } } },
  },
});

export type TopUpSnapshot = SnapshotFrom<typeof topUpMachine>;

export function selectTopUpStep(snapshot: TopUpSnapshot): TopUpStep {
  for (const step of ['choosing', 'creating', 'awaitingPayment', 'paid', 'expired', 'failed'] as const)
    if (snapshot.matches(step)) return step;
  return 'choosing';
}

/** The form: the amount, the preset it is (if one), the presets, the limits, the problem to show. */
export interface TopUpForm {
  amount: number | null;
  preset: number | null;
  presets: readonly number[];
  min: number;
  max: number;
  /**
   * What to show beside the amount: cents or too much at once, too little or nothing only once a
   * submit was tried.
   */
  problem: TopupInputProblem;
  /** The last submit failed without reaching the server: "Coba lagi" asks for the same top-up. */
  retrying: boolean;
}

const formCache = new WeakMap<TopUpContext, TopUpForm>();

export function selectTopUpForm(snapshot: TopUpSnapshot): TopUpForm {
  const { context } = snapshot;
  const cached = formCache.get(context);
  if (cached !== undefined) return cached;
  const form = topUpForm(context);
  formCache.set(context, form);
  return form;
}

function topUpForm(context: TopUpContext): TopUpForm {
  const problem = problemOf(context);
  return {
    amount: context.amount,
    preset: context.amount !== null && context.presets.includes(context.amount) ? context.amount : null,
    presets: context.presets,
    min: TOPUP_MIN,
    max: TOPUP_MAX,
    problem: context.checked || problem === 'decimals' || problem === 'tooLarge' ? problem : null,
    retrying: context.error?.reason === 'network' && context.clientId !== null,
  };
}

/** The top-up being paid or just finished (null while choosing). */
export function selectTopUp(snapshot: TopUpSnapshot): Topup | null {
  return snapshot.matches('choosing') || snapshot.matches('creating') ? null : snapshot.context.topup;
}

/** Why the last create or check failed. */
export function selectTopUpError(snapshot: TopUpSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** "Saya sudah bayar" is being answered. */
export function selectTopUpChecking(snapshot: TopUpSnapshot): boolean {
  return snapshot.hasTag('checking');
}

/** The last check found no payment yet. */
export function selectTopUpStillPending(snapshot: TopUpSnapshot): boolean {
  return snapshot.context.stillPending;
}

/** A top-up is being created: the form and the pending list's buttons are disabled. */
export function selectTopUpBusy(snapshot: TopUpSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The printable receipt of the top-up shown (paid or not: `paid` says whether it proves a payment). */
export function selectTopUpReceipt(snapshot: TopUpSnapshot): TopupReceipt | null {
  const topup = selectTopUp(snapshot);
  if (topup === null) return null;
  const cached = receiptCache.get(topup);
  if (cached !== undefined) return cached;
  const receipt = topupReceipt(topup, snapshot.context.payer);
  receiptCache.set(topup, receipt);
  return receipt;
}

const receiptCache = new WeakMap<Topup, TopupReceipt>();
