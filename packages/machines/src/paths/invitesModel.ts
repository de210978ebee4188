/**
 * The invites table's test model: project k1abcdefgh with one active Agent code. The table is
 * the machine's child, answered at once by a fake page source that writes each request to the
 * effects. The owner creates a code (Viewer, an expiry of 0 hours that the check refuses, then 24;
 * a use limit of 5): the server creates it, refuses (`grant_beyond_own`) or cannot be reached;
 * revokes the code (confirmed, called off, failed, then done); and copies its link, which the
 * clipboard takes or refuses.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Invite } from '@sapa/sdk';
import { checkInvite, invitesMachine } from '../invitesMachine.ts';
import type { InvitesContext, InvitesEmitted } from '../invitesMachine.ts';
import type { InviteTablePayload } from '../membersActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { describeSettled, statePath } from './crudModel.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError, project } from './fixtures.ts';
import type { PathModel, World } from './models.ts';

const invite: Invite = {
  id: 'i-1',
  code: 'abcdefghij12',
  template: 'agent',
  createdBy: { userId: 'u-owner', name: 'Sari' },
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  maxUses: null,
  uses: 0,
  status: 'active',
};
const created: Invite = { ...invite, id: 'i-2', code: 'zyxwvutsrq98', template: 'viewer', maxUses: 5 };
const beyondOwn = apiError('grant_beyond_own', 'Anda hanya bisa memberi izin yang Anda punya.');

/** The clipboard of a run: each copy waits until the model answers it. */
interface Clipboard {
  copy(text: string): Promise<void>;
  answer(ok: boolean): void;
}

function clipboard(effects: string[]): Clipboard {
  let pending: { resolve(): void; reject(error: Error): void } | null = null;
  return {
    copy: (text) =>
      new Promise<void>((resolve, reject) => {
        effects.push(`the clipboard is asked to take ${text}`);
        pending = { resolve, reject };
      }),
    answer: (ok) => {
      if (ok) pending?.resolve();
      else pending?.reject(new Error('denied'));
      pending = null;
    },
  };
}

const clipboards = new WeakMap<World, Clipboard>();

function ctx(snapshot: AnyMachineSnapshot): InvitesContext {
  return snapshot.context as InvitesContext;
}

function pages(effects: string[]): FetchPage<Invite, InviteTablePayload> {
  return ({ page }) => {
    effects.push(`the table asks page ${page + 1}`);
    return Promise.resolve({ data: [invite], total_page: 1 });
  };
}

function dialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: { form: 'saving' } }))
    return [
      { type: 'xstate.done.actor.save', output: created },
      { type: 'xstate.error.actor.save', error: beyondOwn },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  if (snapshot.matches({ dialog: 'form' }))
    return [
      { type: 'invites.template', template: 'viewer' },
      { type: 'invites.expiresInHours', value: c.draft.expiresInHours === '0' ? '24' : '0' },
      { type: 'invites.maxUses', value: '5' },
      { type: 'invites.create' },
      { type: 'invites.cancel' },
    ];
  if (snapshot.matches({ dialog: 'confirmingRevoke' }))
    return [{ type: 'invites.confirmRevoke' }, { type: 'invites.cancel' }];
  if (snapshot.matches({ dialog: 'revoking' }))
    return [
      { type: 'xstate.done.actor.revoke', output: { ...invite, status: 'revoked' } },
      { type: 'xstate.error.actor.revoke', error: networkError },
    ];
  return [{ type: 'invites.add' }, { type: 'invites.revoke', invite }];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ copy: 'copying' }))
    return [
      { type: 'xstate.done.actor.copy', output: 'https://sapa.example/invite/abcdefghij12' },
      { type: 'xstate.error.actor.copy', error: new Error('denied') },
    ];
  return [
    ...dialogEvents(snapshot),
    ...(snapshot.matches({ dialog: 'closed' }) ? [{ type: 'invites.copy', invite }] : []),
  ];
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    draft: [c.draft.template, c.draft.expiresInHours, c.draft.maxUses],
    valid: Object.keys(checkInvite(c.draft)).length === 0,
    errors: Object.keys(c.fieldErrors),
    saveError: c.saveError?.reason ?? null,
    revoke: [c.revokeTarget?.code ?? null, c.revokeError?.reason ?? null],
  });
}

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  const board = clipboard(effects);
  const made: World = {
    client,
    browser: null,
    effects,
    input: {
      client,
      key: project.key,
      fetchPage: pages(effects),
      origin: 'https://sapa.example',
      copy: board.copy,
    },
  };
  clipboards.set(made, board);
  return made;
}

