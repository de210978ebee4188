/**
 * Adding a WhatsApp number (`/project/account/{key}`, "Tambah nomor WhatsApp"): the WhatsApp
 * Business Account id, Meta's phone number id, an access token and a name. `accountForm.submit`
 * checks the form (validation.ts) and sends `account_create`, which asks Meta before storing
 * anything; a token Meta refuses, a number that token may not read or that is not in the WABA
 * come back as field errors beside their fields, anything else as `error`. The form ends
 * `verified` with the number as Meta answered it (verified name, display number, quality, tier);
 * accountsMachine runs it and starts a fresh one after each number added.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { WhatsAppAccount } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { ACCOUNT_FIELDS, checkAccount, serverFieldErrors } from './validation.ts';
import type { AccountField, AccountForm, FieldErrors } from './validation.ts';

export interface AccountFormInput {
  client: ActCaller;
  key: string;
}

export interface AccountFormContext {
  client: ActCaller;
  key: string;
  draft: AccountForm;
  fieldErrors: FieldErrors<AccountField>;
  /** Why the last try failed, when it was not a field's fault (Meta unreachable, no access). */
  error: FlowError | null;
  /** The number as Meta answered it (state `verified`). */
  account: WhatsAppAccount | null;
}

export type AccountFormEvent =
  { type: 'accountForm.change'; field: AccountField; value: string } | { type: 'accountForm.submit' };

/** The number added, as Meta verified it. */
export type AccountFormOutput = WhatsAppAccount;

export type AccountFormTag = 'verifying' | 'busy';

export const emptyAccountForm: AccountForm = { name: '', wabaId: '', phoneNumberId: '', accessToken: '' };

/** account_create: Meta is asked first; the number is stored only when it answered for it. */
export const verifyAccount = fromPromise<
  WhatsAppAccount,
  { client: ActCaller; key: string; form: AccountForm }
>(
  async ({ input, signal }) =>
    (await input.client.act('account_create', { key: input.key, ...input.form }, { signal })).data,
);

export const accountFormMachine = setup({
  types: {} as {
    context: AccountFormContext;
    events: AccountFormEvent;
    input: AccountFormInput;
    output: AccountFormOutput;
    tags: AccountFormTag;
    children: { verify: 'verifyAccount' };
  },
  actors: { verifyAccount },
  guards: {
    formValid: ({ context }) => checkAccount(context.draft).ok,
  },
  actions: {
    change: assign(({ context }, params: { field: AccountField; value: string }) => {
      const { [params.field]: _changed, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, [params.field]: params.value }, fieldErrors };
    }),
    showCheckErrors: assign(({ context }) => {
      const checked = checkAccount(context.draft);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, error: null };
    }),
    startVerify: assign({ fieldErrors: {}, error: null }),
    showVerifyError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, ACCOUNT_FIELDS);
      return {
        fieldErrors,
        error: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    keepVerified: assign((_, params: { account: WhatsAppAccount }) => ({ account: params.account })),
  },
}).createMachine({
  id: 'accountForm',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    draft: emptyAccountForm,
    fieldErrors: {},
    error: null,
    account: null,
  }),
  initial: 'filling',
  states: {
    filling: {
      on: {
        'accountForm.change': { actions: { type: 'change', params: ({ event }) => event } },
        'accountForm.submit': [
          { guard: 'formValid', target: 'verifying', actions: 'startVerify' },
          { actions: 'showCheckErrors' },
        ],
      },
    },
    verifying: {
      tags: ['verifying', 'busy'],
      // Typing goes on while Meta is asked: the request carries the form as submitted.
      on: { 'accountForm.change': { actions: { type: 'change', params: ({ event }) => event } } },
      invoke: {
        id: 'verify',
        src: 'verifyAccount',
        input: ({ context }) => {
          const checked = checkAccount(context.draft);
          return {
            client: context.client,
            key: context.key,
            form: checked.ok ? checked.value : context.draft,
          };
        },
        onDone: {
          target: 'verified',
          actions: { type: 'keepVerified', params: ({ event }) => ({ account: event.output }) },
        },
        onError: {
          target: 'filling',
          actions: { type: 'showVerifyError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verified: { type: 'final' },
  },
  // `verified` is reached only with the account Meta answered for.
  output: ({ context }) => context.account as WhatsAppAccount,
});

export type AccountFormSnapshot = SnapshotFrom<typeof accountFormMachine>;

export function selectAccountDraft(snapshot: AccountFormSnapshot): AccountForm {
  return snapshot.context.draft;
}

export function selectAccountFormErrors(snapshot: AccountFormSnapshot): {
  fields: FieldErrors<AccountField>;
  error: FlowError | null;
} {
  return { fields: snapshot.context.fieldErrors, error: snapshot.context.error };
}

/** Whether Meta is being asked (the form is not submitted again meanwhile). */
export function selectAccountVerifying(snapshot: AccountFormSnapshot): boolean {
  return snapshot.hasTag('verifying');
}
