/**
 * The project's settings (`/project/setting/{key}`, `project.edit`):
 *
 * - `loading`: `project_settings_get`; failed, `failed` with a retry;
 * - `ready`, three regions side by side:
 *   - `form`: the draft (name, time zone from the known zones, working hours of each weekday as
 *     `HH:00:00` with an open tick, the default division), checked here (a name, a known zone,
 *     an open day's closing hour after its opening hour); `settings.save` sends
 *     `project_update` and announces `settings.saved`; the server's field errors land beside
 *     their fields (a weekday's under that day), anything else in `saveError`. The draft holds
 *     the opt-out of broadcasts too: the words (added one at a time from `wordInput`,
 *     normalised, each once, at most `OPT_OUT_WORDS_MAX`, never the last one removed; or the
 *     defaults again), the answer and its switch, checked with the SDK's rules
 *     (`optOutSettingsProblems`);
 *   - `divisions`: the default division's options (`division_list` `all`), with a retry;
 *   - `danger`: deleting the project: `settings.delete` opens the confirmation, the name must be
 *     typed exactly as saved, then `project_delete`; done, `settings.deleted` is announced and
 *     the machine stops in `deleted` (the web goes home).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import {
  DEFAULT_OPT_OUT_WORDS,
  NAME_MAX,
  normalizeOptOutWord,
  OPT_OUT_WORDS_MAX,
  optOutProblemLimit,
  optOutSettingsProblems,
  optOutWordProblem,
} from '@sapa/sdk';
import type { Division, OptOutSettings, ProjectSettings, WorkingDay } from '@sapa/sdk';
import { fieldErrorsOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ProjectClosingTarget } from './projectMachine.ts';
import type { ActCaller } from './sdk.ts';

export interface SettingsDraft {
  name: string;
  timeZone: string;
  workingHours: WorkingDay[];
  defaultDivisionId: string | null;
  /** Opting out of broadcasts: words normalised, the answer as typed, its switch. */
  optOut: OptOutSettings;
}

export type SettingsDay = WorkingDay['day'];
/** `optOut.word`: the word being added; `optOut.words`: the list; `optOut.reply`: the answer. */
export type OptOutField = 'optOut.word' | 'optOut.words' | 'optOut.reply';
export type SettingsField = 'name' | 'timeZone' | 'defaultDivisionId' | `day.${SettingsDay}` | OptOutField;
export type OptOutErrorKey =
  | 'settings.optOut.word.empty'
  | 'settings.optOut.word.too_long'
  | 'settings.optOut.word.duplicate'
  | 'settings.optOut.words.empty'
  | 'settings.optOut.words.too_many'
  | 'settings.optOut.words.too_long'
  | 'settings.optOut.reply.empty'
  | 'settings.optOut.reply.too_long';
export type SettingsErrorKey =
  | 'validation.required'
  | 'settings.timeZoneInvalid'
  | 'settings.hoursOrder'
  | 'validation.name'
  | OptOutErrorKey;
/**
 * A field's error: a catalogue key (client check, with the limit it names) or the server's
 * message to show as is.
 */
export type SettingsFieldError = { key: SettingsErrorKey; params?: { max: number } } | { message: string };
export type SettingsFieldErrors = Partial<Record<SettingsField, SettingsFieldError>>;

export interface ProjectSettingsInput {
  client: ActCaller;
  key: string;
  /** The time zones offered (default: `Intl.supportedValuesOf('timeZone')`). */
  timeZones?: readonly string[];
  /** The project actor, told as the delete starts and if it fails (`project.closing`). */
  project?: ProjectClosingTarget | null;
}

export interface ProjectSettingsContext {
  client: ActCaller;
  key: string;
  project: ProjectClosingTarget | null;
  timeZones: readonly string[];
  /** As saved (the last answer). */
  settings: ProjectSettings | null;
  draft: SettingsDraft;
  /** The opt-out word being typed, before it is added to the draft's words. */
  wordInput: string;
  fieldErrors: SettingsFieldErrors;
  loadError: FlowError | null;
  saveError: FlowError | null;
  divisions: Division[];
  divisionsError: FlowError | null;
  /** The name typed to confirm the delete. */
  deleteName: string;
  deleteError: FlowError | null;
}

