import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { grantAll } from '@sapa/sdk';
import { quickReplyMachine, selectQuickReplyDialog, selectQuickReplyPayload } from './quickReplyMachine.ts';
import type { QuickReplyEmitted } from './quickReplyMachine.ts';
import { checkQuickReply, normalizeShortcut, quickReplyPermissions } from './quickReplyForm.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  brochureFile,
  promo,
  quickReplyKey,
  refused,
  salam,
  shortcutTaken,
} from './paths/quickReplyFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('quickReply', (get) => {
  it('sends the shortcut without its slash, in lowercase, and the text trimmed', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'quick_reply_create'),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const fields = call.fields as { key: string; shortcut: string; text: string };
      expect(fields.key).toBe(quickReplyKey);
      expect(fields.shortcut).toMatch(/^[a-z0-9_-]{1,30}$/);
      expect(fields.text).toBe(fields.text.trim());
    }
    expect(calls.map((call) => (call.fields as { shortcut: string }).shortcut)).toContain('salam');
  });

  it('never saves a form the checks refuse, and keeps the form open after a failed save', () => {
    for (const { run } of runsThrough(get(), ['quickReply.save', 'xstate.error.actor.save']))
      for (const step of run.steps.filter((s) => s.event.type === 'xstate.error.actor.save'))
        expect(selectQuickReplyDialog(step.snapshot as never)).toBe('form');
  });

  it('announces each save and delete', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('announces /salam added');
    expect(effects).toContain('announces /salam changed');
    expect(effects).toContain('announces the quick reply deleted');
  });
});

function start(searchDebounceMs = 5) {
  const client = createFakeClient();
  const actor = createActor(quickReplyMachine, {
    input: { client, key: quickReplyKey, searchDebounceMs },
  });
  const emitted: QuickReplyEmitted[] = [];
  actor.on('*', (event: QuickReplyEmitted) => emitted.push(event));
  actor.start();
  return { client, actor, emitted };
}

describe('quick reply rules', () => {
  it('checks the shortcut and the text before saving', () => {
    expect(normalizeShortcut('  /Salam_Pagi ')).toBe('salam_pagi');
    expect(checkQuickReply({ shortcut: ' / ', text: ' ', media: null })).toEqual({
      shortcut: { key: 'validation.required' },
      text: { key: 'validation.required' },
    });
    expect(checkQuickReply({ shortcut: 'salam kak', text: 'Halo', media: null })).toEqual({
      shortcut: { key: 'quickReply.form.shortcutRule' },
    });
    expect(checkQuickReply({ shortcut: 'x'.repeat(31), text: 'Halo', media: null })).toHaveProperty(
      'shortcut',
    );
    expect(checkQuickReply({ shortcut: '/harga-2', text: 'Halo', media: null })).toEqual({});
  });

  it('follows the permission tree', () => {
    expect(quickReplyPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
    });
    expect(quickReplyPermissions(['crm.menu', 'crm.quick_replay.menu', 'crm.quick_replay.view'])).toEqual({
      menu: true,
      view: true,
      add: false,
      edit: false,
      remove: false,
    });
  });

  it('adds a quick reply with its file, and announces it', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'quickReply.add' });
    actor.send({ type: 'quickReply.save' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['shortcut', 'text']);
    actor.send({ type: 'quickReply.shortcut', value: '/Salam' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['text']);
    actor.send({ type: 'quickReply.text', value: ' Halo {nama} ' });
    actor.send({ type: 'quickReply.media', media: { id: brochureFile.id, filename: 'brosur.pdf' } });
    actor.send({ type: 'quickReply.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(client.calls.at(-1)).toEqual({
      name: 'quick_reply_create',
      fields: { key: quickReplyKey, shortcut: 'salam', text: 'Halo {nama}', mediaId: brochureFile.id },
    });
    client.settle('quick_reply_create', { data: salam });
    await flush();
    expect(selectQuickReplyDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'quickReply.saved', reply: salam, created: true }]);
  });

  it("shows the server's field errors beside their fields, and other failures above the form", async () => {
    const { client, actor } = start();
    actor.send({ type: 'quickReply.edit', reply: salam });
    actor.send({ type: 'quickReply.save' });
    client.settle('quick_reply_update', { error: shortcutTaken });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      shortcut: { message: 'Shortcut sudah dipakai.' },
    });
    expect(actor.getSnapshot().context.saveError).toBeNull();
    actor.send({ type: 'quickReply.save' });
    client.settle('quick_reply_update', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.saveError).toEqual({ reason: 'network', message: 'Failed to fetch' });
    actor.send({ type: 'quickReply.cancel' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  it('sends the file of an edit only when it changed (null takes it off)', async () => {
    const { client, actor } = start();
    actor.send({ type: 'quickReply.edit', reply: promo });
    actor.send({ type: 'quickReply.save' });
    expect(client.calls.at(-1)?.fields).toEqual({
      key: quickReplyKey,
      id: promo.id,
      shortcut: 'promo',
      text: promo.text,
    });
    client.settle('quick_reply_update', { data: promo });
    await flush();
    actor.send({ type: 'quickReply.edit', reply: promo });
    actor.send({ type: 'quickReply.media', media: null });
    actor.send({ type: 'quickReply.save' });
    expect(client.calls.at(-1)?.fields).toMatchObject({ id: promo.id, mediaId: null });
  });

  it('deletes after a confirmation; a refusal stays shown for a retry', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'quickReply.delete', reply: promo });
    expect(selectQuickReplyDialog(actor.getSnapshot())).toBe('delete');
    actor.send({ type: 'quickReply.confirmDelete' });
    client.settle('quick_reply_delete', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
    actor.send({ type: 'quickReply.confirmDelete' });
    expect(client.calls.at(-1)).toEqual({
      name: 'quick_reply_delete',
      fields: { key: quickReplyKey, id: promo.id },
    });
    client.settle('quick_reply_delete', { data: { id: promo.id } });
    await flush();
    expect(emitted).toEqual([{ type: 'quickReply.deleted', id: promo.id }]);
    expect(actor.getSnapshot().context.deleteTarget).toBeNull();
  });

  it('runs the search after a pause in the typing, once', async () => {
    // The real `delay` actor on faked timers: the pause restarts with each keystroke.
    vi.useFakeTimers();
    try {
      const { actor } = start(40);
      const plain = { act: 'quick_reply_list', key: quickReplyKey };
      actor.send({ type: 'quickReply.search', text: 'pro' });
      vi.advanceTimersByTime(25);
      actor.send({ type: 'quickReply.search', text: ' promo ' });
      vi.advanceTimersByTime(39);
      expect(selectQuickReplyPayload(actor.getSnapshot())).toEqual(plain);
      vi.advanceTimersByTime(1);
      expect(selectQuickReplyPayload(actor.getSnapshot())).toEqual({ ...plain, search: 'promo' });
      actor.send({ type: 'quickReply.search', text: '' });
      expect(selectQuickReplyPayload(actor.getSnapshot())).toEqual(plain);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
