/**
 * The customers machine's test model: the screen of project k1abcdefgh for its owner, with Sari
 * and Budi. The table is the machine's child, answered at once by a fake page source that writes
 * each request to the effects; the filters' choices arrive first. The user sorts by name, searches
 * for "sari", filters by label, stage, division, number and first-contact dates (a `to` before
 * `from` is not asked for until fixed), resets; adds and edits a customer, deletes Sari (called
 * off, refused, done), imports a file, exports. The form and the import are their own machines
 * (customerFormModel, customerImportModel): here they are stand-ins that end with the output the
 * path names. Query events are tried only with no dialog open, dialog events only on the plain
 * table, so each region is walked through once.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import type { Customer } from '@sapa/sdk';
import type { CustomerFilterOptions } from '../customerActors.ts';
import { customersMachine } from '../customersMachine.ts';
import type { CustomersContext, CustomersEmitted } from '../customersMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import {
  createFakeCustomerPages,
  customerKey,
  dealStage,
  exported,
  filterOptions,
  filterValueName,
  importResult,
  mainNumber,
  refused,
  salesTeam,
  sari,
} from './customerFixtures.ts';
import { vip } from './labelFixtures.ts';
import { standIn } from './standIn.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomersContext {
  return snapshot.context as CustomersContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    q: [c.sort, c.search, c.searchText],
    filters: c.filters,
    options: c.options.labels?.length ?? null,
    editing: c.editing?.name ?? null,
    del: [c.deleteTarget?.name ?? null, c.deleteError?.reason ?? null],
  });
}

function isPlain(snapshot: AnyMachineSnapshot): boolean {
  const c = ctx(snapshot);
  return (
    snapshot.matches({ query: 'idle' }) &&
    c.sort === 'newest' &&
    c.search === '' &&
    Object.values(c.filters).every((value) => value === null)
  );
}

const filter = (name: string, value: string | null): AnyEventObject => ({
  type: 'customers.filter',
  filter: name,
  value,
});

function queryEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ query: 'debouncing' }))
    return [
      { type: 'customers.searchSettled' },
      { type: 'customers.search', text: '' },
      { type: 'customers.sort', sort: 'name' },
    ];
  if (isPlain(snapshot))
    return [
      { type: 'customers.sort', sort: 'name' },
      { type: 'customers.search', text: ' sari ' },
      filter('labelId', vip.id),
      filter('stageId', dealStage.id),
      filter('divisionId', salesTeam.id),
      filter('accountId', mainNumber.id),
      filter('from', '2025-03-01'),
    ];
  const out: AnyEventObject[] = [{ type: 'customers.reset' }];
  if (c.sort === 'name') out.push({ type: 'customers.sort', sort: 'newest' });
  if (c.search !== '') out.push({ type: 'customers.search', text: '' });
  const { from, to, labelId } = c.filters;
  if (labelId !== null) out.push(filter('labelId', null));
  if (from !== null && to === null)
    out.push(filter('to', '2025-02-01'), filter('to', '2025-03-31'), filter('from', null));
  if (from !== null && to !== null && to < from) out.push(filter('to', null));
  return out;
}

function dialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const at = (state: string) => snapshot.matches({ dialog: state });
  if (at('form'))
    return [
      {
        type: 'xstate.done.actor.form',
        output:
          c.editing === null
            ? { customer: { ...sari, id: 'c0570000-0000-4000-8000-000000000009' }, created: true }
            : { customer: { ...sari, name: 'Sari Ayu' }, created: false },
      },
      { type: 'xstate.done.actor.form', output: null },
    ];
  if (at('confirmingDelete')) return [{ type: 'customers.confirmDelete' }, { type: 'customers.cancel' }];
  if (at('deleting'))
    return [
      { type: 'xstate.done.actor.remove', output: { id: sari.id } },
      { type: 'xstate.error.actor.remove', error: refused },
    ];
  if (at('importing'))
    return [
      { type: 'xstate.done.actor.importer', output: importResult },
      { type: 'xstate.done.actor.importer', output: null },
    ];
  return [
    { type: 'customers.add' },
    { type: 'customers.edit', customer: sari },
    { type: 'customers.delete', customer: sari },
    { type: 'customers.import' },
  ];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ options: 'loading' }))
    return [{ type: 'xstate.done.actor.options', output: filterOptions }];
  if (snapshot.matches({ export: 'exporting' }))
    return [
      { type: 'xstate.done.actor.export', output: exported },
      { type: 'xstate.error.actor.export', error: networkError },
    ];
  if (!snapshot.matches({ dialog: 'closed' })) return dialogEvents(snapshot);
  const c = ctx(snapshot);
  const plain = isPlain(snapshot);
  const labelOnly = c.filters.labelId !== null && c.search === '' && c.filters.from === null;
  return [
    ...queryEvents(snapshot),
    ...(plain ? dialogEvents(snapshot) : []),
    ...(plain || labelOnly ? [{ type: 'customers.export' }] : []),
  ];
}

/** The filters' choices: each list answers its act; a `null` one fails (the viewer may not see it). */
const settleOptions: StepDriver = ({ world, event }) => {
  const options = event['output'] as CustomerFilterOptions;
  const answers = [
    ['label_list', options.labels],
    ['stage_list', options.stages],
    ['division_list', options.divisions],
    ['account_list', options.accounts],
  ] as const;
  for (const [act, data] of answers) world.client.settle(act, data === null ? { error: refused } : { data });
};

