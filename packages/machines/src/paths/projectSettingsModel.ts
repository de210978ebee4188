/**
 * The project settings' test model: `project_settings_get` answers or fails (retried); the
 * divisions to choose from load or fail (retried). Then the owner edits the name (also blank),
 * the time zone, Monday's closing hour (also before its opening hour) and the default division,
 * and saves: the check refuses a bad form, the server saves, puts its field errors beside their
 * fields or cannot be reached. The owner asks to delete, types a wrong name or the right one,
 * calls it off or confirms; the delete goes through or fails. The form is tried while no delete is
 * asked, the delete once the divisions are in.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEFAULT_OPT_OUT_WORDS } from '@sapa/sdk';
import type { Division, ProjectSettings, WorkingDay } from '@sapa/sdk';
import {
  checkOptOutWord,
  checkSettings,
  projectSettingsMachine,
  selectSettingsDirty,
} from '../projectSettingsMachine.ts';
import type { ProjectSettingsContext, ProjectSettingsEmitted } from '../projectSettingsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel, World } from './models.ts';

const zones = ['Asia/Jakarta', 'Asia/Makassar', 'UTC'];

const week: WorkingDay[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => ({
  day,
  open: day <= 5,
  from: '09:00:00',
  to: '17:00:00',
}));

const settings: ProjectSettings = {
  key: project.key,
  name: project.name,
  timeZone: 'Asia/Jakarta',
  workingHours: week,
  defaultDivision: null,
  optOut: { words: [...DEFAULT_OPT_OUT_WORDS], reply: 'Baik, tidak kami kirimi lagi.', replyEnabled: true },
  createdAt: project.createdAt,
};
const sales = { id: 'd-sales', name: 'Sales', color: '#1e88e5' } as Division;

function ctx(snapshot: AnyMachineSnapshot): ProjectSettingsContext {
  return snapshot.context as ProjectSettingsContext;
}

const loaded = { type: 'xstate.done.actor.load', output: settings };
const loadFailed = { type: 'xstate.error.actor.load', error: networkError };
const divisionsLoaded = { type: 'xstate.done.actor.divisions', output: [sales] };
const divisionsFailed = { type: 'xstate.error.actor.divisions', error: networkError };
const rename = { type: 'settings.name', value: 'Toko Baru' };
const blankName = { type: 'settings.name', value: ' ' };
const zone = { type: 'settings.timeZone', value: 'Asia/Makassar' };
const closesEarly = { type: 'settings.day', day: 1, to: '08:00:00' };
const division = { type: 'settings.division', id: sales.id };
const typeWord = { type: 'settings.optOutWordInput', value: 'Hentikan!' };
const typeKnownWord = { type: 'settings.optOutWordInput', value: 'stop' };
const addWord = { type: 'settings.optOutAddWord' };
const removeWord = { type: 'settings.optOutRemoveWord', word: 'UNREG' };
const defaultWords = { type: 'settings.optOutDefaults' };
const blankReply = { type: 'settings.optOutReply', value: ' ' };
const reply = { type: 'settings.optOutReply', value: 'Siap, kami berhenti.' };
const replyOff = { type: 'settings.optOutReplyEnabled', value: false };
const save = { type: 'settings.save' };
const saveRefused = {
  type: 'xstate.error.actor.save',
  error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
    errors: { name: 'Nama sudah dipakai.' },
  }),
};
const saveFailed = { type: 'xstate.error.actor.save', error: networkError };
const askDelete = { type: 'settings.delete' };
const wrongName = { type: 'settings.deleteName', value: 'toko lama' };
const rightName = { type: 'settings.deleteName', value: settings.name };
const confirmDelete = { type: 'settings.confirmDelete' };
const cancelDelete = { type: 'settings.cancelDelete' };
const deleted = { type: 'xstate.done.actor.remove', output: { key: project.key } };
const deleteFailed = { type: 'xstate.error.actor.remove', error: networkError };

/** What the server answers to the draft as it stands. */
function savedOf(c: ProjectSettingsContext): ProjectSettings {
  return {
    ...settings,
    name: c.draft.name.trim(),
    timeZone: c.draft.timeZone,
    workingHours: c.draft.workingHours,
    defaultDivision: c.draft.defaultDivisionId === null ? null : sales,
    optOut: { ...c.draft.optOut, reply: c.draft.optOut.reply.trim() },
  };
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, loadFailed];
  if (snapshot.matches('failed')) return [{ type: 'settings.retry' }];
  if (!snapshot.matches('ready')) return [];
  if (snapshot.matches({ ready: { divisions: 'loading' } })) return [divisionsLoaded, divisionsFailed];
  if (snapshot.matches({ ready: { divisions: 'failed' } })) return [{ type: 'settings.divisionsRetry' }];
  if (snapshot.matches({ ready: { form: 'saving' } }))
    return [{ type: 'xstate.done.actor.save', output: savedOf(ctx(snapshot)) }, saveRefused, saveFailed];
  if (snapshot.matches({ ready: { danger: 'deleting' } })) return [deleted, deleteFailed];
  if (snapshot.matches({ ready: { danger: 'confirming' } }))
    return [wrongName, rightName, confirmDelete, cancelDelete];
  return [rename, blankName, zone, closesEarly, division, typeWord, addWord, blankReply, save, askDelete];
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    valid: Object.keys(checkSettings(c.draft, c.timeZones)).length === 0,
    dirty: selectSettingsDirty(snapshot as never),
    fieldErrors: Object.keys(c.fieldErrors),
    saveError: c.saveError?.reason ?? null,
    deleteName: c.deleteName === c.settings?.name,
    deleteError: c.deleteError?.reason ?? null,
    word: c.wordInput === '' ? 'none' : checkOptOutWord(c.wordInput, c.draft.optOut.words) === null,
    words: c.draft.optOut.words.join(','),
    reply: [c.draft.optOut.reply, c.draft.optOut.replyEnabled],
  });
}

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return { client, browser: null, effects, input: { client, key: project.key, timeZones: zones } };
}

