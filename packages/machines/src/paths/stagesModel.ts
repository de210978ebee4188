/**
 * The stages table's test model: the user searches (the pause never ends by itself: the model
 * sends `stages.searchSettled`), adds a stage (saving an empty name shows the check's error, a
 * colour that is not `#rrggbb` too; the server may say the name is taken, or not be reached),
 * edits Prospek, deletes Deal (confirmed, called off, refused) and moves Penawaran up (the server
 * may refuse). Every announcement is written to the run's effects.
 */
import { fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Stage } from '@sapa/sdk';
import { stagesMachine } from '../stagesMachine.ts';
import type { StagesContext, StagesEmitted } from '../stagesMachine.ts';
import { checkStage, cleanStage } from '../stageActors.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { deal, nameTaken, penawaran, prospek, refused, stageKey } from './stageFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): StagesContext {
  return snapshot.context as StagesContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    search: [c.search, c.searchText],
    editing: c.editing?.name ?? null,
    draft: [c.draft.name, c.draft.color],
    errors: Object.entries(c.fieldErrors).map(
      ([field, error]) => `${field}:${'key' in error ? error.key : 'server'}`,
    ),
    saveError: c.saveError?.reason ?? null,
    del: [c.deleteTarget?.name ?? null, c.deleteError?.reason ?? null],
    reorder: c.reorder && [c.reorder.stage.name, c.reorder.position],
  });
}

/** The stage the server keeps for the form as it stands. */
function savedOf(c: StagesContext): Stage {
  const draft = cleanStage(c.draft);
  return { ...(c.editing ?? { ...deal, id: '5a9e0000-0000-4000-8000-000000000009', position: 3 }), ...draft };
}

function searchEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ search: 'debouncing' }))
    return [{ type: 'stages.searchSettled' }, { type: 'stages.search', text: '' }];
  return ctx(snapshot).search === ''
    ? [{ type: 'stages.search', text: ' deal ' }]
    : [{ type: 'stages.search', text: '  ' }];
}

function formEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: { form: 'saving' } }))
    return [
      { type: 'xstate.done.actor.save', output: savedOf(c) },
      { type: 'xstate.error.actor.save', error: nameTaken },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  const out: AnyEventObject[] = [{ type: 'stages.cancel' }];
  const valid = Object.keys(checkStage(c.draft)).length === 0;
  if (valid || Object.keys(c.fieldErrors).length === 0) out.push({ type: 'stages.save' });
  if (c.editing !== null) {
    if (c.draft.name !== 'Calon pembeli') out.push({ type: 'stages.name', value: 'Calon pembeli' });
    return out;
  }
  if (c.draft.name === '') out.push({ type: 'stages.name', value: ' Negosiasi ' });
  if (c.draft.color === '#64748b') out.push({ type: 'stages.color', value: '#8E24AA' });
  if (c.draft.color === '#8E24AA') out.push({ type: 'stages.color', value: 'ungu' });
  return out;
}

function dialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: 'form' })) return formEvents(snapshot);
  if (snapshot.matches({ dialog: 'confirmingDelete' }))
    return [{ type: 'stages.confirmDelete' }, { type: 'stages.cancel' }];
  if (snapshot.matches({ dialog: 'deleting' }))
    return [
      { type: 'xstate.done.actor.remove', output: { id: c.deleteTarget?.id ?? '' } },
      { type: 'xstate.error.actor.remove', error: refused },
    ];
  return [
    { type: 'stages.add' },
    { type: 'stages.edit', stage: prospek },
    { type: 'stages.delete', stage: deal },
  ];
}

function orderEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ order: 'moving' }))
    return [
      { type: 'xstate.done.actor.reorder', output: { ...penawaran, position: 0 } },
      { type: 'xstate.error.actor.reorder', error: refused },
    ];
  return [{ type: 'stages.move', stage: penawaran, direction: 'up' }];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const closed = snapshot.matches({ dialog: 'closed' });
  const plain = c.search === '' && snapshot.matches({ search: 'idle' });
  const still = snapshot.matches({ order: 'idle' });
  return [
    ...(closed && still ? searchEvents(snapshot) : []),
    ...(plain && still ? dialogEvents(snapshot) : []),
    ...(plain && closed ? orderEvents(snapshot) : []),
  ];
}

/** Answers the pending create or update (whichever the save called). */
const settleSave: StepDriver = ({ world, event }) => {
  const name = world.client.pending().some((call) => call.name === 'stage_update')
    ? 'stage_update'
    : 'stage_create';
  world.client.settle(
    name,
    event.type.startsWith('xstate.error.') ? { error: event['error'] } : { data: event['output'] },
  );
};

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, effects: [], input: { client, key: stageKey } };
}

/** The pause never ends by itself: the model sends `stages.searchSettled`. */
const silentPause = fromCallback<{ type: 'pause.none' }, { ms: number }>(() => undefined);

