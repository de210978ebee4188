/**
 * The division members machine's test model: Penjualan (project k1abcdefgh) has Ani and Budi;
 * Citra and Dodi are members of the project outside it. The owner (with `crm.divisi.add_user`)
 * opens the picker, searches "cit", adds Citra and removes Budi. Picker events are tried while no
 * change runs, and removes while the picker is closed, so each region is walked through once; a
 * scenario covers a pick while a change still runs.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { DivisionMember } from '@sapa/sdk';
import { divisionMembersMachine } from '../divisionMembersMachine.ts';
import type { DivisionMembersContext } from '../divisionMembersMachine.ts';
import { createFakeClient } from './fakes.ts';
import type { PathModel, World } from './models.ts';
import {
  describePickListEvent,
  describePickListState,
  names,
  pickListEvents,
  pickListSimpleEvents,
} from './pickListModel.ts';
import type { PickListWalk } from './pickListModel.ts';
import { ani, budi, citra, citraMember, divisionKey, dodi, refused, sales } from './divisionFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): DivisionMembersContext {
  return snapshot.context as DivisionMembersContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    members: names(c.members),
    options: names(c.options),
    search: c.search,
    change: c.change,
    errors: [c.error?.reason ?? null, c.optionsError?.reason ?? null, c.changeError?.reason ?? null],
  });
}

/** What `division_member_set` answers for the change in flight: the division's members, by name. */
function afterChange(c: DivisionMembersContext): DivisionMember[] {
  const change = c.change;
  if (change === null) return c.members;
  const others = c.members.filter((member) => member.userId !== change.userId);
  const added = change.userId === citra.id ? [citraMember] : [];
  return (change.member ? [...others, ...added] : others).sort((a, b) => a.name.localeCompare(b.name));
}

/** Penjualan's members: Ani and Budi loaded, Citra and Dodi offered, Citra picked, Budi removed. */
function walk(snapshot: AnyMachineSnapshot): PickListWalk {
  const c = ctx(snapshot);
  return {
    prefix: 'divisionMembers',
    picker: 'memberPicker',
    load: { id: 'members', output: [ani, budi] },
    options: [citra, dodi],
    pick: { type: 'divisionMembers.add', userId: citra.id },
    search: 'cit',
    remove: c.members.some((member) => member.userId === budi.userId)
      ? { type: 'divisionMembers.remove', userId: budi.userId }
      : null,
    changed: afterChange(c),
    refused,
  };
}

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client, key: divisionKey, division: sales, canChange: true } };
}

const personName = (id: unknown) =>
  [ani, budi].find((member) => member.userId === id)?.name ??
  [citra, dodi].find((agent) => agent.id === id)?.name ??
  '?';

function describeEvent(event: AnyEventObject): string {
  return describePickListEvent(event, {
    who: 'the owner',
    loads: { members: "Penjualan's members", options: 'the members to add', change: 'the change' },
    pick: 'divisionMembers.add',
    remove: 'divisionMembers.remove',
    idKey: 'userId',
    nameOf: personName,
    search: 'memberPicker.search',
    plain: {
      'divisionMembers.retry': 'the owner retries',
      'divisionMembers.dismiss': 'the owner dismisses the error',
      'memberPicker.open': 'the owner presses "Tambah anggota"',
      'memberPicker.close': 'the owner closes the picker',
      'memberPicker.retry': 'the owner retries the picker',
    },
  });
}

export const divisionMembersModel: PathModel = {
  name: 'divisionMembers',
  machine: divisionMembersMachine,
  serialize,
  starts: [
    { label: `the members of Penjualan open (project ${divisionKey}, with crm.divisi.add_user)`, world },
  ],
  events: (snapshot) => pickListEvents(snapshot, walk(snapshot)),
  simple: {
    events: (snapshot) => pickListSimpleEvents(snapshot, walk(snapshot)),
    toState: (snapshot) => ctx(snapshot).members.some((member) => member.userId === citra.id),
  },
  scenarios: [
    // A pick while a remove still runs is not taken: the picker stays open.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.members', output: [ani, budi] },
        { type: 'divisionMembers.remove', userId: budi.userId },
        { type: 'memberPicker.open' },
        { type: 'xstate.done.actor.options', output: [citra, dodi] },
        { type: 'divisionMembers.add', userId: citra.id },
        { type: 'xstate.done.actor.change', output: [ani] },
        { type: 'divisionMembers.add', userId: citra.id },
        { type: 'xstate.done.actor.change', output: [ani, citraMember] },
      ],
    },
    // A refused remove, dismissed.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.members', output: [ani, budi] },
        { type: 'divisionMembers.remove', userId: budi.userId },
        { type: 'xstate.error.actor.change', error: refused },
        { type: 'divisionMembers.dismiss' },
      ],
    },
  ],
  actorActs: {
    members: 'division_member_list',
    options: 'division_member_options',
    change: 'division_member_set',
  },
  drivers: {},
  describeEvent,
  describeState: (snapshot) =>
    describePickListState(snapshot, `members ${names(ctx(snapshot).members) || 'none'}`),
};
