/**
 * The stages table's test model: the user searches (the pause never ends by itself: the model
 * sends `stages.searchSettled`), adds a stage (saving an empty name shows the check's error, a
 * colour that is not `#rrggbb` too; the server may say the name is taken, or not be reached),
 * edits Prospek, deletes Deal (confirmed, called off, refused) and moves Penawaran up (the server
 * may refuse). Every announcement is written to the run's effects.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Stage } from '@sapa/sdk';
import { stagesMachine } from '../stagesMachine.ts';
import type { StagesContext, StagesEmitted } from '../stagesMachine.ts';
import { checkStage, cleanStage } from '../stageActors.ts';
import {
  crudNotes,
  describeSettled,
  describeTableEvent,
  dialogEvents,
  nameColorFormEvents,
  searchEvents,
  serializedCrud,
  settleSave,
  statePath,
} from './crudModel.ts';
import { createFakeClient } from './fakes.ts';
import type { PathModel, World } from './models.ts';
import { deal, nameTaken, penawaran, prospek, refused, stageKey } from './stageFixtures.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): StagesContext {
  return snapshot.context as StagesContext;
}

const nameOf = (stage: Stage) => stage.name;

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    ...serializedCrud(c, nameOf),
    draft: [c.draft.name, c.draft.color],
    reorder: c.reorder && [c.reorder.stage.name, c.reorder.position],
  });
}

/** The stage the server keeps for the form as it stands. */
function savedOf(c: StagesContext): Stage {
  const draft = cleanStage(c.draft);
  return { ...(c.editing ?? { ...deal, id: '5a9e0000-0000-4000-8000-000000000009', position: 3 }), ...draft };
}

function formEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  return nameColorFormEvents(snapshot, 'stages', {
    saved: savedOf(ctx(snapshot)),
    taken: nameTaken,
    check: checkStage,
    editName: 'Calon pembeli',
    newName: ' Negosiasi ',
    firstColor: '#64748b',
    otherColor: '#8E24AA',
  });
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
  const dialog = () =>
    dialogEvents(snapshot, 'stages', {
      form: () => formEvents(snapshot),
      refused,
      closed: [
        { type: 'stages.add' },
        { type: 'stages.edit', stage: prospek },
        { type: 'stages.delete', stage: deal },
      ],
    });
  return [
    ...(closed && still ? searchEvents(snapshot, 'stages', ' deal ') : []),
    ...(plain && still ? dialog() : []),
    ...(plain && closed ? orderEvents(snapshot) : []),
  ];
}

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, effects: [], input: { client, key: stageKey } };
}

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
  if (event.type === 'stages.move')
    return `the user moves ${(event['stage'] as Stage).name} ${String(event['direction'])}`;
  return (
    describeSettled(event, { save: 'the save', remove: 'the delete', reorder: 'the move' }) ??
    describeTableEvent(event, { prefix: 'stages', who: 'the user', rowKey: 'stage', nameOf }) ??
    plainEvents[event.type] ??
    event.type
  );
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown; order: unknown };
  const notes = [
    ...crudNotes(snapshot, c, { nameOf, form: () => `form "${c.draft.name}" ${c.draft.color}` }),
    c.reorder === null ? '' : `moving ${c.reorder.stage.name} to place ${c.reorder.position + 1}`,
  ].filter(Boolean);
  const where = [value.search, value.dialog, value.order].map(statePath).join(' / ');
  return `${where}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

const settleStage = settleSave('stage_create', 'stage_update');

export const stagesModel: PathModel = {
  name: 'stages',
  machine: stagesMachine.provide({ actors: { delay: silentDelay } }),
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
  drivers: { 'xstate.done.actor.save': settleStage, 'xstate.error.actor.save': settleStage },
  observe: (actor, world) => {
    actor.on('*', (emitted: StagesEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
