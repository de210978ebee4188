import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { templatePermissions } from '@sapa/sdk';
import type { InvitePreview, Project } from '@sapa/sdk';
import {
  invitePageMachine,
  selectInvitePageStatus,
  selectInvitePreview,
  selectInviteTarget,
} from './invitePageMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

const code = 'abcdefghij12';
const preview: InvitePreview = {
  code,
  projectName: 'Toko Undangan',
  inviterName: 'Sari',
  template: 'agent',
  status: 'active',
  memberOf: null,
};
const project = {
  key: 'k1k2k3k4k5',
  name: 'Toko Undangan',
  permissions: templatePermissions('agent'),
} as unknown as Project;

function start() {
  const client = createFakeClient();
  const actor = createActor(invitePageMachine, { input: { client, code } });
  actor.start();
  return { client, actor };
}

modelSuite('invitePage', (get) => {
  it('lands a new member on the chat, the first screen the Agent keys allow', () => {
    const joined = get().runs.filter(({ run }) => run.final.matches('joined'));
    expect(joined.length).toBeGreaterThan(0);
    for (const { run } of joined) expect(run.final.output).toBe('/crm/chat/k1abcdefgh');
  });
});

describe('invitePageMachine', () => {
  it('loads the invite, joins, and lands on the first screen the new keys allow', async () => {
    const { client, actor } = start();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('loading');
    expect(client.pending()).toEqual([{ name: 'invite_get', fields: { code } }]);
    client.settle('invite_get', { data: preview });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('ready');
    expect(selectInvitePreview(actor.getSnapshot())).toEqual(preview);
    actor.send({ type: 'invite.accept' });
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('joining');
    client.settle('invite_accept', { data: project });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('joined');
    expect(actor.getSnapshot().output).toBe('/crm/chat/k1k2k3k4k5');
    expect(selectInviteTarget(actor.getSnapshot())).toBe('/crm/chat/k1k2k3k4k5');
  });

  it('says an unknown code is invalid', async () => {
    const { client, actor } = start();
    client.settle('invite_get', { error: apiError('invite_invalid', 'Undangan tidak berlaku.') });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('invalid');
  });

  it('shows a code that stopped working, and a project the user is in already', async () => {
    const closed = start();
    closed.client.settle('invite_get', { data: { ...preview, status: 'expired' } });
    await flush();
    expect(selectInvitePageStatus(closed.actor.getSnapshot())).toBe('closed');
    closed.actor.send({ type: 'invite.accept' });
    expect(closed.client.calls.map((call) => call.name)).toEqual(['invite_get']);

    const member = start();
    member.client.settle('invite_get', { data: { ...preview, memberOf: 'k1k2k3k4k5' } });
    await flush();
    expect(selectInvitePageStatus(member.actor.getSnapshot())).toBe('member');
    expect(selectInviteTarget(member.actor.getSnapshot())).toBe('/crm/chat/k1k2k3k4k5');
  });

  it('retries a failed load, and keeps a failed join on the page', async () => {
    const { client, actor } = start();
    client.settle('invite_get', { error: new Error('offline') });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'invite.retry' });
    client.settle('invite_get', { data: preview });
    await flush();
    actor.send({ type: 'invite.accept' });
    client.settle('invite_accept', { error: apiError('internal', 'Terjadi kesalahan.') });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({ reason: 'internal', message: 'Terjadi kesalahan.' });
    actor.send({ type: 'invite.accept' });
    client.settle('invite_accept', { error: apiError('invite_invalid', 'Undangan tidak berlaku.') });
    await flush();
    expect(selectInvitePageStatus(actor.getSnapshot())).toBe('invalid');
  });
});
