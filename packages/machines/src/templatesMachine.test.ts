import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '@sapa/sdk';
import {
  selectTemplateEditor,
  selectTemplates,
  selectTemplatesStatus,
  selectTemplatesSyncing,
  templatesMachine,
} from './templatesMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { pendingTemplate, promo, reminder } from './paths/templateFixtures.ts';
import {
  approvedGreeting,
  loadedTemplates,
  metaUnreachable,
  otherWabaTemplate,
  syncedTemplates,
  templatesKey,
} from './paths/templatesModel.ts';
import { submittedTemplate } from './paths/templateEditorModel.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

const names = (templates: unknown) => (templates as MessageTemplate[]).map((t) => `${t.name}/${t.status}`);

modelSuite('templates', (get) => {
  it('reads Meta at once when nothing was read yet, and only then', () => {
    for (const { run } of get().runs) {
      const first = run.steps[0];
      if (first?.event.type !== 'xstate.done.actor.list') continue;
      const empty = (first.event['output'] as unknown[]).length === 0;
      expect(first.snapshot.matches({ ready: 'syncing' })).toBe(empty);
    }
    const syncs = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((c) => c.name === 'template_sync'),
    );
    expect(syncs.length).toBeGreaterThan(0);
    for (const call of syncs) expect(call.fields).toEqual({ key: templatesKey, accountId: 'a1' });
  });

  it('keeps the list by name then language through syncs, live news and the editor', () => {
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const list = step.snapshot.context['templates'] as MessageTemplate[];
        const sorted = [...list].sort(
          (a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language),
        );
        expect(list).toEqual(sorted);
      }
    const created = runsThrough(get(), ['templates.create', 'xstate.done.actor.editor']).flatMap(({ run }) =>
      run.steps.filter((s) => s.event.type === 'xstate.done.actor.editor' && s.event['output'] !== null),
    );
    expect(created.length).toBeGreaterThan(0);
    for (const step of created)
      expect(names(step.snapshot.context['templates'])).toEqual([
        'pengingat_bayar/APPROVED',
        'salam_baru/PENDING',
        'update_pesanan/PENDING',
      ]);
  });

  it("follows the WABA's live news and ignores another WABA's", () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'templates.updated');
    const after = (template: MessageTemplate) =>
      steps
        .filter((s) => s.event['template'] === template)
        .map((s) => names(s.snapshot.context['templates']));
    expect(after(approvedGreeting)).toContainEqual(['pengingat_bayar/APPROVED', 'salam_baru/APPROVED']);
    expect(after(otherWabaTemplate)).toContainEqual(['pengingat_bayar/APPROVED', 'salam_baru/PENDING']);
  });
});

function start() {
  const client = createFakeClient();
  const actor = createActor(templatesMachine, {
    input: { client, key: 'k1', accountId: 'a1', wabaId: reminder.wabaId },
  }).start();
  return { client, actor };
}

describe('templates rules', () => {
  it('loads, syncs on demand, and keeps the list when the sync fails', async () => {
    const { client, actor } = start();
    expect(selectTemplatesStatus(actor.getSnapshot())).toBe('loading');
    client.settle('template_list', { data: loadedTemplates });
    await flush();
    expect(selectTemplatesStatus(actor.getSnapshot())).toBe('ready');
    actor.send({ type: 'templates.sync' });
    expect(selectTemplatesSyncing(actor.getSnapshot())).toBe(true);
    client.settle('template_sync', { error: metaUnreachable });
    await flush();
    expect(actor.getSnapshot().context.syncError?.reason).toBe('whatsapp_unreachable');
    expect(selectTemplates(actor.getSnapshot())).toEqual(loadedTemplates);
    actor.send({ type: 'templates.sync' });
    expect(actor.getSnapshot().context.syncError).toBeNull();
    client.settle('template_sync', { data: syncedTemplates });
    await flush();
    expect(selectTemplates(actor.getSnapshot()).map((t) => t.name)).toEqual([
      'pengingat_bayar',
      'promo_ramadan',
      'salam_baru',
    ]);
  });

  it('deletes one template at a time, and keeps it when Meta refuses', async () => {
    const { client, actor } = start();
    client.settle('template_list', { data: syncedTemplates });
    await flush();
    actor.send({ type: 'templates.delete', id: promo.id });
    actor.send({ type: 'templates.delete', id: reminder.id }); // busy: not taken
    expect(client.pending()).toEqual([
      { name: 'template_delete', fields: { key: 'k1', accountId: 'a1', id: promo.id } },
    ]);
    client.settle('template_delete', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.deleting?.id).toBe(promo.id);
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('network');
    actor.send({ type: 'templates.delete', id: promo.id });
    client.settle('template_delete', { data: { id: promo.id } });
    await flush();
    expect(selectTemplates(actor.getSnapshot()).map((t) => t.id)).not.toContain(promo.id);
    expect(actor.getSnapshot().context.deleting).toBeNull();
  });

  it('runs the editor and lists what it submitted; a template deleted elsewhere leaves', async () => {
    const { client, actor } = start();
    client.settle('template_list', { data: [pendingTemplate] });
    await flush();
    actor.send({ type: 'templates.create' });
    const editor = selectTemplateEditor(actor.getSnapshot());
    expect(editor?.getSnapshot().context.form.language).toBe('id');
    editor?.send({ type: 'templateEditor.cancel' });
    await flush();
    expect(selectTemplateEditor(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().context.created).toBeNull();
    actor.send({ type: 'templates.updated', template: submittedTemplate });
    actor.send({ type: 'templates.deleted', templateId: pendingTemplate.id });
    expect(selectTemplates(actor.getSnapshot())).toEqual([submittedTemplate]);
  });

  it('starts the editor in the language it was given', async () => {
    const client = createFakeClient();
    const actor = createActor(templatesMachine, {
      input: { client, key: 'k1', accountId: 'a1', wabaId: null, language: 'en' },
    }).start();
    client.settle('template_list', { data: [reminder] });
    await flush();
    actor.send({ type: 'templates.create' });
    expect(selectTemplateEditor(actor.getSnapshot())?.getSnapshot().context.form.language).toBe('en');
    // Without a WABA id, live news are told apart by the number.
    actor.send({ type: 'templates.updated', template: otherWabaTemplate });
    actor.send({ type: 'templates.updated', template: { ...promo, id: 'tp-x' } });
    expect(selectTemplates(actor.getSnapshot()).map((t) => t.id)).toEqual([reminder.id, 'tp-x']);
  });
});
