/**
 * The CSV import of `/crm/customer/{key}`. customersMachine runs it while its import dialog is open:
 *
 * - `choosing`: `import.pick { file }` takes a `.csv` file (else `fileError`), of at most
 *   `CUSTOMER_IMPORT_MAX_BYTES`, read as text (`reading`; an empty or unreadable file goes back
 *   with its error);
 * - `previewing`: `customer_import` with `preview: true` reads and checks the rows and stores
 *   nothing; `previewed` shows the first rows, how many would be imported and every problem by
 *   line and field. `import.confirm` (when some row is good) imports; `import.pick` or
 *   `import.back` choose another file;
 * - `importing`: `customer_import` for real: the good rows are stored, each bad one reported;
 *   `done` shows what was created and updated and the problems, until `import.close`.
 *
 * `import.cancel` leaves while nothing is being read or sent. The machine's output is what was imported
 * (`done`), or null when nothing was.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CUSTOMER_IMPORT_MAX_BYTES } from '@sapa/sdk';
import type { CustomerImport, ImportProblem } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

/** The contract's limit of `customer_import`'s `csv`. */
export { CUSTOMER_IMPORT_MAX_BYTES };

/** A file picked by the user (a browser `File` fits). */
export interface ImportFile {
  name: string;
  size: number;
  type?: string;
  text(): Promise<string>;
}

export type ImportErrorKey =
  | 'customers.import.notCsv'
  | 'customers.import.tooLarge'
  | 'customers.import.empty'
  | 'customers.import.unreadable';

/** Why a file was not taken: a catalogue key, or the server's message. */
export type ImportError = { key: ImportErrorKey } | { message: string };

export interface CustomerImportInput {
  client: ActCaller;
  key: string;
  /** How a file is read (default: `file.text()`). */
  readFile?: (file: ImportFile) => Promise<string>;
}

export interface CustomerImportContext {
  client: ActCaller;
  key: string;
  readFile: (file: ImportFile) => Promise<string>;
  /** The file picked last (its name and size). */
  file: { name: string; size: number } | null;
  /** What is being read or was read (kept out of snapshots' text: it can be large). */
  pending: ImportFile | null;
  csv: string;
  /** What `preview: true` answered. */
  preview: CustomerImport | null;
  /** What the import did. */
  result: CustomerImport | null;
  /** Why the file was not taken (choosing) or the import failed (previewed). */
  error: ImportError | null;
}

export type CustomerImportEvent =
  | { type: 'import.pick'; file: ImportFile }
  | { type: 'import.confirm' }
  /** Back to choosing a file (from the preview). */
  | { type: 'import.back' }
  /** Closes the result. */
  | { type: 'import.close' }
  /** Leaves without importing (not while a file is read or sent). */
  | { type: 'import.cancel' };

export type CustomerImportOutput = CustomerImport | null;

export type CustomerImportTag = 'busy' | 'reading' | 'previewing' | 'importing';

/** A CSV file by its name or type. */
export function isCsvFile(file: Pick<ImportFile, 'name' | 'type'>): boolean {
  return /\.csv$/i.test(file.name.trim()) || file.type === 'text/csv';
}

/** Why a picked file is refused before it is read, or null. */
export function importFileError(file: Pick<ImportFile, 'name' | 'type' | 'size'>): ImportError | null {
  if (!isCsvFile(file)) return { key: 'customers.import.notCsv' };
  if (file.size > CUSTOMER_IMPORT_MAX_BYTES) return { key: 'customers.import.tooLarge' };
  if (file.size === 0) return { key: 'customers.import.empty' };
  return null;
}

const readImportFile = fromPromise<
  string,
  { file: ImportFile; readFile: (file: ImportFile) => Promise<string> }
>(({ input }) => input.readFile(input.file));

/** customer_import: `preview` only reads and checks. */
const sendImport = fromPromise<
  CustomerImport,
  { client: ActCaller; key: string; csv: string; preview: boolean }
>(async ({ input, signal }) => {
  const { client, key, csv, preview } = input;
  return (await client.act('customer_import', { key, csv, preview }, { signal })).data;
});

const cleared = { file: null, pending: null, csv: '', preview: null, error: null } as const;

