/**
 * The sessions list's test model: this device and another; signing the other out (done or
 * refused), signing this one out (the list ends), a failed load and its retry, a refresh.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { sessionsListMachine } from '../sessionsListMachine.ts';
import type { SessionsListContext } from '../sessionsListMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import { otherDevice, thisDevice } from './personalFixtures.ts';
import type { PathModel, World } from './models.ts';

function ctx(snapshot: AnyMachineSnapshot): SessionsListContext {
  return snapshot.context as SessionsListContext;
}

const ids = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot)
    .sessions.map((session) => session.id)
    .join(' ');

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, input: { client }, effects: [] };
}

const loaded: AnyEventObject = { type: 'xstate.done.actor.load', output: [thisDevice, otherDevice] };

export const sessionsListModel: PathModel = {
  name: 'sessionsList',
  machine: sessionsListMachine,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      sessions: ids(snapshot),
      revoking: ctx(snapshot).revoking,
      error: ctx(snapshot).error?.reason ?? null,
    }),
  starts: [{ label: 'the profile opens on this device and another', world }],
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [loaded, { type: 'xstate.error.actor.load', error: networkError }];
    if (snapshot.matches('failed')) return [{ type: 'sessionsList.retry' }];
    if (snapshot.matches('revoking'))
      return [
        { type: 'xstate.done.actor.revoke', output: undefined },
        { type: 'xstate.error.actor.revoke', error: apiError('not_found', 'Sesi tidak ditemukan') },
      ];
    if (snapshot.matches('ready'))
      return [
        { type: 'sessionsList.revoke', id: otherDevice.id },
        { type: 'sessionsList.revoke', id: thisDevice.id },
        { type: 'sessionsList.refresh' },
      ];
    return [];
  },
  simple: {
    events: (snapshot) =>
      snapshot.matches('loading')
        ? [loaded]
        : snapshot.matches('revoking')
          ? [{ type: 'xstate.done.actor.revoke', output: undefined }]
          : [{ type: 'sessionsList.revoke', id: thisDevice.id }],
    toState: (snapshot) => snapshot.matches('signedOut'),
  },
  scenarios: [],
  actorActs: { load: 'session_list', revoke: 'session_revoke' },
  drivers: {},
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) => {
      world.effects?.push(
        emitted.type === 'sessionsList.signedOut'
          ? 'announces this device signed out'
          : 'announces a device signed out',
      );
    });
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.load':
        return 'the sessions arrive (this device, another)';
      case 'xstate.error.actor.load':
        return 'the sessions fail (network down)';
      case 'xstate.done.actor.revoke':
        return 'the server signs it out';
      case 'xstate.error.actor.revoke':
        return 'the server refuses (not_found)';
      case 'sessionsList.revoke':
        return `the user signs out ${event['id'] === thisDevice.id ? 'this device' : 'the other device'}`;
      default:
        return event.type === 'sessionsList.retry' ? 'the user retries' : 'the list is refreshed';
    }
  },
  describeState: (snapshot) =>
    `${String(snapshot.value)}, lists ${ids(snapshot) || 'nothing'}${ctx(snapshot).error === null ? '' : ', with an error'}`,
};
