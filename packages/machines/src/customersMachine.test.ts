import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll } from '@sapa/sdk';
import type { ActName } from '@sapa/sdk';
import {
  customerActAccess,
  customerListPayload,
  customerPermissions,
  customerQueryFields,
  hasCustomerQuery,
  isFilterValue,
  noCustomerFilters,
} from './customerActors.ts';
import { customersMachine } from './customersMachine.ts';
import {
  selectCanExport,
  selectCustomerForm,
  selectCustomerImport,
  selectCustomersDialog,
  selectCustomerTable,
  selectHasQuery,
  selectRangeReversed,
} from './customerSelectors.ts';
import type { CustomersEmitted } from './customersMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  budi,
  createFakeCustomerPages,
  customerKey,
  exported,
  filterOptions,
  importCsv,
  importPreview,
  importResult,
  projectCustomers,
  refused,
  sari,
} from './paths/customerFixtures.ts';
import { vip } from './paths/labelFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import { manualDelays } from './testing/delays.ts';

modelSuite('customers', (get) => {
  it('asks the table for each sort, search and filter, and not for a reversed date range', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('the table asks page 1 by name');
    expect(effects).toContain('the table asks page 1 by newest, search sari');
    expect(effects).toContain('the table asks page 1 by name, search sari');
    expect(effects).toContain('the table asks page 1 by newest, labelId VIP');
    expect(effects).toContain('the table asks page 1 by newest, stageId Deal');
    expect(effects).toContain('the table asks page 1 by newest, divisionId Tim Jual');
    expect(effects).toContain('the table asks page 1 by newest, accountId Toko Utama');
    expect(effects).toContain('the table asks page 1 by newest, from 2025-03-01, to 2025-03-31');
    expect(effects.filter((effect) => effect.includes('to 2025-02-01'))).toEqual([]);
  });

  it('fetches the page again after a save, a delete and an import, and announces each', () => {
    for (const [event, announced] of [
      ['xstate.done.actor.remove', 'announces Sari Dewi deleted'],
      ['xstate.done.actor.form', 'announces Sari Dewi added'],
      ['xstate.done.actor.importer', 'announces 3 imported'],
    ] as const) {
      const steps = get()
        .runs.flatMap(({ run }) => run.steps)
        .filter((step) => step.event.type === event && step.event['output'] !== null);
      expect(steps.length, event).toBeGreaterThan(0);
      for (const step of steps.filter((s) => s.effects.includes(announced)))
        expect(step.effects).toContain('the table asks page 1 by newest');
      expect(
        steps.some((step) => step.effects.includes(announced)),
        announced,
      ).toBe(true);
    }
  });

  it('exports the rows the filters keep, and says when the export fails', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_export'),
    );
    expect(calls).toContainEqual({ name: 'customer_export', fields: { key: customerKey } });
    expect(calls).toContainEqual({ name: 'customer_export', fields: { key: customerKey, labelId: vip.id } });
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain(`saves ${exported.filename} (1 rows)`);
    expect(effects).toContain('error toast "Failed to fetch"');
  });

  it('keeps the delete dialog open with the refusal', () => {
    const runs = runsThrough(get(), ['customers.confirmDelete', 'xstate.error.actor.remove']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.error.actor.remove');
      expect(selectCustomersDialog(step?.snapshot as never)).toBe('delete');
      expect(step?.snapshot.context['deleteError']).toMatchObject({ reason: 'forbidden' });
    }
  });
});

function start(permissions: readonly string[] = grantAll()) {
  const client = createFakeClient();
  const effects: string[] = [];
  const reads: Array<(text: string) => void> = [];
  const delays = manualDelays();
  const actor = createActor(customersMachine.provide({ actors: { delay: delays.delay } }), {
    input: {
      client,
      key: customerKey,
      permissions,
      fetchPage: createFakeCustomerPages(effects),
      searchDebounceMs: 5,
      readImportFile: () => new Promise<string>((resolve) => reads.push(resolve)),
    },
  });
  const emitted: CustomersEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, effects, emitted, reads, delays };
}

/** Answers the four filter choice lists (a `null` one is refused). */
function answerOptions(client: ReturnType<typeof createFakeClient>, stages: unknown = filterOptions.stages) {
  client.settle('label_list', { data: filterOptions.labels });
  client.settle('stage_list', stages === null ? { error: refused } : { data: stages });
  client.settle('division_list', { data: filterOptions.divisions });
  client.settle('account_list', { data: filterOptions.accounts });
}