export const customerImportMachine = setup({
  types: {} as {
    context: CustomerImportContext;
    events: CustomerImportEvent;
    input: CustomerImportInput;
    output: CustomerImportOutput;
    tags: CustomerImportTag;
    children: { read: 'readImportFile'; preview: 'sendImport'; commit: 'sendImport' };
  },
  actors: { readImportFile, sendImport },
  guards: {
    fileRefused: (_, params: { file: ImportFile }) => importFileError(params.file) !== null,
    blankText: (_, params: { text: string }) => params.text.trim() === '',
    someRowGood: ({ context }) => (context.preview?.imported ?? 0) > 0,
  },
  actions: {
    refuseFile: assign((_, params: { file: ImportFile }) => ({
      ...cleared,
      file: { name: params.file.name, size: params.file.size },
      error: importFileError(params.file),
    })),
    takeFile: assign((_, params: { file: ImportFile }) => ({
      ...cleared,
      file: { name: params.file.name, size: params.file.size },
      pending: params.file,
    })),
    keepText: assign((_, params: { text: string }) => ({ csv: params.text, pending: null })),
    refuseEmpty: assign({ pending: null, error: { key: 'customers.import.empty' } }),
    refuseUnreadable: assign({ pending: null, error: { key: 'customers.import.unreadable' } }),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: { message: toFlowError(params.error).message },
    })),
    keepPreview: assign((_, params: { preview: CustomerImport }) => ({
      preview: params.preview,
      error: null,
    })),
    keepResult: assign((_, params: { result: CustomerImport }) => ({ result: params.result, csv: '' })),
    clear: assign({ ...cleared }),
    forgetError: assign({ error: null }),
  },
}).createMachine({
  id: 'customerImport',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    readFile: input.readFile ?? ((file) => file.text()),
    ...cleared,
    result: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'import.pick': [
          {
            guard: { type: 'fileRefused', params: ({ event }) => event },
            actions: { type: 'refuseFile', params: ({ event }) => event },
          },
          { target: 'reading', actions: { type: 'takeFile', params: ({ event }) => event } },
        ],
        'import.cancel': 'cancelled',
      },
    },
    reading: {
      tags: ['busy', 'reading'],
      invoke: {
        id: 'read',
        src: 'readImportFile',
        input: ({ context }) => ({
          file: context.pending ?? { name: '', size: 0, text: () => Promise.resolve('') },
          readFile: context.readFile,
        }),
        onDone: [
          {
            guard: { type: 'blankText', params: ({ event }) => ({ text: event.output }) },
            target: 'choosing',
            actions: 'refuseEmpty',
          },
          {
            target: 'previewing',
            actions: { type: 'keepText', params: ({ event }) => ({ text: event.output }) },
          },
        ],
        onError: { target: 'choosing', actions: 'refuseUnreadable' },
      },
    },
    previewing: {
      tags: ['busy', 'previewing'],
      invoke: {
        id: 'preview',
        src: 'sendImport',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          csv: context.csv,
          preview: true,
        }),
        onDone: {
          target: 'previewed',
          actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'choosing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    previewed: {
      on: {
        'import.confirm': { guard: 'someRowGood', target: 'importing', actions: 'forgetError' },
        'import.back': { target: 'choosing', actions: 'clear' },
        'import.pick': [
          {
            guard: { type: 'fileRefused', params: ({ event }) => event },
            target: 'choosing',
            actions: { type: 'refuseFile', params: ({ event }) => event },
          },
          { target: 'reading', actions: { type: 'takeFile', params: ({ event }) => event } },
        ],
        'import.cancel': 'cancelled',
      },
    },
    importing: {
      tags: ['busy', 'importing'],
      invoke: {
        id: 'commit',
        src: 'sendImport',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          csv: context.csv,
          preview: false,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'previewed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { on: { 'import.close': 'closed' } },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});

export type CustomerImportSnapshot = SnapshotFrom<typeof customerImportMachine>;

export type CustomerImportStep = 'choosing' | 'reading' | 'previewing' | 'previewed' | 'importing' | 'done';

/** Which step the dialog shows (the final states read as `done`). */
export function selectImportStep(snapshot: CustomerImportSnapshot): CustomerImportStep {
  const value = snapshot.value;
  return value === 'closed' || value === 'cancelled' ? 'done' : value;
}

/** The problems to list (the preview's, or the import's), in line order. */
export function selectImportProblems(snapshot: CustomerImportSnapshot): ImportProblem[] {
  return (snapshot.context.result ?? snapshot.context.preview)?.problems ?? [];
}
