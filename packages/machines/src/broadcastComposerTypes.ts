/** The broadcast composer's input, context, steps, events and tags (broadcastComposerMachine.ts). */
import type {
  BroadcastDetail,
  BroadcastPreview,
  BroadcastValues,
  BroadcastValueSource,
  BroadcastCustomer,
  MediaFile,
  MessageTemplate,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { CustomerFilter, CustomerFilterOptions, CustomerFilters } from './customerActors.ts';
import type { ImportFile } from './customerImportMachine.ts';
import type { ActCaller } from './sdk.ts';
import type { TemplateValueField } from './templatePickerMachine.ts';

/** The composer's steps, in order: the number and template, the values, the audience, the review. */
export const composerSteps = ['number', 'values', 'audience', 'review'] as const;
export type ComposerStep = (typeof composerSteps)[number];

/** When it starts: now, or at a day and time in the project's time zone. */
export type ComposerWhen = 'now' | 'later';

/** Why a CSV file was not taken (before the server read it). */
export type CsvProblem = 'notCsv' | 'tooLarge' | 'empty' | 'unreadable';

export interface BroadcastComposerInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  /** The project's time zone: a scheduled time is picked in it. */
  timeZone: string;
  /** The member's permission keys in the project (the billing link of a shortfall). */
  permissions: readonly string[];
  /** The scheduled broadcast to edit; absent or null: a new one. */
  broadcastId?: string | null;
  /**
   * Who the preview shows the values for when the project has no customer to show (or the member
   * may not list them): the web passes a sample in the member's language.
   */
  sample: BroadcastCustomer;
  /** The clock (default `new Date()`): schedule bounds. */
  now?: () => Date;
  /** Makes the create's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** Quiet time after the last change of the audience before the preview is asked (default 400). */
  previewDebounceMs?: number;
  /** How long the create or update may take before it counts as a network failure (default 30000). */
  saveTimeoutMs?: number;
  /** How a picked CSV file is read (default `file.text()`). */
  readFile?: (file: ImportFile) => Promise<string>;
}

/** A CSV audience: the file's name, and its text once read (absent for an edited one until picked again). */
export interface ComposerCsv {
  filename: string;
  /** The file's text as read in the browser (the server parses it). */
  text: string | null;
  /** The rows the stored broadcast had (editing, before the file is picked again). */
  rows: number | null;
}

export interface BroadcastComposerContext {
  client: ActCaller;
  key: string;
  timeZone: string;
  /** The member's permission keys: a shortfall links to the project's billing for those who may pay. */
  permissions: readonly string[];
  broadcastId: string | null;
  fallbackSample: BroadcastCustomer;
  now: () => Date;
  newClientId: () => string;
  previewDebounceMs: number;
  saveTimeoutMs: number;
  readFile: (file: ImportFile) => Promise<string>;

  /** Why the start could not load. */
  loadError: FlowError | null;
  /** The broadcast being edited, as loaded. */
  original: BroadcastDetail | null;
  /** The project's numbers (deleted ones are not listed). */
  accounts: WhatsAppAccount[];
  /** The first customer of the project, for the preview (null: the fallback sample). */
  sample: BroadcastCustomer | null;
  /** The customers filters' choices (`null`: that filter is not offered). */
  options: CustomerFilterOptions;

  accountId: string | null;
  /** The number's approved templates (empty until loaded). */
  templates: MessageTemplate[];
  templatesError: FlowError | null;
  chosen: MessageTemplate | null;
  /** An edited broadcast's template and values, taken once its number's templates load. */
  restore: { templateId: string; values: BroadcastValues } | null;
  values: BroadcastValues;
  /** The gallery file of a media header (its link shows in the preview). */
  media: MediaFile | null;
  /** A file of the wrong kind was offered for the media header. */
  mediaRefused: boolean;

  audienceKind: 'filter' | 'csv';
  filters: CustomerFilters;
  search: string;
  csv: ComposerCsv | null;
  /** A CSV file being read. */
  csvFile: ImportFile | null;
  csvProblem: CsvProblem | null;
  /** What `broadcast_preview` answered for the audience as it is now (null: not yet, or changed). */
  preview: BroadcastPreview | null;
  previewError: FlowError | null;

  name: string;
  when: ComposerWhen;
  date: string | null;
  time: string | null;

  /** The paths the member changed (`values.body.0.value`, `name`, `schedule` …): their problems show. */
  touched: string[];
  /** Steps whose "Lanjut" (or "Kirim") was pressed: every problem of theirs shows. */
  checked: ComposerStep[];
  /** The server's field errors of the last refusal, by path (`values.body.0.value`, `audience`, `scheduledAt`). */
  serverErrors: Record<string, string>;
  /** Why the last save did not go (not a field's fault). */
  error: FlowError | null;
  clientId: string | null;
  saved: BroadcastDetail | null;
}

/** A slot of the values: a body variable (by index), the header's variable, the link's suffix. */
export type ComposerSlot = TemplateValueField;

export type BroadcastComposerEvent =
  | { type: 'compose.retry' }
  /** Another step: one whose earlier steps are complete. */
  | { type: 'compose.step'; step: ComposerStep }
  /** "Lanjut": the next step when this one is complete, else its problems show. */
  | { type: 'compose.next' }
  | { type: 'compose.back' }
  | { type: 'compose.account'; accountId: string }
  | { type: 'compose.templatesRetry' }
  | { type: 'compose.template'; templateId: string }
  | ({ type: 'compose.source'; source: BroadcastValueSource } & ComposerSlot)
  /** A fixed value's text, or a custom field's name. */
  | ({ type: 'compose.text'; value: string } & ComposerSlot)
  | ({ type: 'compose.fallback'; fallback: string } & ComposerSlot)
  | { type: 'compose.media'; file: MediaFile }
  | { type: 'compose.clearMedia' }
  | { type: 'compose.audience'; kind: 'filter' | 'csv' }
  /** One of the customers table's filters (`null` clears it); dates as `yyyy-mm-dd`. */
  | { type: 'compose.filter'; filter: CustomerFilter; value: string | null }
  | { type: 'compose.search'; text: string }
  | { type: 'compose.resetFilters' }
  | { type: 'compose.csv'; file: ImportFile }
  | { type: 'compose.clearCsv' }
  | { type: 'compose.previewRetry' }
  /** Sent by the preview's pause (tests send it themselves). */
  | { type: 'compose.previewDue' }
  | { type: 'compose.name'; name: string }
  | { type: 'compose.when'; when: ComposerWhen }
  | { type: 'compose.date'; date: string | null }
  | { type: 'compose.time'; time: string | null }
  /** "Kirim" / "Jadwalkan" (the review step). */
  | { type: 'compose.submit' }
  /** Raised by the machine itself: the number changed, its templates load. */
  | { type: 'composer.loadTemplates' }
  /** Raised by the machine itself: what the preview depends on changed. */
  | { type: 'composer.previewStale' }
  /** Raised by the machine itself: a CSV file was taken, it is read. */
  | { type: 'composer.readCsv' };

export type BroadcastComposerTag = 'busy' | 'saving';
