/**
 * The customer labels machine's test model: Sari (customer of conversation c1) carries VIP; the
 * project also has Grosir and Reseller. The agent opens the picker, searches "gros", attaches
 * Reseller and detaches VIP. Picker events are tried while no change runs, and changes while the
 * picker is closed (but attaching, which happens from the picker), so each region is walked
 * through once; a scenario covers a pick while a change still runs.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Label } from '@sapa/sdk';
import { customerLabelsMachine } from '../customerLabelsMachine.ts';
import type { CustomerLabelsContext } from '../customerLabelsMachine.ts';
import { c1 } from './conversationListModel.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import { labelKey, projectLabels, refused, reseller, vip } from './labelFixtures.ts';
import type { PathModel, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomerLabelsContext {
  return snapshot.context as CustomerLabelsContext;
}

const names = (labels: readonly Label[]) => labels.map((label) => label.name).join(' ');

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    labels: names(c.labels),
    options: names(c.options),
    search: c.search,
    change: c.change,
    errors: [c.error?.reason ?? null, c.optionsError?.reason ?? null, c.changeError?.reason ?? null],
  });
}

/** What `customer_label_set` answers for the change in flight: the customer's labels, by name. */
function afterChange(c: CustomerLabelsContext): Label[] {
  const change = c.change;
  if (change === null) return c.labels;
  const others = c.labels.filter((label) => label.id !== change.labelId);
  const label = projectLabels.find((item) => item.id === change.labelId);
  const next = change.attached && label !== undefined ? [...others, label] : others;
  return next.sort((a, b) => a.name.localeCompare(b.name));
}

function pickerEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const at = (state: string) => snapshot.matches({ ready: { picker: { open: state } } });
  if (at('loading'))
    return [
      { type: 'xstate.done.actor.options', output: projectLabels },
      { type: 'xstate.error.actor.options', error: networkError },
      { type: 'picker.close' },
    ];
  if (at('failed')) return [{ type: 'picker.retry' }, { type: 'picker.close' }];
  if (at('picking'))
    return [
      { type: 'customerLabels.attach', labelId: reseller.id },
      c.search === '' ? { type: 'picker.search', text: 'gros' } : { type: 'picker.search', text: '' },
      { type: 'picker.close' },
    ];
  return [{ type: 'picker.open' }];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.labels', output: [vip] },
      { type: 'xstate.error.actor.labels', error: networkError },
    ];
  if (snapshot.matches('failed')) return [{ type: 'customerLabels.retry' }];
  if (snapshot.matches({ ready: { change: 'saving' } }))
    return [
      { type: 'xstate.done.actor.change', output: afterChange(c) },
      { type: 'xstate.error.actor.change', error: refused },
    ];
  if (c.changeError !== null) return [{ type: 'customerLabels.dismiss' }];
  const pickerClosed = snapshot.matches({ ready: { picker: 'closed' } });
  return [
    ...pickerEvents(snapshot),
    ...(pickerClosed && c.labels.some((label) => label.id === vip.id)
      ? [{ type: 'customerLabels.detach', labelId: vip.id }]
      : []),
  ];
}

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client, key: labelKey, customerId: c1.customer.id } };
}

export const customerLabelsModel: PathModel = {
  name: 'customerLabels',
  machine: customerLabelsMachine,
  serialize,
  starts: [{ label: `Sari's conversation opens (project ${labelKey})`, world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches('loading')) return [{ type: 'xstate.done.actor.labels', output: [vip] }];
      const c = ctx(snapshot);
      if (snapshot.matches({ ready: { change: 'saving' } }))
        return [{ type: 'xstate.done.actor.change', output: afterChange(c) }];
      return pickerEvents(snapshot).filter((event) =>
        ['picker.open', 'xstate.done.actor.options', 'customerLabels.attach'].includes(event.type),
      );
    },
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
  actorActs: { labels: 'customer_label_list', options: 'label_list', change: 'customer_label_set' },
  drivers: {},
  describeEvent,
  describeState: (snapshot) => {
    const c = ctx(snapshot);
    const failure = c.error ?? c.optionsError ?? c.changeError;
    const search = c.search === '' ? '' : `, search "${c.search}"`;
    return `${JSON.stringify(snapshot.value)} carries ${names(c.labels) || 'nothing'}${search}${failure === null ? '' : `, shows "${failure.message}"`}`;
  },
};

const labelName = (id: unknown) => projectLabels.find((label) => label.id === id)?.name ?? '?';

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what =
      { labels: "the customer's labels", options: "the project's labels", change: 'the change' }[
        settled[2]
      ] ?? settled[2];
    if (settled[1] === 'error') {
      const error = event['error'] as { reason?: string; message: string };
      return `${what} fail (${error.reason === undefined ? 'network down' : error.message})`;
    }
    return `${what} arrive: ${names(event['output'] as Label[]) || 'none'}`;
  }
  switch (event.type) {
    case 'customerLabels.attach':
      return `the agent picks ${labelName(event['labelId'])}`;
    case 'customerLabels.detach':
      return `the agent removes ${labelName(event['labelId'])}`;
    case 'picker.search':
      return String(event['text']) === ''
        ? 'the agent clears the search'
        : `the agent types "${String(event['text'])}"`;
    default:
      return (
        {
          'customerLabels.retry': 'the agent retries',
          'customerLabels.dismiss': 'the agent dismisses the error',
          'picker.open': 'the agent presses "+ Label"',
          'picker.close': 'the agent closes the picker',
          'picker.retry': 'the agent retries the picker',
        }[event.type] ?? event.type
      );
  }
}
