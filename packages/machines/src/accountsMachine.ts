/**
 * A project's WhatsApp numbers (`/project/account/{key}`, and the inbox's number filter): the
 * list (`account_list`) kept live (`account.status` -> `accounts.statusChanged`,
 * `account.updated` -> `accounts.updated`, `account.deleted` -> `accounts.deleted`, and a fresh
 * list after a reconnection); adding a number through the verification form (accountFormMachine,
 * the `form` child, started again after each number it adds); renaming one, giving it a new
 * access token or setting its broadcast rate (`account_update`; an empty rate is Meta's default),
 * reading it from Meta again (`account_refresh`), logging it
 * out (`account_logout`) and deleting it (`account_delete`). One change runs at a time; each
 * form's field errors and each failure stay until the next try.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { AccountStatus, WhatsAppAccount } from '@sapa/sdk';
import { accountFormMachine } from './accountFormMachine.ts';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import {
  ACCOUNT_CHANGE_FIELDS,
  checkAccessToken,
  checkAccountName,
  checkBroadcastRate,
  checkWabaId,
  serverFieldErrors,
} from './validation.ts';
import type { AccountChangeField, FieldErrors } from './validation.ts';

export interface AccountsInput {
  client: ActCaller;
  key: string;
}

/** The change in flight or last tried: which account and what. */
export interface AccountChange {
  kind: 'rename' | 'token' | 'waba' | 'rate' | 'refresh' | 'logout' | 'delete';
  accountId: string;
}

export interface AccountsContext {
  client: ActCaller;
  key: string;
  /** Oldest first, as `account_list` answers. */
  accounts: WhatsAppAccount[];
  /** Why the list could not be loaded (state `failed`). */
  error: FlowError | null;
  /** The change in flight, or the last one (with its errors). */
  change: AccountChange | null;
  /** The fields of the change in flight. */
  pending: {
    id?: string;
    name?: string;
    accessToken?: string;
    wabaId?: string;
    broadcastRate?: number | null;
  };
  fieldErrors: FieldErrors<AccountChangeField>;
  /** Why the last change failed, when it was not a field's fault. */
  changeError: FlowError | null;
  /** Changes that succeeded so far: the web closes its form when this grows. */
  saved: number;
  /** The number the verification form added last (its verified facts are shown until the next). */
  added: WhatsAppAccount | null;
}

export type AccountsEvent =
  | { type: 'accounts.retry' }
  | { type: 'accounts.resync' }
  | { type: 'accounts.statusChanged'; accountId: string; status: AccountStatus }
  /** Live: a number was added, read from Meta again or changed (`account.updated`). */
  | { type: 'accounts.updated'; account: WhatsAppAccount }
  /** Live: a number was deleted (`account.deleted`). */
  | { type: 'accounts.deleted'; accountId: string }
  | { type: 'accounts.rename'; id: string; name: string }
  | { type: 'accounts.renewToken'; id: string; accessToken: string }
  /** Gives a number stored without one its WhatsApp Business Account (Meta checks it first). */
  | { type: 'accounts.setWaba'; id: string; wabaId: string }
  /** Sets the number's broadcast rate as typed (messages a second; empty: Meta's default, 80). */
  | { type: 'accounts.setRate'; id: string; rate: string }
  /** Reads the number from Meta again: verified name, quality rating, messaging tier. */
  | { type: 'accounts.refresh'; id: string }
  | { type: 'accounts.logout'; id: string }
  /** Deletes the number (the web asks first). */
  | { type: 'accounts.delete'; id: string }
  /** Forgets the last change's errors (a form was closed). */
  | { type: 'accounts.dismiss' };

export type AccountsTag = 'loading' | 'busy' | 'error' | 'ready' | 'saving';
export type AccountsStatus = 'loading' | 'failed' | 'empty' | 'ready';

/** account_list: the project's numbers, oldest first. */
export const loadAccounts = fromPromise<WhatsAppAccount[], { client: ActCaller; key: string }>(
  async ({ input, signal }) => (await input.client.act('account_list', { key: input.key }, { signal })).data,
);

