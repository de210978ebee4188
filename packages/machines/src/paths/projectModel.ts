/**
 * The project machine's test model: `project_get` answers the project, `not_found` (a key that
 * does not exist or another team's project) or fails on the network; the agent retries. Once
 * loaded, the socket changes the member's permissions, renames the project or removes the member.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { projectMachine } from '../projectMachine.ts';
import type { ProjectContext } from '../projectMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel } from './models.ts';
import type { PermissionKey } from '@sapa/sdk';

const notFound = apiError('not_found', 'Proyek tidak ditemukan.');
const agentKeys: PermissionKey[] = ['crm.menu', 'crm.chat.menu', 'crm.chat.view'];
const removedEvent = { type: 'project.removed', reason: 'removed' } as const;

function contextOf(snapshot: AnyMachineSnapshot): ProjectContext {
  return snapshot.context as ProjectContext;
}

/** What `project_get` answers after a reconnect: renamed, with the agent's keys, meanwhile. */
const renamed = { ...project, name: 'Toko Baru', permissions: agentKeys };

export const projectModel: PathModel = {
  name: 'project',
  machine: projectMachine,
  serialize: (snapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      project: context.project?.key ?? null,
      name: context.project?.name ?? null,
      permissions: context.project?.permissions.length ?? null,
      error: context.error?.reason ?? null,
      removal: context.removal,
      closingHere: context.closingHere,
    });
  },
  starts: [
    {
      label: `a screen of project ${project.key} opens`,
      world: () => {
        const client = createFakeClient();
        return { input: { client, key: project.key }, client, browser: null };
      },
    },
  ],
  events: (snapshot) =>
    snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.project', output: project },
          { type: 'xstate.error.actor.project', error: notFound },
          { type: 'xstate.error.actor.project', error: networkError },
          removedEvent,
        ]
      : snapshot.matches('failed')
        ? [{ type: 'project.retry' }, removedEvent]
        : snapshot.matches('ready')
          ? [
              { type: 'project.permissions', permissions: agentKeys },
              { type: 'project.updated', name: 'Toko Baru', timeZone: 'Asia/Makassar' },
              { type: 'project.closing', closing: !contextOf(snapshot).closingHere },
              { type: 'project.removed', reason: 'deleted' },
              ...(snapshot.matches({ ready: 'refreshing' })
                ? [
                    { type: 'xstate.done.actor.refresh', output: renamed },
                    { type: 'xstate.error.actor.refresh', error: notFound },
                    { type: 'xstate.error.actor.refresh', error: networkError },
                  ]
                : [{ type: 'project.resync' }]),
            ]
          : [],
  simple: {
    events: () => [{ type: 'xstate.done.actor.project', output: project }],
    toState: (snapshot) => snapshot.matches('ready'),
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.project', output: project },
        { type: 'project.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
        { type: 'project.resync' },
        { type: 'xstate.done.actor.refresh', output: renamed },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.project', error: networkError },
        { type: 'project.retry' },
        { type: 'xstate.done.actor.project', output: project },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.project', output: project },
        { type: 'project.permissions', permissions: agentKeys },
        { type: 'project.updated', name: 'Toko Baru', timeZone: 'Asia/Makassar' },
        removedEvent,
      ],
    },
  ],
  actorActs: { project: 'project_get', refresh: 'project_get' },
  drivers: {},
  describeEvent: (event: AnyEventObject) => {
    if (event.type === 'xstate.done.actor.project') return `the project "${project.name}" arrives`;
    if (event.type === 'xstate.error.actor.project') {
      const error = (event as unknown as { error: { reason?: string } }).error;
      return error.reason === undefined
        ? 'loading the project fails (network down)'
        : 'the project is not found';
    }
    if (event.type === 'project.permissions') return "the member's permissions change (project.permissions)";
    if (event.type === 'project.updated') return 'the project is renamed (project.updated)';
    if (event.type === 'project.resync') return 'the socket is back after a drop (project.resync)';
    if (event.type === 'xstate.done.actor.refresh')
      return 'project_get answers the project as changed meanwhile (renamed, agent keys)';
    if (event.type === 'xstate.error.actor.refresh') {
      const error = (event as unknown as { error: { reason?: string } }).error;
      return `project_get fails again (${error.reason ?? 'network down'})`;
    }
    if (event.type === 'project.closing')
      return (event as unknown as { closing: boolean }).closing
        ? 'this tab starts to leave or delete the project (project.closing)'
        : 'leaving or deleting failed (project.closing false)';
    if (event.type === 'project.removed')
      return `the member is out of the project: ${String((event as unknown as { reason: string }).reason)} (project.removed)`;
    return event.type === 'project.retry' ? 'the agent retries (project.retry)' : event.type;
  },
  describeState: (snapshot) => {
    const context = contextOf(snapshot);
    const name = String(snapshot.value);
    if (context.removal !== null)
      return `${name}: ${context.removal}${context.closingHere ? ' from this tab, goes home' : ''}`;
    if (context.project !== null)
      return `${name}: "${context.project.name}", time zone ${context.project.timeZone}, ${context.project.permissions.length} permissions${context.closingHere ? ', closing here' : ''}`;
    return context.error === null ? name : `${name}, shows "${context.error.message}"`;
  },
};
