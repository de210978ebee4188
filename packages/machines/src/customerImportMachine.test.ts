import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  customerImportMachine,
  importFileError,
  isCsvFile,
  selectImportProblems,
  selectImportStep,
} from './customerImportMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  allBadPreview,
  customerKey,
  importCsv,
  importPreview,
  importResult,
} from './paths/customerFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('customerImport', (get) => {
  it('previews a file before importing it, and imports the same text', () => {
    for (const { run } of get().runs) {
      const calls = run.world.client.calls.filter((call) => call.name === 'customer_import');
      for (const [index, call] of calls.entries()) {
        const fields = call.fields as { key: string; csv: string; preview: boolean };
        expect(fields).toMatchObject({ key: customerKey, csv: importCsv });
        if (!fields.preview)
          expect(
            calls.slice(0, index).some((earlier) => (earlier.fields as { preview: boolean }).preview),
          ).toBe(true);
      }
    }
    const imports = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => (call.fields as { preview: boolean }).preview === false),
    );
    expect(imports.length).toBeGreaterThan(0);
  });

  it('refuses a file that is not CSV, or blank, or unreadable, without sending it', () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const errors = new Set(
      steps
        .filter((step) => step.snapshot.value === 'choosing')
        .map((step) => JSON.stringify(step.snapshot.context['error'])),
    );
    expect(errors).toContain(JSON.stringify({ key: 'customers.import.notCsv' }));
    expect(errors).toContain(JSON.stringify({ key: 'customers.import.empty' }));
    expect(errors).toContain(JSON.stringify({ key: 'customers.import.unreadable' }));
    expect(errors).toContain(JSON.stringify({ message: 'Failed to fetch' }));
  });

  it('ends with what was imported, or nothing when left before importing', () => {
    const finals = get()
      .runs.map(({ run }) => run.final)
      .filter((final) => final.status === 'done');
    expect(finals.map((final) => final.output)).toContainEqual(importResult);
    expect(finals.map((final) => final.output)).toContainEqual(null);
  });
});

function start() {
  const client = createFakeClient();
  const actor = createActor(customerImportMachine, { input: { client, key: customerKey } }).start();
  return { client, actor };
}

const csvFile = (text: string, name = 'pelanggan.csv') => ({
  name,
  size: text.length,
  text: () => Promise.resolve(text),
});

describe('the import file', () => {
  it('is a CSV by its name or its type', () => {
    expect(isCsvFile({ name: 'Pelanggan.CSV' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'pelanggan.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
  });

  it('is refused before reading when too large or empty', () => {
    expect(importFileError({ name: 'a.csv', size: CUSTOMER_IMPORT_MAX_BYTES + 1 })).toEqual({
      key: 'customers.import.tooLarge',
    });
    expect(importFileError({ name: 'a.csv', size: 0 })).toEqual({ key: 'customers.import.empty' });
    expect(importFileError({ name: 'a.csv', size: CUSTOMER_IMPORT_MAX_BYTES })).toBeNull();
  });
});

describe('customer import machine', () => {
  it('reads the file with file.text() by default, previews it, imports it and lists the problems', async () => {
    const { actor, client } = start();
    actor.send({ type: 'import.pick', file: csvFile(importCsv) });
    expect(selectImportStep(actor.getSnapshot())).toBe('reading');
    await flush();
    expect(client.pending()).toEqual([
      { name: 'customer_import', fields: { key: customerKey, csv: importCsv, preview: true } },
    ]);
    client.settle('customer_import', { data: importPreview });
    await flush();
    expect(selectImportStep(actor.getSnapshot())).toBe('previewed');
    expect(selectImportProblems(actor.getSnapshot())).toEqual(importPreview.problems);
    actor.send({ type: 'import.confirm' });
    expect(client.pending()).toEqual([
      { name: 'customer_import', fields: { key: customerKey, csv: importCsv, preview: false } },
    ]);
    client.settle('customer_import', { data: importResult });
    await flush();
    expect(selectImportStep(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.csv).toBe('');
    actor.send({ type: 'import.close' });
    expect(actor.getSnapshot().output).toEqual(importResult);
  });

  it('does not import a file none of whose rows is good', async () => {
    const { actor, client } = start();
    actor.send({ type: 'import.pick', file: csvFile('a,b\n1,2\n') });
    await flush();
    client.settle('customer_import', { data: allBadPreview });
    await flush();
    actor.send({ type: 'import.confirm' });
    expect(selectImportStep(actor.getSnapshot())).toBe('previewed');
    expect(client.pending()).toEqual([]);
    expect(selectImportProblems(actor.getSnapshot())).toEqual(allBadPreview.problems);
  });

  it('keeps the preview and says why when the import itself fails', async () => {
    const { actor, client } = start();
    actor.send({ type: 'import.pick', file: csvFile(importCsv) });
    await flush();
    client.settle('customer_import', { data: importPreview });
    await flush();
    actor.send({ type: 'import.confirm' });
    client.settle('customer_import', { error: { reason: 'internal', message: 'Server sibuk' } });
    await flush();
    expect(selectImportStep(actor.getSnapshot())).toBe('previewed');
    expect(actor.getSnapshot().context.preview).toEqual(importPreview);
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Server sibuk' });
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(client.pending()).toEqual([
      { name: 'customer_import', fields: { key: customerKey, csv: importCsv, preview: false } },
    ]);
  });

  it('refuses a file over the limit without reading it', () => {
    const { actor } = start();
    let read = false;
    actor.send({
      type: 'import.pick',
      file: {
        name: 'besar.csv',
        size: CUSTOMER_IMPORT_MAX_BYTES + 1,
        text: () => {
          read = true;
          return Promise.resolve('');
        },
      },
    });
    expect(selectImportStep(actor.getSnapshot())).toBe('choosing');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'customers.import.tooLarge' });
    expect(read).toBe(false);
  });
});
