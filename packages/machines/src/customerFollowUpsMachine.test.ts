import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  customerFollowUpsMachine,
  selectFollowUpsStatus,
  selectPendingFollowUps,
} from './customerFollowUpsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, project } from './paths/fixtures.ts';
import { cancelledRun, followUpRunsOf } from './paths/customerFollowUpsModel.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('customerFollowUps', (get) => {
  it('asks for the customer with the project key and their id, and cancels by run id', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    expect(calls.filter((call) => call.name === 'follow_up_list').map((call) => call.fields)).toContainEqual({
      key: project.key,
      customerId: 'c1',
    });
    expect(calls.filter((call) => call.name === 'follow_up_cancel').map((call) => call.fields)).toEqual(
      expect.arrayContaining([{ key: project.key, runId: 'r1' }]),
    );
    // Sari's run is not the viewer's to cancel: never asked.
    expect(
      calls.some(
        (call) => call.name === 'follow_up_cancel' && (call.fields as { runId?: string }).runId === 'r3',
      ),
    ).toBe(false);
  });

  it('shows a cancelled run among the ended ones, not the pending', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.cancel']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((item) => item.event.type === 'xstate.done.actor.cancel');
      const shown = (step?.snapshot.context as { runs: { id: string; state: string }[] }).runs;
      expect(shown.map((item) => [item.id, item.state])).toEqual([
        ['r1', 'cancelled'],
        ['r2', 'stopped'],
      ]);
    }
  });
});

async function ready() {
  const client = createFakeClient();
  const actor = createActor(customerFollowUpsMachine, {
    input: { client, key: project.key, customerId: 'c1' },
  });
  actor.start();
  client.settle('follow_up_list', { data: followUpRunsOf['c1'] });
  await flush();
  return { client, actor };
}

describe('customer follow-ups machine', () => {
  it("lists the customer's pending follow-ups and cancels one", async () => {
    const { client, actor } = await ready();
    expect(selectFollowUpsStatus(actor.getSnapshot())).toBe('ready');
    expect(selectPendingFollowUps(actor.getSnapshot()).map((run) => run.id)).toEqual(['r1']);
    actor.send({ type: 'customerFollowUps.cancel', runId: 'r1' });
    expect(actor.getSnapshot().hasTag('cancelling')).toBe(true);
    // A second press while the first runs asks nothing more.
    actor.send({ type: 'customerFollowUps.cancel', runId: 'r1' });
    expect(client.calls.filter((call) => call.name === 'follow_up_cancel')).toHaveLength(1);
    client.settle('follow_up_cancel', { data: cancelledRun('r1') });
    await flush();
    expect(selectPendingFollowUps(actor.getSnapshot())).toEqual([]);
  });

  it('keeps a refusal until dismissed, and the run shown', async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'customerFollowUps.cancel', runId: 'r1' });
    client.settle('follow_up_cancel', { error: apiError('forbidden', 'Anda tidak punya akses.') });
    await flush();
    expect(actor.getSnapshot().context.cancelError?.message).toBe('Anda tidak punya akses.');
    expect(selectPendingFollowUps(actor.getSnapshot()).map((run) => run.id)).toEqual(['r1']);
    actor.send({ type: 'customerFollowUps.dismiss' });
    expect(actor.getSnapshot().context.cancelError).toBeNull();
  });

  it("asks again when this customer's follow-ups change, not another's", async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'followUps.changed', customerId: 'c2' });
    expect(client.calls).toHaveLength(1);
    actor.send({ type: 'followUps.changed', customerId: 'c1' });
    expect(client.calls.map((call) => call.name)).toEqual(['follow_up_list', 'follow_up_list']);
    client.settle('follow_up_list', { data: [] });
    await flush();
    expect(selectPendingFollowUps(actor.getSnapshot())).toEqual([]);
  });
});
