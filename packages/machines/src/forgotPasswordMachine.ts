/**
 * Password reset over three routes: /auth/forgot-password/phone, /otp and /change.
 *
 * The code step is the `otp` child (an `otpMachine` with purpose `reset`): it only takes the code,
 * and `auth_reset_password` checks challenge, code and new password together. A refused code
 * brings the step back (`resume`: a wrong code, an expired or a dead challenge) with its clock.
 * While the new password is typed the challenge's clock keeps running here (`forgot.tick` from
 * the `ticker` actor), so the step comes back with the time really left.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  OTP_ATTEMPTS,
  attemptsLeftAfter,
  countDown,
  isChallengeDead,
  requireChallenge,
} from './challenge.ts';
import { otpMachine } from './otpMachine.ts';
import type { OtpClock, OtpOutput, OtpResume } from './otpMachine.ts';
import type { ActCaller, OtpChallenge } from './sdk.ts';
import { createTicker } from './ticker.ts';
import { checkNewPassword, checkPhone, serverFieldErrors } from './validation.ts';
import type { FieldErrors, NewPasswordField, PhoneField } from './validation.ts';

export interface ForgotPasswordInput {
  client: ActCaller;
}

export interface ForgotPasswordContext {
  client: ActCaller;
  /** The phone the reset is for, in E.164. */
  phone: string;
  challenge: OtpChallenge | null;
  /** The code the step took, sent with the new password. */
  code: string;
  /** The new password, kept only while `resetting`. */
  password: string;
  /** The challenge's clock while the code step is away (it comes back with it). */
  clock: OtpClock;
  /** How the code step starts when it (re)opens: fresh, or where a refused reset left it. */
  resume: OtpResume | null;
  fieldErrors: FieldErrors<PhoneField | NewPasswordField>;
  error: FlowError | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.submitPhone'; phone: string }
  | { type: 'forgot.submitPassword'; password: string; confirmPassword: string }
  | { type: 'forgot.back' }
  | { type: 'forgot.restart' }
  | { type: 'forgot.tick' };

/** What the web needs after `done`: the phone, to prefill the login form. */
export interface ForgotPasswordOutput {
  phone: string;
}

export type ForgotPasswordTag = 'busy' | 'step:phone' | 'step:otp' | 'step:change' | 'step:done';
export type ForgotPasswordStep = 'phone' | 'otp' | 'change' | 'done';

const PASSWORD_FIELDS: readonly NewPasswordField[] = ['password', 'confirmPassword'];

/** auth_forgot_password: sends a code to the phone; always answers a challenge. */
export const requestReset = fromPromise<OtpChallenge, { client: ActCaller; phone: string }>(
  async ({ input, signal }) =>
    (await input.client.act('auth_forgot_password', { phone: input.phone }, { signal })).data,
);

/** auth_reset_password: sets the new password with the challenge's code. */
export const resetPassword = fromPromise<
  void,
  { client: ActCaller; challenge: string; code: string; password: string }
>(async ({ input, signal }) => {
  await input.client.act(
    'auth_reset_password',
    { challenge: input.challenge, code: input.code, password: input.password },
    { signal },
  );
});

const noClock: OtpClock = { attemptsLeft: OTP_ATTEMPTS, expiresIn: 0, resendIn: 0 };

type ErrorParams = { error: unknown };
const errorOf = ({ event }: { event: { error: unknown } }): ErrorParams => ({ error: event.error });

/** The code step again, on `step`, after the reset refused the code with `error`. */
function resumeAfter(context: ForgotPasswordContext, error: unknown, step: OtpResume['step']): OtpResume {
  return {
    ...context.clock,
    attemptsLeft: attemptsLeftAfter(error, context.clock.attemptsLeft),
    expiresIn: step === 'expired' ? 0 : context.clock.expiresIn,
    error: toFlowError(error),
    step,
  };
}