function describeEmitted(emitted: ProjectSettingsEmitted): string {
  return emitted.type === 'settings.saved'
    ? `announces the settings saved as "${emitted.settings.name}"`
    : `announces ${emitted.name} deleted`;
}

const words: Record<string, string> = {
  'settings.retry': 'the owner retries the settings',
  'settings.divisionsRetry': 'the owner retries the divisions',
  'settings.timeZone': 'the owner picks Asia/Makassar',
  'settings.division': 'the owner picks the division Sales',
  'settings.save': 'the owner presses "Simpan pengaturan"',
  'settings.delete': 'the owner presses "Hapus proyek"',
  'settings.confirmDelete': 'the owner presses "Hapus permanen"',
  'settings.cancelDelete': 'the owner calls the delete off',
  'settings.optOutAddWord': 'the owner presses "Tambah kata"',
  'settings.optOutDefaults': 'the owner presses "Pakai kata bawaan"',
};

function describeEvent(event: AnyEventObject): string {
  const done = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const act = {
      load: 'project_settings_get',
      divisions: 'division_list',
      save: 'project_update',
      remove: 'project_delete',
    }[done[2] ?? ''];
    const reason = (event['error'] as { reason?: string } | undefined)?.reason ?? 'network down';
    return done[1] === 'done' ? `${act ?? done[2]} succeeds` : `${act ?? done[2]} fails (${reason})`;
  }
  if (event.type === 'settings.name') return `the owner types the name "${String(event['value'])}"`;
  if (event.type === 'settings.day') return "the owner sets Monday's closing hour to 08.00";
  if (event.type === 'settings.deleteName') return `the owner types "${String(event['value'])}" to confirm`;
  if (event.type === 'settings.optOutWordInput')
    return `the owner types the opt-out word "${String(event['value'])}"`;
  if (event.type === 'settings.optOutRemoveWord')
    return `the owner removes the word ${String(event['word'])}`;
  if (event.type === 'settings.optOutReply') return `the owner writes the answer "${String(event['value'])}"`;
  if (event.type === 'settings.optOutReplyEnabled') return 'the owner switches the answer off';
  return words[event.type] ?? event.type;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (!snapshot.matches('ready')) return typeof snapshot.value === 'string' ? snapshot.value : '?';
  const value = snapshot.value as { ready: { form: string; divisions: string; danger: string } };
  const notes = [
    Object.keys(c.fieldErrors).length > 0 ? `field errors ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.saveError ? `save failed (${c.saveError.reason})` : '',
    c.deleteError ? `delete failed (${c.deleteError.reason})` : '',
  ].filter(Boolean);
  const { form, divisions, danger } = value.ready;
  return `ready: form ${form} / divisions ${divisions} / delete ${danger}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

const ready = [loaded, divisionsLoaded];
const simpleEvents = new Set<AnyEventObject>([
  loaded,
  divisionsLoaded,
  rename,
  askDelete,
  rightName,
  confirmDelete,
  deleted,
]);

export const projectSettingsModel: PathModel = {
  name: 'projectSettings',
  machine: projectSettingsMachine,
  serialize,
  starts: [{ label: `the owner opens /project/setting/${project.key}`, world }],
  events,
  simple: {
    // The way to the delete, one step at a time as the full model allows it (nothing left waiting).
    events: (snapshot) => events(snapshot).filter((event) => simpleEvents.has(event)),
    toState: (snapshot) => snapshot.matches('deleted'),
  },
  scenarios: [
    { start: 0, events: [loadFailed, { type: 'settings.retry' }, ...ready] },
    { start: 0, events: [loaded, divisionsFailed, { type: 'settings.divisionsRetry' }, divisionsLoaded] },
    {
      start: 0,
      events: [
        ...ready,
        rename,
        zone,
        division,
        closesEarly,
        save,
        { type: 'settings.day', day: 1, to: '18:00:00' },
      ],
    },
    { start: 0, events: [...ready, blankName, save, rename, save, saveRefused, save, saveFailed] },
    // Opt-out words: one there already is refused, a new one joins; one goes, the defaults come back;
    // a blank answer is refused on save, then switched off and saved.
    {
      start: 0,
      events: [
        ...ready,
        typeKnownWord,
        addWord,
        typeWord,
        addWord,
        removeWord,
        defaultWords,
        blankReply,
        save,
        reply,
        replyOff,
        save,
      ],
    },
    {
      start: 0,
      events: [
        ...ready,
        askDelete,
        wrongName,
        confirmDelete,
        rightName,
        confirmDelete,
        deleteFailed,
        cancelDelete,
      ],
    },
  ],
  actorActs: {
    load: 'project_settings_get',
    divisions: 'division_list',
    save: 'project_update',
    remove: 'project_delete',
  },
  drivers: {},
  observe: (actor, world) => {
    actor.on('*', (emitted) => world.effects?.push(describeEmitted(emitted as ProjectSettingsEmitted)));
  },
  describeEvent,
  describeState,
};
