/**
 * The one-time-code step, the one statechart every code flow invokes as its `otp` child:
 * sign-in and register (`auth_verify_otp`), the profile's phone change (`profile_phone_confirm`)
 * and the forgotten password (the code is only taken here; `auth_reset_password` checks it with
 * the new password, and a refusal brings the step back through `resume`).
 *
 * The step: six digits, the expiry and resend countdowns, a wrong code counting the attempts
 * down, a dead challenge after five wrong codes (or when the server says so), an expired code,
 * a resend (`auth_resend_otp`) that a refusal leaves on the old challenge.
 *
 * Time is an event: the `ticker` actor sends `otp.tick` every second and the machine counts the
 * code's expiry and the resend cooldown down in context, so tests (and QA paths) drive time.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { dataNumber, reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  OTP_ATTEMPTS,
  attemptsLeftAfter,
  countDown,
  isChallengeDead,
  isCompleteCode,
  resendChallenge,
  toOtpCode,
} from './challenge.ts';
import type { ActCaller, OtpChallenge, SignedIn, User } from './sdk.ts';
import { createTicker } from './ticker.ts';

/** What the code confirms: a session (sign-in, register), a new phone, or a password reset. */
export type OtpPurpose = 'register' | 'login' | 'phone' | 'reset';

/** The challenge's countdowns and attempts, which a parent keeps while the step is away. */
export interface OtpClock {
  /** Wrong codes the challenge still accepts (5 at start). */
  attemptsLeft: number;
  /** Seconds until the code expires. */
  expiresIn: number;
  /** Seconds until `otp.resend` is allowed. */
  resendIn: number;
}

/** Where a step that comes back starts: its clock, the error that brought it back, its screen. */
export interface OtpResume extends OtpClock {
  step: 'code' | 'expired' | 'locked';
  error: FlowError | null;
}

export interface OtpInput {
  client: ActCaller;
  challenge: OtpChallenge;
  purpose: OtpPurpose;
  /** A step coming back (the reset refused its code): default a fresh challenge. */
  resume?: OtpResume;
}

export interface OtpContext extends OtpClock {
  client: ActCaller;
  purpose: OtpPurpose;
  challenge: OtpChallenge;
  /** Digits typed so far (at most six). */
  code: string;
  /** The last failure, with the server's (translated) message. */
  error: FlowError | null;
  /** Where the step started: the code, or the notice a refused reset brought it back to. */
  startAt: OtpResume['step'];
  /** What the step ends with, once it does. */
  outcome: OtpOutput | null;
}

export type OtpEvent =
  | { type: 'otp.change'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'otp.tick' }
  | { type: 'otp.restart' };

/**
 * `verified`: the session to sign in with (login, register). `confirmed`: the user with the new
 * phone. `entered`: the code for the password reset to check, with the (maybe resent) challenge
 * and its clock. `restart`: the challenge is dead or expired, start a new one.
 */
export type OtpOutput =
  | { status: 'verified'; signedIn: SignedIn }
  | { status: 'confirmed'; user: User }
  | { status: 'entered'; code: string; challenge: OtpChallenge; clock: OtpClock }
  | { status: 'restart' };

export type OtpTag = 'busy' | 'step:code' | 'step:expired' | 'step:locked' | 'step:done';
export type OtpStep = 'code' | 'expired' | 'locked' | 'done';

/** auth_verify_otp: the code for a sign-in or register challenge; answers the session. */
export const verifyCode = fromPromise<SignedIn, { client: ActCaller; challenge: string; code: string }>(
  async ({ input, signal }) =>
    (await input.client.act('auth_verify_otp', { challenge: input.challenge, code: input.code }, { signal }))
      .data,
);

/** profile_phone_confirm: the code sent to the new phone; answers the user with that phone. */
export const confirmPhoneChange = fromPromise<User, { client: ActCaller; challenge: string; code: string }>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'profile_phone_confirm',
        { challenge: input.challenge, code: input.code },
        { signal },
      )
    ).data,
);

type ErrorParams = { error: unknown };
const errorOf = ({ event }: { event: { error: unknown } }): ErrorParams => ({ error: event.error });

function clockOf(context: OtpClock): OtpClock {
  return { attemptsLeft: context.attemptsLeft, expiresIn: context.expiresIn, resendIn: context.resendIn };
}

