/**
 * The labels machine's test model: the screen of project k1abcdefgh with three labels (Grosir,
 * Reseller, VIP). The table is the machine's child, answered at once by a fake page source that
 * writes each request to the effects. The user sorts by newest, searches for "grosir", adds a
 * label (blank first, then "Grosir"), edits VIP (to "Grosir", a name taken), types a colour that
 * is not `#rrggbb`, and deletes VIP. Query events are tried only while no dialog is open, and
 * dialog events only on the plain table, so each region is walked through once.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Label } from '@sapa/sdk';
import { isLabelColor } from '../labelActors.ts';
import { labelsMachine } from '../labelsMachine.ts';
import type { LabelsContext } from '../labelsMachine.ts';
import { describeSettled, dialogEvents, saveOutcomes, settleSave } from './crudModel.ts';
import { createFakeClient } from './fakes.ts';
import { createFakeLabelPages, grosir, labelKey, nameTaken, refused, vip } from './labelFixtures.ts';
import type { PathModel, World } from './models.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): LabelsContext {
  return snapshot.context as LabelsContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    q: [c.sort, c.search, c.searchText],
    form: [c.editing?.name ?? null, c.draft],
    errors: [Object.keys(c.fieldErrors).sort(), c.saveError?.reason ?? null],
    del: [c.deleteTarget?.name ?? null, c.deleteError?.reason ?? null],
  });
}

/** What the server answers for the form being saved. */
function saved(c: LabelsContext): Label {
  const value = { name: c.draft.name.trim(), color: c.draft.color.toLowerCase() };
  return c.editing === null ? { ...grosir, ...value } : { ...vip, ...value };
}

const BLUE = '#1E88E5';
const NOT_A_COLOUR = '#12';

function queryEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ query: 'debouncing' }))
    return [{ type: 'labels.searchSettled' }, { type: 'labels.search', text: '' }];
  const out: AnyEventObject[] = [];
  if (c.sort === 'name' && c.search === '')
    out.push({ type: 'labels.sort', sort: 'newest' }, { type: 'labels.search', text: ' grosir ' });
  if (c.sort !== 'name') out.push({ type: 'labels.sort', sort: 'name' });
  if (c.search !== '') out.push({ type: 'labels.search', text: '' });
  return out;
}

function formEvents(c: LabelsContext): AnyEventObject[] {
  const form = c.draft;
  const out: AnyEventObject[] = [{ type: 'labels.submit' }, { type: 'labels.cancel' }];
  if (form.name !== 'Grosir') out.push({ type: 'labels.name', name: 'Grosir' });
  if (form.color !== BLUE) out.push({ type: 'labels.color', color: BLUE });
  if (isLabelColor(form.color) && form.color !== BLUE)
    out.push({ type: 'labels.color', color: NOT_A_COLOUR });
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const plain = c.sort === 'name' && c.search === '' && snapshot.matches({ query: 'idle' });
  return [
    ...(snapshot.matches({ dialog: 'closed' }) ? queryEvents(snapshot) : []),
    ...(plain ? labelDialogEvents(snapshot) : []),
  ];
}

function labelDialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  return dialogEvents(snapshot, 'labels', {
    form: () =>
      snapshot.matches({ dialog: { form: 'saving' } }) ? saveOutcomes(saved(c), nameTaken) : formEvents(c),
    refused,
    closed: [
      { type: 'labels.add' },
      { type: 'labels.edit', label: vip },
      { type: 'labels.delete', label: vip },
    ],
  });
}

/** Settles whichever save the form made: `label_create` for a new label, else `label_update`. */
const settleLabel = settleSave('label_create', 'label_update');

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: { client, key: labelKey, fetchPage: createFakeLabelPages(effects) },
  };
}

const submitGrosir: AnyEventObject[] = [{ type: 'labels.name', name: 'Grosir' }, { type: 'labels.submit' }];

