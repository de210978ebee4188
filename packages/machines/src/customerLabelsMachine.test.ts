import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Label } from '@sapa/sdk';
import {
  customerLabelsMachine,
  mayCreateCustomerLabels,
  selectCustomerLabels,
  selectCreatableLabel,
  selectCustomerLabelsStatus,
  selectPickableLabels,
  selectPickerStatus,
} from './customerLabelsMachine.ts';
import type { CustomerLabelsSnapshot } from './customerLabelsMachine.ts';
import { c1 } from './paths/conversationListModel.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { grosir, labelKey, projectLabels, refused, reseller, vip } from './paths/labelFixtures.ts';
import { NEW_LABEL, madeLabel } from './paths/customerLabelsModel.ts';
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

  it('creates a label named as the search with label_create, then attaches it', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    expect(calls).toContainEqual({
      name: 'label_create',
      fields: { key: labelKey, name: NEW_LABEL, color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
    });
    expect(calls).toContainEqual({
      name: 'customer_label_set',
      fields: { key: labelKey, customerId, labelId: madeLabel(NEW_LABEL).id, attached: true },
    });
    const runs = runsThrough(get(), ['customerLabels.create']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const step of run.steps)
        if (step.event.type === 'customerLabels.create') {
          expect(selectPickerStatus(step.snapshot as CustomerLabelsSnapshot)).toBe('closed');
          expect(step.snapshot.matches({ ready: { change: 'creating' } })).toBe(true);
        }
  });
});

function start(canCreate = false) {
  const client = createFakeClient();
  const actor = createActor(customerLabelsMachine, {
    input: { client, key: labelKey, customerId, canCreate },
  }).start();
  return { client, actor };
}

/** Loaded with VIP carried, the picker open on the project's labels. */
async function picking(canCreate: boolean) {
  const started = start(canCreate);
  started.client.settle('customer_label_list', { data: [vip] });
  await flush();
  started.actor.send({ type: 'picker.open' });
  started.client.settle('label_list', { data: projectLabels });
  await flush();
  return started;
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

  it('lets a member create labels in the chat with crm.chat.add_label and crm.label.add', () => {
    const chat = ['crm.menu', 'crm.chat.menu', 'crm.chat.view', 'crm.chat.add_label'];
    expect(mayCreateCustomerLabels(chat)).toBe(false);
    expect(mayCreateCustomerLabels([...chat, 'crm.label.menu', 'crm.label.add'])).toBe(true);
    expect(mayCreateCustomerLabels(['crm.menu', 'crm.label.menu', 'crm.label.add'])).toBe(false);
  });

  it('offers a new label only to a member who may create one, for a name the project lacks', async () => {
    const { actor, client } = await picking(false);
    actor.send({ type: 'picker.search', text: 'Grosir Baru' });
    expect(selectPickableLabels(actor.getSnapshot())).toEqual([]);
    expect(selectCreatableLabel(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'customerLabels.create' });
    expect(client.pending()).toEqual([]);

    const may = (await picking(true)).actor;
    for (const [text, offered] of [
      ['', null],
      ['   ', null],
      ['vip', null],
      ['GROSIR', null],
      ['  Grosir   Baru ', 'Grosir Baru'],
      // A search some label matches picks it (Enter takes the first match): nothing to create.
      ['gros', null],
      ['x'.repeat(51), null],
    ] as const) {
      may.send({ type: 'picker.search', text });
      expect(selectCreatableLabel(may.getSnapshot())).toBe(offered);
    }
  });

  it('creates and attaches, keeps a refusal as the change failure, and creates nothing while busy', async () => {
    const { actor, client } = await picking(true);
    actor.send({ type: 'picker.search', text: 'Komplain' });
    actor.send({ type: 'customerLabels.create' });
    expect(selectPickerStatus(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    expect(client.pending()).toMatchObject([
      { name: 'label_create', fields: { key: labelKey, name: 'Komplain' } },
    ]);
    const komplain = { ...madeLabel('Komplain'), id: '7a1b0000-0000-4000-8000-00000000000a' };
    client.settle('label_create', { data: komplain });
    await flush();
    expect(client.pending()).toEqual([
      {
        name: 'customer_label_set',
        fields: { key: labelKey, customerId, labelId: komplain.id, attached: true },
      },
    ]);
    client.settle('customer_label_set', { data: [komplain, vip] });
    await flush();
    expect(names(selectCustomerLabels(actor.getSnapshot()))).toEqual(['Komplain', 'VIP']);

    // A name taken meanwhile: the failure shows, nothing is attached.
    actor.send({ type: 'picker.open' });
    client.settle('label_list', { data: [...projectLabels, komplain] });
    await flush();
    actor.send({ type: 'picker.search', text: 'Baru' });
    actor.send({ type: 'customerLabels.create' });
    client.settle('label_create', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.changeError?.reason).toBe('forbidden');
    expect(client.pending()).toEqual([]);
    expect(names(selectCustomerLabels(actor.getSnapshot()))).toEqual(['Komplain', 'VIP']);
  });
});
