/**
 * The accounts machine's test model: a project with one WhatsApp number ("Toko Utama"); the
 * owner adds a second, renames the first, gives it a new access token and logs it out, while
 * the socket reports status changes and comes back after a drop. Changes are tried only on the
 * first number and only while the list is as loaded, so each is walked through once.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { WhatsAppAccount } from '@sapa/sdk';
import { accountsMachine } from '../accountsMachine.ts';
import type { AccountsContext } from '../accountsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';

export const mainNumber: WhatsAppAccount = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Toko Utama',
  phoneNumberId: '109876543210987',
  displayPhone: '+6281210009000',
  verifiedName: 'Toko Batik Sari',
  status: 'connected',
  createdAt: '2025-01-01T00:00:00Z',
};
export const secondNumber: WhatsAppAccount = {
  id: '66666666-7777-4888-8999-000000000000',
  name: 'Toko Cabang',
  phoneNumberId: '209876543210987',
  displayPhone: '+6281210009001',
  verifiedName: 'Toko Batik Sari',
  status: 'connected',
  createdAt: '2025-03-01T00:00:00Z',
};

const goodCreate = {
  type: 'accounts.create',
  name: ' Toko Cabang ',
  phoneNumberId: '209876543210987',
  displayPhone: '081210009001',
  accessToken: ' EAAG-token ',
};
const blankCreate = {
  type: 'accounts.create',
  name: '',
  phoneNumberId: '12a',
  displayPhone: '',
  accessToken: '',
};
const idTaken = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { phoneNumberId: 'Nomor ini sudah ditambahkan.' },
});
const refused = apiError('forbidden', 'Anda tidak punya akses.');

function contextOf(snapshot: AnyMachineSnapshot): AccountsContext {
  return snapshot.context as AccountsContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    accounts: c.accounts.map((a) => `${a.name}/${a.status}`),
    error: c.error?.reason ?? null,
    change: c.change,
    fields: Object.keys(c.fieldErrors),
    changeError: c.changeError?.reason ?? null,
    saved: c.saved > 0,
  });
}

function first(c: AccountsContext): WhatsAppAccount | undefined {
  return c.accounts[0];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.list', output: [mainNumber] },
      { type: 'xstate.error.actor.list', error: networkError },
      { type: 'accounts.resync' },
    ];
  if (snapshot.matches('failed')) return [{ type: 'accounts.retry' }, { type: 'accounts.resync' }];
  const main = first(c);
  if (snapshot.matches({ ready: 'saving' })) {
    const kind = c.change?.kind;
    const output =
      kind === 'create'
        ? secondNumber
        : kind === 'logout'
          ? { ...mainNumber, status: 'logged_out' }
          : kind === 'rename'
            ? { ...main, name: 'Toko Pusat' }
            : { ...main, status: 'connected' };
    return [
      { type: 'xstate.done.actor.save', output },
      { type: 'xstate.error.actor.save', error: kind === 'create' ? idTaken : refused },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  }
  if (snapshot.matches({ ready: 'refreshing' }))
    return [
      { type: 'xstate.done.actor.refresh', output: [mainNumber, secondNumber] },
      { type: 'xstate.error.actor.refresh', error: networkError },
    ];
  const out: AnyEventObject[] = [];
  if (main === undefined) return out;
  const asLoaded = c.accounts.length === 1 && main.name === mainNumber.name;
  if (c.change !== null) out.push({ type: 'accounts.dismiss' });
  if (asLoaded && main.status === 'connected' && c.saved === 0) {
    out.push(
      goodCreate,
      blankCreate,
      { type: 'accounts.rename', id: main.id, name: ' Toko Pusat ' },
      { type: 'accounts.rename', id: main.id, name: '  ' },
      { type: 'accounts.logout', id: main.id },
      { type: 'accounts.statusChanged', accountId: main.id, status: 'disconnected' },
      { type: 'accounts.resync' },
    );
  }
  if (asLoaded && main.status !== 'connected') {
    out.push({ type: 'accounts.renewToken', id: main.id, accessToken: 'EAAG-new' });
    if (c.change === null) out.push({ type: 'accounts.renewToken', id: main.id, accessToken: ' ' });
  }
  return out;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) {
    const error = fields['error'] as { reason?: string; message: string };
    const what =
      { list: 'loading the numbers', refresh: 'the refresh', save: 'the change' }[failed[1]] ?? failed[1];
    return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
  }
  switch (event.type) {
    case 'xstate.done.actor.list':
      return 'the numbers arrive (Toko Utama)';
    case 'xstate.done.actor.refresh':
      return 'the refreshed list arrives (Toko Utama, Toko Cabang)';
    case 'xstate.done.actor.save':
      return 'the server saves the change';
    case 'accounts.create':
      return fields['name'] === ''
        ? 'the owner submits an empty new-number form'
        : 'the owner adds "Toko Cabang"';
    case 'accounts.rename':
      return `the owner renames Toko Utama "${String(fields['name'])}"`;
    case 'accounts.renewToken':
      return String(fields['accessToken']).trim() === ''
        ? 'the owner submits an empty token'
        : 'the owner gives a new access token';
    case 'accounts.logout':
      return 'the owner logs Toko Utama out';
    case 'accounts.statusChanged':
      return `live: Toko Utama is ${String(fields['status'])}`;
    default:
      return (
        {
          'accounts.retry': 'the owner retries',
          'accounts.resync': 'the connection comes back (accounts.resync)',
          'accounts.dismiss': 'the owner closes the form',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (snapshot.matches('failed')) return `failed, shows "${c.error?.message ?? ''}"`;
  const list = c.accounts.map((a) => `${a.name} (${a.status})`).join(', ') || 'no numbers';
  const notes = [
    Object.keys(c.fieldErrors).length > 0 ? `field errors on ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.changeError ? `"${c.changeError.message}"` : '',
  ].filter(Boolean);
  return `${name}: ${list}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

export const accountsModel: PathModel = {
  name: 'accounts',
  machine: accountsMachine,
  serialize,
  starts: [
    {
      label: 'the accounts of project k1abcdefgh open',
      world: () => {
        const client = createFakeClient();
        return { input: { client, key: 'k1abcdefgh' }, client, browser: null };
      },
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['xstate.done.actor.list', 'accounts.create', 'xstate.done.actor.save'].includes(event.type),
      ),
    toState: (snapshot) => contextOf(snapshot).accounts.length === 2 && snapshot.matches({ ready: 'idle' }),
  },
  scenarios: [
    // The connection comes back while loading, after the load failed, and in a refresh that fails.
    {
      start: 0,
      events: [
        { type: 'accounts.resync' },
        { type: 'xstate.error.actor.list', error: networkError },
        { type: 'accounts.resync' },
        { type: 'xstate.done.actor.list', output: [mainNumber] },
        { type: 'accounts.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
      ],
    },
    // A logged-out number cannot be logged out again; a change to an unknown number does nothing.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: [{ ...mainNumber, status: 'logged_out' }] },
        { type: 'accounts.logout', id: mainNumber.id },
        { type: 'accounts.rename', id: 'nope', name: 'X' },
        { type: 'accounts.renewToken', id: mainNumber.id, accessToken: 'EAAG-new' },
        { type: 'xstate.done.actor.save', output: mainNumber },
      ],
    },
  ],
  actorActs: { list: 'account_list', refresh: 'account_list', save: 'account_create' },
  drivers: {
    // One invoke calls account_create, account_update or account_logout: settle whichever waits.
    'xstate.done.actor.save': ({ world, event }) =>
      settleSave(world.client, { data: (event as unknown as { output: unknown }).output }),
    'xstate.error.actor.save': ({ world, event }) =>
      settleSave(world.client, { error: (event as unknown as { error: unknown }).error }),
    'xstate.done.actor.list': settleLists,
    'xstate.error.actor.list': settleLists,
  },
  describeEvent,
  describeState,
};

function settleSave(
  client: {
    pending(): Array<{ name: string }>;
    settle(
      name: 'account_create' | 'account_update' | 'account_logout',
      outcome: { data: unknown } | { error: unknown },
    ): void;
  },
  outcome: { data: unknown } | { error: unknown },
): void {
  const call = client
    .pending()
    .find((c) => ['account_create', 'account_update', 'account_logout'].includes(c.name));
  if (call === undefined) throw new Error('No pending account change to settle');
  client.settle(call.name as 'account_create' | 'account_update' | 'account_logout', outcome);
}

/** A list asked again (resync while loading) leaves the old call waiting: settle them all alike. */
function settleLists({ world, event }: Parameters<PathModel['drivers'][string]>[0]): void {
  const fields = event as unknown as Record<string, unknown>;
  const outcome = event.type.startsWith('xstate.done.')
    ? { data: fields['output'] }
    : { error: fields['error'] };
  while (world.client.pending().some((call) => call.name === 'account_list'))
    world.client.settle('account_list', outcome);
}