function describeEmitted(emitted: StagesEmitted): string {
  switch (emitted.type) {
    case 'stages.payload':
      return `asks the table for ${emitted.payload.search === undefined ? 'every stage' : `"${emitted.payload.search}"`}`;
    case 'stages.saved':
      return `announces ${emitted.stage.name} ${emitted.created ? 'added' : 'changed'}`;
    case 'stages.deleted':
      return `announces ${emitted.name} deleted`;
    case 'stages.moved':
      return `announces ${emitted.stage.name} moved to place ${emitted.stage.position + 1}`;
    case 'stages.moveFailed':
      return `error toast "${emitted.message}" for ${emitted.name}`;
  }
}

const plainEvents: Record<string, string> = {
  'stages.searchSettled': 'the typing pauses (debounce)',
  'stages.add': 'the user presses "Tambah tahap"',
  'stages.save': 'the user presses "Simpan"',
  'stages.cancel': 'the user closes the dialog',
  'stages.confirmDelete': 'the user confirms the delete',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = { save: 'the save', remove: 'the delete', reorder: 'the move' }[settled[2]] ?? settled[2];
    if (settled[1] === 'done') return `${what} succeeds`;
    const error = event['error'] as { reason?: string; message: string };
    return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
  }
  const value = String(event['value'] ?? event['text'] ?? '');
  const stage = event['stage'] as Stage | undefined;
  switch (event.type) {
    case 'stages.search':
      return value.trim() === '' ? 'the user clears the search' : `the user types "${value}" in the search`;
    case 'stages.edit':
      return `the user edits ${stage?.name ?? '?'}`;
    case 'stages.delete':
      return `the user asks to delete ${stage?.name ?? '?'}`;
    case 'stages.move':
      return `the user moves ${stage?.name ?? '?'} ${String(event['direction'])}`;
    case 'stages.name':
      return `the user types the name "${value}"`;
    case 'stages.color':
      return `the user picks the colour "${value}"`;
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${key}.${statePath(child)}`;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown; order: unknown };
  const notes = [
    c.search === '' ? '' : `search "${c.search}"`,
    c.editing === null ? '' : `editing ${c.editing.name}`,
    snapshot.matches({ dialog: 'form' }) ? `form "${c.draft.name}" ${c.draft.color}` : '',
    Object.keys(c.fieldErrors).length > 0 ? `errors on ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.saveError ? `save failed: "${c.saveError.message}"` : '',
    c.deleteTarget === null ? '' : `deleting ${c.deleteTarget.name}`,
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
    c.reorder === null ? '' : `moving ${c.reorder.stage.name} to place ${c.reorder.position + 1}`,
  ].filter(Boolean);
  const where = [value.search, value.dialog, value.order].map(statePath).join(' / ');
  return `${where}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

export const stagesModel: PathModel = {
  name: 'stages',
  machine: stagesMachine.provide({ actors: { stagesSearchPause: silentPause } }),
  serialize,
  starts: [{ label: `the stages of project ${stageKey} open`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) => ['stages.add', 'stages.name', 'stages.save'].includes(event.type)),
    toState: (snapshot) => snapshot.matches({ dialog: { form: 'saving' } }),
  },
  scenarios: [
    // A search typed twice runs once; the first stage does not move up.
    {
      start: 0,
      events: [
        { type: 'stages.search', text: 'de' },
        { type: 'stages.search', text: 'deal' },
        { type: 'stages.searchSettled' },
        { type: 'stages.search', text: '' },
        { type: 'stages.move', stage: prospek, direction: 'up' },
        { type: 'stages.move', stage: prospek, direction: 'down' },
        { type: 'xstate.done.actor.reorder', output: { ...prospek, position: 1 } },
      ],
    },
    // Moved (confirmed, then refused), and dialogs called off: their ends look like the start.
    {
      start: 0,
      events: [
        { type: 'stages.move', stage: penawaran, direction: 'up' },
        { type: 'xstate.done.actor.reorder', output: { ...penawaran, position: 0 } },
        { type: 'stages.move', stage: penawaran, direction: 'up' },
        { type: 'xstate.error.actor.reorder', error: refused },
        { type: 'stages.add' },
        { type: 'stages.cancel' },
        { type: 'stages.delete', stage: deal },
        { type: 'stages.cancel' },
      ],
    },
    // Added, changed and deleted: each is announced (their ends look like the start).
    {
      start: 0,
      events: [
        { type: 'stages.add' },
        { type: 'stages.name', value: 'Negosiasi' },
        { type: 'stages.save' },
        { type: 'xstate.done.actor.save', output: { ...deal, name: 'Negosiasi', color: '#64748b' } },
        { type: 'stages.edit', stage: prospek },
        { type: 'stages.name', value: 'Calon pembeli' },
        { type: 'stages.save' },
        { type: 'xstate.done.actor.save', output: { ...prospek, name: 'Calon pembeli' } },
        { type: 'stages.delete', stage: deal },
        { type: 'stages.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: deal.id } },
      ],
    },
  ],
  actorActs: { save: 'stage_create', remove: 'stage_delete', reorder: 'stage_update' },
  drivers: { 'xstate.done.actor.save': settleSave, 'xstate.error.actor.save': settleSave },
  observe: (actor, world) => {
    actor.on('*', (emitted: StagesEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