/** Ends the open dialog's stand-in with the event's output. */
const finishDialog =
  (child: 'form' | 'importer'): StepDriver =>
  ({ actor, event }) => {
    const ref = (actor.getSnapshot().children as Record<string, { send(e: AnyEventObject): void }>)[child];
    if (ref === undefined) throw new Error(`No ${child} dialog is open`);
    ref.send({ type: 'standIn.finish', output: event['output'] });
  };

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: { client, key: customerKey, permissions: grantAll(), fetchPage: createFakeCustomerPages(effects) },
  };
}

const ready: AnyEventObject = { type: 'xstate.done.actor.options', output: filterOptions };

/** The pause never ends by itself: the model sends `customers.searchSettled`. */

export const customersModel: PathModel = {
  name: 'customers',
  machine: customersMachine.provide({
    actors: {
      delay: silentDelay,
      customerForm: standIn as never,
      customerImport: standIn as never,
    },
  }),
  serialize,
  starts: [{ label: `the customers of project ${customerKey} open, for the owner`, world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ options: 'loading' }))
        return [{ type: 'xstate.done.actor.options', output: filterOptions }];
      if (snapshot.matches({ dialog: 'closed' })) return [{ type: 'customers.delete', customer: sari }];
      if (snapshot.matches({ dialog: 'confirmingDelete' })) return [{ type: 'customers.confirmDelete' }];
      return [{ type: 'xstate.done.actor.remove', output: { id: sari.id } }];
    },
    toState: (snapshot) =>
      snapshot.matches({ dialog: 'closed' }) &&
      ctx(snapshot).deleteTarget === null &&
      snapshot.matches({ options: 'ready' }),
  },
  scenarios: [
    // A filter while the search waits for its pause takes the search along; the same filter again changes nothing.
    {
      start: 0,
      events: [
        ready,
        { type: 'customers.search', text: 'sar' },
        filter('labelId', vip.id),
        filter('labelId', vip.id),
        { type: 'customers.reset' },
      ],
    },
    // A search run then cleared, and one cleared while it waits.
    {
      start: 0,
      events: [
        ready,
        { type: 'customers.search', text: 'sari' },
        { type: 'customers.searchSettled' },
        { type: 'customers.search', text: ' ' },
        { type: 'customers.search', text: 'bud' },
        { type: 'customers.search', text: '' },
      ],
    },
    // A new customer saved, an edit closed without saving, a delete called off, then done.
    {
      start: 0,
      events: [
        ready,
        { type: 'customers.add' },
        { type: 'xstate.done.actor.form', output: { customer: sari, created: true } },
        { type: 'customers.edit', customer: sari },
        { type: 'xstate.done.actor.form', output: null },
        { type: 'customers.delete', customer: sari },
        { type: 'customers.cancel' },
        { type: 'customers.delete', customer: sari },
        { type: 'customers.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: sari.id } },
      ],
    },
    // An import done, one closed without importing; an export saved, one failed.
    {
      start: 0,
      events: [
        ready,
        { type: 'customers.import' },
        { type: 'xstate.done.actor.importer', output: importResult },
        { type: 'customers.import' },
        { type: 'xstate.done.actor.importer', output: null },
        { type: 'customers.export' },
        { type: 'xstate.done.actor.export', output: exported },
        { type: 'customers.export' },
        { type: 'xstate.error.actor.export', error: networkError },
      ],
    },
  ],
  graphActions: { queryTable: () => undefined, refreshTable: () => undefined },
  actorActs: { remove: 'customer_delete', export: 'customer_export' },
  drivers: {
    'xstate.done.actor.options': settleOptions,
    'xstate.done.actor.form': finishDialog('form'),
    'xstate.done.actor.importer': finishDialog('importer'),
  },
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) =>
      world.effects?.push(describeEmitted(emitted as CustomersEmitted)),
    );
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: CustomersEmitted): string {
  switch (emitted.type) {
    case 'customers.saved':
      return `announces ${emitted.customer.name} ${emitted.created ? 'added' : 'changed'}`;
    case 'customers.deleted':
      return `announces ${emitted.name} deleted`;
    case 'customers.imported':
      return `announces ${emitted.result.imported} imported`;
    case 'customers.exported':
      return `saves ${emitted.file.filename} (${emitted.file.rows} rows)`;
    case 'customers.exportFailed':
      return `error toast "${emitted.message}"`;
  }
}

