import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { readRupiahInput, TOPUP_MAX, TOPUP_MIN, TOPUP_PRESETS } from '@sapa/sdk';
import type { Topup } from '@sapa/sdk';
import { createFakeClient } from './paths/fakes.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { paidTopup, payer, pendingTopup } from './paths/saldoFixtures.ts';
import { manualDelays } from './testing/delays.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import {
  selectTopUp,
  selectTopUpForm,
  selectTopUpReceipt,
  selectTopUpStep,
  selectTopUpStillPending,
  topUpMachine,
} from './topUpMachine.ts';
import type { TopUpSnapshot } from './topUpMachine.ts';

type Fields = { amount: number; clientId: string };

modelSuite('topUp', (get) => {
  const creates = (run: ReturnType<typeof get>['runs'][number]['run']) =>
    run.world.client.calls
      .filter((call) => call.name === 'topup_create')
      .map((call) => call.fields as Fields);

  it('asks for a top-up only with an amount within the limits', () => {
    const all = get().runs.flatMap(({ run }) => creates(run));
    expect(all.length).toBeGreaterThan(0);
    for (const fields of all) {
      expect(fields.amount).toBeGreaterThanOrEqual(TOPUP_MIN);
      expect(fields.amount).toBeLessThanOrEqual(TOPUP_MAX);
      expect(Number.isInteger(fields.amount)).toBe(true);
    }
  });

  it('asks again with the same client id after a failure, and with a new one for another amount', () => {
    const again = runsThrough(get(), ['topUp.submit', 'xstate.error.actor.create', 'topUp.submit']);
    expect(again.length).toBeGreaterThan(0);
    for (const { path, run } of again) {
      const failedAt = path.steps.findIndex((step) => step.event.type === 'xstate.error.actor.create');
      const changedBefore = path.steps
        .slice(failedAt)
        .findIndex((step) => step.event.type === 'topUp.amount' && step.event['value'] === 75_000);
      const [first, second] = creates(run);
      expect(first).toBeDefined();
      if (changedBefore === -1) expect(second?.clientId).toBe(first?.clientId);
      else expect(second?.clientId).not.toBe(first?.clientId);
    }
    // Both happen somewhere.
    const kept = again.filter(({ run }) => {
      const [first, second] = creates(run);
      return second !== undefined && second.clientId === first?.clientId;
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(again.length);
  });

  it('shows too little or nothing only once a submit was tried, and cents at once', () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const typedSmall = steps.find((s) => s.event.type === 'topUp.amount' && s.event['value'] === 5_000);
    expect(selectTopUpForm(typedSmall?.snapshot as TopUpSnapshot).problem).toBeNull();
    const submittedSmall = steps.find(
      (s) => s.event.type === 'topUp.submit' && s.snapshot.context['amount'] === 5_000,
    );
    expect(selectTopUpForm(submittedSmall?.snapshot as TopUpSnapshot).problem).toBe('tooSmall');
    const submittedNothing = steps.find(
      (s) =>
        s.event.type === 'topUp.submit' &&
        s.snapshot.matches('choosing') &&
        s.snapshot.context['amount'] === null &&
        s.snapshot.context['inputProblem'] === null,
    );
    expect(selectTopUpForm(submittedNothing?.snapshot as TopUpSnapshot).problem).toBe('required');
    const cents = steps.find((s) => s.event.type === 'topUp.amount' && s.event['problem'] === 'decimals');
    expect(selectTopUpForm(cents?.snapshot as TopUpSnapshot).problem).toBe('decimals');
  });

  it('is paid only when the server or the gateway says so, and its receipt proves it', () => {
    const paidSteps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.snapshot.matches('paid'));
    expect(paidSteps.length).toBeGreaterThan(0);
    for (const step of paidSteps) {
      expect(['saldo.news', 'xstate.done.actor.check', 'xstate.done.actor.refresh']).toContain(
        step.event.type,
      );
      const receipt = selectTopUpReceipt(step.snapshot as TopUpSnapshot);
      expect(receipt).toMatchObject({ paid: true, status: 'paid', payer });
      expect(receipt?.paidText).not.toBeNull();
    }
  });

  it('says the payment has not arrived after a check that finds none, until the next check', () => {
    const notYet = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter(
        (s) =>
          s.event.type === 'xstate.done.actor.check' && (s.event['output'] as Topup).status === 'pending',
      );
    expect(notYet.length).toBeGreaterThan(0);
    for (const step of notYet) expect(selectTopUpStillPending(step.snapshot as TopUpSnapshot)).toBe(true);
    const checkedAgain = runsThrough(get(), ['xstate.done.actor.check', 'topUp.check']);
    for (const { run } of checkedAgain) {
      const step = run.steps.findLast((s) => s.event.type === 'topUp.check');
      expect(selectTopUpStillPending(step?.snapshot as TopUpSnapshot)).toBe(false);
    }
  });
});

function start(options: { feed?: ReturnType<typeof createFakeEventSource>; now?: () => number } = {}) {
  const client = createFakeClient();
  const delays = manualDelays();
  let made = 0;
  const actor = createActor(topUpMachine.provide({ actors: { delay: delays.delay } }), {
    input: {
      client,
      feed: options.feed ?? null,
      payer,
      newClientId: () => `id-${(made += 1)}`,
      ...(options.now === undefined ? {} : { now: options.now }),
    },
  }).start();
  return { client, delays, actor };
}