describe('customers screen', () => {
  it('runs the table as its child and sends it the search after the pause', async () => {
    const { actor, effects, delays } = start();
    await flush();
    expect(selectCustomerTable(actor.getSnapshot())?.getSnapshot().context.rows).toEqual(projectCustomers);
    actor.send({ type: 'customers.search', text: ' bu' });
    actor.send({ type: 'customers.search', text: ' budi ' });
    expect(actor.getSnapshot().context.searchText).toBe('budi');
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'customers.searchSettled' } }]);
    expect(effects).toEqual(['the table asks page 1 by newest']);
    delays.fire('customers.searchSettled');
    await flush();
    expect(effects).toEqual([
      'the table asks page 1 by newest',
      'the table asks page 1 by newest, search budi',
    ]);
    expect(selectCustomerTable(actor.getSnapshot())?.getSnapshot().context.rows).toEqual([budi]);
  });

  it('loads the filter choices once, leaving out a list the viewer may not see', async () => {
    const { actor, client } = start();
    expect(client.pending().map((call) => call.name)).toEqual([
      'label_list',
      'stage_list',
      'division_list',
      'account_list',
    ]);
    expect(client.pending()[0]?.fields).toEqual({ key: customerKey, all: true });
    answerOptions(client, null);
    await flush();
    expect(actor.getSnapshot().context.options).toEqual({ ...filterOptions, stages: null });
  });

  it('holds a reversed date range back until it is fixed, and ignores a date that is not one', async () => {
    const { actor, effects } = start();
    await flush();
    actor.send({ type: 'customers.filter', filter: 'from', value: '2025-03-10' });
    actor.send({ type: 'customers.filter', filter: 'to', value: '2025-03-01' });
    expect(selectRangeReversed(actor.getSnapshot())).toBe(true);
    expect(selectCanExport(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'customers.filter', filter: 'to', value: '31-03-2025' });
    expect(actor.getSnapshot().context.filters.to).toBe('2025-03-01');
    await flush();
    // Another filter meanwhile goes with the dates last valid.
    actor.send({ type: 'customers.filter', filter: 'labelId', value: vip.id });
    await flush();
    actor.send({ type: 'customers.filter', filter: 'to', value: '2025-03-10' });
    expect(selectRangeReversed(actor.getSnapshot())).toBe(false);
    await flush();
    expect(effects).toEqual([
      'the table asks page 1 by newest',
      'the table asks page 1 by newest, from 2025-03-10',
      'the table asks page 1 by newest, labelId VIP, from 2025-03-10',
      'the table asks page 1 by newest, labelId VIP, from 2025-03-10, to 2025-03-10',
    ]);
    expect(selectHasQuery(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'customers.reset' });
    expect(actor.getSnapshot().context.filters).toEqual(noCustomerFilters);
    expect(selectHasQuery(actor.getSnapshot())).toBe(false);
  });

  it('adds a customer through its form, then fetches the page again', async () => {
    const { actor, client, effects, emitted } = start();
    answerOptions(client);
    await flush();
    actor.send({ type: 'customers.add' });
    const form = selectCustomerForm(actor.getSnapshot());
    if (form === undefined) throw new Error('the form did not open');
    form.send({ type: 'customerForm.name', value: 'Rina' });
    form.send({ type: 'customerForm.phone', value: '0812-3456-7005' });
    form.send({ type: 'customerForm.save' });
    expect(client.pending()).toEqual([
      {
        name: 'customer_create',
        fields: { key: customerKey, name: 'Rina', phone: '+6281234567005', notes: '', customFields: {} },
      },
    ]);
    const rina = { ...budi, name: 'Rina', phone: '+6281234567005' };
    client.settle('customer_create', { data: rina });
    await flush();
    expect(selectCustomersDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'customers.saved', customer: rina, created: true }]);
    expect(effects.at(-1)).toBe('the table asks page 1 by newest');
    expect(effects).toHaveLength(2);
  });

  it('edits the customer of a row, and closes the form without a save on cancel', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'customers.edit', customer: sari });
    const form = selectCustomerForm(actor.getSnapshot());
    expect(form?.getSnapshot().context.draft.name).toBe('Sari Dewi');
    form?.send({ type: 'customerForm.cancel' });
    await flush();
    expect(selectCustomersDialog(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().context.editing).toBeNull();
    expect(emitted).toEqual([]);
    expect(client.pending().filter((call) => call.name.startsWith('customer_'))).toEqual([]);
  });

  it('imports a file through the import machine, then fetches the page again', async () => {
    const { actor, client, effects, emitted, reads } = start();
    answerOptions(client);
    await flush();
    actor.send({ type: 'customers.import' });
    const importer = selectCustomerImport(actor.getSnapshot());
    importer?.send({
      type: 'import.pick',
      file: { name: 'pelanggan.csv', size: importCsv.length, text: () => Promise.resolve(importCsv) },
    });
    reads[0]?.(importCsv);
    await flush();
    client.settle('customer_import', { data: importPreview });
    await flush();
    importer?.send({ type: 'import.confirm' });
    client.settle('customer_import', { data: importResult });
    await flush();
    expect(selectCustomersDialog(actor.getSnapshot())).toBe('import');
    importer?.send({ type: 'import.close' });
    await flush();
    expect(selectCustomersDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'customers.imported', result: importResult }]);
    expect(effects.at(-1)).toBe('the table asks page 1 by newest');
  });

  it('exports with the applied filters and search, not the typed search', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'customers.filter', filter: 'labelId', value: vip.id });
    actor.send({ type: 'customers.search', text: 'sar' });
    actor.send({ type: 'customers.export' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    expect(client.pending().at(-1)).toEqual({
      name: 'customer_export',
      fields: { key: customerKey, labelId: vip.id },
    });
    client.settle('customer_export', { data: exported });
    await flush();
    expect(emitted).toEqual([{ type: 'customers.exported', file: exported }]);
  });

  it("ignores what the viewer's permissions do not allow", () => {
    const viewer = ['crm.menu', 'crm.customer.menu', 'crm.customer.view'];
    const { actor, client } = start(viewer);
    for (const event of [
      { type: 'customers.add' },
      { type: 'customers.edit', customer: sari },
      { type: 'customers.delete', customer: sari },
      { type: 'customers.import' },
    ] as const) {
      actor.send(event);
      expect(selectCustomersDialog(actor.getSnapshot()), event.type).toBe('closed');
    }
    expect(selectCanExport(actor.getSnapshot())).toBe(true);
    const { actor: nobody } = start(['crm.menu']);
    expect(selectCanExport(nobody.getSnapshot())).toBe(false);
    expect(client.calls.filter((call) => call.name.startsWith('customer_'))).toEqual([]);
  });
});

