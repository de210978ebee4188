/**
 * Confirms a register or login challenge with its six-digit code.
 *
 * Time is an event: the `ticker` actor sends `otp.tick` every second and the machine counts the
 * code's expiry and the resend cooldown down in context, so tests (and QA paths) drive time.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { FlowError } from './actError.ts';
import { OTP_ATTEMPTS, isCompleteCode, resendChallenge, toOtpCode } from './challenge.ts';
import { challengeActions, challengeGuards } from './challengeStep.ts';
import type { ActCaller, OtpChallenge, SignedIn } from './sdk.ts';
import { createTicker } from './ticker.ts';

export interface OtpInput {
  client: ActCaller;
  challenge: OtpChallenge;
  purpose: 'register' | 'login';
}

export interface OtpContext {
  client: ActCaller;
  purpose: 'register' | 'login';
  challenge: OtpChallenge;
  /** Digits typed so far (at most six). */
  code: string;
  /** Wrong codes the challenge still accepts (5 at start). */
  attemptsLeft: number;
  /** Seconds until the code expires. */
  expiresIn: number;
  /** Seconds until `otp.resend` is allowed. */
  resendIn: number;
  /** The last failure, with the server's (translated) message. */
  error: FlowError | null;
  signedIn: SignedIn | null;
}

export type OtpEvent =
  | { type: 'otp.change'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'otp.tick' }
  | { type: 'otp.restart' };

/** `verified`: the session to sign in with. `restart`: the challenge is dead, start a new one. */
export type OtpOutput = { status: 'verified'; signedIn: SignedIn } | { status: 'restart' };

export type OtpTag = 'busy' | 'step:code' | 'step:expired' | 'step:locked' | 'step:done';
export type OtpStep = 'code' | 'expired' | 'locked' | 'done';

/** auth_verify_otp: the code for the challenge; answers the session. */
export const verifyCode = fromPromise<SignedIn, { client: ActCaller; challenge: string; code: string }>(
  async ({ input }) =>
    (await input.client.act('auth_verify_otp', { challenge: input.challenge, code: input.code })).data,
);

export const otpMachine = setup({
  types: {} as {
    context: OtpContext;
    events: OtpEvent;
    input: OtpInput;
    output: OtpOutput;
    tags: OtpTag;
  },
  actors: {
    verifyCode,
    resendChallenge,
    ticker: createTicker('otp.tick'),
  },
  guards: {
    codeComplete: ({ context }) => isCompleteCode(context.code),
    ...challengeGuards,
  },
  actions: {
    ...challengeActions<OtpContext, OtpEvent>(),
    clearError: assign({ error: null }),
    setCode: assign((_, params: { code: string }) => ({ code: toOtpCode(params.code), error: null })),
    keepSession: assign((_, params: { signedIn: SignedIn }) => ({ signedIn: params.signedIn })),
    replaceChallenge: assign((_, params: { challenge: OtpChallenge }) => ({
      challenge: params.challenge,
      expiresIn: params.challenge.expiresIn,
      resendIn: params.challenge.resendIn,
      attemptsLeft: OTP_ATTEMPTS,
      code: '',
      error: null,
    })),
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({
    client: input.client,
    purpose: input.purpose,
    challenge: input.challenge,
    code: '',
    attemptsLeft: OTP_ATTEMPTS,
    expiresIn: input.challenge.expiresIn,
    resendIn: input.challenge.resendIn,
    error: null,
    signedIn: null,
  }),
  // One clock for the whole challenge: it stops when the machine reaches a final state.
  invoke: { id: 'ticker', src: 'ticker' },
  on: { 'otp.tick': { actions: 'countDown' } },
  initial: 'entering',
  states: {
    entering: {
      tags: ['step:code'],
      on: {
        'otp.change': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'otp.submit': { guard: 'codeComplete', target: 'verifying', actions: 'clearError' },
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
            guard: { type: 'challengeDead', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'challengeExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: { type: 'expireCode', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'entering',
            actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
          },
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
            guard: { type: 'challengeDead', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'challengeExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'codeStillLive',
            target: 'entering',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'expired',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
          },
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
    restart: { type: 'final', tags: ['step:locked'] },
  },
  output: ({ context }): OtpOutput =>
    context.signedIn ? { status: 'verified', signedIn: context.signedIn } : { status: 'restart' },
});

export type OtpSnapshot = SnapshotFrom<typeof otpMachine>;

/** Which OTP screen to render: the code form, the expired or locked notice, or done. */
export function selectOtpStep(snapshot: OtpSnapshot): OtpStep {
  if (snapshot.hasTag('step:done')) return 'done';
  if (snapshot.hasTag('step:locked')) return 'locked';
  if (snapshot.hasTag('step:expired')) return 'expired';
  return 'code';
}
