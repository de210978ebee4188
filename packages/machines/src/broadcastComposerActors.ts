/**
 * The broadcast composer's network work and rules, apart from its statechart
 * (broadcastComposerMachine.ts): what a member may do, the start's load, the preview, the save,
 * the CSV read, and what makes each step complete. The values' and the schedule's rules are the
 * SDK's (`broadcastValueProblems`, `broadcastScheduleProblem`), shared with the server.
 */
import { fromPromise } from 'xstate';
import {
  BROADCAST_CSV_MAX_BYTES,
  BROADCAST_NAME_MAX,
  BROADCAST_SCHEDULE_MAX_DAYS,
  broadcastScheduleAt,
  broadcastScheduleParts,
  broadcastScheduleProblem,
  broadcastValueProblems,
  templateValueSlots,
} from '@sapa/sdk';
import type {
  BroadcastAudience,
  BroadcastCustomer,
  BroadcastDetail,
  BroadcastFilter,
  BroadcastPreview,
  BroadcastValue,
  BroadcastValues,
  MessageKey,
  MessageParams,
  MessageTemplate,
  WhatsAppAccount,
} from '@sapa/sdk';
import { billingActAccess } from './billingAccess.ts';
import { broadcastActAccess } from './broadcastAccess.ts';
import type { BroadcastComposerContext, ComposerStep, CsvProblem } from './broadcastComposerTypes.ts';
import { composerSteps } from './broadcastComposerTypes.ts';
import { customerQueryFields, filtersValid, noCustomerFilters } from './customerActors.ts';
import type { CustomerFilters } from './customerActors.ts';
import type { ImportFile } from './customerImportMachine.ts';
import { isCsvFile } from './customerImportMachine.ts';
import { mayCall } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';
import { timedRequest } from './threadActors.ts';

export interface BroadcastComposerPermissions {
  /** A new broadcast (`broadcast_create`, with its preview). */
  create: boolean;
  /** Changing a scheduled one (`broadcast_update`). */
  update: boolean;
  /** Moving money into the project (`project.billing.pay`): a shortfall links to its billing. */
  pay: boolean;
}

export function broadcastComposerPermissions(permissions: readonly string[]): BroadcastComposerPermissions {
  return {
    create: mayCall(permissions, broadcastActAccess.broadcast_create),
    update: mayCall(permissions, broadcastActAccess.broadcast_update),
    pay: mayCall(permissions, billingActAccess.billing_pay),
  };
}

/** What the composer starts from. */
export interface ComposerStart {
  accounts: WhatsAppAccount[];
  /** The broadcast being edited (null: a new one). */
  broadcast: BroadcastDetail | null;
  /** The project's first customer, for the preview (null when there is none, or they may not be listed). */
  sample: BroadcastCustomer | null;
}

async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

/** account_list, broadcast_get (editing) and one customer (customer_list) for the preview, side by side. */
export const loadComposerStart = fromPromise<
  ComposerStart,
  { client: ActCaller; key: string; broadcastId: string | null }
>(async ({ input, signal }) => {
  const { client, key, broadcastId } = input;
  const [accounts, broadcast, sample] = await Promise.all([
    client.act('account_list', { key }, { signal }).then((answer) => answer.data),
    broadcastId === null
      ? Promise.resolve(null)
      : client.act('broadcast_get', { key, id: broadcastId }, { signal }).then((answer) => answer.data),
    orNull(() => client.act('customer_list', { key }, { signal })),
  ]);
  const first = sample?.data[0];
  return {
    accounts,
    broadcast,
    sample:
      first === undefined ? null : { name: first.name, phone: first.phone, customFields: first.customFields },
  };
});

/** What a broadcast is asked about and saved with. */
export interface ComposerPayload {
  accountId: string;
  templateId: string;
  values: BroadcastValues;
  audience: BroadcastAudience;
}

/** broadcast_preview: who the audience reaches now and what it costs against the balance. */
export const previewBroadcast = fromPromise<
  BroadcastPreview,
  { client: ActCaller; key: string; payload: Omit<ComposerPayload, 'values'> }
>(async ({ input, signal }) => {
  const { client, key, payload } = input;
  return (await client.act('broadcast_preview', { key, ...payload }, { signal })).data;
});

/** What a save sends: the payload, the name and when it starts. */
export interface ComposerSave extends ComposerPayload {
  name: string;
  scheduledAt: string | null;
}

/** broadcast_create (under the composer's client id) or broadcast_update, given up after `timeoutMs`. */
export const saveBroadcast = fromPromise<
  BroadcastDetail,
  {
    client: ActCaller;
    key: string;
    broadcastId: string | null;
    clientId: string;
    save: ComposerSave;
    timeoutMs: number;
  }
>(({ input, signal }) =>
  timedRequest(signal, input.timeoutMs, async (requestSignal) => {
    const { client, key, broadcastId, clientId, save } = input;
    const answer =
      broadcastId === null
        ? await client.act('broadcast_create', { key, clientId, ...save }, { signal: requestSignal })
        : await client.act('broadcast_update', { key, id: broadcastId, ...save }, { signal: requestSignal });
    return answer.data;
  }),
);

