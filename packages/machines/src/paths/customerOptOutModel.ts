/**
 * A customer's opt-out of broadcasts as a test model: Budi (c1) in project k1abcdefgh. First an
 * agent with `crm.customer.edit` while Budi receives broadcasts: they ask to opt him out, call it
 * off or confirm; the server answers or refuses (then they try again or call it off); Budi writes
 * STOP meanwhile (live: he opted himself out, so the question is moot) or an agent elsewhere opts
 * him back in. Then the same agent with Budi opted out by his own message: opting him back in.
 * Last a viewer without the key: asking changes nothing, the state still follows live.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CustomerOptOut } from '@sapa/sdk';
import { customerOptOutMachine } from '../customerOptOutMachine.ts';
import type { CustomerOptOutContext, CustomerOptOutEmitted, OptOutState } from '../customerOptOutMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel, World } from './models.ts';

const AT = '2026-11-20T03:00:00.000Z';
const receiving: OptOutState = { optedOutAt: null, optedOutVia: null };
const byMessage: OptOutState = { optedOutAt: AT, optedOutVia: 'message' };

function ctx(snapshot: AnyMachineSnapshot): CustomerOptOutContext {
  return snapshot.context as CustomerOptOutContext;
}

const askOut: AnyEventObject = { type: 'customerOptOut.ask', optedOut: true };
const askIn: AnyEventObject = { type: 'customerOptOut.ask', optedOut: false };
const confirm: AnyEventObject = { type: 'customerOptOut.confirm' };
const cancel: AnyEventObject = { type: 'customerOptOut.cancel' };
const wroteStop: AnyEventObject = { type: 'customerOptOut.sync', ...byMessage };
const optedBackIn: AnyEventObject = { type: 'customerOptOut.sync', ...receiving };
const refused = apiError('forbidden', 'Anda tidak punya akses.');

/** What the server answers to the change in flight. */
function answer(c: CustomerOptOutContext): CustomerOptOut {
  return c.target === true
    ? { customerId: c.customerId, optedOutAt: '2026-11-27T10:00:00.000Z', optedOutVia: 'agent' }
    : { customerId: c.customerId, ...receiving };
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const live = c.current.optedOutAt === null ? wroteStop : optedBackIn;
  if (snapshot.matches('saving'))
    return [
      { type: 'xstate.done.actor.save', output: answer(c) },
      { type: 'xstate.error.actor.save', error: refused },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  if (snapshot.matches('confirming')) return [confirm, cancel, live];
  return [c.current.optedOutAt === null ? askOut : askIn, live];
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    current: c.current.optedOutVia,
    target: c.target,
    error: c.error?.reason ?? null,
  });
}

function world(current: OptOutState, canChange: boolean): () => World {
  return () => {
    const client = createFakeClient();
    const effects: string[] = [];
    return {
      client,
      browser: null,
      effects,
      input: { client, key: project.key, customerId: 'c1', current, canChange },
    };
  };
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.save$/.exec(event.type);
  if (settled !== null) {
    if (settled[1] === 'done') return 'customer_opt_out succeeds';
    const error = event['error'] as { reason?: string };
    return `customer_opt_out fails (${error.reason ?? 'network down'})`;
  }
  if (event.type === 'customerOptOut.ask')
    return event['optedOut'] === true
      ? 'the agent presses "Berhentikan dari broadcast"'
      : 'the agent presses "Terima broadcast lagi"';
  if (event.type === 'customerOptOut.sync')
    return event['optedOutAt'] === null
      ? 'another agent opts Budi back in (live)'
      : 'Budi writes STOP (live: opted out by his message)';
  return (
    {
      'customerOptOut.confirm': 'the agent confirms',
      'customerOptOut.cancel': 'the agent calls it off',
    }[event.type] ?? event.type
  );
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const shown =
    c.current.optedOutAt === null ? 'receives broadcasts' : `opted out (${c.current.optedOutVia})`;
  const asked = c.target === null ? '' : `, asked to ${c.target ? 'opt out' : 'opt back in'}`;
  return `${value}: Budi ${shown}${asked}${c.error ? `, shows "${c.error.message}"` : ''}`;
}

export const customerOptOutModel: PathModel = {
  name: 'customerOptOut',
  machine: customerOptOutMachine,
  serialize,
  starts: [
    {
      label: "Budi's panel, he receives broadcasts; an agent with crm.customer.edit",
      world: world(receiving, true),
    },
    { label: "Budi's panel, he wrote STOP; an agent with crm.customer.edit", world: world(byMessage, true) },
    {
      label: "Budi's panel, he receives broadcasts; a viewer without crm.customer.edit",
      world: world(receiving, false),
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['customerOptOut.ask', 'customerOptOut.confirm', 'xstate.done.actor.save'].includes(event.type),
      ),
    toState: (snapshot) => snapshot.matches('idle') && ctx(snapshot).current.optedOutVia === 'agent',
  },
  scenarios: [
    // A failure, then the same change again, which goes through.
    {
      start: 0,
      events: [askOut, confirm, { type: 'xstate.error.actor.save', error: networkError }, confirm],
    },
    // A refusal, then the agent calls it off.
    { start: 1, events: [askIn, confirm, { type: 'xstate.error.actor.save', error: refused }, cancel] },
    // The viewer's ask is ignored; the state still follows live.
    { start: 2, events: [askOut, wroteStop] },
    // While confirming, news that changes nothing keeps the question open; Budi writing STOP ends it.
    { start: 0, events: [askOut, optedBackIn, wroteStop] },
  ],
  actorActs: { save: 'customer_opt_out' },
  drivers: {},
  observe: (actor, world) => {
    actor.on('*', (emitted) => {
      const event = emitted as CustomerOptOutEmitted;
      world.effects?.push(
        `announces Budi ${event.optOut.optedOutAt === null ? 'opted back in' : 'opted out'}`,
      );
    });
  },
  describeEvent,
  describeState,
};
