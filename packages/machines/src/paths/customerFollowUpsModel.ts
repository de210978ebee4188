/**
 * A customer's follow-ups in the chat's customer panel as a test model: Budi (c1) with a pending
 * run the viewer may cancel (the conversation's agent) and one that ended, in project k1abcdefgh;
 * then Sari (c3), whose pending run the viewer may not cancel. The first load answers or fails
 * (retry, or a reconnect); once shown, a step or a reply elsewhere changes the runs
 * (`followUps.changed`, for this customer or another), the socket comes back, the agent cancels
 * (the server answers, refuses, or the network drops) and dismisses the failure.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { FollowUpRunView } from '@sapa/sdk';
import { customerFollowUpsMachine } from '../customerFollowUpsMachine.ts';
import type { CustomerFollowUpsContext } from '../customerFollowUpsMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel, World } from './models.ts';

function run(id: string, fields: Partial<FollowUpRunView> = {}): FollowUpRunView {
  return {
    id,
    rule: { id: 'rule-1', name: 'Masih tertarik?' },
    conversationId: 'conv-1',
    anchor: 'last_customer_message',
    stageId: null,
    state: 'pending',
    reason: null,
    nextStep: 0,
    totalSteps: 2,
    dueAt: '2026-11-27T03:02:00.000Z',
    startedAt: '2026-11-27T03:00:00.000Z',
    endedAt: null,
    cancelledBy: null,
    cancellable: true,
    ...fields,
  };
}

const ended = run('r2', {
  state: 'stopped',
  reason: 'customer_replied',
  dueAt: null,
  endedAt: '2026-11-26T03:05:00.000Z',
  cancellable: false,
});

/** What `follow_up_list` answers for each customer of the model. */
export const followUpRunsOf: Record<string, FollowUpRunView[]> = {
  c1: [run('r1'), ended],
  c3: [run('r3', { cancellable: false })],
};

export const cancelledRun = (id: string): FollowUpRunView =>
  run(id, {
    state: 'cancelled',
    reason: 'agent',
    dueAt: null,
    endedAt: '2026-11-27T03:01:00.000Z',
    cancelledBy: { id: 'u1', name: 'Dewi' },
    cancellable: false,
  });

const refused = apiError('forbidden', 'Anda tidak punya akses.');

function ctx(snapshot: AnyMachineSnapshot): CustomerFollowUpsContext {
  return snapshot.context as CustomerFollowUpsContext;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const answer = followUpRunsOf[c.customerId] ?? [];
  const mine: AnyEventObject = { type: 'followUps.changed', customerId: c.customerId };
  const other: AnyEventObject = { type: 'followUps.changed', customerId: 'c2' };
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.load', output: answer },
      { type: 'xstate.error.actor.load', error: networkError },
      mine,
    ];
  if (snapshot.matches('failed')) return [{ type: 'customerFollowUps.retry' }, { type: 'followUps.resync' }];
  const found: AnyEventObject[] = [mine, other, { type: 'followUps.resync' }];
  if (snapshot.matches({ ready: { list: 'refreshing' } }))
    found.push(
      // Meanwhile the first step went: the run is one step further.
      {
        type: 'xstate.done.actor.refresh',
        output: c.runs.map((item) => (item.state === 'pending' ? { ...item, nextStep: 1 } : item)),
      },
      { type: 'xstate.error.actor.refresh', error: networkError },
    );
  if (snapshot.matches({ ready: { cancel: 'saving' } })) {
    found.push(
      { type: 'xstate.done.actor.cancel', output: cancelledRun(c.cancelling ?? '') },
      { type: 'xstate.error.actor.cancel', error: refused },
      { type: 'xstate.error.actor.cancel', error: networkError },
    );
  } else {
    const pending = c.runs.find((item) => item.state === 'pending');
    if (pending !== undefined) found.push({ type: 'customerFollowUps.cancel', runId: pending.id });
    if (c.cancelError !== null) found.push({ type: 'customerFollowUps.dismiss' });
  }
  return found;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    runs: c.runs.map((item) => `${item.id}:${item.state}:${item.nextStep}`),
    error: c.error?.reason ?? null,
    cancelling: c.cancelling,
    cancelError: c.cancelError?.reason ?? null,
  });
}

