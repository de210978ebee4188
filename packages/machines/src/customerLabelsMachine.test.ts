import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Label } from '@sapa/sdk';
import {
  customerLabelsMachine,
  selectCustomerLabels,
  selectCustomerLabelsStatus,
  selectPickableLabels,
  selectPickerStatus,
} from './customerLabelsMachine.ts';
import type { CustomerLabelsSnapshot } from './customerLabelsMachine.ts';
import { c1 } from './paths/conversationListModel.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { grosir, labelKey, projectLabels, refused, reseller, vip } from './paths/labelFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

const names = (labels: readonly Label[]) => labels.map((label) => label.name);
const customerId = c1.customer.id;

modelSuite('customerLabels', (get) => {
  it("loads the customer's labels with customer_label_list and the picker's with label_list all", () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    expect(calls).toContainEqual({ name: 'customer_label_list', fields: { key: labelKey, customerId } });
    expect(calls).toContainEqual({ name: 'label_list', fields: { key: labelKey, all: true } });
  });

  it('attaches a picked label and detaches a removed one with customer_label_set', () => {
    const sets = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_label_set'),
    );
    expect(sets.map((call) => call.fields)).toContainEqual({
      key: labelKey,
      customerId,
      labelId: reseller.id,
      attached: true,
    });
    expect(sets.map((call) => call.fields)).toContainEqual({
      key: labelKey,
      customerId,
      labelId: vip.id,
      attached: false,
    });
  });

  it('never offers a label the customer carries, and closes the picker once a pick is taken', () => {
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const snapshot = step.snapshot as CustomerLabelsSnapshot;
        const carried = new Set(selectCustomerLabels(snapshot).map((label) => label.id));
        expect(selectPickableLabels(snapshot).filter((label) => carried.has(label.id))).toEqual([]);
      }
    const runs = runsThrough(get(), ['xstate.done.actor.options', 'customerLabels.attach']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const [index, step] of run.steps.entries()) {
        if (step.event.type !== 'customerLabels.attach') continue;
        const busy = run.steps[index - 1]?.snapshot.hasTag('changing') ?? false;
        const picker = selectPickerStatus(step.snapshot as CustomerLabelsSnapshot);
        expect(picker).toBe(busy ? 'picking' : 'closed');
        expect(step.snapshot.hasTag('changing')).toBe(true);
      }
  });
});

function start() {
  const client = createFakeClient();
  const actor = createActor(customerLabelsMachine, { input: { client, key: labelKey, customerId } }).start();
  return { client, actor };
}

describe('customer labels rules', () => {
  it('loads, fails and retries', async () => {
    const { actor, client } = start();
    expect(selectCustomerLabelsStatus(actor.getSnapshot())).toBe('loading');
    client.settle('customer_label_list', { error: networkError });
    await flush();
    expect(selectCustomerLabelsStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'customerLabels.retry' });
    client.settle('customer_label_list', { data: [vip] });
    await flush();
    expect(selectCustomerLabelsStatus(actor.getSnapshot())).toBe('ready');
    expect(names(selectCustomerLabels(actor.getSnapshot()))).toEqual(['VIP']);
  });

  it('offers the labels the customer lacks, searched by words of the name', async () => {
    const { actor, client } = start();
    client.settle('customer_label_list', { data: [vip] });
    await flush();
    actor.send({ type: 'picker.open' });
    expect(selectPickerStatus(actor.getSnapshot())).toBe('loading');
    client.settle('label_list', { data: projectLabels });
    await flush();
    expect(names(selectPickableLabels(actor.getSnapshot()))).toEqual(['Grosir', 'Reseller']);
    actor.send({ type: 'picker.search', text: 'GROS' });
    expect(names(selectPickableLabels(actor.getSnapshot()))).toEqual(['Grosir']);
    actor.send({ type: 'customerLabels.attach', labelId: vip.id }); // carried already: ignored
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'customerLabels.attach', labelId: grosir.id });
    expect(selectPickerStatus(actor.getSnapshot())).toBe('closed');
    expect(client.pending()).toEqual([
      {
        name: 'customer_label_set',
        fields: { key: labelKey, customerId, labelId: grosir.id, attached: true },
      },
    ]);
    client.settle('customer_label_set', { data: [grosir, vip] });
    await flush();
    expect(names(selectCustomerLabels(actor.getSnapshot()))).toEqual(['Grosir', 'VIP']);
    actor.send({ type: 'picker.open' });
    expect(actor.getSnapshot().context.search).toBe('');
  });

  it('keeps the labels and the failure of a refused detach until dismissed', async () => {
    const { actor, client } = start();
    client.settle('customer_label_list', { data: [vip] });
    await flush();
    actor.send({ type: 'customerLabels.detach', labelId: reseller.id }); // not carried: ignored
    actor.send({ type: 'customerLabels.detach', labelId: vip.id });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    client.settle('customer_label_set', { error: refused });
    await flush();
    expect(names(selectCustomerLabels(actor.getSnapshot()))).toEqual(['VIP']);
    expect(actor.getSnapshot().context.changeError?.reason).toBe('forbidden');
    actor.send({ type: 'customerLabels.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
  });
});