function describeEmitted(emitted: InvitesEmitted): string {
  switch (emitted.type) {
    case 'invites.created':
      return `announces ${emitted.invite.code} created (${emitted.link})`;
    case 'invites.revoked':
      return `announces ${emitted.invite.code} revoked`;
    case 'invites.copied':
      return `announces the link copied`;
    case 'invites.copyFailed':
      return `announces the copy failed, showing ${emitted.link}`;
  }
}

const words: Record<string, string> = {
  'invites.add': 'the owner presses "Buat undangan"',
  'invites.create': 'the owner presses "Buat"',
  'invites.cancel': 'the owner closes the dialog',
  'invites.revoke': 'the owner asks to revoke abcdefghij12',
  'invites.confirmRevoke': 'the owner confirms the revoke',
  'invites.copy': 'the owner copies the link of abcdefghij12',
};

function describeEvent(event: AnyEventObject): string {
  switch (event.type) {
    case 'invites.template':
      return `the owner picks the ${String(event['template'])} template`;
    case 'invites.expiresInHours':
      return `the owner types ${String(event['value'])} hours`;
    case 'invites.maxUses':
      return `the owner types a limit of ${String(event['value'])} uses`;
    case 'xstate.done.actor.copy':
      return 'the clipboard takes the link';
    case 'xstate.error.actor.copy':
      return 'the clipboard refuses';
    default:
      return (
        words[event.type] ??
        describeSettled(event, { save: 'the create', revoke: 'the revoke' }) ??
        event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { dialog: unknown; copy: unknown };
  const notes = [
    snapshot.matches({ dialog: 'form' })
      ? `form ${c.draft.template}, ${c.draft.expiresInHours || 'never'} h, ${c.draft.maxUses || 'no'} limit`
      : '',
    Object.keys(c.fieldErrors).length > 0 ? `field errors ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.saveError ? `create failed (${c.saveError.reason})` : '',
    c.revokeError ? `revoke failed (${c.revokeError.reason})` : '',
  ].filter(Boolean);
  return `${[value.dialog, value.copy].map(statePath).join(' / ')}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

const answerCopy =
  (ok: boolean) =>
  ({ world }: { world: World }) =>
    clipboards.get(world)?.answer(ok);

/** The way to a new code with a use limit: open, type the limit, create, saved. */
const simpleTypes = new Set(['invites.add', 'invites.maxUses', 'invites.create', 'xstate.done.actor.save']);

export const invitesModel: PathModel = {
  name: 'invites',
  machine: invitesMachine,
  serialize,
  starts: [{ label: `the owner opens the invites of ${project.key}`, world }],
  events,
  simple: {
    events: (snapshot) => events(snapshot).filter((event) => simpleTypes.has(event.type)),
    toState: (snapshot) =>
      snapshot.matches({ dialog: 'closed', copy: 'idle' }) && ctx(snapshot).draft.maxUses === '5',
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'invites.add' },
        { type: 'invites.cancel' },
        { type: 'invites.revoke', invite },
        { type: 'invites.cancel' },
        { type: 'invites.copy', invite },
        { type: 'xstate.done.actor.copy', output: 'https://sapa.example/invite/abcdefghij12' },
        { type: 'invites.copy', invite },
        { type: 'xstate.error.actor.copy', error: new Error('denied') },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'invites.add' },
        { type: 'invites.create' },
        { type: 'xstate.done.actor.save', output: created },
        { type: 'invites.revoke', invite },
        { type: 'invites.confirmRevoke' },
        { type: 'xstate.error.actor.revoke', error: networkError },
        { type: 'invites.confirmRevoke' },
        { type: 'xstate.done.actor.revoke', output: { ...invite, status: 'revoked' } },
      ],
    },
  ],
  graphActions: { refreshTable: () => undefined },
  actorActs: { save: 'invite_create', revoke: 'invite_revoke' },
  drivers: { 'xstate.done.actor.copy': answerCopy(true), 'xstate.error.actor.copy': answerCopy(false) },
  observe: (actor, world) => {
    actor.on('*', (emitted) => world.effects?.push(describeEmitted(emitted as InvitesEmitted)));
  },
  describeEvent,
  describeState,
};