export const labelsModel: PathModel = {
  name: 'labels',
  machine: labelsMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the labels of project ${labelKey} open`, world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ dialog: 'closed' })) return [{ type: 'labels.add' }];
      return snapshot.matches({ dialog: { form: 'filling' } })
        ? [...submitGrosir, { type: 'labels.color', color: NOT_A_COLOUR }]
        : [];
    },
    toState: (snapshot) => snapshot.matches({ dialog: { form: 'saving' } }),
  },
  scenarios: [
    // A sort while the search waits for its pause takes the search along.
    {
      start: 0,
      events: [
        { type: 'labels.search', text: 'gro' },
        { type: 'labels.search', text: 'gro' },
        { type: 'labels.sort', sort: 'customers' },
        { type: 'labels.sort', sort: 'customers' },
      ],
    },
    // A search run then cleared; a form and a delete called off leave the screen as it was.
    {
      start: 0,
      events: [
        { type: 'labels.search', text: 'grosir' },
        { type: 'labels.searchSettled' },
        { type: 'labels.search', text: ' ' },
        { type: 'labels.add' },
        { type: 'labels.cancel' },
        { type: 'labels.delete', label: vip },
        { type: 'labels.cancel' },
      ],
    },
    // A new label whose name is taken, renamed, then saved.
    {
      start: 0,
      events: [
        { type: 'labels.add' },
        ...submitGrosir,
        { type: 'xstate.error.actor.save', error: nameTaken },
        { type: 'labels.name', name: 'Grosir Besar' },
        { type: 'labels.submit' },
        { type: 'xstate.done.actor.save', output: { ...grosir, name: 'Grosir Besar' } },
      ],
    },
    // A refused delete, tried again.
    {
      start: 0,
      events: [
        { type: 'labels.delete', label: vip },
        { type: 'labels.confirmDelete' },
        { type: 'xstate.error.actor.remove', error: refused },
        { type: 'labels.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: vip.id } },
      ],
    },
  ],
  graphActions: { queryTable: () => undefined, refreshTable: () => undefined },
  actorActs: { save: 'label_create', remove: 'label_delete' },
  drivers: { 'xstate.done.actor.save': settleLabel, 'xstate.error.actor.save': settleLabel },
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) => {
      const label = emitted['label'] as Label | undefined;
      world.effects?.push(
        emitted.type === 'labels.saved'
          ? `announces ${label?.name ?? '?'} ${emitted['created'] === true ? 'added' : 'changed'}`
          : `announces ${String(emitted['name'])} deleted`,
      );
    });
  },
  describeEvent,
  describeState,
};

const plainEvents: Record<string, string> = {
  'labels.searchSettled': 'the typing pauses (debounce)',
  'labels.add': 'the user presses "Tambah label"',
  'labels.submit': 'the user saves the form',
  'labels.cancel': 'the user cancels',
  'labels.confirmDelete': 'the user confirms the delete',
};

function describeEvent(event: AnyEventObject): string {
  const settled = describeSettled(event, { save: 'the save', remove: 'label_delete' });
  if (settled !== undefined) return settled;
  switch (event.type) {
    case 'labels.sort':
      return `the user sorts by ${String(event['sort'])}`;
    case 'labels.search': {
      const text = String(event['text']);
      return text.trim() === '' ? 'the user clears the search' : `the user types "${text}"`;
    }
    case 'labels.edit':
    case 'labels.delete':
      return `the user ${event.type === 'labels.edit' ? 'edits' : 'asks to delete'} ${(event['label'] as Label).name}`;
    case 'labels.name':
      return `the user names it "${String(event['name'])}"`;
    case 'labels.color':
      return `the user picks colour "${String(event['color'])}"`;
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const query = `by ${c.sort}${c.search === '' ? '' : `, search "${c.search}"`}${c.searchText === c.search ? '' : `, typed "${c.searchText}"`}`;
  const dialog = JSON.stringify((snapshot.value as Record<string, unknown>)['dialog']);
  const form = snapshot.hasTag('form') ? ` form "${c.draft.name}" ${c.draft.color}` : '';
  const errors = Object.keys(c.fieldErrors);
  const fieldNote = errors.length === 0 ? '' : `, errors on ${errors.join(', ')}`;
  const failure = c.saveError ?? c.deleteError;
  return `[${query}] ${dialog}${form}${fieldNote}${failure === null ? '' : `, shows "${failure.message}"`}`;
}
