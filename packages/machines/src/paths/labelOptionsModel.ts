/**
 * The label options machine's test model: the inbox of project k1abcdefgh asks for its labels
 * (Grosir, Reseller, VIP), fails, retries, and refreshes after the labels changed.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Label } from '@sapa/sdk';
import { labelOptionsMachine } from '../labelOptionsMachine.ts';
import type { LabelOptionsContext } from '../labelOptionsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import { labelKey, projectLabels, vip } from './labelFixtures.ts';
import type { PathModel, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): LabelOptionsContext {
  return snapshot.context as LabelOptionsContext;
}

const names = (labels: readonly Label[]) => labels.map((label) => label.name).join(' ');

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client, key: labelKey } };
}

const loaded: AnyEventObject = { type: 'xstate.done.actor.options', output: projectLabels };

export const labelOptionsModel: PathModel = {
  name: 'labelOptions',
  machine: labelOptionsMachine,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      labels: names(ctx(snapshot).labels),
      error: ctx(snapshot).error?.reason ?? null,
    }),
  starts: [{ label: `the inbox of project ${labelKey} opens`, world }],
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        ctx(snapshot).labels.length === 0 ? loaded : { type: 'xstate.done.actor.options', output: [vip] },
        { type: 'xstate.error.actor.options', error: networkError },
      ];
    if (snapshot.matches('failed')) return [{ type: 'labelOptions.retry' }];
    return [{ type: 'labelOptions.refresh' }];
  },
  simple: {
    events: (snapshot) => (snapshot.matches('loading') ? [loaded] : []),
    toState: (snapshot) => snapshot.matches('ready'),
  },
  scenarios: [],
  actorActs: { options: 'label_list' },
  drivers: {},
  describeEvent: (event) => {
    if (event.type === 'xstate.done.actor.options')
      return `the labels arrive: ${names(event['output'] as Label[])}`;
    if (event.type === 'xstate.error.actor.options') return 'the labels fail (network down)';
    return event.type === 'labelOptions.retry' ? 'the agent retries' : 'the labels changed (refresh)';
  },
  describeState: (snapshot) =>
    `${String(snapshot.value)}, offers ${names(ctx(snapshot).labels) || 'nothing'}${ctx(snapshot).error === null ? '' : ', failed'}`,
};
