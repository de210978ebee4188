/**
 * The chat's division picker as a test model: Sari's conversation (c1) in project k1abcdefgh,
 * whose divisions are Layanan and Penjualan. First an agent with `crm.chat.add_divisi` and
 * `crm.chat.delete_divisi`, the conversation in no division: the divisions load (or fail and are
 * retried), the agent puts it in Penjualan (the server confirms or refuses), someone else moves
 * it to Layanan meanwhile (live), the agent takes it out again; after a reconnection it is looked
 * up again (it was moved to Layanan while offline, or the look-up fails). Then an agent with
 * only `crm.chat.delete_divisi`, the conversation in Penjualan: only the clear.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ConversationSummary } from '@sapa/sdk';
import { conversationDivisionMachine } from '../conversationDivisionMachine.ts';
import type { ConversationDivisionContext } from '../conversationDivisionMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { divisionKey, projectDivisions, refused, sales, sariIn, support } from './divisionFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): ConversationDivisionContext {
  return snapshot.context as ConversationDivisionContext;
}

function divisionName(conversation: ConversationSummary): string {
  return conversation.division?.name ?? 'none';
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    division: divisionName(c.conversation),
    options: c.options.length,
    errors: [c.optionsError?.reason ?? null, c.changeError?.reason ?? null],
    target: c.target,
  });
}

const toSales: AnyEventObject = { type: 'conversationDivision.set', divisionId: sales.id };
const clear: AnyEventObject = { type: 'conversationDivision.clear' };
const movedToSupport: AnyEventObject = { type: 'conversation.updated', conversation: sariIn(support) };
const putBackInSales: AnyEventObject = { type: 'conversation.updated', conversation: sariIn(sales) };
const divisionsArrive: AnyEventObject = { type: 'xstate.done.actor.options', output: projectDivisions };

/** What the server answers for the change in flight. */
function afterChange(c: ConversationDivisionContext): ConversationSummary {
  const id = c.target?.divisionId ?? null;
  return sariIn(projectDivisions.find((division) => division.id === id) ?? null);
}

function optionEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ options: 'loading' }))
    return [divisionsArrive, { type: 'xstate.error.actor.options', error: networkError }];
  if (snapshot.matches({ options: 'failed' })) return [{ type: 'conversationDivision.retryOptions' }];
  return [];
}

function changeEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ change: 'saving' }))
    return [
      { type: 'xstate.done.actor.change', output: afterChange(c) },
      { type: 'xstate.error.actor.change', error: refused },
    ];
  if (c.changeError !== null) return [{ type: 'conversationDivision.dismiss' }];
  const division = c.conversation.division?.id ?? null;
  const out: AnyEventObject[] = [];
  if (c.canSet && snapshot.matches({ options: 'ready' }) && division === null) out.push(toSales);
  if (division !== null) out.push(clear);
  if (c.canSet && division === sales.id) out.push(movedToSupport);
  if (!c.canSet && division === null) out.push(putBackInSales);
  return out;
}

function syncEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ sync: 'refreshing' }))
    return [
      { type: 'xstate.done.actor.refresh', output: sariIn(support) },
      { type: 'xstate.error.actor.refresh', error: networkError },
    ];
  const quiet = snapshot.matches({ change: 'idle' }) && c.changeError === null;
  return quiet && c.canSet && c.conversation.division === null ? [{ type: 'conversation.resync' }] : [];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  return [...optionEvents(snapshot), ...changeEvents(snapshot), ...syncEvents(snapshot)];
}

/** Answers the pending set or clear (whichever the change called). */
const settleChange: StepDriver = ({ world, event }) => {
  const name = world.client.pending().some((call) => call.name === 'conversation_division_clear')
    ? 'conversation_division_clear'
    : 'conversation_division_set';
  world.client.settle(
    name,
    event.type.startsWith('xstate.error.') ? { error: event['error'] } : { data: event['output'] },
  );
};

function world(conversation: ConversationSummary, canSet: boolean): () => World {
  return () => {
    const client = createFakeClient();
    return {
      client,
      browser: null,
      input: { client, key: divisionKey, conversation, canSet, canClear: true },
    };
  };
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what =
      { options: "the project's divisions", change: 'the change', refresh: 'the look-up' }[settled[2]] ??
      settled[2];
    if (settled[1] === 'error') {
      const error = event['error'] as { reason?: string; message: string };
      return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
    }
    if (settled[2] === 'options') return `${what} arrive`;
    return `${what} succeeds: ${divisionName(event['output'] as ConversationSummary)}`;
  }
  switch (event.type) {
    case 'conversationDivision.set':
      return 'the agent picks Penjualan';
    case 'conversation.updated':
      return `someone else puts it in ${divisionName(event['conversation'] as ConversationSummary)} (live)`;
    default:
      return (
        {
          'conversationDivision.clear': 'the agent picks "Tanpa divisi"',
          'conversationDivision.retryOptions': "the agent retries the project's divisions",
          'conversationDivision.dismiss': 'the agent dismisses the error',
          'conversation.resync': 'the socket comes back (resync)',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const failure = c.optionsError ?? c.changeError;
  return `${JSON.stringify(snapshot.value)} in ${divisionName(c.conversation)}, ${c.options.length} choices${failure === null ? '' : `, shows "${failure.message}"`}`;
}

export const conversationDivisionModel: PathModel = {
  name: 'conversationDivision',
  machine: conversationDivisionMachine,
  serialize,
  starts: [
    {
      label: "Sari's conversation, in no division, for an agent with crm.chat.add_divisi and delete_divisi",
      world: world(sariIn(null), true),
    },
    {
      label: "Sari's conversation, in Penjualan, for an agent with only crm.chat.delete_divisi",
      world: world(sariIn(sales), false),
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [divisionsArrive.type, toSales.type, 'xstate.done.actor.change'].includes(event.type),
      ),
    toState: (snapshot) => ctx(snapshot).conversation.division?.id === sales.id && ctx(snapshot).canSet,
  },
  scenarios: [
    // A change for another conversation is not this one's; a refused set is dismissed.
    {
      start: 0,
      events: [
        divisionsArrive,
        { type: 'conversation.updated', conversation: { ...sariIn(sales), id: 'c2' } },
        toSales,
        { type: 'xstate.error.actor.change', error: refused },
        { type: 'conversationDivision.dismiss' },
      ],
    },
    // A look-up after a reconnection that fails keeps what is shown.
    {
      start: 0,
      events: [
        divisionsArrive,
        { type: 'conversation.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
      ],
    },
  ],
  actorActs: {
    options: 'division_list',
    change: 'conversation_division_set',
    refresh: 'conversation_find',
  },
  drivers: { 'xstate.done.actor.change': settleChange, 'xstate.error.actor.change': settleChange },
  describeEvent,
  describeState,
};