/**
 * One change of an account: account_update, account_refresh, account_logout (each answers the
 * account as it now is) or account_delete (answers its id).
 */
export const saveAccount = fromPromise<
  WhatsAppAccount | { id: string },
  { client: ActCaller; key: string; change: AccountChange; pending: AccountsContext['pending'] }
>(async ({ input, signal }) => {
  const { client, key, change, pending } = input;
  const id = pending.id ?? '';
  switch (change.kind) {
    case 'rename':
      return (await client.act('account_update', { key, id, name: pending.name ?? '' }, { signal })).data;
    case 'token':
      return (
        await client.act('account_update', { key, id, accessToken: pending.accessToken ?? '' }, { signal })
      ).data;
    case 'waba':
      return (await client.act('account_update', { key, id, wabaId: pending.wabaId ?? '' }, { signal })).data;
    case 'rate':
      return (
        await client.act(
          'account_update',
          { key, id, broadcastRate: pending.broadcastRate ?? null },
          { signal },
        )
      ).data;
    case 'refresh':
      return (await client.act('account_refresh', { key, id }, { signal })).data;
    case 'logout':
      return (await client.act('account_logout', { key, id }, { signal })).data;
    case 'delete':
      return (await client.act('account_delete', { key, id }, { signal })).data;
  }
});

type Context = AccountsContext;

function withAccount(list: readonly WhatsAppAccount[], account: WhatsAppAccount): WhatsAppAccount[] {
  return list.some((item) => item.id === account.id)
    ? list.map((item) => (item.id === account.id ? account : item))
    : [...list, account];
}

function isAccount(output: WhatsAppAccount | { id: string }): output is WhatsAppAccount {
  return 'phoneNumberId' in output;
}

function knows(context: Context, id: string): boolean {
  return context.accounts.some((account) => account.id === id);
}

const noErrors = { fieldErrors: {}, changeError: null } as const;

