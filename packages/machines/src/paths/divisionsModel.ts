/**
 * The divisions table's test model: the screen of project k1abcdefgh with Layanan and Penjualan.
 * The table is the machine's child, answered at once by a fake page source that writes each
 * request to the effects. The owner searches (the pause never ends by itself: the model sends
 * `divisions.searchSettled`), adds a division (saving an empty name shows the check's error, a
 * colour that is not `#rrggbb` too; the server may say the name is taken, or not be reached),
 * edits Penjualan, deletes Layanan (confirmed, called off, refused) and opens Penjualan's members
 * (the child members machine starts; closing the dialog fetches the table's page again). Search
 * events are tried while no dialog is open, and dialog events on the plain table.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Division } from '@sapa/sdk';
import { checkDivision, cleanDivision } from '../divisionActors.ts';
import { divisionsMachine } from '../divisionsMachine.ts';
import type { DivisionsContext, DivisionsEmitted } from '../divisionsMachine.ts';
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
import {
  createFakeDivisionPages,
  divisionKey,
  gudang,
  nameTaken,
  refused,
  sales,
  support,
} from './divisionFixtures.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): DivisionsContext {
  return snapshot.context as DivisionsContext;
}

const nameOf = (division: Division) => division.name;

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    ...serializedCrud(c, nameOf),
    draft: [c.draft.name, c.draft.color],
    members: c.membersOf?.name ?? null,
  });
}

/** The division the server keeps for the form as it stands. */
function savedOf(c: DivisionsContext): Division {
  return { ...(c.editing ?? gudang), ...cleanDivision(c.draft) };
}

const PURPLE = '#8E24AA';

function formEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  return nameColorFormEvents(snapshot, 'divisions', {
    saved: savedOf(ctx(snapshot)),
    taken: nameTaken,
    check: checkDivision,
    editName: 'Penjualan Online',
    newName: ' Gudang ',
    firstColor: '#1e88e5',
    otherColor: PURPLE,
  });
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const closed = snapshot.matches({ dialog: 'closed' });
  const plain = c.search === '' && snapshot.matches({ search: 'idle' });
  const dialog = snapshot.matches({ dialog: 'members' })
    ? [{ type: 'divisions.cancel' }]
    : dialogEvents(snapshot, 'divisions', {
        form: () => formEvents(snapshot),
        refused,
        closed: [
          { type: 'divisions.add' },
          { type: 'divisions.edit', division: sales },
          { type: 'divisions.delete', division: support },
          { type: 'divisions.members', division: sales },
        ],
      });
  return [...(closed ? searchEvents(snapshot, 'divisions', ' jual ') : []), ...(plain ? dialog : [])];
}

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: {
      client,
      key: divisionKey,
      fetchPage: createFakeDivisionPages(effects),
      canManageMembers: true,
    },
  };
}

function describeEmitted(emitted: DivisionsEmitted): string {
  return emitted.type === 'divisions.saved'
    ? `announces ${emitted.division.name} ${emitted.created ? 'added' : 'changed'}`
    : `announces ${emitted.name} deleted`;
}

const plainEvents: Record<string, string> = {
  'divisions.searchSettled': 'the typing pauses (debounce)',
  'divisions.add': 'the owner presses "Tambah divisi"',
  'divisions.save': 'the owner presses "Simpan"',
  'divisions.cancel': 'the owner closes the dialog',
  'divisions.confirmDelete': 'the owner confirms the delete',
};

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'divisions.members')
    return `the owner opens the members of ${(event['division'] as Division).name}`;
  return (
    describeSettled(event, { save: 'the save', remove: 'the delete' }) ??
    describeTableEvent(event, { prefix: 'divisions', who: 'the owner', rowKey: 'division', nameOf }) ??
    plainEvents[event.type] ??
    event.type
  );
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown };
  const notes = [
    ...crudNotes(snapshot, c, { nameOf, form: () => `form "${c.draft.name}" ${c.draft.color}` }),
    c.membersOf === null ? '' : `members of ${c.membersOf.name}`,
  ].filter(Boolean);
  const where = [value.search, value.dialog].map(statePath).join(' / ');
  return `${where}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

const settleDivision = settleSave('division_create', 'division_update');

export const divisionsModel: PathModel = {
  name: 'divisions',
  machine: divisionsMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the divisions of project ${divisionKey} open`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['divisions.add', 'divisions.name', 'divisions.save'].includes(event.type),
      ),
    toState: (snapshot) => snapshot.matches({ dialog: { form: 'saving' } }),
  },
  scenarios: [
    // A search typed twice runs once, then is cleared; dialogs called off leave the screen as it was.
    {
      start: 0,
      events: [
        { type: 'divisions.search', text: 'ju' },
        { type: 'divisions.search', text: 'jual' },
        { type: 'divisions.searchSettled' },
        { type: 'divisions.search', text: '' },
        { type: 'divisions.add' },
        { type: 'divisions.cancel' },
        { type: 'divisions.delete', division: support },
        { type: 'divisions.cancel' },
        { type: 'divisions.members', division: sales },
        { type: 'divisions.cancel' },
      ],
    },
    // Added (the name taken first), changed and deleted: each is announced.
    {
      start: 0,
      events: [
        { type: 'divisions.add' },
        { type: 'divisions.name', value: 'Penjualan' },
        { type: 'divisions.save' },
        { type: 'xstate.error.actor.save', error: nameTaken },
        { type: 'divisions.name', value: 'Gudang' },
        { type: 'divisions.save' },
        { type: 'xstate.done.actor.save', output: gudang },
        { type: 'divisions.edit', division: sales },
        { type: 'divisions.name', value: 'Penjualan Online' },
        { type: 'divisions.save' },
        { type: 'xstate.done.actor.save', output: { ...sales, name: 'Penjualan Online' } },
        { type: 'divisions.delete', division: support },
        { type: 'divisions.confirmDelete' },
        { type: 'xstate.error.actor.remove', error: refused },
        { type: 'divisions.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: support.id } },
      ],
    },
  ],
  graphActions: { queryTable: () => undefined, refreshTable: () => undefined },
  actorActs: { save: 'division_create', remove: 'division_delete' },
  drivers: { 'xstate.done.actor.save': settleDivision, 'xstate.error.actor.save': settleDivision },
  observe: (actor, world) => {
    actor.on('*', (emitted: DivisionsEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
