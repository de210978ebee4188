/**
 * The invite page's test model: `invite_get` answers an active code, one that stopped working, a
 * project the user is in already, `invite_invalid` or a network failure (retried); joining
 * (`invite_accept`) lands on the first screen the new keys allow, or finds the code dead, or
 * fails and stays on the page.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { templatePermissions } from '@sapa/sdk';
import type { InvitePreview, Project } from '@sapa/sdk';
import { invitePageMachine } from '../invitePageMachine.ts';
import type { InvitePageContext } from '../invitePageMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel } from './models.ts';

const code = 'abcdefghij12';
const active: InvitePreview = {
  code,
  projectName: project.name,
  inviterName: 'Sari',
  template: 'agent',
  status: 'active',
  memberOf: null,
};
const joinedProject: Project = { ...project, role: 'member', permissions: templatePermissions('agent') };
const invalid = apiError('invite_invalid', 'Undangan tidak berlaku.');

const loaded = { type: 'xstate.done.actor.load', output: active };
const loadedExpired = { type: 'xstate.done.actor.load', output: { ...active, status: 'expired' } };
const loadedMember = { type: 'xstate.done.actor.load', output: { ...active, memberOf: project.key } };
const loadInvalid = { type: 'xstate.error.actor.load', error: invalid };
const loadFailed = { type: 'xstate.error.actor.load', error: networkError };
const accept = { type: 'invite.accept' };
const accepted = { type: 'xstate.done.actor.accept', output: joinedProject };
const acceptInvalid = { type: 'xstate.error.actor.accept', error: invalid };
const acceptFailed = { type: 'xstate.error.actor.accept', error: networkError };

function contextOf(snapshot: AnyMachineSnapshot): InvitePageContext {
  return snapshot.context as InvitePageContext;
}

function stateOf(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

export const invitePageModel: PathModel = {
  name: 'invitePage',
  machine: invitePageMachine,
  serialize: (snapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      status: context.invite?.status ?? null,
      memberOf: context.invite?.memberOf ?? null,
      error: context.error?.reason ?? null,
      landing: context.landing,
    });
  },
  starts: [
    {
      label: `a signed-in user opens /invite/${code}`,
      world: () => {
        const client = createFakeClient();
        return { input: { client, code }, client, browser: null };
      },
    },
  ],
  events: (snapshot): AnyEventObject[] =>
    snapshot.matches('loading')
      ? [loaded, loadedExpired, loadedMember, loadInvalid, loadFailed]
      : snapshot.matches('failed')
        ? [{ type: 'invite.retry' }]
        : snapshot.matches('ready')
          ? [accept]
          : snapshot.matches('joining')
            ? [accepted, acceptInvalid, acceptFailed]
            : [],
  simple: {
    events: () => [loaded, accept, accepted],
    toState: (snapshot) => snapshot.matches('joined'),
  },
  scenarios: [
    { start: 0, events: [loadFailed, { type: 'invite.retry' }, loaded] },
    { start: 0, events: [loaded, accept, acceptFailed, accept, accepted] },
  ],
  actorActs: { load: 'invite_get', accept: 'invite_accept' },
  drivers: {},
  describeEvent: (event) => {
    const error = (event as { error?: { reason?: string } }).error;
    const output = (event as { output?: InvitePreview }).output;
    switch (event.type) {
      case 'xstate.done.actor.load':
        return output?.memberOf
          ? 'invite_get answers a project the user is in already'
          : `invite_get answers a code that is ${output?.status ?? '?'}`;
      case 'xstate.error.actor.load':
        return `invite_get fails (${error?.reason ?? 'network down'})`;
      case 'invite.retry':
        return 'the user retries (invite.retry)';
      case 'invite.accept':
        return 'the user joins (invite.accept)';
      case 'xstate.done.actor.accept':
        return 'invite_accept answers the project with the Agent keys';
      case 'xstate.error.actor.accept':
        return `invite_accept fails (${error?.reason ?? 'network down'})`;
      default:
        return event.type;
    }
  },
  describeState: (snapshot) => {
    const context = contextOf(snapshot);
    if (snapshot.matches('joined')) return `joined, goes to ${context.landing ?? '?'}`;
    const error = context.error ? `, shows "${context.error.message}"` : '';
    return `${stateOf(snapshot)}${error}`;
  },
};
