/**
 * The bell's test model: `notification_count` answers or fails; the socket brings new counts
 * (`bell.changed`) while counting, counted or failed; a reconnect asks again (`bell.refresh`).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { notificationBellMachine } from '../notificationBellMachine.ts';
import type { NotificationBellContext } from '../notificationBellMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';

function contextOf(snapshot: AnyMachineSnapshot): NotificationBellContext {
  return snapshot.context as NotificationBellContext;
}

const counted = { type: 'xstate.done.actor.count', output: { unread: 2 } };
const failed = { type: 'xstate.error.actor.count', error: networkError };
const arrived = { type: 'bell.changed', unread: 3 };

export const notificationBellModel: PathModel = {
  name: 'notificationBell',
  machine: notificationBellMachine,
  serialize: (snapshot) => JSON.stringify({ value: snapshot.value, unread: contextOf(snapshot).unread }),
  starts: [
    {
      label: 'the header opens',
      world: () => {
        const client = createFakeClient();
        return { input: { client }, client, browser: null };
      },
    },
  ],
  events: (snapshot) =>
    // A socket count while counting is the same root transition (`bell.changed`); the replay
    // could not settle the abandoned call after it, so the graph offers it once counted or failed.
    snapshot.matches('loading') ? [counted, failed] : [arrived, { type: 'bell.refresh' }],
  simple: {
    events: () => [counted, arrived],
    toState: (snapshot) => snapshot.matches('ready') && contextOf(snapshot).unread === 3,
  },
  scenarios: [
    { start: 0, events: [counted, arrived, { type: 'bell.refresh' }, counted] },
    { start: 0, events: [failed, arrived] },
    { start: 0, events: [failed, { type: 'bell.refresh' }, counted] },
  ],
  actorActs: { count: 'notification_count' },
  drivers: {},
  describeEvent: (event: AnyEventObject) => {
    if (event.type === 'xstate.done.actor.count') return 'notification_count answers 2 unread';
    if (event.type === 'xstate.error.actor.count') return 'counting fails (network down)';
    if (event.type === 'bell.changed')
      return `the socket says ${String((event as unknown as { unread: number }).unread)} unread (bell.changed)`;
    return event.type === 'bell.refresh' ? 'the connection comes back (bell.refresh)' : event.type;
  },
  describeState: (snapshot) => {
    const unread = contextOf(snapshot).unread;
    return `${String(snapshot.value)}${unread === null ? '' : `: ${unread} unread`}`;
  },
};
