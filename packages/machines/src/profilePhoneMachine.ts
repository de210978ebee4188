/**
 * Moving the account to a new phone, in two steps: the new phone and the current password
 * (`profile_phone_change`, which sends a code to the new phone), then that code
 * (`profile_phone_confirm`). The code step keeps the sign-in code rules of `challenge.ts`:
 * six digits, the expiry and resend countdowns driven by `phone.tick` (the `ticker` actor), a
 * resend with `auth_resend_otp`, a dead challenge after five wrong codes. Success emits
 * `phone.changed` with the user and returns to an empty form.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { OTP_ATTEMPTS, isCompleteCode, resendChallenge, toOtpCode } from './challenge.ts';
import { checkPhoneChange } from './profileChecks.ts';
import type { PhoneChangeField } from './profileChecks.ts';
import { challengeActions, challengeGuards } from './challengeStep.ts';
import type { ActCaller, OtpChallenge, User } from './sdk.ts';
import { createTicker } from './ticker.ts';
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
  code: string;
  attemptsLeft: number;
  expiresIn: number;
  resendIn: number;
  fieldErrors: FieldErrors<PhoneChangeField>;
  error: FlowError | null;
}

export interface PhoneChangeForm {
  phone: string;
  password: string;
}

export type ProfilePhoneEvent =
  | ({ type: 'phone.submit' } & PhoneChangeForm)
  | { type: 'phone.code'; code: string }
  | { type: 'phone.confirm' }
  | { type: 'phone.resend' }
  | { type: 'phone.tick' }
  | { type: 'phone.back' };

export type ProfilePhoneEmitted = { type: 'phone.changed'; user: User };
export type ProfilePhoneStep = 'form' | 'code' | 'expired' | 'locked';

const PHONE_FIELDS: readonly PhoneChangeField[] = ['phone', 'password'];

/** profile_phone_change: checks the password and sends a code to the new phone. */
export const requestPhoneChange = fromPromise<
  OtpChallenge,
  { client: ActCaller; phone: string; password: string }
>(
  async ({ input }) =>
    (await input.client.act('profile_phone_change', { phone: input.phone, password: input.password })).data,
);

/** profile_phone_confirm: the code; answers the user with the new phone. */
export const confirmPhoneChange = fromPromise<User, { client: ActCaller; challenge: string; code: string }>(
  async ({ input }) =>
    (await input.client.act('profile_phone_confirm', { challenge: input.challenge, code: input.code })).data,
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

const noChallenge = {
  pending: null,
  challenge: null,
  code: '',
  attemptsLeft: OTP_ATTEMPTS,
  expiresIn: 0,
  resendIn: 0,
} as const;

export const profilePhoneMachine = setup({
  types: {} as {
    context: ProfilePhoneContext;
    events: ProfilePhoneEvent;
    input: ProfilePhoneInput;
    emitted: ProfilePhoneEmitted;
    children: {
      request: 'requestPhoneChange';
      confirm: 'confirmPhoneChange';
      resend: 'resendChallenge';
      ticker: 'ticker';
    };
  },
  actors: { requestPhoneChange, confirmPhoneChange, resendChallenge, ticker: createTicker('phone.tick') },
  guards: {
    formValid: (_, params: PhoneChangeForm) => checkPhoneChange(params).ok,
    codeComplete: ({ context }) => isCompleteCode(context.code),
    ...challengeGuards,
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
      expiresIn: params.challenge.expiresIn,
      resendIn: params.challenge.resendIn,
      attemptsLeft: OTP_ATTEMPTS,
      code: '',
      error: null,
    })),
    leaveChallenge: assign({ ...noChallenge, fieldErrors: {}, error: null }),
    ...challengeActions<ProfilePhoneContext, ProfilePhoneEvent>(),
    setCode: assign((_, params: { code: string }) => ({ code: toOtpCode(params.code), error: null })),
    clearError: assign({ error: null }),
    announce: emit((_, params: { user: User }) => ({ type: 'phone.changed' as const, user: params.user })),
  },
}).createMachine({
  id: 'profilePhone',
  context: ({ input }) => ({ client: input.client, ...noChallenge, fieldErrors: {}, error: null }),
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
      // One clock for the challenge, while the code step shows.
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'phone.tick': { actions: 'countDown' },
        'phone.back': { target: 'editing', actions: 'leaveChallenge' },
      },
      initial: 'entering',
      states: {
        entering: {
          tags: ['step:code'],
          on: {
            'phone.code': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
            'phone.confirm': { guard: 'codeComplete', target: 'verifying', actions: 'clearError' },
            'phone.resend': { guard: 'canResend', target: 'resending', actions: 'clearError' },
            'phone.tick': [
              { guard: 'codeRunsOut', target: 'expired', actions: 'countDown' },
              { actions: 'countDown' },
            ],
          },
        },
        verifying: {
          tags: ['busy', 'step:code'],
          invoke: {
            id: 'confirm',
            src: 'confirmPhoneChange',
            input: ({ context }) => ({
              client: context.client,
              challenge: context.challenge?.challenge ?? '',
              code: context.code,
            }),
            onDone: {
              target: '#profilePhone.editing',
              actions: [
                'leaveChallenge',
                { type: 'announce', params: ({ event }) => ({ user: event.output }) },
              ],
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
            input: ({ context }) => ({
              client: context.client,
              challenge: context.challenge?.challenge ?? '',
            }),
            onDone: {
              target: 'entering',
              actions: { type: 'startChallenge', params: ({ event }) => ({ challenge: event.output }) },
            },
            onError: [
              {
                guard: { type: 'challengeDead', params: ({ event }) => ({ error: event.error }) },
                target: 'locked',
                actions: { type: 'rejectCode', params: ({ event }) => ({ error: event.error }) },
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
          on: { 'phone.resend': { guard: 'canResend', target: 'resending' } },
        },
        locked: { tags: ['step:locked'] },
      },
    },
  },
});

export type ProfilePhoneSnapshot = SnapshotFrom<typeof profilePhoneMachine>;

/** Which part of the phone change shows: the form, the code, or the expired or locked notice. */
export function selectProfilePhoneStep(snapshot: ProfilePhoneSnapshot): ProfilePhoneStep {
  if (snapshot.hasTag('step:locked')) return 'locked';
  if (snapshot.hasTag('step:expired')) return 'expired';
  if (snapshot.hasTag('step:code')) return 'code';
  return 'form';
}
