import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  customerStageMachine,
  selectCustomerStage,
  selectCustomerStageStatus,
  selectStageOptions,
} from './customerStageMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  allStages,
  budiMoved,
  budiStage,
  deal,
  penawaran,
  refOf,
  refused,
  stageKey,
} from './paths/stageFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('customerStage', (get) => {
  it("shows someone else's move at once, then its history", () => {
    const runs = runsThrough(get(), ['stage.moved', 'xstate.done.actor.refresh']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const live = run.steps.find((step) => step.event.type === 'stage.moved');
      expect((live?.snapshot.context as { current: { stage: { name: string } } }).current.stage.name).toBe(
        'Deal',
      );
      const history = run.steps.find((step) => step.event.type === 'xstate.done.actor.refresh');
      const current = (history?.snapshot.context as { current: { history: Array<{ by: { name: string } }> } })
        .current;
      expect(current.history[0]?.by.name).toBe('Dewi');
    }
  });

  it('asks for the customer only with the project key and their id', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_stage_set'),
    );
    expect(calls.map((call) => call.fields)).toContainEqual({
      key: stageKey,
      customerId: 'c1',
      stageId: null,
    });
    expect(calls.map((call) => call.fields)).toContainEqual({
      key: stageKey,
      customerId: 'c1',
      stageId: penawaran.id,
    });
  });
});

async function ready(canChange = true) {
  const client = createFakeClient();
  const actor = createActor(customerStageMachine, {
    input: { client, key: stageKey, customerId: 'c1', canChange },
  });
  actor.start();
  client.settle('customer_stage_get', { data: budiStage });
  await flush();
  client.settle('stage_list', { data: allStages });
  await flush();
  return { client, actor };
}

describe('customer stage machine', () => {
  it("loads the customer's stage and the project's stages", async () => {
    const { client, actor } = await ready();
    expect(client.calls.map((call) => call.name)).toEqual(['customer_stage_get', 'stage_list']);
    expect(client.calls[1]?.fields).toEqual({ key: stageKey, all: true });
    expect(selectCustomerStageStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCustomerStage(actor.getSnapshot())).toEqual(budiStage);
    expect(selectStageOptions(actor.getSnapshot())).toEqual(allStages);
  });

  it('moves the customer and shows the answer; a refusal stays until dismissed', async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'customerStage.set', stageId: penawaran.id });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    client.settle('customer_stage_set', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.changeError?.message).toBe('Anda tidak punya akses.');
    actor.send({ type: 'customerStage.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
    actor.send({ type: 'customerStage.set', stageId: penawaran.id });
    client.settle('customer_stage_set', { data: budiMoved(penawaran) });
    await flush();
    expect(selectCustomerStage(actor.getSnapshot())?.stage?.name).toBe('Penawaran');
  });

  it('changes nothing without crm.chat.add_stage, to the same stage, or to a stage it does not know', async () => {
    const denied = await ready(false);
    denied.actor.send({ type: 'customerStage.set', stageId: penawaran.id });
    const allowed = await ready();
    allowed.actor.send({ type: 'customerStage.set', stageId: budiStage.stage?.id ?? null });
    allowed.actor.send({ type: 'customerStage.set', stageId: 'not-a-stage' });
    for (const { client } of [denied, allowed])
      expect(client.calls.filter((call) => call.name === 'customer_stage_set')).toEqual([]);
  });

  it("follows other people's moves of this customer only", async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'stage.moved', customerId: 'c2', stage: refOf(deal) });
    expect(client.calls).toHaveLength(2);
    actor.send({ type: 'stage.moved', customerId: 'c1', stage: refOf(deal) });
    expect(selectCustomerStage(actor.getSnapshot())?.stage?.name).toBe('Deal');
    expect(client.calls.at(-1)?.name).toBe('customer_stage_get');
  });
});