/** Reads a picked CSV file as text (the server parses it). */
export const readCsvFile = fromPromise<
  string,
  { file: ImportFile; readFile: (file: ImportFile) => Promise<string> }
>(({ input }) => input.readFile(input.file));

/** Why a picked file is refused before it is read, or null: not a CSV, empty, over the contract's size. */
export function csvFileProblem(file: Pick<ImportFile, 'name' | 'type' | 'size'>): CsvProblem | null {
  if (!isCsvFile(file)) return 'notCsv';
  if (file.size > BROADCAST_CSV_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

const noValue: BroadcastValue = { source: 'fixed', value: '', fallback: '' };

/** A placeholder of a template's example (`{nama}`, `{Kota}`) as a value's source, else an empty fixed text. */
export function valueFromExample(example: string | null | undefined): BroadcastValue {
  const match = /^\{([\p{L}\p{N}_ ]+)\}$/u.exec(example?.trim() ?? '');
  const name = match?.[1]?.trim();
  if (name === undefined || name === '') return noValue;
  const lower = name.toLocaleLowerCase();
  if (lower === 'nama' || lower === 'name') return { source: 'name', value: '', fallback: '' };
  if (lower === 'nomor' || lower === 'phone') return { source: 'phone', value: '', fallback: '' };
  if (lower === 'agen') return noValue;
  return { source: 'field', value: name, fallback: '' };
}

/**
 * The values a template starts with: a slot whose example is a placeholder (`{nama}`, `{nomor}`,
 * a custom field's `{Kota}`) comes from the customer, any other starts as an empty fixed text; a
 * media header waits for its file.
 */
export function startingValues(template: MessageTemplate): BroadcastValues {
  const slots = templateValueSlots(template);
  const headerExample = template.header?.format === 'TEXT' ? template.header.example : null;
  return {
    body: slots.body.map((_name, index) => valueFromExample(template.bodyExamples[index])),
    ...(slots.header === null ? {} : { header: valueFromExample(headerExample) }),
    ...(slots.headerMedia === null ? {} : { headerMediaId: '' }),
    ...(slots.buttonUrl === null ? {} : { buttonUrl: noValue }),
  };
}

/** Stored values for `template` when they fit its slots (an edited broadcast's), else its starting values. */
export function valuesFor(template: MessageTemplate, stored: BroadcastValues | null): BroadcastValues {
  const start = startingValues(template);
  if (stored === null) return start;
  const fits =
    stored.body.length === start.body.length &&
    (stored.header === undefined) === (start.header === undefined) &&
    (stored.buttonUrl === undefined) === (start.buttonUrl === undefined) &&
    (stored.headerMediaId === undefined) === (start.headerMediaId === undefined);
  return fits ? stored : start;
}

/** The values as sent: texts trimmed, an empty media id left out. */
export function sendableValues(values: BroadcastValues): BroadcastValues {
  const trim = (value: BroadcastValue): BroadcastValue => ({
    source: value.source,
    value: value.value.trim(),
    fallback: value.fallback.trim(),
  });
  return {
    body: values.body.map(trim),
    ...(values.header === undefined ? {} : { header: trim(values.header) }),
    ...(values.headerMediaId === undefined || values.headerMediaId === ''
      ? {}
      : { headerMediaId: values.headerMediaId }),
    ...(values.buttonUrl === undefined ? {} : { buttonUrl: trim(values.buttonUrl) }),
  };
}

/** A stored audience's filter as the customers table's filters and search. */
export function filtersOf(filter: BroadcastFilter): { filters: CustomerFilters; search: string } {
  return {
    filters: {
      labelId: filter.labelId ?? null,
      stageId: filter.stageId ?? null,
      divisionId: filter.divisionId ?? null,
      accountId: filter.accountId ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
    },
    search: filter.search ?? '',
  };
}

/** The starting filters: none (everyone who did not opt out). */
export const noAudienceFilters = { filters: noCustomerFilters, search: '' };

type Context = BroadcastComposerContext;

/** The audience as sent, or null while it is not one yet (a reversed date range, no CSV read). */
export function audienceOf(context: Context): BroadcastAudience | null {
  if (context.audienceKind === 'filter')
    return filtersValid(context.filters)
      ? { kind: 'filter', filter: customerQueryFields(context.filters, context.search.trim()) }
      : null;
  const { csv } = context;
  return csv?.text === null || csv?.text === undefined || csv.text === ''
    ? null
    : { kind: 'csv', csv: csv.text, filename: csv.filename };
}

/** What the preview is asked about, or null while the number, template or audience is missing. */
export function previewPayloadOf(context: Context): Omit<ComposerPayload, 'values'> | null {
  const audience = audienceOf(context);
  if (context.accountId === null || context.chosen === null || audience === null) return null;
  return { accountId: context.accountId, templateId: context.chosen.id, audience };
}

/** The instant the broadcast starts at (null: now, or a day or time missing). */
export function scheduledAtOf(context: Context): string | null {
  if (context.when === 'now' || context.date === null || context.time === null) return null;
  return broadcastScheduleAt({ date: context.date, time: context.time }, context.timeZone);
}

/** An edited broadcast's time as the form holds it: later, its day and time in the project's zone. */
export function scheduleOf(broadcast: BroadcastDetail, timeZone: string) {
  const parts = broadcastScheduleParts(broadcast.scheduledAt, timeZone);
  return { when: 'later' as const, date: parts.date, time: parts.time };
}

/** What the save sends, or null while anything is missing. */
export function saveOf(context: Context): ComposerSave | null {
  const payload = previewPayloadOf(context);
  if (payload === null) return null;
  return {
    ...payload,
    values: sendableValues(context.values),
    name: context.name.trim(),
    scheduledAt: scheduledAtOf(context),
  };
}

/** A problem the composer shows beside a field: where (`values.body.0.value`, `name`), and its text. */
export interface ComposerProblem {
  path: string;
  key: MessageKey;
  params: MessageParams;
}

const problem = (path: string, key: MessageKey, params: MessageParams = {}): ComposerProblem => ({
  path,
  key,
  params,
});

function numberProblems(context: Context): ComposerProblem[] {
  const out: ComposerProblem[] = [];
  if (context.accountId === null) out.push(problem('accountId', 'broadcastCompose.problem.account'));
  else if (context.chosen === null) out.push(problem('templateId', 'broadcastCompose.problem.template'));
  return out;
}

function valueProblems(context: Context): ComposerProblem[] {
  if (context.chosen === null) return [];
  return broadcastValueProblems(context.chosen, context.values).map((found) =>
    problem(['values', ...found.path].join('.'), found.key, found.params),
  );
}

function audienceProblems(context: Context): ComposerProblem[] {
  if (context.audienceKind === 'filter') {
    if (!filtersValid(context.filters)) return [problem('audience.to', 'customers.filter.rangeReversed')];
  } else if (audienceOf(context) === null) {
    return [problem('audience.csv', 'broadcastCompose.problem.csv')];
  }
  if (context.preview !== null && context.preview.recipients === 0)
    return [problem('audience', 'field.broadcast_audience_empty')];
  return [];
}

function reviewProblems(context: Context): ComposerProblem[] {
  const out: ComposerProblem[] = [];
  const name = context.name.trim();
  if (name === '') out.push(problem('name', 'broadcastCompose.problem.name'));
  else if (name.length > BROADCAST_NAME_MAX)
    out.push(problem('name', 'broadcastCompose.problem.nameTooLong', { max: BROADCAST_NAME_MAX }));
  if (context.when === 'later') {
    if (context.date === null) out.push(problem('schedule.date', 'broadcastCompose.problem.date'));
    if (context.time === null) out.push(problem('schedule.time', 'broadcastCompose.problem.time'));
    const at = scheduledAtOf(context);
    const bound = at === null ? null : broadcastScheduleProblem(at, context.now());
    if (bound === 'past') out.push(problem('scheduledAt', 'field.broadcast_schedule_past'));
    if (bound === 'far')
      out.push(problem('scheduledAt', 'field.broadcast_schedule_far', { days: BROADCAST_SCHEDULE_MAX_DAYS }));
  }
  return out;
}

/** What keeps `step` from being complete (`[]` when it is). */
export function stepProblems(context: Context, step: ComposerStep): ComposerProblem[] {
  switch (step) {
    case 'number':
      return numberProblems(context);
    case 'values':
      return valueProblems(context);
    case 'audience':
      return audienceProblems(context);
    case 'review':
      return reviewProblems(context);
  }
}

export function stepComplete(context: Context, step: ComposerStep): boolean {
  return stepProblems(context, step).length === 0;
}

/** Whether `step` can be opened: every step before it is complete. */
export function stepReachable(context: Context, step: ComposerStep): boolean {
  return composerSteps
    .slice(0, composerSteps.indexOf(step))
    .every((earlier) => stepComplete(context, earlier));
}

/** The step a field belongs to, by its path (a server's field error, a problem). */
export function stepOfPath(path: string): ComposerStep {
  if (path === 'accountId' || path === 'templateId') return 'number';
  if (path === 'values' || path.startsWith('values.')) return 'values';
  if (path === 'audience' || path.startsWith('audience.')) return 'audience';
  return 'review';
}

/** The first step of the server's field errors, or null when there are none. */
export function firstErrorStep(errors: Record<string, string>): ComposerStep | null {
  const steps = Object.keys(errors).map(stepOfPath);
  return composerSteps.find((step) => steps.includes(step)) ?? null;
}

const HOUR_MS = 3_600_000;

/** The time "Nanti" starts with: the next whole hour at least an hour ahead, in the project's zone. */
export function suggestedSchedule(now: Date, timeZone: string): { date: string; time: string } {
  const at = new Date(Math.ceil((now.getTime() + HOUR_MS) / HOUR_MS) * HOUR_MS);
  const parts = broadcastScheduleParts(at, timeZone);
  // Zones a half hour off UTC (India) show :30: the whole hour of the zone is wanted.
  return { date: parts.date, time: `${parts.time.slice(0, 2)}:00` };
}
