/**
 * The broadcast composer (issue 17), `/crm/broadcast/{key}/new` and, for a scheduled broadcast,
 * `/crm/broadcast/{key}/{id}/edit`: a wizard of four steps on one page.
 *
 * 1. `number`: one of the project's numbers (its only one is taken at once), then one of its
 *    approved templates (the template picker's `loadTemplates`, kept when `isSendable`);
 * 2. `values`: each body variable, the header's variable and the link's suffix from fixed text,
 *    the customer's name or phone, or a custom field with a fallback (`BroadcastValue`); a media
 *    header's file from the gallery. The SDK's `broadcastValueProblems` decides what fits;
 * 3. `audience`: the customers table's filters and search, or a CSV of phones read in the browser;
 * 4. `review`: the name, now or a day and time in the project's time zone, and the count and cost.
 *
 * `compose.next` opens the next step when this one is complete, else shows its problems;
 * `compose.step` opens any step whose earlier steps are complete. Parallel regions beside the
 * `form`:
 *
 * - `templates`: the chosen number's templates (`template_list`); an edited broadcast's template
 *   and values are taken once they load;
 * - `preview`: `broadcast_preview` for the number, template and audience, asked after a pause
 *   (`previewDebounceMs`) each time one of them changes: the recipients (opted-out customers left
 *   out and counted), a CSV's rows left out by line and reason, the cost against the balance;
 * - `csv`: a picked file read as text (the server parses it);
 * - `options`: the filters' choices (`loadCustomerFilterOptions`, the customers table's).
 *
 * Regions tell each other through raised events (`composer.loadTemplates`,
 * `composer.previewStale`, `composer.readCsv`). "Kirim" / "Jadwalkan" saves (`broadcast_create`
 * under one client id for the composer's life, so a retried create answers the same broadcast; or
 * `broadcast_update`) once every step is complete and the preview answered. Every value stays on a
 * failure: the server's field errors show on their fields and open the first step they belong to;
 * anything else shows on the review. While saving the form takes nothing (its controls are
 * disabled). The machine ends in `saved`; its output is the broadcast the server answered.
 */
import { assign, raise, setup } from 'xstate';
import { isDateInput, isScheduleTime, isSendable, templateValueSlots } from '@sapa/sdk';
import type { BroadcastDetail, BroadcastPreview, MediaFile, MessageTemplate } from '@sapa/sdk';
import { fieldErrorsOf, isNetworkError, toFlowError } from './actError.ts';
import {
  csvFileProblem,
  filtersOf,
  firstErrorStep,
  loadComposerStart,
  noAudienceFilters,
  previewBroadcast,
  previewPayloadOf,
  readCsvFile,
  saveBroadcast,
  saveOf,
  scheduleOf,
  stepComplete,
  stepReachable,
  suggestedSchedule,
  valuesFor,
} from './broadcastComposerActors.ts';
import type { ComposerStart } from './broadcastComposerActors.ts';
import type {
  BroadcastComposerContext,
  BroadcastComposerEvent,
  BroadcastComposerInput,
  BroadcastComposerTag,
  ComposerSlot,
  ComposerStep,
  ComposerWhen,
} from './broadcastComposerTypes.ts';
import { composerSteps } from './broadcastComposerTypes.ts';
import { isFilterValue, loadCustomerFilterOptions, noFilterOptions } from './customerActors.ts';
import type { CustomerFilter, CustomerFilterOptions } from './customerActors.ts';
import type { ImportFile } from './customerImportMachine.ts';
import { delay } from './delay.ts';
import { fitsMediaHeader, loadTemplates } from './templatePickerMachine.ts';

export type {
  BroadcastComposerContext,
  BroadcastComposerEvent,
  BroadcastComposerInput,
  BroadcastComposerTag,
  ComposerStep,
};

type Context = BroadcastComposerContext;

const DEFAULT_PREVIEW_DEBOUNCE_MS = 400;
const DEFAULT_SAVE_TIMEOUT_MS = 30_000;