const plainEvents: Record<string, string> = {
  'customers.searchSettled': 'the typing pauses (debounce)',
  'customers.reset': 'the user resets the filters',
  'customers.add': 'the user presses "Tambah pelanggan"',
  'customers.import': 'the user presses "Impor CSV"',
  'customers.export': 'the user presses "Ekspor CSV"',
  'customers.confirmDelete': 'the user confirms the delete',
  'customers.cancel': 'the user calls the delete off',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const output = event['output'];
    switch (settled[2]) {
      case 'options':
        return "the filters' choices arrive";
      case 'form':
        return output === null ? 'the form is closed without saving' : 'the form saves';
      case 'importer':
        return output === null ? 'the import is closed without importing' : 'the import is done and closed';
      default: {
        const what = settled[2] === 'remove' ? 'the delete' : 'the export';
        if (settled[1] === 'done') return `${what} succeeds`;
        const error = event['error'] as { reason?: string; message: string };
        return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
      }
    }
  }
  switch (event.type) {
    case 'customers.sort':
      return `the user sorts by ${String(event['sort'])}`;
    case 'customers.search': {
      const text = String(event['text']);
      return text.trim() === '' ? 'the user clears the search' : `the user types "${text}"`;
    }
    case 'customers.filter':
      return event['value'] === null
        ? `the user clears the ${String(event['filter'])} filter`
        : `the user filters ${String(event['filter'])} ${filterValueName(event['value'])}`;
    case 'customers.edit':
    case 'customers.delete':
      return `the user ${event.type === 'customers.edit' ? 'edits' : 'asks to delete'} ${(event['customer'] as Customer).name}`;
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const filters = Object.entries(c.filters)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name} ${filterValueName(value)}`);
  const query = [
    `by ${c.sort}`,
    c.search === '' ? '' : `search "${c.search}"`,
    c.searchText === c.search ? '' : `typed "${c.searchText}"`,
    ...filters,
  ].filter(Boolean);
  const value = snapshot.value as Record<string, unknown>;
  const dialog = String(value['dialog']);
  const notes = [
    c.editing === null ? '' : `editing ${c.editing.name}`,
    c.deleteTarget === null ? '' : `deleting ${c.deleteTarget.name}`,
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
    snapshot.matches({ export: 'exporting' }) ? 'exporting' : '',
  ].filter(Boolean);
  return `[${query.join(', ')}] ${dialog}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}
