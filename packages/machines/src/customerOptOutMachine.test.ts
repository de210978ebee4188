import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts } from '@sapa/sdk';
import {
  customerOptOutMachine,
  mayChangeOptOut,
  optOutActAccess,
  selectOptOut,
  selectOptOutTarget,
} from './customerOptOutMachine.ts';
import type { CustomerOptOutEmitted, OptOutState } from './customerOptOutMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, project } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

const key = project.key;
const receiving: OptOutState = { optedOutAt: null, optedOutVia: null };

modelSuite('customerOptOut', (get) => {
  it('sends only a confirmed change, the other way from how the customer stands', () => {
    for (const { run } of get().runs) {
      const confirms = run.steps.filter((step) => step.event.type === 'customerOptOut.confirm').length;
      const calls = run.world.client.calls.filter((call) => call.name === 'customer_opt_out');
      expect(calls.length).toBeLessThanOrEqual(confirms);
      for (const call of calls) expect(call.fields).toMatchObject({ key, customerId: 'c1' });
    }
    const asked = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .map((call) => (call.fields as { optedOut: boolean }).optedOut);
    expect(new Set(asked)).toEqual(new Set([true, false]));
  });

  it('shows the answer and announces it once the server took the change', () => {
    const runs = runsThrough(get(), ['customerOptOut.confirm', 'xstate.done.actor.save']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const done = run.steps.find((step) => step.event.type === 'xstate.done.actor.save');
      expect(done?.effects.length).toBe(1);
      expect(done?.snapshot.matches('idle')).toBe(true);
    }
  });

  it('never lets a viewer without crm.customer.edit start a change', () => {
    const viewerRuns = get().runs.filter(({ path }) => path.start === 2);
    expect(viewerRuns.length).toBeGreaterThan(0);
    for (const { run } of viewerRuns)
      expect(run.steps.every((step) => step.snapshot.matches('idle'))).toBe(true);
  });
});

function started(current: OptOutState = receiving, canChange = true) {
  const client = createFakeClient();
  const actor = createActor(customerOptOutMachine, {
    input: { client, key, customerId: 'c1', current, canChange },
  });
  const emitted: CustomerOptOutEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, emitted };
}

describe('customerOptOutMachine', () => {
  it('opts a customer out once confirmed, and keeps the server’s answer', async () => {
    const { client, actor, emitted } = started();
    actor.send({ type: 'customerOptOut.ask', optedOut: true });
    expect(selectOptOutTarget(actor.getSnapshot())).toBe(true);
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'customerOptOut.confirm' });
    expect(client.pending()).toEqual([
      { name: 'customer_opt_out', fields: { key, customerId: 'c1', optedOut: true } },
    ]);
    const optOut = {
      customerId: 'c1',
      optedOutAt: '2026-11-27T10:00:00.000Z',
      optedOutVia: 'agent' as const,
    };
    client.settle('customer_opt_out', { data: optOut });
    await flush();
    expect(selectOptOut(actor.getSnapshot())).toEqual({
      optedOutAt: optOut.optedOutAt,
      optedOutVia: 'agent',
    });
    expect(selectOptOutTarget(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([{ type: 'customerOptOut.changed', optOut }]);
  });

  it('keeps the question open with the error after a refusal, and drops it when the customer changed meanwhile', async () => {
    const { client, actor } = started({ optedOutAt: '2026-11-20T03:00:00.000Z', optedOutVia: 'message' });
    // Asking for what is so already does nothing.
    actor.send({ type: 'customerOptOut.ask', optedOut: true });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'customerOptOut.ask', optedOut: false });
    actor.send({ type: 'customerOptOut.confirm' });
    client.settle('customer_opt_out', { error: apiError('forbidden', 'Anda tidak punya akses.') });
    await flush();
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.error?.reason).toBe('forbidden');
    actor.send({ type: 'customerOptOut.sync', optedOutAt: null, optedOutVia: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(selectOptOut(actor.getSnapshot())).toEqual(receiving);
  });

  it('only shows the state to a member without the key, following it live', () => {
    const { client, actor } = started(receiving, false);
    actor.send({ type: 'customerOptOut.ask', optedOut: true });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({
      type: 'customerOptOut.sync',
      optedOutAt: '2026-11-21T00:00:00.000Z',
      optedOutVia: 'import',
    });
    expect(selectOptOut(actor.getSnapshot()).optedOutVia).toBe('import');
    expect(client.calls).toEqual([]);
  });

  it('repeats the contract access of customer_opt_out', () => {
    expect(acts.customer_opt_out.access).toEqual(optOutActAccess.customer_opt_out);
    expect(mayChangeOptOut(['crm.menu', 'crm.customer.menu', 'crm.customer.edit'])).toBe(true);
    expect(mayChangeOptOut(['crm.customer.view', 'crm.chat.send'])).toBe(false);
  });
});
