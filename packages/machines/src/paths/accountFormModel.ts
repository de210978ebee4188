/**
 * The account verification form's test model: the owner of project k1abcdefgh adds "Toko
 * Cabang". Submitting the empty form shows the checks' errors; the WABA id is first typed with a
 * dash ("1020-3040"), then right; then the phone number id and a token. Meta may verify the
 * number, refuse the token (beside the token), not find the number in that WABA (beside the WABA
 * id), be unreachable, or the network may fail; after a refusal the owner types another token.
 * Each field is typed in one order, so the graph stays small.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { WhatsAppAccount } from '@sapa/sdk';
import { accountFormMachine } from '../accountFormMachine.ts';
import type { AccountFormContext } from '../accountFormMachine.ts';
import { secondNumber } from './accountsModel.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';

export const accountFormKey = 'k1abcdefgh';
export const goodWabaId = '102030405060708';
export const tokenRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { accessToken: 'Meta menolak token akses ini.' },
});
export const notInWaba = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { wabaId: 'Nomor ini tidak ada di WhatsApp Business Account tersebut.' },
});
export const metaUnreachable = apiError('whatsapp_unreachable', 'WhatsApp tidak dapat dihubungi.');

/** The number as Meta verified it. */
export const verifiedNumber: WhatsAppAccount = { ...secondNumber, qualityRating: 'GREEN' };

function ctx(snapshot: AnyMachineSnapshot): AccountFormContext {
  return snapshot.context as AccountFormContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    draft: c.draft,
    fields: Object.entries(c.fieldErrors).map(([field, e]) => `${field}:${'key' in e ? e.key : 'server'}`),
    error: c.error?.reason ?? null,
    account: c.account?.name ?? null,
  });
}

/** The next field the owner fills, one at a time, in one order. */
function fillEvents(c: AccountFormContext): AnyEventObject[] {
  const { name, wabaId, phoneNumberId, accessToken } = c.draft;
  const change = (field: string, value: string) => ({ type: 'accountForm.change', field, value });
  if (name === '') return [change('name', ' Toko Cabang ')];
  if (wabaId === '') return [change('wabaId', '1020-3040')];
  if (wabaId !== goodWabaId) return [change('wabaId', goodWabaId)];
  if (phoneNumberId === '') return [change('phoneNumberId', ' 209876543210987 ')];
  if (accessToken === '') return [change('accessToken', ' EAAG-token ')];
  // A token Meta refused is typed again.
  if (c.fieldErrors.accessToken !== undefined && 'message' in c.fieldErrors.accessToken)
    return [change('accessToken', 'EAAG-other')];
  return [];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('verifying'))
    return [
      { type: 'xstate.done.actor.verify', output: verifiedNumber },
      { type: 'xstate.error.actor.verify', error: tokenRefused },
      { type: 'xstate.error.actor.verify', error: notInWaba },
      { type: 'xstate.error.actor.verify', error: metaUnreachable },
      { type: 'xstate.error.actor.verify', error: networkError },
    ];
  if (!snapshot.matches('filling')) return [];
  const out = fillEvents(c);
  const filled = c.draft.accessToken !== '';
  // Submitted empty once, and then only once the form is complete.
  if (c.draft.name === '' || filled) out.push({ type: 'accountForm.submit' });
  return out;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'accountForm.change':
      return `the owner types ${String(fields['field'])} "${String(fields['value'])}"`;
    case 'accountForm.submit':
      return 'the owner presses "Tambah nomor"';
    case 'xstate.done.actor.verify':
      return 'Meta verifies the number (Toko Batik Sari, +62 812-1000-9001, quality GREEN, TIER_250)';
    case 'xstate.error.actor.verify': {
      const error = fields['error'] as { reason?: string; message: string };
      return `account_create is refused (${error.reason === undefined ? 'network down' : error.message})`;
    }
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (snapshot.matches('verified')) return `verified: ${c.account?.verifiedName ?? ''}`;
  const notes = [
    ...Object.entries(c.fieldErrors).map(
      ([field, e]) => `${field}: ${'key' in e ? e.key : `"${e.message}"`}`,
    ),
    c.error ? `"${c.error.message}"` : '',
  ].filter(Boolean);
  return `${name}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

export const accountFormModel: PathModel = {
  name: 'accountForm',
  machine: accountFormMachine,
  serialize,
  starts: [
    {
      label: 'the add-number form of project k1abcdefgh',
      world: () => {
        const client = createFakeClient();
        return { input: { client, key: accountFormKey }, client, browser: null };
      },
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter(
        (event) =>
          event.type === 'accountForm.change' ||
          event.type === 'xstate.done.actor.verify' ||
          (event.type === 'accountForm.submit' && ctx(snapshot).draft.accessToken !== ''),
      ),
    toState: (snapshot) => snapshot.matches('verified'),
  },
  scenarios: [
    // Typing on while Meta is asked; submitting again meanwhile does nothing.
    {
      start: 0,
      events: [
        { type: 'accountForm.change', field: 'name', value: 'Toko Cabang' },
        { type: 'accountForm.change', field: 'wabaId', value: goodWabaId },
        { type: 'accountForm.change', field: 'phoneNumberId', value: '209876543210987' },
        { type: 'accountForm.change', field: 'accessToken', value: 'EAAG-token' },
        { type: 'accountForm.submit' },
        { type: 'accountForm.change', field: 'name', value: 'Toko Cabang 2' },
        { type: 'accountForm.submit' },
        { type: 'xstate.done.actor.verify', output: verifiedNumber },
      ],
    },
  ],
  actorActs: { verify: 'account_create' },
  drivers: {},
  describeEvent,
  describeState,
};