export type ProjectSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.name'; value: string }
  | { type: 'settings.timeZone'; value: string }
  | { type: 'settings.day'; day: SettingsDay; open?: boolean; from?: string; to?: string }
  | { type: 'settings.division'; id: string | null }
  | { type: 'settings.optOutWordInput'; value: string }
  /** Adds the typed word to the opt-out words (normalised; refused when empty, too long, there already or one too many). */
  | { type: 'settings.optOutAddWord' }
  /** Removes a word (never the last one). */
  | { type: 'settings.optOutRemoveWord'; word: string }
  /** The default words again. */
  | { type: 'settings.optOutDefaults' }
  | { type: 'settings.optOutReply'; value: string }
  | { type: 'settings.optOutReplyEnabled'; value: boolean }
  | { type: 'settings.save' }
  | { type: 'settings.divisionsRetry' }
  | { type: 'settings.delete' }
  | { type: 'settings.deleteName'; value: string }
  | { type: 'settings.confirmDelete' }
  | { type: 'settings.cancelDelete' };

export type ProjectSettingsTag = 'loading' | 'saving' | 'confirming' | 'deleting' | 'busy';

export type ProjectSettingsEmitted =
  | { type: 'settings.saved'; settings: ProjectSettings }
  | { type: 'settings.deleted'; key: string; name: string };

/** Every IANA zone this runtime knows, plus `UTC`. */
export function knownTimeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['Asia/Jakarta'];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function draftOfSettings(settings: ProjectSettings): SettingsDraft {
  return {
    name: settings.name,
    timeZone: settings.timeZone,
    workingHours: settings.workingHours.map((day) => ({ ...day })),
    defaultDivisionId: settings.defaultDivision?.id ?? null,
    optOut: { ...settings.optOut, words: [...settings.optOut.words] },
  };
}

function emptyDraft(): SettingsDraft {
  return {
    name: '',
    timeZone: 'Asia/Jakarta',
    workingHours: [],
    defaultDivisionId: null,
    optOut: { words: [...DEFAULT_OPT_OUT_WORDS], reply: '', replyEnabled: true },
  };
}

/** Why the typed word cannot join `words`, if it cannot. */
export function checkOptOutWord(word: string, words: readonly string[]): SettingsFieldError | null {
  const problem = optOutWordProblem(word);
  if (problem !== null)
    return { key: `settings.optOut.word.${problem}`, params: { max: optOutProblemLimit(problem, 'word') } };
  if (words.includes(normalizeOptOutWord(word))) return { key: 'settings.optOut.word.duplicate' };
  if (words.length >= OPT_OUT_WORDS_MAX)
    return { key: 'settings.optOut.words.too_many', params: { max: OPT_OUT_WORDS_MAX } };
  return null;
}

export function checkSettings(draft: SettingsDraft, timeZones: readonly string[]): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = { key: 'validation.required' };
  else if (name.length > NAME_MAX) errors.name = { key: 'validation.name' };
  if (!timeZones.includes(draft.timeZone)) errors.timeZone = { key: 'settings.timeZoneInvalid' };
  for (const day of draft.workingHours) {
    if (day.open && !(day.to > day.from)) errors[`day.${day.day}`] = { key: 'settings.hoursOrder' };
  }
  const optOut = optOutSettingsProblems(draft.optOut);
  if (optOut.words !== undefined)
    errors['optOut.words'] = {
      key: `settings.optOut.words.${optOut.words}`,
      params: { max: optOutProblemLimit(optOut.words, 'words') },
    };
  if (optOut.reply !== undefined)
    errors['optOut.reply'] = {
      key: `settings.optOut.reply.${optOut.reply}`,
      params: { max: optOutProblemLimit(optOut.reply, 'reply') },
    };
  return errors;
}