export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    input: ForgotPasswordInput;
    output: ForgotPasswordOutput;
    tags: ForgotPasswordTag;
    children: { request: 'requestReset'; otp: 'otpMachine'; reset: 'resetPassword'; ticker: 'ticker' };
  },
  actors: { requestReset, otpMachine, resetPassword, ticker: createTicker('forgot.tick') },
  guards: {
    phoneValid: (_, params: { phone: string }) => checkPhone(params).ok,
    passwordValid: (_, params: { password: string; confirmPassword: string }) => checkNewPassword(params).ok,
    codeEntered: (_, params: { output: OtpOutput }) => params.output.status === 'entered',
    challengeDead: ({ context }, params: ErrorParams) =>
      isChallengeDead(params.error, context.clock.attemptsLeft),
    challengeExpired: (_, params: ErrorParams) => reasonOf(params.error) === 'otp_expired',
    codeRejected: (_, params: ErrorParams) => reasonOf(params.error) === 'otp_invalid',
  },
  actions: {
    acceptPhone: assign((_, params: { phone: string }) => {
      const checked = checkPhone(params);
      return checked.ok
        ? { phone: checked.value.phone, fieldErrors: {}, error: null }
        : { fieldErrors: checked.fieldErrors, error: null };
    }),
    showPhoneErrors: assign((_, params: { phone: string }) => {
      const checked = checkPhone(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showRequestError: assign((_, params: ErrorParams) => ({
      error: toFlowError(params.error),
      fieldErrors: serverFieldErrors(params.error, ['phone'] as const),
    })),
    startChallenge: assign((_, params: { challenge: OtpChallenge }) => ({
      challenge: params.challenge,
      clock: { ...noClock, expiresIn: params.challenge.expiresIn, resendIn: params.challenge.resendIn },
      resume: null,
      code: '',
      error: null,
      fieldErrors: {},
    })),
    /** The step's code, challenge and clock, for the reset and for coming back. */
    takeCode: assign((_, params: { output: OtpOutput }) =>
      params.output.status === 'entered'
        ? {
            code: params.output.code,
            challenge: params.output.challenge,
            clock: params.output.clock,
            error: null,
          }
        : {},
    ),
    countDown: assign(({ context }) => ({
      clock: {
        ...context.clock,
        expiresIn: countDown(context.clock.expiresIn),
        resendIn: countDown(context.clock.resendIn),
      },
    })),
    acceptPassword: assign((_, params: { password: string }) => ({
      password: params.password,
      fieldErrors: {},
      error: null,
    })),
    showPasswordErrors: assign((_, params: { password: string; confirmPassword: string }) => {
      const checked = checkNewPassword(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    /** The reset refused the code: back to the step on `step`, with the attempts it leaves. */
    refuseCode: assign(({ context }, params: ErrorParams & { step: OtpResume['step'] }) => ({
      resume: resumeAfter(context, params.error, params.step),
      code: '',
      password: '',
      error: null,
      fieldErrors: {},
    })),
    showResetError: assign((_, params: ErrorParams) => ({
      error: toFlowError(params.error),
      fieldErrors: serverFieldErrors(params.error, PASSWORD_FIELDS),
      password: '',
    })),
    /** Back from the new password to the code: the step reopens with the clock that ran meanwhile. */
    backToCode: assign(({ context }) => ({
      resume: { ...context.clock, error: null, step: 'code' as const },
      code: '',
      password: '',
      error: null,
      fieldErrors: {},
    })),
    forgetChallenge: assign({
      challenge: null,
      code: '',
      password: '',
      clock: noClock,
      resume: null,
      error: null,
      fieldErrors: {},
    }),
    forgetPassword: assign({ password: '' }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    client: input.client,
    phone: '',
    challenge: null,
    code: '',
    password: '',
    clock: noClock,
    resume: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'phone',
  states: {
    phone: {
      tags: ['step:phone'],
      on: {
        'forgot.submitPhone': [
          {
            guard: { type: 'phoneValid', params: ({ event }) => event },
            target: 'requesting',
            actions: { type: 'acceptPhone', params: ({ event }) => event },
          },
          { actions: { type: 'showPhoneErrors', params: ({ event }) => event } },
        ],
      },
    },
    requesting: {
      tags: ['busy', 'step:phone'],
      invoke: {
        id: 'request',
        src: 'requestReset',
        input: ({ context }) => ({ client: context.client, phone: context.phone }),
        onDone: {
          target: 'code',
          actions: { type: 'startChallenge', params: ({ event }) => ({ challenge: event.output }) },
        },
        onError: {
          target: 'phone',
          actions: { type: 'showRequestError', params: errorOf },
        },
      },
    },
    code: {
      tags: ['step:otp'],
      invoke: {
        id: 'otp',
        src: 'otpMachine',
        input: ({ context }) => ({
          client: context.client,
          challenge: requireChallenge(context.challenge),
          purpose: 'reset' as const,
          ...(context.resume === null ? {} : { resume: context.resume }),
        }),
        onDone: [
          {
            guard: { type: 'codeEntered', params: ({ event }) => ({ output: event.output }) },
            target: 'changing',
            actions: { type: 'takeCode', params: ({ event }) => ({ output: event.output }) },
          },
          // The challenge died or expired and the user asked for a new one: ask for the phone again.
          { target: 'phone', actions: 'forgetChallenge' },
        ],
      },
      on: {
        'forgot.back': { target: 'phone', actions: 'forgetChallenge' },
        'forgot.restart': { target: 'phone', actions: 'forgetChallenge' },
      },
    },
    changing: {
      // The challenge's clock, while the code step is away.
      invoke: { id: 'ticker', src: 'ticker' },
      on: { 'forgot.tick': { actions: 'countDown' } },
      initial: 'newPassword',
      states: {
        newPassword: {
          tags: ['step:change'],
          on: {
            'forgot.submitPassword': [
              {
                guard: { type: 'passwordValid', params: ({ event }) => event },
                target: 'resetting',
                actions: { type: 'acceptPassword', params: ({ event }) => event },
              },
              { actions: { type: 'showPasswordErrors', params: ({ event }) => event } },
            ],
            'forgot.back': { target: '#forgotPassword.code', actions: 'backToCode' },
          },
        },
        resetting: {
          tags: ['busy', 'step:change'],
          invoke: {
            id: 'reset',
            src: 'resetPassword',
            input: ({ context }) => ({
              client: context.client,
              challenge: requireChallenge(context.challenge).challenge,
              code: context.code,
              password: context.password,
            }),
            onDone: { target: '#forgotPassword.done', actions: 'forgetPassword' },
            onError: [
              {
                guard: { type: 'challengeDead', params: errorOf },
                target: '#forgotPassword.code',
                actions: {
                  type: 'refuseCode',
                  params: ({ event }) => ({ error: event.error, step: 'locked' as const }),
                },
              },
              {
                guard: { type: 'challengeExpired', params: errorOf },
                target: '#forgotPassword.code',
                actions: {
                  type: 'refuseCode',
                  params: ({ event }) => ({ error: event.error, step: 'expired' as const }),
                },
              },
              {
                guard: { type: 'codeRejected', params: errorOf },
                target: '#forgotPassword.code',
                actions: {
                  type: 'refuseCode',
                  params: ({ event }) => ({ error: event.error, step: 'code' as const }),
                },
              },
              { target: 'newPassword', actions: { type: 'showResetError', params: errorOf } },
            ],
          },
        },
      },
    },
    done: { type: 'final', tags: ['step:done'] },
  },
  output: ({ context }) => ({ phone: context.phone }),
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The route step: /auth/forgot-password/phone, /otp or /change; `done` means go to login. */
export function selectForgotPasswordStep(snapshot: ForgotPasswordSnapshot): ForgotPasswordStep {
  if (snapshot.hasTag('step:done')) return 'done';
  if (snapshot.hasTag('step:change')) return 'change';
  if (snapshot.hasTag('step:otp')) return 'otp';
  return 'phone';
}
