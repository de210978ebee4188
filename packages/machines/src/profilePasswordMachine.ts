/**
 * The profile's password change (`profile_password_change`): the current password, a new one
 * typed twice. A wrong current password shows beside its field (`wrong_password` carries the
 * text on `currentPassword`); success emits `password.changed` (every other device is signed out).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { checkPasswordChange } from './profileChecks.ts';
import type { PasswordChangeField, PasswordChangeForm } from './profileChecks.ts';
import type { ActCaller } from './sdk.ts';
import { serverFieldErrors } from './validation.ts';
import type { FieldErrors } from './validation.ts';

export interface ProfilePasswordInput {
  client: ActCaller;
}

export interface ProfilePasswordContext {
  client: ActCaller;
  /** The checked passwords, only while they are sent. */
  pending: { currentPassword: string; password: string } | null;
  fieldErrors: FieldErrors<PasswordChangeField>;
  error: FlowError | null;
}

export type ProfilePasswordEvent = { type: 'password.submit' } & PasswordChangeForm;
export type ProfilePasswordEmitted = { type: 'password.changed' };

const PASSWORD_FIELDS: readonly PasswordChangeField[] = ['currentPassword', 'password', 'confirmPassword'];

export const changePassword = fromPromise<
  void,
  { client: ActCaller; currentPassword: string; password: string }
>(async ({ input, signal }) => {
  await input.client.act(
    'profile_password_change',
    {
      currentPassword: input.currentPassword,
      password: input.password,
    },
    { signal },
  );
});

export const profilePasswordMachine = setup({
  types: {} as {
    context: ProfilePasswordContext;
    events: ProfilePasswordEvent;
    input: ProfilePasswordInput;
    emitted: ProfilePasswordEmitted;
    children: { change: 'changePassword' };
  },
  actors: { changePassword },
  guards: {
    formValid: (_, params: PasswordChangeForm) => checkPasswordChange(params).ok,
  },
  actions: {
    acceptForm: assign((_, params: PasswordChangeForm) => {
      const checked = checkPasswordChange(params);
      return { pending: checked.ok ? checked.value : null, fieldErrors: {}, error: null };
    }),
    showFieldErrors: assign((_, params: PasswordChangeForm) => {
      const checked = checkPasswordChange(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showServerError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, PASSWORD_FIELDS);
      return {
        pending: null,
        fieldErrors,
        error: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    forget: assign({ pending: null }),
    announce: emit({ type: 'password.changed' as const }),
  },
}).createMachine({
  id: 'profilePassword',
  context: ({ input }) => ({ client: input.client, pending: null, fieldErrors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          {
            guard: { type: 'formValid', params: ({ event }) => event },
            target: 'saving',
            actions: { type: 'acceptForm', params: ({ event }) => event },
          },
          { actions: { type: 'showFieldErrors', params: ({ event }) => event } },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'changePassword',
        input: ({ context }) => {
          if (context.pending === null) throw new Error('Saving needs checked passwords');
          return { client: context.client, ...context.pending };
        },
        onDone: { target: 'editing', actions: ['forget', 'announce'] },
        onError: {
          target: 'editing',
          actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ProfilePasswordSnapshot = SnapshotFrom<typeof profilePasswordMachine>;