/** The server's field errors by the form's fields (`workingHours.2.to` is Wednesday's). */
export function settingsServerErrors(error: unknown, draft: SettingsDraft): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    if (
      field === 'name' ||
      field === 'timeZone' ||
      field === 'defaultDivisionId' ||
      field === 'optOut.words' ||
      field === 'optOut.reply'
    )
      errors[field] = { message };
    const day = /^workingHours\.(\d)/.exec(field)?.[1];
    const weekday = day === undefined ? undefined : draft.workingHours[Number(day)]?.day;
    if (weekday !== undefined) errors[`day.${weekday}`] = { message };
  }
  return errors;
}

export const loadProjectSettings = fromPromise<ProjectSettings, { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('project_settings_get', { key: input.key }, { signal })).data,
);

export const loadSettingsDivisions = fromPromise<Division[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('division_list', { key: input.key, all: true }, { signal })).data,
);

export const saveProjectSettings = fromPromise<
  ProjectSettings,
  { client: ActCaller; key: string; draft: SettingsDraft }
>(async ({ input, signal }) => {
  const { client, key, draft } = input;
  return (
    await client.act(
      'project_update',
      {
        key,
        name: draft.name.trim(),
        timeZone: draft.timeZone,
        workingHours: draft.workingHours,
        defaultDivisionId: draft.defaultDivisionId,
        optOut: draft.optOut,
      },
      { signal },
    )
  ).data;
});

export const deleteProject = fromPromise<
  { key: string },
  { client: ActCaller; key: string; confirmName: string }
>(
  async ({ input, signal }) =>
    (await input.client.act('project_delete', { key: input.key, confirmName: input.confirmName }, { signal }))
      .data,
);

