/**
 * The accounts machine's test model: a project with one WhatsApp number ("Toko Utama"); the
 * verification form adds a second (a stand-in here: accountFormModel walks the form itself), the
 * owner renames the first, gives it a new access token, reads it from Meta again, logs it out and
 * deletes it, while the socket reports status changes, updates and deletions and comes back after
 * a drop. Changes are tried only on the first number and only while the list is as loaded, so
 * each is walked through once.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { WhatsAppAccount } from '@sapa/sdk';
import { accountsMachine } from '../accountsMachine.ts';
import type { AccountsContext } from '../accountsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';
import { finishStandIn, standIn } from './standIn.ts';

export const mainNumber: WhatsAppAccount = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Toko Utama',
  phoneNumberId: '109876543210987',
  displayPhone: '+6281210009000',
  verifiedName: 'Toko Batik Sari',
  wabaId: '102030405060708',
  qualityRating: 'GREEN',
  messagingLimit: 'TIER_250',
  checkedAt: '2025-01-01T00:00:00Z',
  broadcastRate: null,
  status: 'connected',
  createdAt: '2025-01-01T00:00:00Z',
};
export const secondNumber: WhatsAppAccount = {
  id: '66666666-7777-4888-8999-000000000000',
  name: 'Toko Cabang',
  phoneNumberId: '209876543210987',
  displayPhone: '+6281210009001',
  verifiedName: 'Toko Batik Sari',
  wabaId: '102030405060708',
  qualityRating: 'GREEN',
  messagingLimit: 'TIER_250',
  checkedAt: '2025-03-01T00:00:00Z',
  broadcastRate: null,
  status: 'connected',
  createdAt: '2025-03-01T00:00:00Z',
};

const tokenRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { accessToken: 'Meta menolak token akses ini.' },
});
const refused = apiError('forbidden', 'Anda tidak punya akses.');
const wabaRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { wabaId: 'Nomor ini tidak termasuk WhatsApp Business Account tersebut.' },
});
/** A number added before Sapa asked for its WhatsApp Business Account. */
const WABA_ID = '102030405060708';

