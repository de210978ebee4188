/**
 * The customer form's test model. A new customer: saving it empty shows the checks' errors; the
 * user names her "Sari Dewi", types a phone that is not one ("12ab") then a real one, a note, and
 * a custom field `kota` = Bandung, then a second row named "Kota" (taken: a name twice) that is
 * removed again. Editing Sari: a new name, a new note, `kota` = Jakarta. The save may succeed, meet
 * a phone another customer has (beside the phone), a custom field the server refuses (beside its
 * row) or no server at all. Each field is typed in one order, so the graph stays small.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Customer } from '@sapa/sdk';
import { checkCustomer } from '../customerForm.ts';
import { customerFormMachine } from '../customerFormMachine.ts';
import type { CustomerFormContext } from '../customerFormMachine.ts';
import { createFakeClient } from './fakes.ts';
import { flush } from './replay.ts';
import { networkError } from './fixtures.ts';
import { customerKey, fieldRefused, phoneTaken, sari } from './customerFixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomerFormContext {
  return snapshot.context as CustomerFormContext;
}

function errorsOf(c: CustomerFormContext): string[] {
  const fields = Object.entries(c.errors.fields).map(
    ([field, error]) => `${field}:${'key' in error ? error.key : 'server'}`,
  );
  const rows = Object.entries(c.errors.rows).flatMap(([row, error]) =>
    Object.entries(error).map(([part, e]) => `row${row}.${part}:${'key' in e ? e.key : 'server'}`),
  );
  return [...fields, ...rows];
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    draft: c.draft,
    errors: errorsOf(c),
    saveError: c.saveError?.reason ?? null,
    saved: c.saved?.name ?? null,
  });
}

/** What the server keeps for the form as it stands. */
function savedOf(c: CustomerFormContext): Customer {
  const checked = checkCustomer(c.draft, { phoneEditable: true });
  if (!checked.ok) return sari;
  const { name, notes, customFields, phone } = checked.value;
  const optOut = c.draft.optedOut
    ? { optedOutAt: '2025-03-06T01:00:00.000Z', optedOutVia: 'agent' as const }
    : { optedOutAt: null, optedOutVia: null };
  return c.customer === null
    ? { ...sari, id: 'c0570000-0000-4000-8000-000000000009', name, phone, notes, customFields, labels: [] }
    : { ...c.customer, name, notes, customFields, ...optOut };
}

/** The next field a new customer's form is filled with, one at a time. */
function newCustomerEvents(c: CustomerFormContext): AnyEventObject[] {
  const { name, phone, notes, fields } = c.draft;
  if (name === '') return [{ type: 'customerForm.name', value: ' Sari Dewi ' }];
  if (phone === '') return [{ type: 'customerForm.phone', value: '12ab' }];
  if (phone === '12ab') return [{ type: 'customerForm.phone', value: '0812 3456 7001' }];
  if (notes === '') return [{ type: 'customerForm.notes', value: 'Suka batik tulis' }];
  const [first, second] = fields;
  if (first === undefined) return [{ type: 'customerForm.addField' }];
  if (first.name === '')
    return [
      { type: 'customerForm.fieldName', row: first.id, value: 'kota' },
      { type: 'customerForm.removeField', row: first.id },
    ];
  if (first.value === '') return [{ type: 'customerForm.fieldValue', row: first.id, value: 'Bandung' }];
  if (second === undefined) return [{ type: 'customerForm.addField' }];
  if (second.name === '') return [{ type: 'customerForm.fieldName', row: second.id, value: 'Kota' }];
  return [{ type: 'customerForm.removeField', row: second.id }];
}

/** Sari's edit: a new name, a new note, then `kota` = Jakarta. */
function editEvents(c: CustomerFormContext): AnyEventObject[] {
  const { name, notes, fields } = c.draft;
  if (name === sari.name) return [{ type: 'customerForm.name', value: 'Sari Ayu' }];
  if (notes === sari.notes) return [{ type: 'customerForm.notes', value: 'Pelanggan lama' }];
  const kota = fields[0];
  if (kota !== undefined && kota.value === 'Bandung')
    return [{ type: 'customerForm.fieldValue', row: kota.id, value: 'Jakarta' }];
  return [];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('saving'))
    return [
      { type: 'xstate.done.actor.save', output: savedOf(c) },
      { type: 'xstate.error.actor.save', error: phoneTaken },
      { type: 'xstate.error.actor.save', error: fieldRefused },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  if (!snapshot.matches('filling')) return [];
  return [
    { type: 'customerForm.save' },
    { type: 'customerForm.cancel' },
    ...(c.customer === null ? newCustomerEvents(c) : editEvents(c)),
  ];
}

/**
 * Settles whichever save the form made: `customer_create` for a new customer, else
 * `customer_update`; then the opt-out of broadcasts it sent after, if it changed one.
 */
