/**
 * Leaving a project's test model: the member confirms or cancels; `project_leave` leaves, or is
 * refused (`last_permission_holder`) and the dialog stays with the reason, or fails on the network.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { leaveProjectMachine } from '../leaveProjectMachine.ts';
import type { LeaveProjectContext } from '../leaveProjectMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel } from './models.ts';

const confirm = { type: 'leave.confirm' };
const cancel = { type: 'leave.cancel' };
const left = { type: 'xstate.done.actor.leave', output: undefined };
const refused = {
  type: 'xstate.error.actor.leave',
  error: apiError('last_permission_holder', 'Proyek harus tetap punya pengatur izin.'),
};
const failed = { type: 'xstate.error.actor.leave', error: networkError };

function contextOf(snapshot: AnyMachineSnapshot): LeaveProjectContext {
  return snapshot.context as LeaveProjectContext;
}

export const leaveProjectModel: PathModel = {
  name: 'leaveProject',
  machine: leaveProjectMachine,
  serialize: (snapshot) =>
    JSON.stringify({ value: snapshot.value, error: contextOf(snapshot).error?.reason ?? null }),
  starts: [
    {
      label: `a member asks to leave project ${project.key}`,
      world: () => {
        const client = createFakeClient();
        return { input: { client, key: project.key }, client, browser: null };
      },
    },
  ],
  events: (snapshot): AnyEventObject[] =>
    snapshot.matches('confirming')
      ? [confirm, cancel]
      : snapshot.matches('leaving')
        ? [left, refused, failed]
        : [],
  simple: {
    events: () => [confirm, left],
    toState: (snapshot) => snapshot.matches('left'),
  },
  scenarios: [{ start: 0, events: [confirm, refused, confirm, left] }],
  actorActs: { leave: 'project_leave' },
  drivers: {},
  describeEvent: (event) => {
    const error = (event as { error?: { reason?: string } }).error;
    switch (event.type) {
      case 'leave.confirm':
        return 'the member confirms (leave.confirm)';
      case 'leave.cancel':
        return 'the member cancels (leave.cancel)';
      case 'xstate.done.actor.leave':
        return 'project_leave succeeds';
      case 'xstate.error.actor.leave':
        return `project_leave fails (${error?.reason ?? 'network down'})`;
      default:
        return event.type;
    }
  },
  describeState: (snapshot) => {
    const error = contextOf(snapshot).error;
    return `${String(snapshot.value)}${error ? `, shows "${error.message}"` : ''}`;
  },
};