/** A slot's path under `values`: `values.body.0`, `values.header`, `values.buttonUrl`. */
export function slotPath(slot: ComposerSlot): string {
  return slot.field === 'body' ? `values.body.${slot.index}` : `values.${slot.field}`;
}

function touch(context: Context, path: string): string[] {
  return context.touched.includes(path) ? context.touched : [...context.touched, path];
}

/** The server's field errors without those under `prefix`. */
function withoutServerErrors(context: Context, ...prefixes: string[]): Record<string, string> {
  const kept = Object.entries(context.serverErrors).filter(
    ([path]) => !prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  );
  return kept.length === Object.keys(context.serverErrors).length
    ? context.serverErrors
    : Object.fromEntries(kept);
}

function hasSlot(context: Context, slot: ComposerSlot): boolean {
  if (context.chosen === null) return false;
  const slots = templateValueSlots(context.chosen);
  if (slot.field === 'body') return slot.index >= 0 && slot.index < slots.body.length;
  return slot.field === 'header' ? slots.header !== null : slots.buttonUrl !== null;
}

/** `values` with the slot's value changed by `change`. */
function changeSlot(
  context: Context,
  slot: ComposerSlot,
  change: (value: { source: string; value: string; fallback: string }) => Partial<{
    source: 'fixed' | 'name' | 'phone' | 'field';
    value: string;
    fallback: string;
  }>,
) {
  const { values } = context;
  const apply = <V extends { source: 'fixed' | 'name' | 'phone' | 'field'; value: string; fallback: string }>(
    value: V,
  ): V => ({ ...value, ...change(value) });
  const next =
    slot.field === 'body'
      ? { ...values, body: values.body.map((value, index) => (index === slot.index ? apply(value) : value)) }
      : slot.field === 'header'
        ? { ...values, ...(values.header === undefined ? {} : { header: apply(values.header) }) }
        : { ...values, ...(values.buttonUrl === undefined ? {} : { buttonUrl: apply(values.buttonUrl) }) };
  const path = slotPath(slot);
  return { values: next, touched: touch(context, path), serverErrors: withoutServerErrors(context, path) };
}

/** The template's form, fresh or an edited broadcast's values when they fit it. */
function chooseTemplate(context: Context, template: MessageTemplate, stored: Context['restore']) {
  return {
    chosen: template,
    values: valuesFor(template, stored?.templateId === template.id ? stored.values : null),
    media: null,
    mediaRefused: false,
    touched: context.touched.filter((path) => !path.startsWith('values')),
    serverErrors: withoutServerErrors(context, 'templateId', 'values'),
  };
}

/** The number the composer starts with: an edited broadcast's (when it is still listed), or the project's only one. */
function startingAccount(start: ComposerStart): string | null {
  const { broadcast, accounts } = start;
  if (broadcast !== null)
    return accounts.some((account) => account.id === broadcast.account.id) ? broadcast.account.id : null;
  return accounts.length === 1 ? (accounts[0]?.id ?? null) : null;
}

const stepGuard = (step: ComposerStep) => ({ type: 'complete' as const, params: { step } });
const checkStep = (step: ComposerStep) => ({ type: 'check' as const, params: { step } });
const opensStep = (step: ComposerStep) => ({
  guard: {
    type: 'opens' as const,
    params: ({ event }: { event: BroadcastComposerEvent }) => ({ event, step }),
  },
  target: `.${step}` as const,
});
const errorsOn = (step: ComposerStep) => ({
  guard: {
    type: 'errorsOn' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, step }),
  },
  target: `editing.${step}` as const,
  actions: {
    type: 'showSaveError' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
});