export const accountsMachine = setup({
  types: {} as {
    context: AccountsContext;
    events: AccountsEvent;
    input: AccountsInput;
    children: { list: 'loadAccounts'; refresh: 'loadAccounts'; save: 'saveAccount'; form: 'accountForm' };
    tags: AccountsTag;
  },
  actors: { loadAccounts, saveAccount, accountForm: accountFormMachine },
  guards: {
    renameValid: ({ context }, params: { id: string; name: string }) =>
      knows(context, params.id) && checkAccountName(params).ok,
    known: ({ context }, params: { id: string }) => knows(context, params.id),
    tokenValid: ({ context }, params: { id: string; accessToken: string }) =>
      knows(context, params.id) && checkAccessToken(params).ok,
    wabaValid: ({ context }, params: { id: string; wabaId: string }) =>
      knows(context, params.id) && checkWabaId(params).ok,
    rateValid: ({ context }, params: { id: string; rate: string }) =>
      knows(context, params.id) && checkBroadcastRate(params).ok,
    logoutAllowed: ({ context }, params: { id: string }) =>
      context.accounts.some((account) => account.id === params.id && account.status !== 'logged_out'),
  },
  actions: {
    keepAccounts: assign((_, params: { accounts: WhatsAppAccount[] }) => ({
      accounts: params.accounts,
      error: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    setStatus: assign(({ context }, params: { accountId: string; status: AccountStatus }) => ({
      accounts: context.accounts.map((account) =>
        account.id === params.accountId ? { ...account, status: params.status } : account,
      ),
    })),
    putAccount: assign(({ context }, params: { account: WhatsAppAccount }) => ({
      accounts: withAccount(context.accounts, params.account),
    })),
    dropAccount: assign(({ context }, params: { accountId: string }) => ({
      accounts: context.accounts.filter((account) => account.id !== params.accountId),
      added: context.added?.id === params.accountId ? null : context.added,
    })),
    keepAdded: assign(({ context }, params: { account: WhatsAppAccount }) => ({
      accounts: withAccount(context.accounts, params.account),
      added: params.account,
    })),
    startRename: assign((_, params: { id: string; name: string }) => ({
      change: { kind: 'rename' as const, accountId: params.id },
      pending: { id: params.id, name: params.name.trim() },
      ...noErrors,
    })),
    showRenameErrors: assign((_, params: { id: string; name: string }) => {
      const checked = checkAccountName(params);
      return {
        change: { kind: 'rename' as const, accountId: params.id },
        fieldErrors: checked.ok ? {} : checked.fieldErrors,
        changeError: null,
      };
    }),
    startToken: assign((_, params: { id: string; accessToken: string }) => ({
      change: { kind: 'token' as const, accountId: params.id },
      pending: { id: params.id, accessToken: params.accessToken.trim() },
      ...noErrors,
    })),
    showTokenErrors: assign((_, params: { id: string; accessToken: string }) => {
      const checked = checkAccessToken(params);
      return {
        change: { kind: 'token' as const, accountId: params.id },
        fieldErrors: checked.ok ? {} : checked.fieldErrors,
        changeError: null,
      };
    }),
    startWaba: assign((_, params: { id: string; wabaId: string }) => ({
      change: { kind: 'waba' as const, accountId: params.id },
      pending: { id: params.id, wabaId: params.wabaId.trim() },
      ...noErrors,
    })),
    showWabaErrors: assign((_, params: { id: string; wabaId: string }) => {
      const checked = checkWabaId(params);
      return {
        change: { kind: 'waba' as const, accountId: params.id },
        fieldErrors: checked.ok ? {} : checked.fieldErrors,
        changeError: null,
      };
    }),
    startRate: assign((_, params: { id: string; rate: string }) => {
      const checked = checkBroadcastRate(params);
      return {
        change: { kind: 'rate' as const, accountId: params.id },
        pending: { id: params.id, broadcastRate: checked.ok ? checked.value.broadcastRate : null },
        ...noErrors,
      };
    }),
    showRateErrors: assign((_, params: { id: string; rate: string }) => {
      const checked = checkBroadcastRate(params);
      return {
        change: { kind: 'rate' as const, accountId: params.id },
        fieldErrors: checked.ok ? {} : checked.fieldErrors,
        changeError: null,
      };
    }),
    startChange: assign((_, params: { id: string; kind: 'refresh' | 'logout' | 'delete' }) => ({
      change: { kind: params.kind, accountId: params.id },
      pending: { id: params.id },
      ...noErrors,
    })),
    keepSaved: assign(({ context }, params: { output: WhatsAppAccount | { id: string } }) => ({
      accounts: isAccount(params.output)
        ? withAccount(context.accounts, params.output)
        : context.accounts.filter((account) => account.id !== params.output.id),
      added: !isAccount(params.output) && context.added?.id === params.output.id ? null : context.added,
      pending: {},
      saved: context.saved + 1,
    })),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = serverFieldErrors(params.error, ACCOUNT_CHANGE_FIELDS);
      return {
        pending: {},
        fieldErrors: fields,
        changeError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
    dismiss: assign({ change: null, ...noErrors }),
  },
}).createMachine({
  id: 'accounts',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    accounts: [],
    error: null,
    change: null,
    pending: {},
    ...noErrors,
    saved: 0,
    added: null,
  }),
  initial: 'loading',
  on: {
    'accounts.statusChanged': { actions: { type: 'setStatus', params: ({ event }) => event } },
    'accounts.updated': { actions: { type: 'putAccount', params: ({ event }) => event } },
    'accounts.deleted': { actions: { type: 'dropAccount', params: ({ event }) => event } },
  },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'list',
        src: 'loadAccounts',
        input: ({ context }) => ({ client: context.client, key: context.key }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'accounts.resync': { target: 'loading', reenter: true } },
    },
    failed: {
      tags: ['error'],
      on: { 'accounts.retry': 'loading', 'accounts.resync': 'loading' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        changes: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'accounts.resync': 'refreshing',
                'accounts.dismiss': { actions: 'dismiss' },
                'accounts.rename': [
                  {
                    guard: { type: 'renameValid', params: ({ event }) => event },
                    target: 'saving',
                    actions: { type: 'startRename', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'known', params: ({ event }) => event },
                    actions: { type: 'showRenameErrors', params: ({ event }) => event },
                  },
                ],
                'accounts.renewToken': [
                  {
                    guard: { type: 'tokenValid', params: ({ event }) => event },
                    target: 'saving',
                    actions: { type: 'startToken', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'known', params: ({ event }) => event },
                    actions: { type: 'showTokenErrors', params: ({ event }) => event },
                  },
                ],
                'accounts.setWaba': [
                  {
                    guard: { type: 'wabaValid', params: ({ event }) => event },
                    target: 'saving',
                    actions: { type: 'startWaba', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'known', params: ({ event }) => event },
                    actions: { type: 'showWabaErrors', params: ({ event }) => event },
                  },
                ],
                'accounts.setRate': [
                  {
                    guard: { type: 'rateValid', params: ({ event }) => event },
                    target: 'saving',
                    actions: { type: 'startRate', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'known', params: ({ event }) => event },
                    actions: { type: 'showRateErrors', params: ({ event }) => event },
                  },
                ],
                'accounts.refresh': {
                  guard: { type: 'known', params: ({ event }) => event },
                  target: 'saving',
                  actions: {
                    type: 'startChange',
                    params: ({ event }) => ({ id: event.id, kind: 'refresh' }),
                  },
                },
                'accounts.logout': {
                  guard: { type: 'logoutAllowed', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startChange', params: ({ event }) => ({ id: event.id, kind: 'logout' }) },
                },
                'accounts.delete': {
                  guard: { type: 'known', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startChange', params: ({ event }) => ({ id: event.id, kind: 'delete' }) },
                },
              },
            },
            saving: {
              tags: ['saving', 'busy'],
              invoke: {
                id: 'save',
                src: 'saveAccount',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  change: context.change ?? { kind: 'refresh', accountId: '' },
                  pending: context.pending,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepSaved', params: ({ event }) => ({ output: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            refreshing: {
              tags: ['busy'],
              invoke: {
                id: 'refresh',
                src: 'loadAccounts',
                input: ({ context }) => ({ client: context.client, key: context.key }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
                },
                // The list stays as it was; the next reconnection tries again.
                onError: 'idle',
              },
            },
          },
        },
        // The verification form runs beside the changes; each number it adds starts a fresh one.
        adding: {
          initial: 'form',
          states: {
            form: {
              invoke: {
                id: 'form',
                src: 'accountForm',
                input: ({ context }) => ({ client: context.client, key: context.key }),
                onDone: {
                  target: 'form',
                  reenter: true,
                  actions: { type: 'keepAdded', params: ({ event }) => ({ account: event.output }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type AccountsSnapshot = SnapshotFrom<typeof accountsMachine>;

export function selectAccountsStatus(snapshot: AccountsSnapshot): AccountsStatus {
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.hasTag('loading')) return 'loading';
  return snapshot.context.accounts.length === 0 ? 'empty' : 'ready';
}

export function selectAccounts(snapshot: AccountsSnapshot): WhatsAppAccount[] {
  return snapshot.context.accounts;
}

/** The verification form of a new number (absent while the list loads or failed). */
export function selectAccountForm(snapshot: AccountsSnapshot) {
  return snapshot.children.form;
}

/** The number the form added last, with the facts Meta verified. */
export function selectAddedAccount(snapshot: AccountsSnapshot): WhatsAppAccount | null {
  return snapshot.context.added;
}

/** Whether a change of `accountId` is in flight, and which. */
export function selectChangeOf(snapshot: AccountsSnapshot, accountId: string): AccountChange['kind'] | null {
  const change = snapshot.context.change;
  return snapshot.hasTag('saving') && change?.accountId === accountId ? change.kind : null;
}
