/**
 * The CSV import's test model. The user picks a spreadsheet that is not CSV (refused at once),
 * then `pelanggan.csv`: it is read (or turns out blank, or cannot be read), previewed (3 of 4 rows
 * good, line 3 without a name; or no good row at all; or the server is not reached), imported (or
 * the import fails and the preview stays), and the result closed. Back, another file and cancel
 * are tried from the preview. Files are read by the world's reader, which the model settles.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { customerImportMachine } from '../customerImportMachine.ts';
import type { CustomerImportContext, ImportFile } from '../customerImportMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import { allBadPreview, customerKey, importCsv, importPreview, importResult } from './customerFixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomerImportContext {
  return snapshot.context as CustomerImportContext;
}

function errorOf(c: CustomerImportContext): string | null {
  if (c.error === null) return null;
  return 'key' in c.error ? c.error.key : 'server';
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    file: c.file?.name ?? null,
    csv: c.csv.length,
    preview: c.preview?.imported ?? null,
    result: c.result?.imported ?? null,
    error: errorOf(c),
  });
}

function file(name: string, size: number, type: string): ImportFile {
  // The world's reader reads it; `text` is never called in model paths.
  return { name, size, type, text: () => Promise.resolve('') };
}

const goodFile = file('pelanggan.csv', importCsv.length, 'text/csv');
const spreadsheet = file('pelanggan.xlsx', 2048, 'application/vnd.ms-excel');

const toPreview: AnyEventObject[] = [
  { type: 'import.pick', file: goodFile },
  { type: 'xstate.done.actor.read', output: importCsv },
  { type: 'xstate.done.actor.preview', output: importPreview },
];

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  switch (snapshot.value) {
    case 'choosing':
      return [
        { type: 'import.pick', file: goodFile },
        ...(c.error === null ? [{ type: 'import.pick', file: spreadsheet }] : []),
        { type: 'import.cancel' },
      ];
    case 'reading':
      return [
        { type: 'xstate.done.actor.read', output: importCsv },
        { type: 'xstate.done.actor.read', output: ' \n' },
        { type: 'xstate.error.actor.read', error: new Error('NotReadableError') },
      ];
    case 'previewing':
      return [
        { type: 'xstate.done.actor.preview', output: importPreview },
        { type: 'xstate.done.actor.preview', output: allBadPreview },
        { type: 'xstate.error.actor.preview', error: networkError },
      ];
    case 'previewed':
      return [
        { type: 'import.confirm' },
        { type: 'import.back' },
        { type: 'import.pick', file: goodFile },
        { type: 'import.pick', file: spreadsheet },
        { type: 'import.cancel' },
      ];
    case 'importing':
      return [
        { type: 'xstate.done.actor.commit', output: importResult },
        { type: 'xstate.error.actor.commit', error: networkError },
      ];
    case 'done':
      return [{ type: 'import.close' }];
    default:
      return [];
  }
}

interface Reads {
  pending: Array<{ resolve(text: string): void; reject(error: unknown): void }>;
}

/** The reader settles the oldest file read with the event's text or error. */
const settleRead: StepDriver = ({ world, event }) => {
  const reads = (world as World & { reads: Reads }).reads;
  const read = reads.pending.shift();
  if (read === undefined) throw new Error('No file read to settle');
  if (event.type.startsWith('xstate.done.')) read.resolve(String(event['output']));
  else read.reject(event['error']);
};

function world(): World & { reads: Reads } {
  const client = createFakeClient();
  const reads: Reads = { pending: [] };
  const readFile = () =>
    new Promise<string>((resolve, reject) => {
      reads.pending.push({ resolve, reject });
    });
  return { client, browser: null, effects: [], reads, input: { client, key: customerKey, readFile } };
}

export const customerImportModel: PathModel = {
  name: 'customerImport',
  machine: customerImportMachine,
  serialize,
  starts: [{ label: 'the import dialog open', world }],
  events,
  simple: {
    events: (snapshot) => {
      switch (snapshot.value) {
        case 'choosing':
          return [{ type: 'import.pick', file: goodFile }];
        case 'reading':
          return [{ type: 'xstate.done.actor.read', output: importCsv }];
        case 'previewing':
          return [{ type: 'xstate.done.actor.preview', output: importPreview }];
        case 'previewed':
          return [{ type: 'import.confirm' }];
        case 'importing':
          return [{ type: 'xstate.done.actor.commit', output: importResult }];
        case 'done':
          return [{ type: 'import.close' }];
        default:
          return [];
      }
    },
    toState: (snapshot) => snapshot.matches('closed'),
  },
  scenarios: [
    // From the preview: back to choosing, another file, a file that is not CSV, then cancel.
    {
      start: 0,
      events: [
        ...toPreview,
        { type: 'import.back' },
        ...toPreview,
        { type: 'import.pick', file: goodFile },
        { type: 'xstate.done.actor.read', output: importCsv },
        { type: 'xstate.done.actor.preview', output: importPreview },
        { type: 'import.pick', file: spreadsheet },
        { type: 'import.cancel' },
      ],
    },
  ],
  actorActs: { preview: 'customer_import', commit: 'customer_import' },
  drivers: { 'xstate.done.actor.read': settleRead, 'xstate.error.actor.read': settleRead },
  describeEvent,
  describeState,
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = { read: 'reading the file', preview: 'the preview', commit: 'the import' }[settled[2]];
    if (settled[1] === 'error') return `${what ?? settled[2]} fails`;
    const output = event['output'];
    if (typeof output === 'string') return output.trim() === '' ? 'the file is blank' : 'the file is read';
    const answer = output as { imported: number; problems: unknown[] };
    return `${what ?? settled[2]} answers ${answer.imported} good row(s), ${answer.problems.length} problem(s)`;
  }
  switch (event.type) {
    case 'import.pick':
      return `the user picks ${(event['file'] as ImportFile).name}`;
    case 'import.confirm':
      return 'the user presses "Impor"';
    case 'import.back':
      return 'the user goes back to choose another file';
    case 'import.close':
      return 'the user closes the result';
    case 'import.cancel':
      return 'the user cancels';
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const error = c.error === null ? '' : `, error ${'key' in c.error ? c.error.key : `"${c.error.message}"`}`;
  const file = c.file === null ? '' : ` ${c.file.name}`;
  const preview = c.preview === null ? '' : `, preview ${c.preview.imported} good`;
  const result = c.result === null ? '' : `, ${c.result.created} created, ${c.result.updated} updated`;
  return `${String(snapshot.value)}${file}${preview}${result}${error}`;
}
