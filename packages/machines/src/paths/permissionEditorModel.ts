/**
 * The permission editor's test model, for an owner editing an agent: ticks a key on and off,
 * starts from the Viewer template, saves; the server saves, refuses (`last_permission_holder`)
 * or cannot be reached, and the editor stays open for another try.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll, templatePermissions } from '@sapa/sdk';
import type { ProjectMember } from '@sapa/sdk';
import { permissionEditorMachine } from '../permissionEditorMachine.ts';
import type { PermissionEditorContext } from '../permissionEditorMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel } from './models.ts';

const agent: ProjectMember = {
  userId: 'u-agent',
  name: 'Dimas',
  maskedPhone: '+62812****789',
  avatarUrl: null,
  permissions: templatePermissions('agent'),
  template: 'agent',
  role: 'member',
  self: false,
  joinedAt: '2025-01-01T00:00:00Z',
};

const tickLabels = { type: 'permissions.toggle', permission: 'crm.label.menu', on: true };
const untickLabels = { type: 'permissions.toggle', permission: 'crm.label.menu', on: false };
const viewer = { type: 'permissions.template', template: 'viewer' };
const save = { type: 'permissions.save' };
const saved = { type: 'xstate.done.actor.save', output: { ...agent, template: null } };
const refused = {
  type: 'xstate.error.actor.save',
  error: apiError('last_permission_holder', 'Harus ada yang bisa mengatur izin.'),
};
const failed = { type: 'xstate.error.actor.save', error: networkError };

function contextOf(snapshot: AnyMachineSnapshot): PermissionEditorContext {
  return snapshot.context as PermissionEditorContext;
}

export const permissionEditorModel: PathModel = {
  name: 'permissionEditor',
  machine: permissionEditorMachine,
  serialize: (snapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      labels: context.selected.includes('crm.label.menu'),
      count: context.selected.length,
      problem: context.problem,
      error: context.error?.reason ?? null,
    });
  },
  starts: [
    {
      label: `the owner of ${project.key} edits an agent`,
      world: () => {
        const client = createFakeClient();
        return {
          input: { client, key: project.key, member: agent, editor: grantAll() },
          client,
          browser: null,
        };
      },
    },
  ],
  events: (snapshot): AnyEventObject[] =>
    snapshot.matches('editing')
      ? [tickLabels, untickLabels, viewer, save]
      : snapshot.matches('saving')
        ? [saved, refused, failed]
        : [],
  simple: {
    events: () => [tickLabels, save, saved],
    toState: (snapshot) => snapshot.status === 'done',
  },
  scenarios: [
    { start: 0, events: [tickLabels, save, refused, untickLabels, save, failed, save, saved] },
    { start: 0, events: [viewer, tickLabels, save, saved] },
  ],
  actorActs: { save: 'member_permissions_set' },
  drivers: {},
  describeEvent: (event) => {
    const payload = event as {
      permission?: string;
      on?: boolean;
      template?: string;
      error?: { reason?: string };
    };
    switch (event.type) {
      case 'permissions.toggle':
        return `the owner ${payload.on ? 'ticks' : 'unticks'} ${payload.permission ?? '?'}`;
      case 'permissions.template':
        return `the owner starts from the ${payload.template ?? '?'} template`;
      case 'permissions.save':
        return 'the owner saves (permissions.save)';
      case 'xstate.done.actor.save':
        return 'member_permissions_set saves';
      case 'xstate.error.actor.save':
        return `member_permissions_set fails (${payload.error?.reason ?? 'network down'})`;
      default:
        return event.type;
    }
  },
  describeState: (snapshot) => {
    const context = contextOf(snapshot);
    const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
    const failure = context.problem ?? context.error?.reason ?? null;
    return `${state}, ${context.selected.length} keys${failure ? `, refused (${failure})` : ''}`;
  },
};