describe('customer rules', () => {
  it('repeats the contract access of each customer act', () => {
    for (const [name, access] of Object.entries(customerActAccess))
      expect(acts[name as ActName].access).toEqual(access);
  });

  it('reads what a member may do with customers', () => {
    expect(customerPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
      import: true,
      export: true,
      openChat: true,
    });
    expect(
      customerPermissions(['crm.menu', 'crm.customer.menu', 'crm.customer.view', 'crm.customer.edit']),
    ).toEqual({
      menu: true,
      view: true,
      add: false,
      edit: true,
      remove: false,
      import: false,
      export: true,
      openChat: false,
    });
  });

  it('sends only the filters that are set', () => {
    expect(
      customerListPayload(customerKey, { sort: 'newest', search: '', filters: noCustomerFilters }),
    ).toEqual({
      act: 'customer_list',
      key: customerKey,
      sort: 'newest',
    });
    const filters = { ...noCustomerFilters, stageId: 's1', from: '2025-03-01' };
    expect(customerListPayload(customerKey, { sort: 'name', search: 'sari', filters })).toEqual({
      act: 'customer_list',
      key: customerKey,
      sort: 'name',
      search: 'sari',
      stageId: 's1',
      from: '2025-03-01',
    });
    expect(customerQueryFields(filters, '')).toEqual({ stageId: 's1', from: '2025-03-01' });
    expect(hasCustomerQuery(noCustomerFilters, '')).toBe(false);
    expect(hasCustomerQuery(noCustomerFilters, 'x')).toBe(true);
  });

  it('takes ids and real yyyy-mm-dd dates as filter values', () => {
    expect(isFilterValue('labelId', vip.id)).toBe(true);
    expect(isFilterValue('labelId', ' ')).toBe(false);
    expect(isFilterValue('from', '2025-02-29')).toBe(false);
    expect(isFilterValue('to', '2024-02-29')).toBe(true);
    expect(isFilterValue('to', null)).toBe(true);
  });
});