function world(customerId: string): () => World {
  return () => {
    const client = createFakeClient();
    return { client, browser: null, input: { client, key: project.key, customerId } };
  };
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(load|refresh|cancel)$/.exec(event.type);
  if (settled !== null) {
    const act = settled[2] === 'cancel' ? 'follow_up_cancel' : 'follow_up_list';
    if (settled[1] === 'done') return `${act} succeeds`;
    const error = event['error'] as { reason?: string };
    return `${act} fails (${error.reason ?? 'network down'})`;
  }
  if (event.type === 'followUps.changed')
    return event['customerId'] === 'c2'
      ? "another customer's follow-ups change (live)"
      : "this customer's follow-ups change (live)";
  return (
    {
      'customerFollowUps.retry': 'the agent presses "Coba lagi"',
      'customerFollowUps.cancel': 'the agent presses "Batalkan" on the pending follow-up',
      'customerFollowUps.dismiss': 'the agent dismisses the failure',
      'followUps.resync': 'the connection comes back',
    }[event.type] ?? event.type
  );
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const runs = c.runs.map((item) => `${item.rule.name ?? '?'} ${item.state}`).join(', ') || 'nothing';
  return `${value}: shows ${runs}${c.cancelError ? `, "${c.cancelError.message}"` : ''}${
    c.error ? `, "${c.error.message}"` : ''
  }`;
}

export const customerFollowUpsModel: PathModel = {
  name: 'customerFollowUps',
  machine: customerFollowUpsMachine,
  serialize,
  starts: [
    { label: "Budi's panel; the agent of his conversation", world: world('c1') },
    { label: "Sari's panel; a member who may not cancel her follow-up", world: world('c3') },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['xstate.done.actor.load', 'customerFollowUps.cancel', 'xstate.done.actor.cancel'].includes(
          event.type,
        ),
      ),
    toState: (snapshot) => ctx(snapshot).runs.some((item) => item.state === 'cancelled'),
  },
  scenarios: [
    // A refusal stays until dismissed; the same cancel again then goes through.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.load', output: followUpRunsOf['c1'] },
        { type: 'customerFollowUps.cancel', runId: 'r1' },
        { type: 'xstate.error.actor.cancel', error: refused },
        { type: 'customerFollowUps.dismiss' },
        { type: 'customerFollowUps.cancel', runId: 'r1' },
        { type: 'xstate.done.actor.cancel', output: cancelledRun('r1') },
      ],
    },
    // Sari's run is not the viewer's to cancel: asking changes nothing.
    {
      start: 1,
      events: [
        { type: 'xstate.done.actor.load', output: followUpRunsOf['c3'] },
        { type: 'customerFollowUps.cancel', runId: 'r3' },
      ],
    },
    // A change while the first answer is on its way asks again.
    { start: 0, events: [{ type: 'followUps.changed', customerId: 'c1' }] },
    // A reconnect after a failed first load, and once shown, asks again.
    {
      start: 0,
      events: [{ type: 'xstate.error.actor.load', error: networkError }, { type: 'followUps.resync' }],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.load', output: followUpRunsOf['c1'] },
        { type: 'followUps.resync' },
      ],
    },
    // Another customer's change leaves the panel as it is.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.load', output: followUpRunsOf['c1'] },
        { type: 'followUps.changed', customerId: 'c2' },
      ],
    },
  ],
  actorActs: { load: 'follow_up_list', refresh: 'follow_up_list', cancel: 'follow_up_cancel' },
  drivers: {},
  describeEvent,
  describeState,
};
