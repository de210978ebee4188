/**
 * Password reset over three routes: /auth/forgot-password/phone, /otp and /change.
 *
 * The code is not checked on its own: `forgot.submitCode` only moves on, and `auth_reset_password`
 * checks challenge, code and new password together. A wrong code sends the user back to the code.
 * Time is an event (`forgot.tick` from the `ticker` actor), as in the OTP machine.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  OTP_ATTEMPTS,
  attemptsLeftAfter,
  isCompleteCode,
  requireChallenge,
  resendChallenge,
} from './challenge.ts';
import { challengeActions, challengeGuards } from './challengeStep.ts';
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
  /** The code typed on the code step, sent with the new password. */
  code: string;
  /** The new password, kept only while `resetting`. */
  password: string;
  attemptsLeft: number;
  expiresIn: number;
  resendIn: number;
  fieldErrors: FieldErrors<PhoneField | NewPasswordField>;
  error: FlowError | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.submitPhone'; phone: string }
  | { type: 'forgot.submitCode'; code: string }
  | { type: 'forgot.submitPassword'; password: string; confirmPassword: string }
  | { type: 'forgot.resend' }
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
  async ({ input }) => (await input.client.act('auth_forgot_password', { phone: input.phone })).data,
);

/** auth_reset_password: sets the new password with the challenge's code. */
export const resetPassword = fromPromise<
  void,
  { client: ActCaller; challenge: string; code: string; password: string }
>(async ({ input }) => {
  await input.client.act('auth_reset_password', {
    challenge: input.challenge,
    code: input.code,
    password: input.password,
  });
});

const freshChallenge = (challenge: OtpChallenge) => ({
  challenge,
  expiresIn: challenge.expiresIn,
  resendIn: challenge.resendIn,
  attemptsLeft: OTP_ATTEMPTS,
  code: '',
  error: null,
  fieldErrors: {},
});

export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    input: ForgotPasswordInput;
    output: ForgotPasswordOutput;
    tags: ForgotPasswordTag;
  },
  actors: { requestReset, resendChallenge, resetPassword, ticker: createTicker('forgot.tick') },
  guards: {
    phoneValid: (_, params: { phone: string }) => checkPhone(params).ok,
    codeComplete: (_, params: { code: string }) => isCompleteCode(params.code),
    passwordValid: (_, params: { password: string; confirmPassword: string }) => checkNewPassword(params).ok,
    ...challengeGuards,
    codeRejected: (_, params: { error: unknown }) => reasonOf(params.error) === 'otp_invalid',
  },
  actions: {
    ...challengeActions<ForgotPasswordContext, ForgotPasswordEvent>(),
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
    showRequestError: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      fieldErrors: serverFieldErrors(params.error, ['phone'] as const),
    })),
    startChallenge: assign((_, params: { challenge: OtpChallenge }) => freshChallenge(params.challenge)),
    acceptCode: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    acceptPassword: assign((_, params: { password: string }) => ({
      password: params.password,
      fieldErrors: {},
      error: null,
    })),
    showPasswordErrors: assign((_, params: { password: string; confirmPassword: string }) => {
      const checked = checkNewPassword(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    rejectCode: assign(({ context }, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      attemptsLeft: attemptsLeftAfter(params.error, context.attemptsLeft),
      code: '',
      password: '',
    })),
    expireCode: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      expiresIn: 0,
      code: '',
      password: '',
    })),
    showResetError: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      fieldErrors: serverFieldErrors(params.error, PASSWORD_FIELDS),
      password: '',
    })),
    forgetCode: assign({ code: '', password: '', error: null, fieldErrors: {} }),
    forgetChallenge: assign({
      challenge: null,
      code: '',
      password: '',
      attemptsLeft: OTP_ATTEMPTS,
      expiresIn: 0,
      resendIn: 0,
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
    attemptsLeft: OTP_ATTEMPTS,
    expiresIn: 0,
    resendIn: 0,
    fieldErrors: {},
    error: null,
  }),
  // The clock runs for the whole flow; before a challenge exists both countdowns sit at 0.
  invoke: { id: 'ticker', src: 'ticker' },
  on: { 'forgot.tick': { actions: 'countDown' } },
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
          actions: { type: 'showRequestError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    code: {
      tags: ['step:otp'],
      on: {
        'forgot.submitCode': {
          guard: { type: 'codeComplete', params: ({ event }) => event },
          target: 'newPassword',
          actions: { type: 'acceptCode', params: ({ event }) => event },
        },
        'forgot.resend': { guard: 'canResend', target: 'resending' },
        'forgot.back': { target: 'phone', actions: 'forgetChallenge' },
        'forgot.tick': [
          { guard: 'codeRunsOut', target: 'expired', actions: 'countDown' },
          { actions: 'countDown' },
        ],
      },
    },
    resending: {
      tags: ['busy', 'step:otp'],
      invoke: {
        id: 'resend',
        src: 'resendChallenge',
        input: ({ context }) => ({
          client: context.client,
          challenge: requireChallenge(context.challenge).challenge,
        }),
        onDone: {
          target: 'code',
          actions: { type: 'startChallenge', params: ({ event }) => ({ challenge: event.output }) },
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
            target: 'code',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'expired',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
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
        'forgot.back': { target: 'code', actions: 'forgetCode' },
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
        onDone: { target: 'done', actions: 'forgetPassword' },
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
            guard: { type: 'codeRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'code',
            actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'newPassword',
            actions: { type: 'showResetError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    expired: {
      tags: ['step:otp'],
      on: {
        'forgot.resend': { guard: 'canResend', target: 'resending' },
        'forgot.restart': { target: 'phone', actions: 'forgetChallenge' },
      },
    },
    locked: {
      tags: ['step:otp'],
      on: { 'forgot.restart': { target: 'phone', actions: 'forgetChallenge' } },
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