export const projectSettingsMachine = setup({
  types: {} as {
    context: ProjectSettingsContext;
    events: ProjectSettingsEvent;
    input: ProjectSettingsInput;
    emitted: ProjectSettingsEmitted;
    tags: ProjectSettingsTag;
    children: {
      load: 'loadProjectSettings';
      divisions: 'loadSettingsDivisions';
      save: 'saveProjectSettings';
      remove: 'deleteProject';
    };
  },
  actors: { loadProjectSettings, loadSettingsDivisions, saveProjectSettings, deleteProject },
  guards: {
    draftValid: ({ context }) => Object.keys(checkSettings(context.draft, context.timeZones)).length === 0,
    wordAddable: ({ context }) => checkOptOutWord(context.wordInput, context.draft.optOut.words) === null,
    /** Removing leaves a word: a customer must always have a way to stop broadcasts. */
    wordRemovable: ({ context }, params: { word: string }) =>
      context.draft.optOut.words.includes(params.word) && context.draft.optOut.words.length > 1,
    nameConfirmed: ({ context }) => context.settings !== null && context.deleteName === context.settings.name,
  },
  actions: {
    tellProject: ({ context }, params: { closing: boolean }) =>
      context.project?.send({ type: 'project.closing', closing: params.closing }),
    keepSettings: assign((_, params: { settings: ProjectSettings }) => ({
      settings: params.settings,
      draft: draftOfSettings(params.settings),
      wordInput: '',
      fieldErrors: {},
      loadError: null,
      saveError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFlowError(params.error) })),
    editDraft: assign(({ context }, params: { patch: Partial<SettingsDraft>; field: SettingsField }) => {
      const { [params.field]: _gone, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, ...params.patch }, fieldErrors, saveError: null };
    }),
    editDay: assign(({ context }, params: Extract<ProjectSettingsEvent, { type: 'settings.day' }>) => {
      const field: SettingsField = `day.${params.day}`;
      const { [field]: _gone, ...fieldErrors } = context.fieldErrors;
      const workingHours = context.draft.workingHours.map((day) =>
        day.day === params.day
          ? {
              ...day,
              ...(params.open === undefined ? {} : { open: params.open }),
              ...(params.from === undefined ? {} : { from: params.from }),
              ...(params.to === undefined ? {} : { to: params.to }),
            }
          : day,
      );
      return { draft: { ...context.draft, workingHours }, fieldErrors, saveError: null };
    }),
    editOptOut: assign(({ context }, params: { patch: Partial<OptOutSettings>; field: OptOutField }) => {
      const { [params.field]: _gone, ...fieldErrors } = context.fieldErrors;
      const optOut = { ...context.draft.optOut, ...params.patch };
      return { draft: { ...context.draft, optOut }, fieldErrors, saveError: null };
    }),
    typeWord: assign(({ context }, params: { value: string }) => {
      const { 'optOut.word': _gone, ...fieldErrors } = context.fieldErrors;
      return { wordInput: params.value, fieldErrors };
    }),
    addWord: assign(({ context }) => {
      const { 'optOut.word': _word, 'optOut.words': _words, ...fieldErrors } = context.fieldErrors;
      const words = [...context.draft.optOut.words, normalizeOptOutWord(context.wordInput)];
      return {
        draft: { ...context.draft, optOut: { ...context.draft.optOut, words } },
        wordInput: '',
        fieldErrors,
        saveError: null,
      };
    }),
    refuseWord: assign(({ context }) => {
      const error = checkOptOutWord(context.wordInput, context.draft.optOut.words);
      return {
        fieldErrors: error === null ? context.fieldErrors : { ...context.fieldErrors, 'optOut.word': error },
      };
    }),
    showCheckErrors: assign(({ context }) => ({
      fieldErrors: checkSettings(context.draft, context.timeZones),
      saveError: null,
    })),
    startSave: assign({ fieldErrors: {}, saveError: null }),
    showSaveError: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = settingsServerErrors(params.error, context.draft);
      return {
        fieldErrors,
        saveError: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    announceSaved: emit((_, params: { settings: ProjectSettings }) => ({
      type: 'settings.saved' as const,
      settings: params.settings,
    })),
    keepDivisions: assign((_, params: { divisions: Division[] }) => ({
      divisions: params.divisions,
      divisionsError: null,
    })),
    showDivisionsError: assign((_, params: { error: unknown }) => ({
      divisionsError: toFlowError(params.error),
    })),
    openDelete: assign({ deleteName: '', deleteError: null }),
    typeDeleteName: assign((_, params: { value: string }) => ({
      deleteName: params.value,
      deleteError: null,
    })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceDeleted: emit(({ context }) => ({
      type: 'settings.deleted' as const,
      key: context.key,
      name: context.settings?.name ?? '',
    })),
  },
}).createMachine({
  id: 'projectSettings',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    project: input.project ?? null,
    timeZones: input.timeZones ?? knownTimeZones(),
    settings: null,
    draft: emptyDraft(),
    wordInput: '',
    fieldErrors: {},
    loadError: null,
    saveError: null,
    divisions: [],
    divisionsError: null,
    deleteName: '',
    deleteError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'load',
        src: 'loadProjectSettings',
        input: ({ context }) => ({ client: context.client, key: context.key }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepSettings', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'settings.name': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({ patch: { name: event.value }, field: 'name' }),
                  },
                },
                'settings.timeZone': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({ patch: { timeZone: event.value }, field: 'timeZone' }),
                  },
                },
                'settings.division': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({
                      patch: { defaultDivisionId: event.id },
                      field: 'defaultDivisionId',
                    }),
                  },
                },
                'settings.day': { actions: { type: 'editDay', params: ({ event }) => event } },
                'settings.optOutWordInput': { actions: { type: 'typeWord', params: ({ event }) => event } },
                'settings.optOutAddWord': [
                  { guard: 'wordAddable', actions: 'addWord' },
                  { actions: 'refuseWord' },
                ],
                'settings.optOutRemoveWord': {
                  guard: { type: 'wordRemovable', params: ({ event }) => event },
                  actions: {
                    type: 'editOptOut',
                    params: ({ context, event }) => ({
                      patch: { words: context.draft.optOut.words.filter((word) => word !== event.word) },
                      field: 'optOut.words',
                    }),
                  },
                },
                'settings.optOutDefaults': {
                  actions: {
                    type: 'editOptOut',
                    params: () => ({ patch: { words: [...DEFAULT_OPT_OUT_WORDS] }, field: 'optOut.words' }),
                  },
                },
                'settings.optOutReply': {
                  actions: {
                    type: 'editOptOut',
                    params: ({ event }) => ({ patch: { reply: event.value }, field: 'optOut.reply' }),
                  },
                },
                'settings.optOutReplyEnabled': {
                  actions: {
                    type: 'editOptOut',
                    params: ({ event }) => ({ patch: { replyEnabled: event.value }, field: 'optOut.reply' }),
                  },
                },
                'settings.save': [
                  { guard: 'draftValid', target: 'saving', actions: 'startSave' },
                  { actions: 'showCheckErrors' },
                ],
              },
            },
            saving: {
              tags: ['saving', 'busy'],
              invoke: {
                id: 'save',
                src: 'saveProjectSettings',
                input: ({ context }) => ({ client: context.client, key: context.key, draft: context.draft }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'keepSettings', params: ({ event }) => ({ settings: event.output }) },
                    { type: 'announceSaved', params: ({ event }) => ({ settings: event.output }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        divisions: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'divisions',
                src: 'loadSettingsDivisions',
                input: ({ context }) => ({ client: context.client, key: context.key }),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'keepDivisions', params: ({ event }) => ({ divisions: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showDivisionsError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: {},
            failed: { on: { 'settings.divisionsRetry': 'loading' } },
          },
        },
        danger: {
          initial: 'closed',
          states: {
            closed: { on: { 'settings.delete': { target: 'confirming', actions: 'openDelete' } } },
            confirming: {
              tags: ['confirming'],
              on: {
                'settings.deleteName': { actions: { type: 'typeDeleteName', params: ({ event }) => event } },
                'settings.confirmDelete': { guard: 'nameConfirmed', target: 'deleting' },
                'settings.cancelDelete': 'closed',
              },
            },
            deleting: {
              tags: ['confirming', 'deleting', 'busy'],
              entry: { type: 'tellProject', params: { closing: true } },
              invoke: {
                id: 'remove',
                src: 'deleteProject',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  confirmName: context.deleteName,
                }),
                onDone: { target: '#projectSettings.deleted', actions: 'announceDeleted' },
                onError: {
                  target: 'confirming',
                  actions: [
                    { type: 'showDeleteError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'tellProject', params: { closing: false } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

export type ProjectSettingsSnapshot = SnapshotFrom<typeof projectSettingsMachine>;
export type ProjectSettingsStatus = 'loading' | 'failed' | 'ready' | 'deleted';

export function selectSettingsStatus(snapshot: ProjectSettingsSnapshot): ProjectSettingsStatus {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('deleted')) return 'deleted';
  return 'loading';
}

/** Whether the draft differs from what is saved. */
export function selectSettingsDirty(snapshot: ProjectSettingsSnapshot): boolean {
  const { settings, draft } = snapshot.context;
  return settings !== null && JSON.stringify(draftOfSettings(settings)) !== JSON.stringify(draft);
}

/** Whether the typed name allows the delete. */
export function selectDeleteConfirmed(snapshot: ProjectSettingsSnapshot): boolean {
  const { settings, deleteName } = snapshot.context;
  return settings !== null && deleteName === settings.name;
}

/** The time zones whose name holds every word of `search` (any case, `_` read as a space). */
export function matchTimeZones(zones: readonly string[], search: string): string[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/_/g, ' ');
    return words.every((word) => name.includes(word));
  });
}
