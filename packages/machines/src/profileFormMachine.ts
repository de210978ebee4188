/**
 * The profile's name, language and theme (`profile_update`). A valid form is saved and the
 * answered user is emitted (`profile.saved`), so the session, the header and the preferences
 * follow; field errors (client or server) show beside their field.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { checkProfile } from './profileChecks.ts';
import type { ProfileField, ProfileForm } from './profileChecks.ts';
import type { ActCaller, User } from './sdk.ts';
import { serverFieldErrors } from './validation.ts';
import type { FieldErrors } from './validation.ts';

export interface ProfileFormInput {
  client: ActCaller;
}

export interface ProfileFormContext {
  client: ActCaller;
  /** The checked form being saved. */
  form: ProfileForm | null;
  fieldErrors: FieldErrors<ProfileField>;
  error: FlowError | null;
}

export type ProfileFormEvent = { type: 'profile.save' } & ProfileForm;
export type ProfileFormEmitted = { type: 'profile.saved'; user: User };

const PROFILE_FIELDS: readonly ProfileField[] = ['name'];

/** profile_update: the name, language and theme; answers the user. */
export const saveProfile = fromPromise<User, { client: ActCaller; form: ProfileForm }>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'profile_update',
        {
          name: input.form.name,
          language: input.form.language,
          theme: input.form.theme,
        },
        { signal },
      )
    ).data,
);

export const profileFormMachine = setup({
  types: {} as {
    context: ProfileFormContext;
    events: ProfileFormEvent;
    input: ProfileFormInput;
    emitted: ProfileFormEmitted;
    children: { save: 'saveProfile' };
  },
  actors: { saveProfile },
  guards: {
    formValid: (_, params: ProfileForm) => checkProfile(params).ok,
  },
  actions: {
    acceptForm: assign((_, params: ProfileForm) => {
      const checked = checkProfile(params);
      return { form: checked.ok ? checked.value : null, fieldErrors: {}, error: null };
    }),
    showFieldErrors: assign((_, params: ProfileForm) => {
      const checked = checkProfile(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    showServerError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, PROFILE_FIELDS);
      return {
        form: null,
        fieldErrors,
        error: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    announceSaved: emit((_, params: { user: User }) => ({
      type: 'profile.saved' as const,
      user: params.user,
    })),
    forgetForm: assign({ form: null }),
  },
}).createMachine({
  id: 'profileForm',
  context: ({ input }) => ({ client: input.client, form: null, fieldErrors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'profile.save': [
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
        id: 'save',
        src: 'saveProfile',
        input: ({ context }) => {
          if (context.form === null) throw new Error('Saving needs a checked form');
          return { client: context.client, form: context.form };
        },
        onDone: {
          target: 'editing',
          actions: [{ type: 'announceSaved', params: ({ event }) => ({ user: event.output }) }, 'forgetForm'],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ProfileFormSnapshot = SnapshotFrom<typeof profileFormMachine>;
