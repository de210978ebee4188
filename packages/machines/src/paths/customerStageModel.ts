/**
 * The chat customer panel's stage, as a test model: Budi is in Prospek. The agent (with
 * `crm.chat.add_stage`) moves him to Penawaran (the server confirms or refuses) or out of every
 * stage; someone else moves him to Deal meanwhile (the stage shows at once, the history follows);
 * the socket comes back; the project's stages or Budi's stage fail to load and are retried.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { customerStageMachine } from '../customerStageMachine.ts';
import type { CustomerStageContext } from '../customerStageMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, World } from './models.ts';
import { settleNewest } from './boardModel.ts';
import {
  allStages,
  budiMoved,
  budiStage,
  deal,
  penawaran,
  prospek,
  refOf,
  refused,
  stageKey,
} from './stageFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): CustomerStageContext {
  return snapshot.context as CustomerStageContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    stage: c.current === null ? '-' : (c.current.stage?.name ?? 'none'),
    history: c.current?.history.map((move) => `${move.to?.name ?? 'none'} by ${move.by?.name ?? '?'}`) ?? [],
    options: c.options.length,
    errors: [c.error?.reason ?? null, c.optionsError?.reason ?? null, c.changeError?.reason ?? null],
    target: c.target,
  });
}

const toPenawaran: AnyEventObject = { type: 'customerStage.set', stageId: penawaran.id };
const toNone: AnyEventObject = { type: 'customerStage.set', stageId: null };
const dewiMovesToDeal: AnyEventObject = { type: 'stage.moved', customerId: 'c1', stage: refOf(deal) };

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.load', output: budiStage },
      { type: 'xstate.error.actor.load', error: networkError },
    ];
  if (snapshot.matches('failed')) return [{ type: 'customerStage.retry' }, { type: 'stage.resync' }];
  if (snapshot.matches({ ready: { options: 'loading' } }))
    return [
      { type: 'xstate.done.actor.options', output: allStages },
      { type: 'xstate.error.actor.options', error: networkError },
    ];
  if (snapshot.matches({ ready: { options: 'failed' } })) return [{ type: 'customerStage.retryOptions' }];
  const out: AnyEventObject[] = [];
  const saving = snapshot.matches({ ready: { change: 'saving' } });
  const refreshing = snapshot.matches({ ready: { history: 'refreshing' } });
  if (saving)
    out.push(
      { type: 'xstate.done.actor.change', output: budiMoved(c.target === null ? null : penawaran) },
      { type: 'xstate.error.actor.change', error: refused },
    );
  if (refreshing)
    out.push(
      { type: 'xstate.done.actor.refresh', output: budiMoved(deal, 'Dewi') },
      { type: 'xstate.error.actor.refresh', error: networkError },
    );
  if (saving || refreshing) return out;
  if (c.changeError !== null) return [{ type: 'customerStage.dismiss' }];
  if (c.current?.stage?.id === prospek.id)
    out.push(toPenawaran, toNone, dewiMovesToDeal, { type: 'stage.resync' });
  return out;
}

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client, key: stageKey, customerId: 'c1', canChange: true } };
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what =
      {
        load: "Budi's stage",
        options: "the project's stages",
        change: 'the move',
        refresh: "Budi's history",
      }[settled[2]] ?? settled[2];
    if (settled[1] === 'done') return `${what} ${settled[2] === 'change' ? 'succeeds' : 'arrives'}`;
    const error = event['error'] as { reason?: string; message: string };
    return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
  }
  switch (event.type) {
    case 'customerStage.set':
      return event['stageId'] === null ? 'the agent picks "Tanpa tahap"' : 'the agent picks Penawaran';
    case 'stage.moved':
      return 'Dewi moves Budi to Deal on the board (live)';
    default:
      return (
        {
          'customerStage.retry': 'the agent retries',
          'customerStage.retryOptions': "the agent retries the project's stages",
          'customerStage.dismiss': 'the agent dismisses the error',
          'stage.resync': 'the socket comes back (resync)',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (c.current === null) return `${value}${c.error ? `, shows "${c.error.message}"` : ''}`;
  const moves = c.current.history.map(
    (move) => `${move.to?.name ?? 'Tanpa tahap'} by ${move.by?.name ?? '?'}`,
  );
  const notes = [
    c.optionsError ? `stages failed: "${c.optionsError.message}"` : '',
    c.changeError ? `move failed: "${c.changeError.message}"` : '',
  ].filter(Boolean);
  return `${value}: in ${c.current.stage?.name ?? 'no stage'} (history: ${moves.join('; ')})${notes.length ? `, ${notes.join(', ')}` : ''}`;
}

export const customerStageModel: PathModel = {
  name: 'customerStage',
  machine: customerStageMachine,
  serialize,
  starts: [{ label: "Budi's panel, for an agent with crm.chat.add_stage", world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [
          'xstate.done.actor.load',
          'xstate.done.actor.options',
          'customerStage.set',
          'xstate.done.actor.change',
        ].includes(event.type),
      ),
    toState: (snapshot) => ctx(snapshot).current?.stage?.id === penawaran.id,
  },
  scenarios: [
    // A failed load is fetched again when the socket comes back; a refusal is dismissed.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.load', error: networkError },
        { type: 'stage.resync' },
        { type: 'xstate.done.actor.load', output: budiStage },
        { type: 'xstate.done.actor.options', output: allStages },
        toPenawaran,
        { type: 'xstate.error.actor.change', error: refused },
        { type: 'customerStage.dismiss' },
      ],
    },
    // A move during the first load asks again; the echo of our own move changes nothing.
    {
      start: 0,
      events: [
        dewiMovesToDeal,
        { type: 'xstate.done.actor.load', output: budiStage },
        { type: 'xstate.done.actor.options', output: allStages },
        toPenawaran,
        { type: 'xstate.done.actor.change', output: budiMoved(penawaran) },
        { type: 'stage.moved', customerId: 'c1', stage: refOf(penawaran) },
        { type: 'stage.moved', customerId: 'c2', stage: refOf(deal) },
      ],
    },
  ],
  actorActs: {
    load: 'customer_stage_get',
    refresh: 'customer_stage_get',
    options: 'stage_list',
    change: 'customer_stage_set',
  },
  drivers: {
    'xstate.done.actor.load': settleNewest('customer_stage_get'),
    'xstate.error.actor.load': settleNewest('customer_stage_get'),
    'xstate.done.actor.refresh': settleNewest('customer_stage_get'),
    'xstate.error.actor.refresh': settleNewest('customer_stage_get'),
  },
  describeEvent,
  describeState,
};
