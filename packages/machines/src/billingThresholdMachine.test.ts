import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  billingThresholdMachine,
  selectCanSaveThreshold,
  selectThresholdError,
  selectThresholdFieldError,
  selectThresholdValue,
} from './billingThresholdMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { billingKey, projectBilling, thresholdRefused } from './paths/billingFixtures.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('billingThreshold', (get) => {
  it('sends the amount typed, or null for none, and never an amount the input cannot read', () => {
    const sent = get().runs.flatMap(({ run }) =>
      run.world.client.calls
        .filter((call) => call.name === 'billing_threshold_set')
        .map((call) => call.fields),
    );
    expect(sent).toContainEqual({ key: billingKey, threshold: 25_000 });
    expect(sent).toContainEqual({ key: billingKey, threshold: null });
    expect(sent).toContainEqual({ key: billingKey, threshold: 5_000 });
    // "5.000,50" pressed Simpan: nothing went, the input keeps its problem.
    for (const { run } of get().runs)
      for (const step of run.steps)
        if (step.event.type === 'threshold.save' && step.snapshot.context['inputProblem'] === 'decimals')
          expect(step.snapshot.value).toBe('editing');
  });

  it("shows the server's word on the amount beside it, and anything else as the error", () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'xstate.error.actor.save' && s.snapshot.status === 'active');
    const field = steps.find((s) => s.event['error'] === thresholdRefused);
    expect(selectThresholdFieldError(field?.snapshot as never)).toBe('Terlalu besar.');
    expect(selectThresholdError(field?.snapshot as never)).toBeNull();
    const network = steps.find((s) => s.event['error'] === networkError);
    expect(selectThresholdError(network?.snapshot as never)?.reason).toBe('network');
  });

  it('ends with the billing the server answered, or null; closed while saving, once answered', () => {
    const closing = runsThrough(get(), ['threshold.cancel', 'xstate.done.actor.save']);
    expect(closing.length).toBeGreaterThan(0);
    for (const { run } of closing) expect(run.final.output).not.toBeNull();
    const gaveUp = runsThrough(get(), ['threshold.cancel', 'xstate.error.actor.save']);
    expect(gaveUp.length).toBeGreaterThan(0);
    for (const { run } of gaveUp) expect(run.final.output).toBeNull();
  });
});

describe('threshold rules', () => {
  it('starts from the threshold in force, and cannot save what the input cannot read', async () => {
    const client = createFakeClient();
    const actor = createActor(billingThresholdMachine, {
      input: { client, key: billingKey, threshold: 5_000 },
    }).start();
    expect(selectThresholdValue(actor.getSnapshot())).toBe(5_000);
    actor.send({ type: 'threshold.amount', value: null, problem: 'tooLarge' });
    expect(selectCanSaveThreshold(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'threshold.save' });
    expect(client.calls).toEqual([]);
    actor.send({ type: 'threshold.amount', value: 0, problem: null });
    expect(selectCanSaveThreshold(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'threshold.save' });
    expect(client.pending()).toEqual([
      { name: 'billing_threshold_set', fields: { key: billingKey, threshold: 0 } },
    ]);
    client.settle('billing_threshold_set', { data: { ...projectBilling, lowBalanceThreshold: 0 } });
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ lowBalanceThreshold: 0 });
  });
});
