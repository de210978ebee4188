/**
 * Sign-in: phone and password (`auth_login`), then the code sent to the phone, confirmed by
 * the `otp` child (an `otpMachine`). Ends with the session to hand to the session machine.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { requireChallenge, requireSession } from './challenge.ts';
import { otpMachine } from './otpMachine.ts';
import type { OtpOutput } from './otpMachine.ts';
import type { ActCaller, OtpChallenge, SignedIn } from './sdk.ts';
import { checkLogin, serverFieldErrors } from './validation.ts';
import type { FieldErrors, LoginField } from './validation.ts';

export interface LoginInput {
  client: ActCaller;
}

export interface LoginContext {
  client: ActCaller;
  /** The phone of the last accepted form, in E.164 (kept to prefill the form on `login.back`). */
  phone: string;
  /** Kept only while the code is awaited, so `login.restart` can ask for a new challenge. */
  password: string;
  fieldErrors: FieldErrors<LoginField>;
  error: FlowError | null;
  challenge: OtpChallenge | null;
  signedIn: SignedIn | null;
}

export type LoginEvent =
  | { type: 'login.submit'; phone: string; password: string }
  | { type: 'login.back' }
  | { type: 'login.restart' };

export type LoginTag = 'busy' | 'step:form' | 'step:otp';
export type LoginStep = 'form' | 'otp';

const LOGIN_FIELDS: readonly LoginField[] = ['phone', 'password'];

/** auth_login: checks phone and password; answers the challenge of the code it sent. */
export const submitLogin = fromPromise<OtpChallenge, { client: ActCaller; phone: string; password: string }>(
  async ({ input, signal }) =>
    (await input.client.act('auth_login', { phone: input.phone, password: input.password }, { signal })).data,
);

export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    input: LoginInput;
    output: SignedIn;
    children: { otp: 'otpMachine'; submit: 'submitLogin' };
    tags: LoginTag;
  },
  actors: { submitLogin, otpMachine },
  guards: {
    formValid: (_, params: { phone: string; password: string }) => checkLogin(params).ok,
    verified: (_, params: { output: OtpOutput }) => params.output.status === 'verified',
  },
  actions: {
    acceptForm: assign((_, params: { phone: string; password: string }) => {
      const checked = checkLogin(params);
      return checked.ok
        ? { ...checked.value, fieldErrors: {}, error: null }
        : { fieldErrors: checked.fieldErrors, error: null };
    }),
    showFieldErrors: assign((_, params: { phone: string; password: string }) => {
      const checked = checkLogin(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showServerError: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      fieldErrors: serverFieldErrors(params.error, LOGIN_FIELDS),
      password: '',
    })),
    keepChallenge: assign((_, params: { challenge: OtpChallenge }) => ({ challenge: params.challenge })),
    leaveChallenge: assign({ challenge: null, password: '' }),
    keepSession: assign((_, params: { output: OtpOutput }) =>
      params.output.status === 'verified'
        ? { signedIn: params.output.signedIn, password: '', challenge: null }
        : {},
    ),
    restartChallenge: sendTo('otp', { type: 'otp.restart' }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    client: input.client,
    phone: '',
    password: '',
    fieldErrors: {},
    error: null,
    challenge: null,
    signedIn: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['step:form'],
      on: {
        'login.submit': [
          {
            guard: { type: 'formValid', params: ({ event }) => event },
            target: 'submitting',
            actions: { type: 'acceptForm', params: ({ event }) => event },
          },
          { actions: { type: 'showFieldErrors', params: ({ event }) => event } },
        ],
      },
    },
    submitting: {
      tags: ['busy', 'step:form'],
      invoke: {
        id: 'submit',
        src: 'submitLogin',
        input: ({ context }) => ({
          client: context.client,
          phone: context.phone,
          password: context.password,
        }),
        onDone: {
          target: 'verifying',
          actions: { type: 'keepChallenge', params: ({ event }) => ({ challenge: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verifying: {
      tags: ['step:otp'],
      invoke: {
        id: 'otp',
        src: 'otpMachine',
        input: ({ context }) => ({
          client: context.client,
          challenge: requireChallenge(context.challenge),
          purpose: 'login' as const,
        }),
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'keepSession', params: ({ event }) => ({ output: event.output }) },
          },
          // The challenge died and the user asked for a new one: log in again with the same form.
          { target: 'submitting' },
        ],
      },
      on: {
        'login.back': { target: 'editing', actions: 'leaveChallenge' },
        'login.restart': { actions: 'restartChallenge' },
      },
    },
    done: { type: 'final', tags: ['step:otp'] },
  },
  output: ({ context }) => requireSession(context.signedIn),
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** Which screen to show: the phone and password form, or the code (`snapshot.children.otp`). */
export function selectLoginStep(snapshot: LoginSnapshot): LoginStep {
  return snapshot.hasTag('step:otp') ? 'otp' : 'form';
}