const settleSave: StepDriver = async ({ world, event }) => {
  const act = world.client.pending().some((call) => call.name === 'customer_create')
    ? 'customer_create'
    : 'customer_update';
  const done = event.type.startsWith('xstate.done.');
  const output = event['output'] as Customer | undefined;
  world.client.settle(act, done ? { data: output } : { error: event['error'] });
  await flush();
  if (done && output !== undefined && world.client.pending().some((call) => call.name === 'customer_opt_out'))
    world.client.settle('customer_opt_out', {
      data: { customerId: output.id, optedOutAt: output.optedOutAt, optedOutVia: output.optedOutVia },
    });
};

function world(customer: Customer | null): () => World {
  return () => {
    const client = createFakeClient();
    return {
      client,
      browser: null,
      effects: [],
      input: { client, key: customerKey, customer, canOptOut: customer !== null },
    };
  };
}

export const customerFormModel: PathModel = {
  name: 'customerForm',
  machine: customerFormMachine,
  serialize,
  starts: [
    { label: 'a new customer', world: world(null) },
    { label: `editing ${sari.name}`, world: world(sari) },
  ],
  events,
  simple: {
    events: (snapshot) => {
      const c = ctx(snapshot);
      if (snapshot.matches('saving')) return [{ type: 'xstate.done.actor.save', output: savedOf(c) }];
      if (!snapshot.matches('filling')) return [];
      return [
        { type: 'customerForm.save' },
        ...(c.customer === null ? newCustomerEvents(c).slice(0, 1) : editEvents(c)),
      ];
    },
    toState: (snapshot) => snapshot.matches('saved'),
  },
  scenarios: [
    // A custom field row added and removed again leaves the form as it was.
    {
      start: 1,
      events: [
        { type: 'customerForm.addField' },
        { type: 'customerForm.removeField', row: 2 },
        { type: 'customerForm.save' },
      ],
    },
    // Sari is left out of broadcasts with the save (customer_update, then customer_opt_out).
    {
      start: 1,
      events: [
        { type: 'customerForm.optedOut', value: true },
        { type: 'customerForm.save' },
        {
          type: 'xstate.done.actor.save',
          output: { ...sari, optedOutAt: '2025-03-06T01:00:00.000Z', optedOutVia: 'agent' },
        },
      ],
    },
    // A phone another customer has, corrected, then saved.
    {
      start: 0,
      events: [
        { type: 'customerForm.name', value: 'Sari Dewi' },
        { type: 'customerForm.phone', value: '081234567002' },
        { type: 'customerForm.save' },
        { type: 'xstate.error.actor.save', error: phoneTaken },
        { type: 'customerForm.phone', value: '081234567009' },
        { type: 'customerForm.save' },
      ],
    },
  ],
  actorActs: { save: 'customer_create' },
  drivers: { 'xstate.done.actor.save': settleSave, 'xstate.error.actor.save': settleSave },
  describeEvent,
  describeState,
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.save$/.exec(event.type);
  if (settled !== null) {
    if (settled[1] === 'done') return 'the save succeeds';
    const error = event['error'] as { reason?: string; message: string; errors?: Record<string, string> };
    if (error.reason === undefined) return 'the save fails (network down)';
    return `the save is refused (${Object.keys(error.errors ?? {}).join(', ') || error.message})`;
  }
  const value = JSON.stringify(event['value'] ?? '');
  switch (event.type) {
    case 'customerForm.name':
      return `the user types the name ${value}`;
    case 'customerForm.phone':
      return `the user types the phone ${value}`;
    case 'customerForm.notes':
      return `the user types the note ${value}`;
    case 'customerForm.addField':
      return 'the user adds a custom field';
    case 'customerForm.fieldName':
      return `the user names custom field ${String(event['row'])} ${value}`;
    case 'customerForm.fieldValue':
      return `the user fills custom field ${String(event['row'])} with ${value}`;
    case 'customerForm.removeField':
      return `the user removes custom field ${String(event['row'])}`;
    case 'customerForm.optedOut':
      return event['value'] === true
        ? 'the user ticks "Berhenti dari broadcast"'
        : 'the user unticks "Berhenti dari broadcast"';
    case 'customerForm.save':
      return 'the user presses "Simpan"';
    case 'customerForm.cancel':
      return 'the user presses "Batal"';
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const { name, phone, notes, fields } = c.draft;
  const custom = fields.map((row) => `${row.name || '?'}=${row.value || '?'}`).join(' ');
  const errors = errorsOf(c);
  return [
    `${String(snapshot.value)} "${name}" ${phone || '(no phone)'}`,
    notes === '' ? '' : `note "${notes}"`,
    custom === '' ? '' : `fields ${custom}`,
    errors.length > 0 ? `errors ${errors.join(', ')}` : '',
    c.saveError ? `save failed: "${c.saveError.message}"` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
