import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { labelOptionsMachine, selectLabelOptions, selectLabelOptionsStatus } from './labelOptionsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { labelKey, projectLabels, vip } from './paths/labelFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('labelOptions', (get) => {
  it('asks label_list for every label of the project', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect(call).toEqual({ name: 'label_list', fields: { key: labelKey, all: true } });
  });
});

describe('label options rules', () => {
  it('keeps the labels last loaded through a failure, and refreshes', async () => {
    const client = createFakeClient();
    const actor = createActor(labelOptionsMachine, { input: { client, key: labelKey } }).start();
    expect(selectLabelOptionsStatus(actor.getSnapshot())).toBe('loading');
    client.settle('label_list', { data: projectLabels });
    await flush();
    expect(selectLabelOptions(actor.getSnapshot())).toEqual(projectLabels);
    actor.send({ type: 'labelOptions.refresh' });
    client.settle('label_list', { error: networkError });
    await flush();
    expect(selectLabelOptionsStatus(actor.getSnapshot())).toBe('failed');
    expect(selectLabelOptions(actor.getSnapshot())).toEqual(projectLabels);
    actor.send({ type: 'labelOptions.retry' });
    client.settle('label_list', { data: [vip] });
    await flush();
    expect(selectLabelOptionsStatus(actor.getSnapshot())).toBe('ready');
    expect(selectLabelOptions(actor.getSnapshot())).toEqual([vip]);
  });
});
