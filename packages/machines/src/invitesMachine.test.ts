import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Invite } from '@sapa/sdk';
import {
  checkInvite,
  emptyInviteDraft,
  inviteCreateFields,
  invitesMachine,
  selectInvitesDialog,
} from './invitesMachine.ts';
import type { InvitesEmitted } from './invitesMachine.ts';
import type { InviteTablePayload } from './membersActors.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import type { FetchPage } from './tableMachine.ts';

const key = 'k1k2k3k4k5';

const invite: Invite = {
  id: 'i-1',
  code: 'abcdefghij12',
  template: 'agent',
  createdBy: { userId: 'u-owner', name: 'Sari' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  maxUses: null,
  uses: 0,
  status: 'active',
};

function start(copy: (text: string) => Promise<void> = () => Promise.resolve()) {
  const client = createFakeClient();
  const asked: InviteTablePayload[] = [];
  const fetchPage: FetchPage<Invite, InviteTablePayload> = ({ payload }) => {
    asked.push(payload);
    return Promise.resolve({ data: [invite], total_page: 1 });
  };
  const actor = createActor(invitesMachine, {
    input: { client, key, fetchPage, origin: 'https://sapa.example', copy },
  });
  const emitted: InvitesEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, asked, emitted };
}

modelSuite('invites', (get) => {
  it('creates only a checked draft, with the whole hours and uses typed', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'invite_create'),
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const call of creates) {
      const fields = call.fields as { expiresInHours: number | null; maxUses: number | null };
      expect(fields.expiresInHours === null || fields.expiresInHours === 24).toBe(true);
      expect(fields.maxUses === null || fields.maxUses === 5).toBe(true);
    }
  });
});

describe('invitesMachine', () => {
  it('asks for the invites of the project', async () => {
    const { asked } = start();
    await flush();
    expect(asked).toEqual([{ act: 'invite_list', key }]);
  });

  it('checks the expiry and the use limit: empty, or whole numbers in range', () => {
    expect(checkInvite(emptyInviteDraft())).toEqual({});
    expect(checkInvite({ template: 'agent', expiresInHours: '720', maxUses: '1000' })).toEqual({});
    expect(checkInvite({ template: 'agent', expiresInHours: '0', maxUses: '1001' })).toEqual({
      expiresInHours: { key: 'invites.form.expiresRange' },
      maxUses: { key: 'invites.form.maxUsesRange' },
    });
    expect(checkInvite({ template: 'agent', expiresInHours: '1.5', maxUses: 'x' })).toEqual({
      expiresInHours: { key: 'invites.form.expiresRange' },
      maxUses: { key: 'invites.form.maxUsesRange' },
    });
    expect(inviteCreateFields({ template: 'viewer', expiresInHours: ' 24 ', maxUses: '' })).toEqual({
      template: 'viewer',
      expiresInHours: 24,
      maxUses: null,
    });
  });

  it('creates an invite with the template and limits, announcing its link', async () => {
    const { client, actor, asked, emitted } = start();
    await flush();
    actor.send({ type: 'invites.add' });
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'invites.template', template: 'viewer' });
    actor.send({ type: 'invites.expiresInHours', value: '48' });
    actor.send({ type: 'invites.maxUses', value: '3' });
    actor.send({ type: 'invites.create' });
    expect(client.pending()).toEqual([
      { name: 'invite_create', fields: { key, template: 'viewer', expiresInHours: 48, maxUses: 3 } },
    ]);
    client.settle('invite_create', { data: invite });
    await flush();
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toContainEqual({
      type: 'invites.created',
      invite,
      link: 'https://sapa.example/invite/abcdefghij12',
    });
    expect(asked).toHaveLength(2);
  });

  it('keeps a bad draft in the form with its errors, sending nothing', () => {
    const { client, actor } = start();
    actor.send({ type: 'invites.add' });
    actor.send({ type: 'invites.maxUses', value: '0' });
    actor.send({ type: 'invites.create' });
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('form');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      maxUses: { key: 'invites.form.maxUsesRange' },
    });
    actor.send({ type: 'invites.maxUses', value: '2' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(client.calls).toEqual([]);
  });

  it('shows a refusal such as grant_beyond_own in the form', async () => {
    const { client, actor } = start();
    actor.send({ type: 'invites.add' });
    actor.send({ type: 'invites.template', template: 'owner' });
    actor.send({ type: 'invites.create' });
    client.settle('invite_create', { error: apiError('grant_beyond_own', 'Tidak bisa memberi izin itu.') });
    await flush();
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('form');
    expect(actor.getSnapshot().context.saveError).toEqual({
      reason: 'grant_beyond_own',
      message: 'Tidak bisa memberi izin itu.',
    });
  });

  it('revokes an invite once confirmed, and keeps a failure for a retry', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'invites.revoke', invite });
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('revoke');
    actor.send({ type: 'invites.confirmRevoke' });
    client.settle('invite_revoke', { error: new Error('offline') });
    await flush();
    expect(actor.getSnapshot().context.revokeError?.message).toBe('offline');
    actor.send({ type: 'invites.confirmRevoke' });
    expect(client.pending()).toEqual([{ name: 'invite_revoke', fields: { key, id: 'i-1' } }]);
    client.settle('invite_revoke', { data: { ...invite, status: 'revoked' } });
    await flush();
    expect(selectInvitesDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toContainEqual({ type: 'invites.revoked', invite: { ...invite, status: 'revoked' } });
  });

  it('copies the absolute link, or says it could not with the link to copy by hand', async () => {
    const copied: string[] = [];
    const ok = start((text) => {
      copied.push(text);
      return Promise.resolve();
    });
    ok.actor.send({ type: 'invites.copy', invite });
    await flush();
    expect(copied).toEqual(['https://sapa.example/invite/abcdefghij12']);
    expect(ok.emitted).toContainEqual({
      type: 'invites.copied',
      link: 'https://sapa.example/invite/abcdefghij12',
    });

    const refused = start(() => Promise.reject(new Error('denied')));
    refused.actor.send({ type: 'invites.copy', invite });
    await flush();
    expect(refused.emitted).toContainEqual({
      type: 'invites.copyFailed',
      link: 'https://sapa.example/invite/abcdefghij12',
    });
  });
});
