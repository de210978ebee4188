/**
 * The members table's test model: the owner of project k1abcdefgh with the members Sari (the
 * owner) and Dimas (an agent). The table is the machine's child, answered at once by a fake page
 * source that writes each request to the effects. The owner searches (the model settles the
 * pause), opens Dimas's permission editor and closes it or saves from it (the child editor saves
 * through `member_permissions_set`), removes Dimas (confirmed, called off, refused with
 * `last_permission_holder`, then done), hands the project over to Dimas (confirmed, called off,
 * refused, then done), and the owner's own keys change live.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll, templatePermissions } from '@sapa/sdk';
import type { ProjectMember } from '@sapa/sdk';
import type { MemberTablePayload } from '../membersActors.ts';
import { membersMachine } from '../membersMachine.ts';
import type { MembersContext, MembersEmitted } from '../membersMachine.ts';
import type { FetchPage } from '../tableMachine.ts';
import { describeSettled, searchEvents, statePath } from './crudModel.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, project } from './fixtures.ts';
import type { PathModel, World } from './models.ts';
import { flush } from './replay.ts';
import { silentDelay } from '../delay.ts';

const owner: ProjectMember = {
  userId: 'u-owner',
  name: 'Sari',
  maskedPhone: '+62812****001',
  avatarUrl: null,
  permissions: grantAll(),
  template: 'owner',
  role: 'owner',
  self: true,
  joinedAt: '2025-01-01T00:00:00Z',
};
const agent: ProjectMember = {
  ...owner,
  userId: 'u-agent',
  name: 'Dimas',
  maskedPhone: '+62812****789',
  permissions: templatePermissions('agent'),
  template: 'agent',
  role: 'member',
  self: false,
};
const savedAgent: ProjectMember = {
  ...agent,
  permissions: [...agent.permissions, 'crm.label.menu'],
  template: null,
};
const lastHolder = apiError('last_permission_holder', 'Harus ada yang bisa mengatur izin.');
const ownerOnly = apiError('forbidden', 'Hanya pemilik proyek yang dapat melakukan ini.');
const newOwner: ProjectMember = { ...agent, permissions: grantAll(), template: 'owner', role: 'owner' };

function ctx(snapshot: AnyMachineSnapshot): MembersContext {
  return snapshot.context as MembersContext;
}

function pages(effects: string[]): FetchPage<ProjectMember, MemberTablePayload> {
  return ({ page, payload }) => {
    effects.push(
      `the table asks page ${page + 1}${payload.search === undefined ? '' : `, search "${payload.search}"`}`,
    );
    const rows = [owner, agent].filter((member) =>
      payload.search === undefined
        ? true
        : member.name.toLowerCase().startsWith(payload.search.toLowerCase()),
    );
    return Promise.resolve({ data: rows, total_page: 1 });
  };
}

function dialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ dialog: 'editing' }))
    return [{ type: 'members.cancel' }, { type: 'xstate.done.actor.editor', output: savedAgent }];
  if (snapshot.matches({ dialog: 'confirmingRemove' }))
    return [{ type: 'members.confirmRemove' }, { type: 'members.cancel' }];
  if (snapshot.matches({ dialog: 'removing' }))
    return [
      { type: 'xstate.done.actor.remove', output: agent },
      { type: 'xstate.error.actor.remove', error: lastHolder },
    ];
  if (snapshot.matches({ dialog: 'confirmingTransfer' }))
    return [{ type: 'members.confirmTransfer' }, { type: 'members.cancel' }];
  if (snapshot.matches({ dialog: 'transferring' }))
    return [
      { type: 'xstate.done.actor.transfer', output: newOwner },
      { type: 'xstate.error.actor.transfer', error: ownerOnly },
    ];
  return [
    { type: 'members.editPermissions', member: agent },
    { type: 'members.remove', member: agent },
    { type: 'members.transfer', member: agent },
  ];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const closed = snapshot.matches({ dialog: 'closed' });
  const plain = c.search === '' && snapshot.matches({ search: 'idle' });
  return [
    ...(closed ? searchEvents(snapshot, 'members', ' dim ') : []),
    ...(plain ? dialogEvents(snapshot) : []),
  ];
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    search: [c.search, c.searchText],
    target: c.target?.name ?? null,
    removeError: c.removeError?.reason ?? null,
    transferError: c.transferError?.reason ?? null,
  });
}

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: { client, key: project.key, fetchPage: pages(effects), editor: grantAll() },
  };
}

function describeEmitted(emitted: MembersEmitted): string {
  switch (emitted.type) {
    case 'members.permissionsSaved':
      return `announces ${emitted.member.name}'s permissions saved`;
    case 'members.removed':
      return `announces ${emitted.member.name} removed`;
    case 'members.transferred':
      return `announces the project handed over to ${emitted.member.name}`;
  }
}

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.editor')
    return 'the owner saves the editor (member_permissions_set succeeds)';
  const member = (event['member'] as ProjectMember | undefined)?.name ?? '?';
  switch (event.type) {
    case 'members.search':
      return String(event['text']).trim() === ''
        ? 'the owner clears the search'
        : `the owner types "${String(event['text'])}" in the search`;
    case 'members.searchSettled':
      return 'the typing pauses (debounce)';
    case 'members.editPermissions':
      return `the owner opens the permissions of ${member}`;
    case 'members.remove':
      return `the owner asks to remove ${member}`;
    case 'members.confirmRemove':
      return 'the owner confirms the removal';
    case 'members.transfer':
      return `the owner asks to hand the project over to ${member}`;
    case 'members.confirmTransfer':
      return 'the owner confirms the handover';
    case 'members.cancel':
      return 'the owner closes the dialog';
    case 'members.editorChanged':
      return "the owner's own keys change live";
    default:
      return describeSettled(event, { remove: 'the removal', transfer: 'the handover' }) ?? event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown };
  const notes = [
    c.search === '' ? '' : `search "${c.search}"`,
    c.target === null ? '' : `about ${c.target.name}`,
    c.removeError === null ? '' : `removal refused (${c.removeError.reason})`,
    c.transferError === null ? '' : `handover refused (${c.transferError.reason})`,
  ].filter(Boolean);
  return `${[value.search, value.dialog].map(statePath).join(' / ')}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

export const membersModel: PathModel = {
  name: 'members',
  machine: membersMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the owner opens /project/user/${project.key}`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) => event.type !== 'members.search' && event.type !== 'members.cancel'),
    toState: (snapshot) =>
      snapshot.matches({ dialog: 'closed' }) &&
      ctx(snapshot).removeError === null &&
      ctx(snapshot).transferError === null,
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'members.editorChanged', permissions: ['project.menu', 'project.user.menu'] },
        { type: 'members.editPermissions', member: agent },
        { type: 'xstate.done.actor.editor', output: savedAgent },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'members.remove', member: agent },
        { type: 'members.confirmRemove' },
        { type: 'xstate.error.actor.remove', error: lastHolder },
        { type: 'members.confirmRemove' },
        { type: 'xstate.done.actor.remove', output: agent },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'members.transfer', member: agent },
        { type: 'members.confirmTransfer' },
        { type: 'xstate.error.actor.transfer', error: ownerOnly },
        { type: 'members.confirmTransfer' },
        { type: 'xstate.done.actor.transfer', output: newOwner },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'members.search', text: ' dim ' },
        { type: 'members.searchSettled' },
        { type: 'members.search', text: '  ' },
        { type: 'members.editPermissions', member: agent },
        { type: 'members.cancel' },
        { type: 'members.remove', member: agent },
        { type: 'members.cancel' },
        { type: 'members.transfer', member: agent },
        { type: 'members.cancel' },
      ],
    },
  ],
  graphActions: { queryTable: () => undefined, refreshTable: () => undefined },
  actorActs: { remove: 'member_remove', transfer: 'project_transfer' },
  drivers: {
    // The editor's own save: the child sends member_permissions_set, which the server answers.
    'xstate.done.actor.editor': async ({ actor, world, event }) => {
      const editor = (actor.getSnapshot() as AnyMachineSnapshot).children['editor'];
      editor?.send({ type: 'permissions.save' });
      await flush();
      world.client.settle('member_permissions_set', { data: event['output'] });
    },
  },
  observe: (actor, world) => {
    actor.on('*', (emitted) => world.effects?.push(describeEmitted(emitted as MembersEmitted)));
  },
  describeEvent,
  describeState,
};