export const otpMachine = setup({
  types: {} as {
    context: OtpContext;
    events: OtpEvent;
    input: OtpInput;
    output: OtpOutput;
    tags: OtpTag;
    children: { verify: 'verifyCode'; confirm: 'confirmPhoneChange'; resend: 'resendChallenge' };
  },
  actors: {
    verifyCode,
    confirmPhoneChange,
    resendChallenge,
    ticker: createTicker('otp.tick'),
  },
  guards: {
    codeComplete: ({ context }) => isCompleteCode(context.code),
    confirmsSession: ({ context }) => context.purpose === 'login' || context.purpose === 'register',
    confirmsPhone: ({ context }) => context.purpose === 'phone',
    startsAt: ({ context }, params: { step: OtpResume['step'] }) => context.startAt === params.step,
    canResend: ({ context }) => context.resendIn === 0,
    /** The next tick expires the code. */
    codeRunsOut: ({ context }) => context.expiresIn <= 1,
    codeStillLive: ({ context }) => context.expiresIn > 0,
    /** Five wrong codes (or the server says so): the challenge takes no more. */
    challengeDead: ({ context }, params: ErrorParams) => isChallengeDead(params.error, context.attemptsLeft),
    challengeExpired: (_, params: ErrorParams) => reasonOf(params.error) === 'otp_expired',
  },
  actions: {
    clearError: assign({ error: null }),
    started: assign({ startAt: 'code' as const }),
    setCode: assign((_, params: { code: string }) => ({ code: toOtpCode(params.code), error: null })),
    /** One second passed (the `ticker`). */
    countDown: assign(({ context }) => ({
      expiresIn: countDown(context.expiresIn),
      resendIn: countDown(context.resendIn),
    })),
    /** A wrong code: one attempt fewer, the digits cleared. */
    rejectCode: assign(({ context }, params: ErrorParams) => ({
      error: toFlowError(params.error),
      attemptsLeft: attemptsLeftAfter(params.error, context.attemptsLeft),
      code: '',
    })),
    /** The server says the code expired. */
    expireCode: assign((_, params: ErrorParams) => ({
      error: toFlowError(params.error),
      expiresIn: 0,
      code: '',
    })),
    /** A refused resend: the challenge stays, with the server's wait when it gives one. */
    keepChallenge: assign(({ context }, params: ErrorParams) => ({
      error: toFlowError(params.error),
      resendIn: dataNumber(params.error, 'retryAfter') ?? context.resendIn,
    })),
    replaceChallenge: assign((_, params: { challenge: OtpChallenge }) => ({
      challenge: params.challenge,
      expiresIn: params.challenge.expiresIn,
      resendIn: params.challenge.resendIn,
      attemptsLeft: OTP_ATTEMPTS,
      code: '',
      error: null,
    })),
    keepSession: assign((_, params: { signedIn: SignedIn }) => ({
      outcome: { status: 'verified' as const, signedIn: params.signedIn },
    })),
    keepUser: assign((_, params: { user: User }) => ({
      outcome: { status: 'confirmed' as const, user: params.user },
    })),
    keepCode: assign(({ context }) => ({
      outcome: {
        status: 'entered' as const,
        code: context.code,
        challenge: context.challenge,
        clock: clockOf(context),
      },
    })),
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({
    client: input.client,
    purpose: input.purpose,
    challenge: input.challenge,
    code: '',
    attemptsLeft: input.resume?.attemptsLeft ?? OTP_ATTEMPTS,
    expiresIn: input.resume?.expiresIn ?? input.challenge.expiresIn,
    resendIn: input.resume?.resendIn ?? input.challenge.resendIn,
    error: input.resume?.error ?? null,
    startAt: input.resume?.step ?? 'code',
    outcome: null,
  }),
  // One clock for the whole challenge: it stops when the machine reaches a final state.
  invoke: { id: 'ticker', src: 'ticker' },
  on: { 'otp.tick': { actions: 'countDown' } },
  initial: 'entering',
  states: {
    entering: {
      tags: ['step:code'],
      // A step coming back from a refused reset starts on the notice the reset left it at.
      always: [
        { guard: { type: 'startsAt', params: { step: 'locked' } }, target: 'locked', actions: 'started' },
        { guard: { type: 'startsAt', params: { step: 'expired' } }, target: 'expired', actions: 'started' },
      ],
      on: {
        'otp.change': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'otp.submit': [
          {
            guard: and(['codeComplete', 'confirmsSession']),
            target: 'verifying',
            actions: 'clearError',
          },
          {
            guard: and(['codeComplete', 'confirmsPhone']),
            target: 'confirming',
            actions: 'clearError',
          },
          { guard: 'codeComplete', target: 'entered', actions: ['clearError', 'keepCode'] },
        ],
        'otp.resend': { guard: 'canResend', target: 'resending', actions: 'clearError' },
        'otp.tick': [
          { guard: 'codeRunsOut', target: 'expired', actions: 'countDown' },
          { actions: 'countDown' },
        ],
      },
    },
    verifying: {
      tags: ['busy', 'step:code'],
      invoke: {
        id: 'verify',
        src: 'verifyCode',
        input: ({ context }) => ({
          client: context.client,
          challenge: context.challenge.challenge,
          code: context.code,
        }),
        onDone: {
          target: 'verified',
          actions: { type: 'keepSession', params: ({ event }) => ({ signedIn: event.output }) },
        },
        onError: [
          {
            guard: { type: 'challengeDead', params: errorOf },
            target: 'locked',
            actions: { type: 'rejectCode', params: errorOf },
          },
          {
            guard: { type: 'challengeExpired', params: errorOf },
            target: 'expired',
            actions: { type: 'expireCode', params: errorOf },
          },
          { target: 'entering', actions: { type: 'rejectCode', params: errorOf } },
        ],
      },
    },
    confirming: {
      tags: ['busy', 'step:code'],
      invoke: {
        id: 'confirm',
        src: 'confirmPhoneChange',
        input: ({ context }) => ({
          client: context.client,
          challenge: context.challenge.challenge,
          code: context.code,
        }),
        onDone: {
          target: 'verified',
          actions: { type: 'keepUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          {
            guard: { type: 'challengeDead', params: errorOf },
            target: 'locked',
            actions: { type: 'rejectCode', params: errorOf },
          },
          {
            guard: { type: 'challengeExpired', params: errorOf },
            target: 'expired',
            actions: { type: 'expireCode', params: errorOf },
          },
          { target: 'entering', actions: { type: 'rejectCode', params: errorOf } },
        ],
      },
    },
    resending: {
      tags: ['busy', 'step:code'],
      invoke: {
        id: 'resend',
        src: 'resendChallenge',
        input: ({ context }) => ({ client: context.client, challenge: context.challenge.challenge }),
        onDone: {
          target: 'entering',
          actions: { type: 'replaceChallenge', params: ({ event }) => ({ challenge: event.output }) },
        },
        onError: [
          {
            guard: { type: 'challengeDead', params: errorOf },
            target: 'locked',
            actions: { type: 'rejectCode', params: errorOf },
          },
          {
            guard: { type: 'challengeExpired', params: errorOf },
            target: 'expired',
            actions: { type: 'keepChallenge', params: errorOf },
          },
          { guard: 'codeStillLive', target: 'entering', actions: { type: 'keepChallenge', params: errorOf } },
          { target: 'expired', actions: { type: 'keepChallenge', params: errorOf } },
        ],
      },
    },
    expired: {
      tags: ['step:expired'],
      on: {
        'otp.resend': { guard: 'canResend', target: 'resending' },
        'otp.restart': { target: 'restart' },
      },
    },
    locked: {
      tags: ['step:locked'],
      on: { 'otp.restart': { target: 'restart' } },
    },
    verified: { type: 'final', tags: ['step:done'] },
    /** The reset's code, handed to the parent to check with the new password. */
    entered: { type: 'final', tags: ['step:done'] },
    restart: { type: 'final', tags: ['step:locked'] },
  },
  output: ({ context }): OtpOutput => context.outcome ?? { status: 'restart' },
});

export type OtpSnapshot = SnapshotFrom<typeof otpMachine>;

/** Which OTP screen to render: the code form, the expired or locked notice, or done. */
export function selectOtpStep(snapshot: OtpSnapshot): OtpStep {
  if (snapshot.hasTag('step:done')) return 'done';
  if (snapshot.hasTag('step:locked')) return 'locked';
  if (snapshot.hasTag('step:expired')) return 'expired';
  return 'code';
}
