/**
 * A project's WhatsApp numbers (`/project/account/{key}`, and the inbox's number filter): the
 * list (`account_list`) with live status (`account.status` -> `accounts.statusChanged`, and a
 * fresh list after a reconnection), adding a number (`account_create`), renaming one or giving
 * it a new access token (`account_update`) and logging one out (`account_logout`). One change
 * runs at a time; each form's field errors and each failure stay until the next try.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { AccountStatus, WhatsAppAccount } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import {
  ACCOUNT_FIELDS,
  checkAccessToken,
  checkAccount,
  checkAccountName,
  serverFieldErrors,
} from './validation.ts';
import type { AccountField, AccountForm, FieldErrors } from './validation.ts';

export interface AccountsInput {
  client: ActCaller;
  key: string;
}

/** The change in flight or last tried: which account (null for a new one) and what. */
export interface AccountChange {
  kind: 'create' | 'rename' | 'token' | 'logout';
  accountId: string | null;
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
  pending: Partial<AccountForm> & { id?: string };
  fieldErrors: FieldErrors<AccountField>;
  /** Why the last change failed, when it was not a field's fault. */
  changeError: FlowError | null;
  /** Changes that succeeded so far: the web closes its form when this grows. */
  saved: number;
}

export type AccountsEvent =
  | { type: 'accounts.retry' }
  | { type: 'accounts.resync' }
  | { type: 'accounts.statusChanged'; accountId: string; status: AccountStatus }
  | ({ type: 'accounts.create' } & AccountForm)
  | { type: 'accounts.rename'; id: string; name: string }
  | { type: 'accounts.renewToken'; id: string; accessToken: string }
  | { type: 'accounts.logout'; id: string }
  /** Forgets the last change's errors (a form was closed). */
  | { type: 'accounts.dismiss' };

export type AccountsTag = 'loading' | 'busy' | 'error' | 'ready' | 'saving';
export type AccountsStatus = 'loading' | 'failed' | 'empty' | 'ready';

/** account_list: the project's numbers, oldest first. */
export const loadAccounts = fromPromise<WhatsAppAccount[], { client: ActCaller; key: string }>(
  async ({ input, signal }) => (await input.client.act('account_list', { key: input.key }, { signal })).data,
);

/** One change of an account: account_create, account_update or account_logout. */
export const saveAccount = fromPromise<
  WhatsAppAccount,
  { client: ActCaller; key: string; change: AccountChange; pending: AccountsContext['pending'] }
>(async ({ input, signal }) => {
  const { client, key, change, pending } = input;
  const id = pending.id ?? '';
  switch (change.kind) {
    case 'create':
      return (
        await client.act(
          'account_create',
          {
            key,
            name: pending.name ?? '',
            phoneNumberId: pending.phoneNumberId ?? '',
            displayPhone: pending.displayPhone ?? '',
            accessToken: pending.accessToken ?? '',
          },
          { signal },
        )
      ).data;
    case 'rename':
      return (await client.act('account_update', { key, id, name: pending.name ?? '' }, { signal })).data;
    case 'token':
      return (
        await client.act('account_update', { key, id, accessToken: pending.accessToken ?? '' }, { signal })
      ).data;
    case 'logout':
      return (await client.act('account_logout', { key, id }, { signal })).data;
  }
});

type Context = AccountsContext;

function withAccount(list: readonly WhatsAppAccount[], account: WhatsAppAccount): WhatsAppAccount[] {
  return list.some((item) => item.id === account.id)
    ? list.map((item) => (item.id === account.id ? account : item))
    : [...list, account];
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
    children: { list: 'loadAccounts'; refresh: 'loadAccounts'; save: 'saveAccount' };
    tags: AccountsTag;
  },
  actors: { loadAccounts, saveAccount },
  guards: {
    createValid: (_, params: AccountForm) => checkAccount(params).ok,
    renameValid: ({ context }, params: { id: string; name: string }) =>
      knows(context, params.id) && checkAccountName(params).ok,
    renameKnown: ({ context }, params: { id: string }) => knows(context, params.id),
    tokenValid: ({ context }, params: { id: string; accessToken: string }) =>
      knows(context, params.id) && checkAccessToken(params).ok,
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
    startCreate: assign((_, params: AccountForm) => {
      const checked = checkAccount(params);
      return {
        change: { kind: 'create' as const, accountId: null },
        pending: checked.ok ? checked.value : params,
        ...noErrors,
      };
    }),
    showCreateErrors: assign((_, params: AccountForm) => {
      const checked = checkAccount(params);
      return {
        change: { kind: 'create' as const, accountId: null },
        fieldErrors: checked.ok ? {} : checked.fieldErrors,
        changeError: null,
      };
    }),
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
    startLogout: assign((_, params: { id: string }) => ({
      change: { kind: 'logout' as const, accountId: params.id },
      pending: { id: params.id },
      ...noErrors,
    })),
    keepSaved: assign(({ context }, params: { account: WhatsAppAccount }) => ({
      accounts: withAccount(context.accounts, params.account),
      pending: {},
      saved: context.saved + 1,
    })),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = serverFieldErrors(params.error, ACCOUNT_FIELDS);
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
  }),
  initial: 'loading',
  on: {
    'accounts.statusChanged': { actions: { type: 'setStatus', params: ({ event }) => event } },
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
      initial: 'idle',
      states: {
        idle: {
          on: {
            'accounts.resync': 'refreshing',
            'accounts.dismiss': { actions: 'dismiss' },
            'accounts.create': [
              {
                guard: { type: 'createValid', params: ({ event }) => event },
                target: 'saving',
                actions: { type: 'startCreate', params: ({ event }) => event },
              },
              { actions: { type: 'showCreateErrors', params: ({ event }) => event } },
            ],
            'accounts.rename': [
              {
                guard: { type: 'renameValid', params: ({ event }) => event },
                target: 'saving',
                actions: { type: 'startRename', params: ({ event }) => event },
              },
              {
                guard: { type: 'renameKnown', params: ({ event }) => event },
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
                guard: { type: 'renameKnown', params: ({ event }) => event },
                actions: { type: 'showTokenErrors', params: ({ event }) => event },
              },
            ],
            'accounts.logout': {
              guard: { type: 'logoutAllowed', params: ({ event }) => event },
              target: 'saving',
              actions: { type: 'startLogout', params: ({ event }) => event },
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
              change: context.change ?? { kind: 'create', accountId: null },
              pending: context.pending,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepSaved', params: ({ event }) => ({ account: event.output }) },
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
