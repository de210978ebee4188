/**
 * Registration: name, phone and password (`auth_register`), then the code sent to the phone,
 * confirmed by the `otp` child (an `otpMachine`). Ends with the session of the new account.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { otpMachine } from './otpMachine.ts';
import type { OtpOutput } from './otpMachine.ts';
import type { ActCaller, OtpChallenge, SignedIn } from './sdk.ts';
import { checkRegister, serverFieldErrors } from './validation.ts';
import type { FieldErrors, RegisterField } from './validation.ts';
import { requireChallenge, requireSession } from './challenge.ts';

export interface RegisterInput {
  client: ActCaller;
}

export interface RegisterContext {
  client: ActCaller;
  /** The name of the last accepted form, trimmed. */
  name: string;
  /** The phone of the last accepted form, in E.164. */
  phone: string;
  /** Kept only while the code is awaited, so `register.restart` can ask for a new challenge. */
  password: string;
  fieldErrors: FieldErrors<RegisterField>;
  error: FlowError | null;
  challenge: OtpChallenge | null;
  signedIn: SignedIn | null;
}

/** What the form sends with `register.submit`. */
export interface RegisterForm {
  name: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export type RegisterEvent =
  ({ type: 'register.submit' } & RegisterForm) | { type: 'register.back' } | { type: 'register.restart' };

export type RegisterTag = 'busy' | 'step:form' | 'step:otp';
export type RegisterStep = 'form' | 'otp';

const REGISTER_FIELDS: readonly RegisterField[] = ['name', 'phone', 'password', 'confirmPassword'];

/** auth_register: starts the account; answers the challenge of the code it sent. */
export const submitRegister = fromPromise<
  OtpChallenge,
  { client: ActCaller; name: string; phone: string; password: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'auth_register',
        {
          name: input.name,
          phone: input.phone,
          password: input.password,
        },
        { signal },
      )
    ).data,
);

/** The server's field errors; `phone_taken` shows on the phone field. */
function registerServerErrors(error: unknown): {
  error: FlowError | null;
  fieldErrors: FieldErrors<RegisterField>;
} {
  const fieldErrors = serverFieldErrors(error, REGISTER_FIELDS);
  const flowError = toFlowError(error);
  if (reasonOf(error) === 'phone_taken') {
    return { error: null, fieldErrors: { ...fieldErrors, phone: { message: flowError.message } } };
  }
  return { error: flowError, fieldErrors };
}

export const registerMachine = setup({
  types: {} as {
    context: RegisterContext;
    events: RegisterEvent;
    input: RegisterInput;
    output: SignedIn;
    children: { otp: 'otpMachine'; submit: 'submitRegister' };
    tags: RegisterTag;
  },
  actors: { submitRegister, otpMachine },
  guards: {
    formValid: (_, params: RegisterForm) => checkRegister(params).ok,
    verified: (_, params: { output: OtpOutput }) => params.output.status === 'verified',
  },
  actions: {
    acceptForm: assign((_, params: RegisterForm) => {
      const checked = checkRegister(params);
      return checked.ok
        ? { ...checked.value, fieldErrors: {}, error: null }
        : { fieldErrors: checked.fieldErrors, error: null };
    }),
    showFieldErrors: assign((_, params: RegisterForm) => {
      const checked = checkRegister(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showServerError: assign((_, params: { error: unknown }) => ({
      ...registerServerErrors(params.error),
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
  id: 'register',
  context: ({ input }) => ({
    client: input.client,
    name: '',
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
        'register.submit': [
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
        src: 'submitRegister',
        input: ({ context }) => ({
          client: context.client,
          name: context.name,
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
          purpose: 'register' as const,
        }),
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'keepSession', params: ({ event }) => ({ output: event.output }) },
          },
          // The challenge died and the user asked for a new one: register again with the same form.
          { target: 'submitting' },
        ],
      },
      on: {
        'register.back': { target: 'editing', actions: 'leaveChallenge' },
        'register.restart': { actions: 'restartChallenge' },
      },
    },
    done: { type: 'final', tags: ['step:otp'] },
  },
  output: ({ context }) => requireSession(context.signedIn),
});

export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** Which screen to show: the registration form, or the code (`snapshot.children.otp`). */
export function selectRegisterStep(snapshot: RegisterSnapshot): RegisterStep {
  return snapshot.hasTag('step:otp') ? 'otp' : 'form';
}