async function createPending(run: ReturnType<typeof start>, topup: Topup = pendingTopup) {
  run.actor.send({ type: 'topUp.preset', amount: 50_000 });
  run.actor.send({ type: 'topUp.submit' });
  run.client.settle('topup_create', { data: topup });
  await flush();
}

describe('top-up panel', () => {
  it('offers the presets and takes what the rupiah input read', () => {
    const { actor } = start();
    expect(selectTopUpForm(actor.getSnapshot())).toMatchObject({
      presets: TOPUP_PRESETS,
      min: TOPUP_MIN,
      max: TOPUP_MAX,
      preset: null,
    });
    actor.send({ type: 'topUp.preset', amount: 100_000 });
    expect(selectTopUpForm(actor.getSnapshot())).toMatchObject({ amount: 100_000, preset: 100_000 });
    // What CurrencyInput reports (readRupiahInput with the top-up's ceiling).
    actor.send({ type: 'topUp.amount', ...readRupiahInput('25.000.000', TOPUP_MAX) });
    expect(selectTopUpForm(actor.getSnapshot())).toMatchObject({
      amount: null,
      preset: null,
      problem: 'tooLarge',
    });
    actor.send({ type: 'topUp.amount', ...readRupiahInput('125.000', TOPUP_MAX) });
    expect(selectTopUpForm(actor.getSnapshot())).toMatchObject({
      amount: 125_000,
      preset: null,
      problem: null,
    });
    // Not one of the presets: ignored.
    actor.send({ type: 'topUp.preset', amount: 1 });
    expect(selectTopUpForm(actor.getSnapshot()).amount).toBe(125_000);
  });

  it('says "Coba lagi" after a network failure and asks for the same top-up', async () => {
    const run = start();
    run.actor.send({ type: 'topUp.preset', amount: 50_000 });
    run.actor.send({ type: 'topUp.submit' });
    run.client.settle('topup_create', { error: networkError });
    await flush();
    expect(selectTopUpForm(run.actor.getSnapshot()).retrying).toBe(true);
    run.actor.send({ type: 'topUp.submit' });
    const ids = run.client.calls.map((call) => (call.fields as Fields).clientId);
    expect(ids).toEqual(['id-1', 'id-1']);
  });

  it("follows the socket's news of its top-up only", async () => {
    const feed = createFakeEventSource();
    const run = start({ feed });
    await createPending(run);
    const saldo = { balance: 200_000, pending: 0 };
    feed.emit('saldo.updated', { saldo, topup: { ...paidTopup, id: 'another' } });
    expect(selectTopUpStep(run.actor.getSnapshot())).toBe('awaitingPayment');
    feed.emit('saldo.updated', { saldo });
    expect(selectTopUpStep(run.actor.getSnapshot())).toBe('awaitingPayment');
    feed.emit('saldo.updated', { saldo, topup: paidTopup });
    expect(selectTopUpStep(run.actor.getSnapshot())).toBe('paid');
    expect(selectTopUp(run.actor.getSnapshot())).toEqual(paidTopup);
    run.actor.stop();
    expect(feed.count()).toBe(0);
  });

  it('asks for the top-up again once its time to pay and the grace are over', async () => {
    const now = Date.parse(pendingTopup.expiresAt) - 10 * 60_000;
    const run = start({ now: () => now });
    await createPending(run);
    expect(run.delays.pending()).toEqual([{ ms: 10 * 60_000 + 120_000, event: { type: 'topUp.due' } }]);
    run.delays.fire('topUp.due');
    expect(run.client.pending()).toEqual([{ name: 'topup_get', fields: { id: pendingTopup.id } }]);
  });

  it('gives up a check when the panel is closed, aborting its request', async () => {
    const run = start();
    await createPending(run);
    run.actor.send({ type: 'topUp.check' });
    expect(run.client.pending()).toEqual([{ name: 'topup_check', fields: { id: pendingTopup.id } }]);
    run.actor.send({ type: 'topUp.again' });
    expect(run.client.signals.at(-1)?.aborted).toBe(true);
    expect(selectTopUpStep(run.actor.getSnapshot())).toBe('choosing');
    // The same amount is offered again, as a new attempt.
    run.actor.send({ type: 'topUp.submit' });
    expect(
      run.client.calls.filter((call) => call.name === 'topup_create').map((call) => call.fields),
    ).toEqual([
      { amount: 50_000, clientId: 'id-1' },
      { amount: 50_000, clientId: 'id-2' },
    ]);
  });

  it('refuses to take over a pending top-up while it creates one', () => {
    const run = start();
    run.actor.send({ type: 'topUp.preset', amount: 50_000 });
    run.actor.send({ type: 'topUp.submit' });
    run.actor.send({ type: 'topUp.follow', topup: pendingTopup, check: true });
    expect(selectTopUpStep(run.actor.getSnapshot())).toBe('creating');
    expect(run.client.pending().map((call) => call.name)).toEqual(['topup_create']);
  });
});
