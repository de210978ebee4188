/**
 * Moving the account to a new phone, in two steps: the new phone and the current password
 * (`profile_phone_change`, which sends a code to the new phone), then that code, taken by the
 * `otp` child (an `otpMachine` with purpose `phone`: `profile_phone_confirm`, the sign-in code
 * rules, countdowns and resend). Success emits `phone.changed` with the user and returns to an
 * empty form; `phone.back` (or a dead challenge the user restarts) returns to the form too.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { requireChallenge } from './challenge.ts';
import { otpMachine } from './otpMachine.ts';
import type { OtpOutput } from './otpMachine.ts';
import { checkPhoneChange } from './profileChecks.ts';
import type { PhoneChangeField } from './profileChecks.ts';
import type { ActCaller, OtpChallenge, User } from './sdk.ts';
import { serverFieldErrors } from './validation.ts';
import type { FieldErrors } from './validation.ts';

export interface ProfilePhoneInput {
  client: ActCaller;
}

export interface ProfilePhoneContext {
  client: ActCaller;
  /** The new phone (E.164) and the password, only while the code is asked for. */
  pending: { phone: string; password: string } | null;
  challenge: OtpChallenge | null;
  fieldErrors: FieldErrors<PhoneChangeField>;
  error: FlowError | null;
}

export interface PhoneChangeForm {
  phone: string;
  password: string;
}

/** The code itself goes to the `otp` child (`otp.change`, `otp.submit`, `otp.resend`, `otp.restart`). */
export type ProfilePhoneEvent = ({ type: 'phone.submit' } & PhoneChangeForm) | { type: 'phone.back' };

export type ProfilePhoneEmitted = { type: 'phone.changed'; user: User };
/** `code`: the `otp` child (`snapshot.children.otp`) shows the code, expired or locked step. */
export type ProfilePhoneStep = 'form' | 'code';

const PHONE_FIELDS: readonly PhoneChangeField[] = ['phone', 'password'];

/** profile_phone_change: checks the password and sends a code to the new phone. */
export const requestPhoneChange = fromPromise<
  OtpChallenge,
  { client: ActCaller; phone: string; password: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'profile_phone_change',
        { phone: input.phone, password: input.password },
        { signal },
      )
    ).data,
);

/** The server's refusal of the first step: `phone_taken` on the phone, `wrong_password` on the password. */
function requestErrors(error: unknown): {
  fieldErrors: FieldErrors<PhoneChangeField>;
  error: FlowError | null;
} {
  const fieldErrors = serverFieldErrors(error, PHONE_FIELDS);
  const flowError = toFlowError(error);
  const reason = reasonOf(error);
  if (reason === 'phone_taken') fieldErrors.phone ??= { message: flowError.message };
  if (reason === 'wrong_password') fieldErrors.password ??= { message: flowError.message };
  return { fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : flowError };
}

export const profilePhoneMachine = setup({
  types: {} as {
    context: ProfilePhoneContext;
    events: ProfilePhoneEvent;
    input: ProfilePhoneInput;
    emitted: ProfilePhoneEmitted;
    children: { request: 'requestPhoneChange'; otp: 'otpMachine' };
  },
  actors: { requestPhoneChange, otpMachine },
  guards: {
    formValid: (_, params: PhoneChangeForm) => checkPhoneChange(params).ok,
    confirmed: (_, params: { output: OtpOutput }) => params.output.status === 'confirmed',
  },
  actions: {
    acceptForm: assign((_, params: PhoneChangeForm) => {
      const checked = checkPhoneChange(params);
      return { pending: checked.ok ? checked.value : null, fieldErrors: {}, error: null };
    }),
    showFieldErrors: assign((_, params: PhoneChangeForm) => {
      const checked = checkPhoneChange(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showRequestError: assign((_, params: { error: unknown }) => ({
      ...requestErrors(params.error),
      pending: null,
    })),
    startChallenge: assign((_, params: { challenge: OtpChallenge }) => ({
      challenge: params.challenge,
      error: null,
    })),
    leaveChallenge: assign({ pending: null, challenge: null, fieldErrors: {}, error: null }),
    announce: emit((_, params: { output: OtpOutput }) => {
      if (params.output.status !== 'confirmed') throw new Error('Only a confirmed code changes the phone');
      return { type: 'phone.changed' as const, user: params.output.user };
    }),
  },
}).createMachine({
  id: 'profilePhone',
  context: ({ input }) => ({
    client: input.client,
    pending: null,
    challenge: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['step:form'],
      on: {
        'phone.submit': [
          {
            guard: { type: 'formValid', params: ({ event }) => event },
            target: 'requesting',
            actions: { type: 'acceptForm', params: ({ event }) => event },
          },
          { actions: { type: 'showFieldErrors', params: ({ event }) => event } },
        ],
      },
    },
    requesting: {
      tags: ['busy', 'step:form'],
      invoke: {
        id: 'request',
        src: 'requestPhoneChange',
        input: ({ context }) => {
          if (context.pending === null) throw new Error('Requesting needs a checked form');
          return { client: context.client, ...context.pending };
        },
        onDone: {
          target: 'code',
          actions: { type: 'startChallenge', params: ({ event }) => ({ challenge: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showRequestError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    code: {
      tags: ['step:code'],
      invoke: {
        id: 'otp',
        src: 'otpMachine',
        input: ({ context }) => ({
          client: context.client,
          challenge: requireChallenge(context.challenge),
          purpose: 'phone' as const,
        }),
        onDone: [
          {
            guard: { type: 'confirmed', params: ({ event }) => ({ output: event.output }) },
            target: 'editing',
            actions: [
              'leaveChallenge',
              { type: 'announce', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          // The challenge died or expired and the user starts over: back to the form.
          { target: 'editing', actions: 'leaveChallenge' },
        ],
      },
      on: { 'phone.back': { target: 'editing', actions: 'leaveChallenge' } },
    },
  },
});

export type ProfilePhoneSnapshot = SnapshotFrom<typeof profilePhoneMachine>;

/** Which part of the phone change shows: the form, or the code step (`snapshot.children.otp`). */
export function selectProfilePhoneStep(snapshot: ProfilePhoneSnapshot): ProfilePhoneStep {
  return snapshot.hasTag('step:code') ? 'code' : 'form';
}
