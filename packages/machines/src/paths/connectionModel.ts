/**
 * The connection machine's test model. The socket is the fake realtime object: the drivers
 * move its status as socket.io would (up, dropped, refused), so the real `watchSocket` actor
 * is what turns each change into a `connection.*` event.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { connectionMachine } from '../connectionMachine.ts';
import { createFakeClient } from './fakes.ts';
import { createFakeRealtime, isFakeRealtime } from './fakeRealtime.ts';
import type { FakeRealtime } from './fakeRealtime.ts';
import type { PathModel, StepDriver, World } from './models.ts';

function realtimeOf(world: World): FakeRealtime {
  const input = world.input as { realtime?: unknown };
  if (!isFakeRealtime(input.realtime)) throw new Error('The connection model needs a fake realtime');
  return input.realtime;
}

const drive =
  (status: 'connected' | 'reconnecting' | 'disconnected', lastError: string | null = null): StepDriver =>
  ({ world }) =>
    realtimeOf(world).set(status, lastError);

const refused = { type: 'connection.failed', error: 'unauthenticated' };

function errorOf(snapshot: AnyMachineSnapshot): string | null {
  return (snapshot.context as { error: string | null }).error;
}

export const connectionModel: PathModel = {
  name: 'connection',
  machine: connectionMachine,
  // The fake socket is a collaborator: a state is its value and the error it shows.
  serialize: (snapshot) => JSON.stringify({ value: snapshot.value, error: errorOf(snapshot) }),
  starts: [
    {
      label: 'signed in, socket not opened yet',
      world: () => ({ input: { realtime: createFakeRealtime() }, client: createFakeClient(), browser: null }),
    },
  ],
  events: () => [
    { type: 'connection.connect' },
    { type: 'connection.disconnect' },
    { type: 'connection.lost' },
    { type: 'connection.restored' },
    refused,
  ],
  simple: {
    events: () => [
      { type: 'connection.connect' },
      { type: 'connection.restored' },
      { type: 'connection.lost' },
    ],
    toState: (snapshot) => snapshot.matches('reconnecting'),
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'connection.connect' },
        { type: 'connection.restored' },
        { type: 'connection.lost' },
        { type: 'connection.restored' },
        { type: 'connection.disconnect' },
      ],
    },
    // The refusal reaches the same state from every live state: shortest paths take only the first.
    { start: 0, events: [{ type: 'connection.connect' }, { type: 'connection.restored' }, refused] },
    {
      start: 0,
      events: [
        { type: 'connection.connect' },
        { type: 'connection.restored' },
        { type: 'connection.lost' },
        refused,
      ],
    },
  ],
  actorActs: {},
  drivers: {
    'connection.restored': drive('connected'),
    'connection.lost': drive('reconnecting'),
    'connection.failed': drive('disconnected', 'unauthenticated'),
  },
  describeEvent: (event: AnyEventObject) =>
    ({
      'connection.connect': 'the app opens the socket (connection.connect)',
      'connection.disconnect': 'the app closes the socket (connection.disconnect)',
      'connection.lost': 'the network drops (socket reconnecting)',
      'connection.restored': 'the socket is connected',
      'connection.failed': 'the server refuses the token (connect_error unauthenticated)',
    })[event.type] ?? event.type,
  describeState: (snapshot) => {
    const error = errorOf(snapshot);
    const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
    return error === null ? name : `${name}, error "${error}"`;
  },
};