function contextOf(snapshot: AnyMachineSnapshot): AccountsContext {
  return snapshot.context as AccountsContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    accounts: c.accounts.map((a) => `${a.name}/${a.status}`),
    error: c.error?.reason ?? null,
    quality: c.accounts.map((a) => a.qualityRating),
    waba: c.accounts.map((a) => a.wabaId !== null),
    rates: c.accounts.map((a) => a.broadcastRate),
    change: c.change,
    fields: Object.keys(c.fieldErrors),
    changeError: c.changeError?.reason ?? null,
    saved: c.saved > 0,
    added: c.added?.name ?? null,
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
  if (snapshot.matches({ ready: { changes: 'saving' } })) {
    const kind = c.change?.kind;
    const output =
      kind === 'delete'
        ? { id: mainNumber.id }
        : kind === 'logout'
          ? { ...mainNumber, status: 'logged_out' }
          : kind === 'rename'
            ? { ...main, name: 'Toko Pusat' }
            : kind === 'refresh'
              ? { ...main, qualityRating: 'YELLOW', messagingLimit: 'TIER_2K' }
              : kind === 'waba'
                ? { ...main, wabaId: WABA_ID }
                : kind === 'rate'
                  ? { ...main, broadcastRate: c.pending.broadcastRate ?? null }
                  : { ...main, status: 'connected' };
    return [
      { type: 'xstate.done.actor.save', output },
      {
        type: 'xstate.error.actor.save',
        error: kind === 'token' ? tokenRefused : kind === 'waba' ? wabaRefused : refused,
      },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  }
  if (snapshot.matches({ ready: { changes: 'refreshing' } }))
    return [
      { type: 'xstate.done.actor.refresh', output: [mainNumber, secondNumber] },
      { type: 'xstate.error.actor.refresh', error: networkError },
    ];
  const out: AnyEventObject[] = [];
  if (main === undefined) return out;
  const asLoaded = c.accounts.length === 1 && main.name === mainNumber.name;
  if (c.change !== null) out.push({ type: 'accounts.dismiss' });
  if (asLoaded && main.status === 'connected' && main.qualityRating === 'GREEN' && c.saved === 0) {
    out.push(
      { type: 'xstate.done.actor.form', output: secondNumber },
      { type: 'accounts.rename', id: main.id, name: ' Toko Pusat ' },
      { type: 'accounts.rename', id: main.id, name: '  ' },
      { type: 'accounts.refresh', id: main.id },
      { type: 'accounts.logout', id: main.id },
      { type: 'accounts.delete', id: main.id },
      { type: 'accounts.statusChanged', accountId: main.id, status: 'disconnected' },
      { type: 'accounts.updated', account: { ...main, qualityRating: 'RED' } },
      { type: 'accounts.deleted', accountId: main.id },
      { type: 'accounts.resync' },
    );
  }
  if (asLoaded && main.wabaId === null) {
    out.push({ type: 'accounts.setWaba', id: main.id, wabaId: ` ${WABA_ID} ` });
    if (c.change === null) out.push({ type: 'accounts.setWaba', id: main.id, wabaId: '12ab' });
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
    case 'xstate.done.actor.form':
      return 'the verification form adds "Toko Cabang" (Meta verified it)';
    case 'accounts.updated': {
      const account = fields['account'] as WhatsAppAccount;
      return `live: ${account.name} now rates ${account.qualityRating}`;
    }
    case 'accounts.deleted':
      return 'live: Toko Utama was deleted elsewhere';
    case 'accounts.refresh':
      return 'the owner reads Toko Utama from Meta again';
    case 'accounts.delete':
      return 'the owner deletes Toko Utama (confirmed)';
    case 'accounts.rename':
      return `the owner renames Toko Utama "${String(fields['name'])}"`;
    case 'accounts.renewToken':
      return String(fields['accessToken']).trim() === ''
        ? 'the owner submits an empty token'
        : 'the owner gives a new access token';
    case 'accounts.logout':
      return 'the owner logs Toko Utama out';
    case 'accounts.setWaba':
      return /^\s*\d+\s*$/.test(String(fields['wabaId']))
        ? 'the owner gives Toko Utama its WABA id'
        : 'the owner types a WABA id that is not digits';
    case 'accounts.setRate':
      return String(fields['rate']).trim() === ''
        ? "the owner empties Toko Utama's broadcast rate (Meta's default)"
        : `the owner sets Toko Utama's broadcast rate to "${String(fields['rate'])}"`;
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
  const list =
    c.accounts.map((a) => `${a.name} (${a.status}, ${a.qualityRating})`).join(', ') || 'no numbers';
  const notes = [
    Object.keys(c.fieldErrors).length > 0 ? `field errors on ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.changeError ? `"${c.changeError.message}"` : '',
    c.added ? `verified ${c.added.verifiedName ?? c.added.name}` : '',
  ].filter(Boolean);
  return `${name}: ${list}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

export const accountsModel: PathModel = {
  name: 'accounts',
  machine: accountsMachine.provide({ actors: { accountForm: standIn as never } }),
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
        ['xstate.done.actor.list', 'xstate.done.actor.form'].includes(event.type),
      ),
    toState: (snapshot) => contextOf(snapshot).accounts.length === 2,
  },
  scenarios: [
    // The broadcast rate: words are refused here, 200 is saved, then emptied (Meta's default) and refused by the server.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: [mainNumber] },
        { type: 'accounts.setRate', id: mainNumber.id, rate: 'cepat' },
        { type: 'accounts.setRate', id: mainNumber.id, rate: ' 200 ' },
        { type: 'xstate.done.actor.save', output: { ...mainNumber, broadcastRate: 200 } },
        { type: 'accounts.setRate', id: mainNumber.id, rate: '' },
        { type: 'xstate.error.actor.save', error: refused },
      ],
    },
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
    // A number added before Sapa asked for a WABA gets one; Meta refuses a wrong one first.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: [{ ...mainNumber, wabaId: null }] },
        { type: 'accounts.setWaba', id: mainNumber.id, wabaId: '12ab' },
        { type: 'accounts.setWaba', id: mainNumber.id, wabaId: '109999999999999' },
        { type: 'xstate.error.actor.save', error: wabaRefused },
        { type: 'accounts.setWaba', id: mainNumber.id, wabaId: WABA_ID },
        { type: 'xstate.done.actor.save', output: mainNumber },
      ],
    },
    // Live news of a number while the list loads, and of a number nobody has seen yet.
    {
      start: 0,
      events: [
        { type: 'accounts.updated', account: mainNumber },
        { type: 'xstate.done.actor.list', output: [] },
        { type: 'accounts.updated', account: secondNumber },
        { type: 'accounts.deleted', accountId: 'nope' },
        { type: 'accounts.refresh', id: 'nope' },
        { type: 'accounts.delete', id: 'nope' },
      ],
    },
  ],
  actorActs: { list: 'account_list', refresh: 'account_list', save: 'account_update' },
  drivers: {
    'xstate.done.actor.form': finishStandIn('form'),
    // One invoke calls account_update, account_refresh, account_logout or account_delete:
    // settle whichever waits.
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

const changeActs = ['account_update', 'account_refresh', 'account_logout', 'account_delete'] as const;
type ChangeAct = (typeof changeActs)[number];

function settleSave(
  client: {
    pending(): Array<{ name: string }>;
    settle(name: ChangeAct, outcome: { data: unknown } | { error: unknown }): void;
  },
  outcome: { data: unknown } | { error: unknown },
): void {
  const call = client.pending().find((c) => (changeActs as readonly string[]).includes(c.name));
  if (call === undefined) throw new Error('No pending account change to settle');
  client.settle(call.name as ChangeAct, outcome);
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