export const broadcastComposerMachine = setup({
  types: {} as {
    context: BroadcastComposerContext;
    events: BroadcastComposerEvent;
    input: BroadcastComposerInput;
    output: BroadcastDetail | null;
    tags: BroadcastComposerTag;
    children: {
      start: 'loadComposerStart';
      templates: 'loadTemplates';
      pause: 'delay';
      preview: 'previewBroadcast';
      read: 'readCsvFile';
      options: 'loadCustomerFilterOptions';
      save: 'saveBroadcast';
    };
  },
  actors: {
    loadComposerStart,
    loadTemplates,
    delay,
    previewBroadcast,
    readCsvFile,
    loadCustomerFilterOptions,
    saveBroadcast,
  },
  guards: {
    notScheduled: (_, params: { start: ComposerStart }) =>
      params.start.broadcast !== null && params.start.broadcast.status !== 'scheduled',
    complete: ({ context }, params: { step: ComposerStep }) => stepComplete(context, params.step),
    opens: ({ context }, params: { event: BroadcastComposerEvent; step: ComposerStep }) =>
      params.event.type === 'compose.step' &&
      params.event.step === params.step &&
      stepReachable(context, params.step),
    submittable: ({ context }) =>
      composerSteps.every((step) => stepComplete(context, step)) &&
      context.preview !== null &&
      saveOf(context) !== null,
    errorsOn: (_, params: { error: unknown; step: ComposerStep }) =>
      firstErrorStep(fieldErrorsOf(params.error)) === params.step,
    anotherAccount: ({ context }, params: { accountId: string }) =>
      params.accountId !== context.accountId &&
      context.accounts.some((account) => account.id === params.accountId),
    anotherTemplate: ({ context }, params: { templateId: string }) =>
      params.templateId !== context.chosen?.id &&
      context.templates.some((template) => template.id === params.templateId),
    hasSlot: ({ context }, params: ComposerSlot) => hasSlot(context, params),
    fitsHeader: ({ context }, params: { file: MediaFile }) => {
      const format = context.chosen === null ? null : templateValueSlots(context.chosen).headerMedia;
      return format !== null && fitsMediaHeader(format, params.file);
    },
    hasMediaHeader: ({ context }) =>
      context.chosen !== null && templateValueSlots(context.chosen).headerMedia !== null,
    hasMedia: ({ context }) => (context.values.headerMediaId ?? '') !== '',
    anotherKind: ({ context }, params: { kind: 'filter' | 'csv' }) => params.kind !== context.audienceKind,
    filterChanged: ({ context }, params: { filter: CustomerFilter; value: string | null }) =>
      isFilterValue(params.filter, params.value) && context.filters[params.filter] !== params.value,
    searchChanged: ({ context }, params: { text: string }) => params.text !== context.search,
    anyFilter: ({ context }) =>
      context.search !== '' || Object.values(context.filters).some((value) => value !== null),
    csvAcceptable: (_, params: { file: ImportFile }) => csvFileProblem(params.file) === null,
    hasCsv: ({ context }) => context.csv !== null,
    csvHasText: (_, params: { text: string }) => params.text.trim() !== '',
    anotherWhen: ({ context }, params: { when: ComposerWhen }) => params.when !== context.when,
    isDate: (_, params: { date: string | null }) => params.date === null || isDateInput(params.date),
    isTime: (_, params: { time: string | null }) => params.time === null || isScheduleTime(params.time),
    askable: ({ context }) => previewPayloadOf(context) !== null,
    startsWithAccount: (_, params: { start: ComposerStart }) => startingAccount(params.start) !== null,
  },
  actions: {
    keepStart: assign(({ context }, params: { start: ComposerStart }) => {
      const { accounts, broadcast, sample } = params.start;
      const accountId = startingAccount(params.start);
      if (broadcast === null) return { accounts, sample, accountId, loadError: null };
      const audience = broadcast.audience;
      return {
        accounts,
        sample,
        loadError: null,
        original: broadcast,
        accountId,
        restore:
          broadcast.template.id === null
            ? null
            : { templateId: broadcast.template.id, values: broadcast.values },
        audienceKind: audience.kind,
        ...(audience.kind === 'filter' ? filtersOf(audience.filter) : noAudienceFilters),
        csv:
          audience.kind === 'csv' ? { filename: audience.filename, text: null, rows: audience.rows } : null,
        name: broadcast.name,
        ...scheduleOf(broadcast, context.timeZone),
      };
    }),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFlowError(params.error) })),
    loadTemplates: raise({ type: 'composer.loadTemplates' as const }),
    previewStale: raise({ type: 'composer.previewStale' as const }),
    readCsv: raise({ type: 'composer.readCsv' as const }),
    check: assign(({ context }, params: { step: ComposerStep }) => ({
      checked: context.checked.includes(params.step) ? context.checked : [...context.checked, params.step],
    })),

    setAccount: assign(({ context }, params: { accountId: string }) => ({
      accountId: params.accountId,
      templates: [],
      templatesError: null,
      chosen: null,
      values: { body: [] },
      media: null,
      mediaRefused: false,
      touched: context.touched.filter((path) => !path.startsWith('values')),
      serverErrors: withoutServerErrors(context, 'accountId', 'templateId', 'values'),
    })),
    keepTemplates: assign(({ context }, params: { templates: MessageTemplate[] }) => {
      const templates = params.templates.filter(isSendable);
      const restored =
        context.restore === null
          ? undefined
          : templates.find((template) => template.id === context.restore?.templateId);
      return {
        templates,
        templatesError: null,
        restore: null,
        ...(restored === undefined ? {} : chooseTemplate(context, restored, context.restore)),
      };
    }),
    showTemplatesError: assign((_, params: { error: unknown }) => ({
      templatesError: toFlowError(params.error),
    })),
    setTemplate: assign(({ context }, params: { templateId: string }) => {
      const template = context.templates.find((candidate) => candidate.id === params.templateId);
      return template === undefined ? {} : chooseTemplate(context, template, null);
    }),

    setSource: assign(
      ({ context }, params: ComposerSlot & { source: 'fixed' | 'name' | 'phone' | 'field' }) =>
        changeSlot(context, params, (value) =>
          value.source === params.source ? {} : { source: params.source, value: '' },
        ),
    ),
    setText: assign(({ context }, params: ComposerSlot & { value: string }) =>
      changeSlot(context, params, () => ({ value: params.value })),
    ),
    setFallback: assign(({ context }, params: ComposerSlot & { fallback: string }) =>
      changeSlot(context, params, () => ({ fallback: params.fallback })),
    ),
    setMedia: assign(({ context }, params: { file: MediaFile }) => ({
      values: { ...context.values, headerMediaId: params.file.id },
      media: params.file,
      mediaRefused: false,
      touched: touch(context, 'values.headerMediaId'),
      serverErrors: withoutServerErrors(context, 'values.headerMediaId'),
    })),
    refuseMedia: assign(({ context }) => ({
      mediaRefused: true,
      touched: touch(context, 'values.headerMediaId'),
    })),
    clearMedia: assign(({ context }) => ({
      values: { ...context.values, headerMediaId: '' },
      media: null,
      mediaRefused: false,
      touched: touch(context, 'values.headerMediaId'),
    })),

    setKind: assign(({ context }, params: { kind: 'filter' | 'csv' }) => ({
      audienceKind: params.kind,
      csvProblem: null,
      serverErrors: withoutServerErrors(context, 'audience'),
    })),
    setFilter: assign(({ context }, params: { filter: CustomerFilter; value: string | null }) => ({
      filters: { ...context.filters, [params.filter]: params.value },
      touched: touch(context, 'audience'),
      serverErrors: withoutServerErrors(context, 'audience'),
    })),
    setSearch: assign(({ context }, params: { text: string }) => ({
      search: params.text,
      serverErrors: withoutServerErrors(context, 'audience'),
    })),
    resetFilters: assign(({ context }) => ({
      ...noAudienceFilters,
      serverErrors: withoutServerErrors(context, 'audience'),
    })),
    pickCsv: assign(({ context }, params: { file: ImportFile }) => ({
      csvFile: params.file,
      csvProblem: null,
      touched: touch(context, 'audience'),
    })),
    refuseCsv: assign(({ context }, params: { file: ImportFile }) => ({
      csvProblem: csvFileProblem(params.file),
      touched: touch(context, 'audience'),
    })),
    keepCsv: assign(({ context }, params: { text: string }) => ({
      csv: { filename: context.csvFile?.name ?? '', text: params.text, rows: null },
      csvFile: null,
      serverErrors: withoutServerErrors(context, 'audience'),
    })),
    csvEmpty: assign({ csvFile: null, csvProblem: 'empty' }),
    csvUnreadable: assign({ csvFile: null, csvProblem: 'unreadable' }),
    clearCsv: assign(({ context }) => ({
      csv: null,
      csvProblem: null,
      serverErrors: withoutServerErrors(context, 'audience'),
    })),

    forgetPreview: assign({ preview: null, previewError: null }),
    keepPreview: assign((_, params: { preview: BroadcastPreview }) => ({
      preview: params.preview,
      previewError: null,
    })),
    // A refusal of the audience itself (a CSV of too many rows) shows on its field as well.
    showPreviewError: assign(({ context }, params: { error: unknown }) => ({
      previewError: toFlowError(params.error),
      serverErrors: { ...context.serverErrors, ...fieldErrorsOf(params.error) },
    })),
    keepOptions: assign((_, params: { options: CustomerFilterOptions }) => ({ options: params.options })),

    setName: assign(({ context }, params: { name: string }) => ({
      name: params.name,
      touched: touch(context, 'name'),
      serverErrors: withoutServerErrors(context, 'name'),
    })),
    setWhen: assign(({ context }, params: { when: ComposerWhen }) => {
      const suggested =
        params.when === 'later' && context.date === null && context.time === null
          ? suggestedSchedule(context.now(), context.timeZone)
          : {};
      return {
        when: params.when,
        ...suggested,
        serverErrors: withoutServerErrors(context, 'scheduledAt'),
      };
    }),
    setDate: assign(({ context }, params: { date: string | null }) => ({
      date: params.date,
      touched: touch(context, 'schedule'),
      serverErrors: withoutServerErrors(context, 'scheduledAt'),
    })),
    setTime: assign(({ context }, params: { time: string | null }) => ({
      time: params.time,
      touched: touch(context, 'schedule'),
      serverErrors: withoutServerErrors(context, 'scheduledAt'),
    })),

    /** A save starts: the client id is made once, at the first. */
    startSave: assign(({ context }) => ({
      clientId: context.clientId ?? context.newClientId(),
      checked: [...composerSteps],
      serverErrors: {},
      error: null,
    })),
    keepSaved: assign((_, params: { saved: BroadcastDetail }) => ({ saved: params.saved })),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = isNetworkError(params.error) ? {} : fieldErrorsOf(params.error);
      return {
        serverErrors: fields,
        error: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
  },
}).createMachine({
  id: 'broadcastComposer',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    timeZone: input.timeZone,
    permissions: input.permissions,
    broadcastId: input.broadcastId ?? null,
    fallbackSample: input.sample,
    now: input.now ?? (() => new Date()),
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    previewDebounceMs: input.previewDebounceMs ?? DEFAULT_PREVIEW_DEBOUNCE_MS,
    saveTimeoutMs: input.saveTimeoutMs ?? DEFAULT_SAVE_TIMEOUT_MS,
    readFile: input.readFile ?? ((file: ImportFile) => file.text()),
    loadError: null,
    original: null,
    accounts: [],
    sample: null,
    options: noFilterOptions,
    accountId: null,
    templates: [],
    templatesError: null,
    chosen: null,
    restore: null,
    values: { body: [] },
    media: null,
    mediaRefused: false,
    audienceKind: 'filter',
    ...noAudienceFilters,
    csv: null,
    csvFile: null,
    csvProblem: null,
    preview: null,
    previewError: null,
    name: '',
    when: 'now',
    date: null,
    time: null,
    touched: [],
    checked: [],
    serverErrors: {},
    error: null,
    clientId: null,
    saved: null,
  }),
  output: ({ context }) => context.saved,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'loadComposerStart',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          broadcastId: context.broadcastId,
        }),
        onDone: [
          {
            guard: { type: 'notScheduled', params: ({ event }) => ({ start: event.output }) },
            target: 'locked',
            actions: { type: 'keepStart', params: ({ event }) => ({ start: event.output }) },
          },
          {
            // An edited broadcast's number, or the project's only one: its templates load (and then
            // an edited broadcast's audience is counted).
            guard: { type: 'startsWithAccount', params: ({ event }) => ({ start: event.output }) },
            target: 'composing',
            actions: [
              { type: 'keepStart', params: ({ event }) => ({ start: event.output }) },
              'loadTemplates',
            ],
          },
          {
            target: 'composing',
            actions: { type: 'keepStart', params: ({ event }) => ({ start: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'compose.retry': 'loading' } },
    /** The broadcast asked to be edited has started (or ended): nothing to change. */
    locked: {},
    composing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              initial: 'number',
              on: {
                'compose.step': [
                  opensStep('number'),
                  opensStep('values'),
                  opensStep('audience'),
                  opensStep('review'),
                ],
                'compose.account': {
                  guard: { type: 'anotherAccount', params: ({ event }) => event },
                  actions: [
                    { type: 'setAccount', params: ({ event }) => event },
                    'loadTemplates',
                    'previewStale',
                  ],
                },
                'compose.template': {
                  guard: { type: 'anotherTemplate', params: ({ event }) => event },
                  actions: [{ type: 'setTemplate', params: ({ event }) => event }, 'previewStale'],
                },
                'compose.source': {
                  guard: { type: 'hasSlot', params: ({ event }) => event },
                  actions: { type: 'setSource', params: ({ event }) => event },
                },
                'compose.text': {
                  guard: { type: 'hasSlot', params: ({ event }) => event },
                  actions: { type: 'setText', params: ({ event }) => event },
                },
                'compose.fallback': {
                  guard: { type: 'hasSlot', params: ({ event }) => event },
                  actions: { type: 'setFallback', params: ({ event }) => event },
                },
                'compose.media': [
                  {
                    guard: { type: 'fitsHeader', params: ({ event }) => event },
                    actions: { type: 'setMedia', params: ({ event }) => event },
                  },
                  { guard: 'hasMediaHeader', actions: 'refuseMedia' },
                ],
                'compose.clearMedia': { guard: 'hasMedia', actions: 'clearMedia' },
                'compose.audience': {
                  guard: { type: 'anotherKind', params: ({ event }) => event },
                  actions: [{ type: 'setKind', params: ({ event }) => event }, 'previewStale'],
                },
                'compose.filter': {
                  guard: { type: 'filterChanged', params: ({ event }) => event },
                  actions: [{ type: 'setFilter', params: ({ event }) => event }, 'previewStale'],
                },
                'compose.search': {
                  guard: { type: 'searchChanged', params: ({ event }) => event },
                  actions: [{ type: 'setSearch', params: ({ event }) => event }, 'previewStale'],
                },
                'compose.resetFilters': { guard: 'anyFilter', actions: ['resetFilters', 'previewStale'] },
                'compose.csv': [
                  {
                    guard: { type: 'csvAcceptable', params: ({ event }) => event },
                    actions: [{ type: 'pickCsv', params: ({ event }) => event }, 'readCsv'],
                  },
                  { actions: { type: 'refuseCsv', params: ({ event }) => event } },
                ],
                'compose.clearCsv': { guard: 'hasCsv', actions: ['clearCsv', 'previewStale'] },
                'compose.name': { actions: { type: 'setName', params: ({ event }) => event } },
                'compose.when': {
                  guard: { type: 'anotherWhen', params: ({ event }) => event },
                  actions: { type: 'setWhen', params: ({ event }) => event },
                },
                'compose.date': {
                  guard: { type: 'isDate', params: ({ event }) => event },
                  actions: { type: 'setDate', params: ({ event }) => event },
                },
                'compose.time': {
                  guard: { type: 'isTime', params: ({ event }) => event },
                  actions: { type: 'setTime', params: ({ event }) => event },
                },
              },
              states: {
                number: {
                  on: {
                    'compose.next': [
                      { guard: stepGuard('number'), target: 'values' },
                      { actions: checkStep('number') },
                    ],
                  },
                },
                values: {
                  on: {
                    'compose.next': [
                      { guard: stepGuard('values'), target: 'audience' },
                      { actions: checkStep('values') },
                    ],
                    'compose.back': 'number',
                  },
                },
                audience: {
                  on: {
                    'compose.next': [
                      { guard: stepGuard('audience'), target: 'review' },
                      { actions: checkStep('audience') },
                    ],
                    'compose.back': 'values',
                  },
                },
                review: {
                  on: {
                    'compose.submit': [
                      { guard: 'submittable', target: '#broadcastComposer.composing.form.saving' },
                      { actions: checkStep('review') },
                    ],
                    'compose.back': 'audience',
                  },
                },
              },
            },
            saving: {
              tags: ['busy', 'saving'],
              entry: 'startSave',
              invoke: {
                id: 'save',
                src: 'saveBroadcast',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  broadcastId: context.broadcastId,
                  clientId: context.clientId ?? '',
                  // `submittable` made sure there is one.
                  save: saveOf(context) as NonNullable<ReturnType<typeof saveOf>>,
                  timeoutMs: context.saveTimeoutMs,
                }),
                onDone: {
                  target: '#broadcastComposer.saved',
                  actions: { type: 'keepSaved', params: ({ event }) => ({ saved: event.output }) },
                },
                onError: [
                  errorsOn('number'),
                  errorsOn('values'),
                  errorsOn('audience'),
                  {
                    target: 'editing.review',
                    actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        templates: {
          initial: 'idle',
          on: { 'composer.loadTemplates': '.loading' },
          states: {
            /** No number chosen yet. */
            idle: {},
            loading: {
              invoke: {
                id: 'templates',
                src: 'loadTemplates',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  accountId: context.accountId ?? '',
                }),
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
                    'previewStale',
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showTemplatesError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: { on: { 'compose.templatesRetry': 'loading' } },
            ready: {},
          },
        },
        preview: {
          initial: 'idle',
          on: {
            'composer.previewStale': [
              { guard: 'askable', target: '.waiting', actions: 'forgetPreview' },
              { target: '.idle', actions: 'forgetPreview' },
            ],
          },
          states: {
            /** Nothing to ask about yet (no template, or the audience is not one). */
            idle: {},
            /** A pause after the last change, so typing a search asks once. */
            waiting: {
              invoke: {
                id: 'pause',
                src: 'delay',
                input: ({ context }) => ({
                  ms: context.previewDebounceMs,
                  event: { type: 'compose.previewDue' as const },
                }),
              },
              on: { 'compose.previewDue': 'asking' },
            },
            asking: {
              invoke: {
                id: 'preview',
                src: 'previewBroadcast',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  // `askable` made sure there is one.
                  payload: previewPayloadOf(context) as NonNullable<ReturnType<typeof previewPayloadOf>>,
                }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showPreviewError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: {},
            failed: { on: { 'compose.previewRetry': 'asking' } },
          },
        },
        csv: {
          initial: 'idle',
          on: { 'composer.readCsv': '.reading' },
          states: {
            idle: {},
            reading: {
              invoke: {
                id: 'read',
                src: 'readCsvFile',
                input: ({ context }) => ({
                  file: context.csvFile as ImportFile,
                  readFile: context.readFile,
                }),
                onDone: [
                  {
                    guard: { type: 'csvHasText', params: ({ event }) => ({ text: event.output }) },
                    target: 'idle',
                    actions: [
                      { type: 'keepCsv', params: ({ event }) => ({ text: event.output }) },
                      'previewStale',
                    ],
                  },
                  { target: 'idle', actions: 'csvEmpty' },
                ],
                onError: { target: 'idle', actions: 'csvUnreadable' },
              },
            },
          },
        },
        options: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'options',
                src: 'loadCustomerFilterOptions',
                input: ({ context }) => ({ client: context.client, key: context.key }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
                },
              },
            },
            ready: {},
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});
