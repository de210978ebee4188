/**
 * The customer labels machine's test model: Sari (customer of conversation c1) carries VIP; the
 * project also has Grosir and Reseller. The agent opens the picker, searches "gros", attaches
 * Reseller and detaches VIP. Picker events are tried while no change runs, and changes while the
 * picker is closed (but attaching, which happens from the picker), so each region is walked
 * through once; a scenario covers a pick while a change still runs. The agent may create labels:
 * with "Komplain" typed (no label matches) the picker offers it as a new label, created (or
 * refused) then attached.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Label } from '@sapa/sdk';
import { customerLabelsMachine, selectCreatableLabel } from '../customerLabelsMachine.ts';
import type { CustomerLabelsContext, CustomerLabelsSnapshot } from '../customerLabelsMachine.ts';
import { c1 } from './conversationListModel.ts';
import { createFakeClient } from './fakes.ts';
import { labelKey, nameTaken, projectLabels, refused, reseller, vip } from './labelFixtures.ts';
import type { PathModel, World } from './models.ts';
import {
  describePickListEvent,
  describePickListState,
  names,
  pickListEvents,
  pickListSimpleEvents,
} from './pickListModel.ts';
import type { PickListWalk } from './pickListModel.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomerLabelsContext {
  return snapshot.context as CustomerLabelsContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    labels: names(c.labels),
    options: names(c.options),
    search: c.search,
    change: c.change,
    creating: c.creating,
    errors: [c.error?.reason ?? null, c.optionsError?.reason ?? null, c.changeError?.reason ?? null],
  });
}

/** What `customer_label_set` answers for the change in flight: the customer's labels, by name. */
function afterChange(c: CustomerLabelsContext): Label[] {
  const change = c.change;
  if (change === null) return c.labels;
  const others = c.labels.filter((label) => label.id !== change.labelId);
  const label = [...projectLabels, ...c.options].find((item) => item.id === change.labelId);
  const next = change.attached && label !== undefined ? [...others, label] : others;
  return next.sort((a, b) => a.name.localeCompare(b.name));
}

/** Sari's labels: VIP loaded, the project's labels offered, Reseller picked, VIP removed. */
function walk(snapshot: AnyMachineSnapshot): PickListWalk {
  const c = ctx(snapshot);
  return {
    prefix: 'customerLabels',
    picker: 'picker',
    load: { id: 'labels', output: [vip] },
    options: projectLabels,
    pick: { type: 'customerLabels.attach', labelId: reseller.id },
    search: 'gros',
    remove: c.labels.some((label) => label.id === vip.id)
      ? { type: 'customerLabels.detach', labelId: vip.id }
      : null,
    changed: afterChange(c),
    refused,
  };
}

/** The search no label of the project matches, which the agent creates. */
export const NEW_LABEL = 'Komplain';

/** What `label_create` answers for a label made from the search. */
export function madeLabel(name: string): Label {
  return {
    id: '7a1b0000-0000-4000-8000-000000000009',
    name,
    color: '#e53935',
    customers: 0,
    createdAt: '2025-04-01T03:00:00Z',
  };
}

/** Creating from the picker's search (offered while picking), and its outcome while `creating`. */
function createEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const creating = ctx(snapshot).creating;
  if (snapshot.matches({ ready: { change: 'creating' } }) && creating !== null)
    return [
      { type: 'xstate.done.actor.create', output: madeLabel(creating.name) },
      { type: 'xstate.error.actor.create', error: nameTaken },
    ];
  if (selectCreatableLabel(snapshot as CustomerLabelsSnapshot) !== null)
    return [{ type: 'customerLabels.create' }];
  // A search no label matches: offered as a new label.
  const picking = snapshot.matches({ ready: { picker: { open: 'picking' } } });
  return picking && ctx(snapshot).search === '' ? [{ type: 'picker.search', text: NEW_LABEL }] : [];
}

function world(): World {
  const client = createFakeClient();
  return {
    client,
    browser: null,
    input: { client, key: labelKey, customerId: c1.customer.id, canCreate: true },
  };
}

export const customerLabelsModel: PathModel = {
  name: 'customerLabels',
  machine: customerLabelsMachine,
  serialize,
  starts: [{ label: `Sari's conversation opens (project ${labelKey})`, world }],
  events: (snapshot) => [...pickListEvents(snapshot, walk(snapshot)), ...createEvents(snapshot)],
  simple: {
    events: (snapshot) => pickListSimpleEvents(snapshot, walk(snapshot)),
    toState: (snapshot) => ctx(snapshot).labels.some((label) => label.id === reseller.id),
  },
  scenarios: [
    // A pick while a detach still runs is not taken: the picker stays open.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.labels', output: [vip] },
        { type: 'customerLabels.detach', labelId: vip.id },
        { type: 'picker.open' },
        { type: 'xstate.done.actor.options', output: projectLabels },
        { type: 'customerLabels.attach', labelId: reseller.id },
        { type: 'xstate.done.actor.change', output: [] },
        { type: 'customerLabels.attach', labelId: reseller.id },
        { type: 'xstate.done.actor.change', output: [reseller] },
      ],
    },
    // A refused detach, dismissed.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.labels', output: [vip] },
        { type: 'customerLabels.detach', labelId: vip.id },
        { type: 'xstate.error.actor.change', error: refused },
        { type: 'customerLabels.dismiss' },
      ],
    },
  ],
  actorActs: {
    labels: 'customer_label_list',
    options: 'label_list',
    change: 'customer_label_set',
    create: 'label_create',
  },
  drivers: {},
  describeEvent,
  describeState: (snapshot) =>
    describePickListState(snapshot, `carries ${names(ctx(snapshot).labels) || 'nothing'}`),
};

const labelName = (id: unknown) => projectLabels.find((label) => label.id === id)?.name ?? '?';

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.create')
    return `the new label arrives: ${(event['output'] as Label).name}`;
  return describePickListEvent(event, {
    who: 'the agent',
    loads: {
      labels: "the customer's labels",
      options: "the project's labels",
      change: 'the change',
      create: 'the new label',
    },
    pick: 'customerLabels.attach',
    remove: 'customerLabels.detach',
    idKey: 'labelId',
    nameOf: labelName,
    search: 'picker.search',
    plain: {
      'customerLabels.retry': 'the agent retries',
      'customerLabels.dismiss': 'the agent dismisses the error',
      'customerLabels.create': 'the agent creates a label named as the search',
      'picker.open': 'the agent presses "+ Label"',
      'picker.close': 'the agent closes the picker',
      'picker.retry': 'the agent retries the picker',
    },
  });
}
