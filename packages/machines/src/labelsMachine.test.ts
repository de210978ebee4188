import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll } from '@sapa/sdk';
import type { Label } from '@sapa/sdk';
import {
  checkLabel,
  labelActAccess,
  labelPermissions,
  labelTablePayload,
  matchLabels,
} from './labelActors.ts';
import {
  labelsMachine,
  selectLabelForm,
  selectLabelSearch,
  selectLabelSort,
  selectLabelsDialog,
  selectLabelTable,
} from './labelsMachine.ts';
import type { LabelsEmitted } from './labelsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  createFakeLabelPages,
  grosir,
  labelKey,
  nameTaken,
  projectLabels,
  refused,
  reseller,
  vip,
} from './paths/labelFixtures.ts';
import { flush } from './paths/replay.ts';
import {
  allEffects,
  expectTableAskedAfterSaveAndDelete,
  itSavesNewAndEdited,
  itShowsServerFieldErrors,
} from './testing/crudChecks.ts';
import { manualDelays } from './testing/delays.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('labels', (get) => {
  itSavesNewAndEdited(get, 'label', {
    created: { name: 'label_create', fields: { key: labelKey, name: 'Grosir', color: '#1e88e5' } },
    updated: {
      name: 'label_update',
      fields: { key: labelKey, id: vip.id, name: 'Grosir', color: vip.color },
    },
  });

  itShowsServerFieldErrors(get, {
    submit: 'labels.submit',
    taken: nameTaken,
    message: 'Label dengan nama ini sudah ada.',
    dialog: selectLabelsDialog,
  });

  it('asks the table again after a save or a delete, and for the new sort and search', () => {
    expectTableAskedAfterSaveAndDelete(get, 'the table asks page 1 by name');
    const effects = allEffects(get);
    expect(effects).toContain('the table asks page 1 by newest');
    expect(effects).toContain('the table asks page 1 by name, search "grosir"');
    expect(effects).toContain('the table asks page 1 by customers, search "gro"');
  });
});

function start() {
  const client = createFakeClient();
  const effects: string[] = [];
  const delays = manualDelays();
  const actor = createActor(labelsMachine.provide({ actors: { delay: delays.delay } }), {
    input: { client, key: labelKey, fetchPage: createFakeLabelPages(effects), searchDebounceMs: 5 },
  });
  const emitted: LabelsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, effects, emitted, delays };
}

describe('labels rules', () => {
  it('runs the table as its child and sends it a search after the pause', async () => {
    const { actor, effects, delays } = start();
    await flush();
    const table = selectLabelTable(actor.getSnapshot());
    expect(table?.getSnapshot().context.rows).toEqual(projectLabels);
    actor.send({ type: 'labels.search', text: ' gro' });
    actor.send({ type: 'labels.search', text: ' gros ' });
    expect(selectLabelSearch(actor.getSnapshot())).toBe('gros');
    // Typing again restarted the pause: one runs, and nothing was asked before it ends.
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'labels.searchSettled' } }]);
    expect(effects).toEqual(['the table asks page 1 by name']);
    delays.fire('labels.searchSettled');
    expect(effects).toEqual([
      'the table asks page 1 by name',
      'the table asks page 1 by name, search "gros"',
    ]);
    actor.send({ type: 'labels.sort', sort: 'customers' });
    expect(selectLabelSort(actor.getSnapshot())).toBe('customers');
    actor.send({ type: 'labels.search', text: '' });
    expect(effects.slice(2)).toEqual([
      'the table asks page 1 by customers, search "gros"',
      'the table asks page 1 by customers',
    ]);
  });

  it('checks the form before saving and announces a new label', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'labels.add' });
    expect(selectLabelForm(actor.getSnapshot())).toEqual({ id: null, name: '', color: '#e53935' });
    actor.send({ type: 'labels.color', color: 'merah' });
    actor.send({ type: 'labels.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { key: 'validation.labelName' },
      color: { key: 'validation.color' },
    });
    actor.send({ type: 'labels.name', name: '  Grosir ' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['color']);
    actor.send({ type: 'labels.color', color: '#1E88E5' });
    actor.send({ type: 'labels.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(client.pending()).toEqual([
      { name: 'label_create', fields: { key: labelKey, name: 'Grosir', color: '#1e88e5' } },
    ]);
    client.settle('label_create', { data: grosir });
    await flush();
    expect(selectLabelsDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'labels.saved', label: grosir, created: true }]);
  });

  it('edits a label and keeps a failure until it is saved or cancelled', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'labels.edit', label: reseller });
    actor.send({ type: 'labels.name', name: 'VIP' });
    actor.send({ type: 'labels.submit' });
    client.settle('label_update', { error: nameTaken });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors.name).toEqual({
      message: 'Label dengan nama ini sudah ada.',
    });
    actor.send({ type: 'labels.submit' });
    client.settle('label_update', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.saveError?.reason).toBe('network');
    actor.send({ type: 'labels.cancel' });
    expect(selectLabelForm(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.saveError).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('deletes after a confirmation, keeping the label and the error when refused', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'labels.delete', label: vip });
    expect(selectLabelsDialog(actor.getSnapshot())).toBe('confirmingDelete');
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'labels.confirmDelete' });
    expect(selectLabelsDialog(actor.getSnapshot())).toBe('deleting');
    client.settle('label_delete', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
    actor.send({ type: 'labels.confirmDelete' });
    expect(client.pending()).toEqual([{ name: 'label_delete', fields: { key: labelKey, id: vip.id } }]);
    client.settle('label_delete', { data: { id: vip.id } });
    await flush();
    expect(emitted).toEqual([{ type: 'labels.deleted', id: vip.id, name: 'VIP' }]);
    expect(actor.getSnapshot().context.deleteTarget).toBeNull();
  });
});

describe('label rules', () => {
  it('checks names and colours', () => {
    expect(checkLabel({ name: '  Grosir ', color: ' #1E88E5 ' })).toEqual({
      ok: true,
      value: { name: 'Grosir', color: '#1e88e5' },
    });
    expect(checkLabel({ name: 'x'.repeat(51), color: '#12' })).toEqual({
      ok: false,
      fieldErrors: { name: { key: 'validation.labelName' }, color: { key: 'validation.color' } },
    });
  });

  it('builds the table payload and matches words of names', () => {
    expect(labelTablePayload(labelKey, { sort: 'name', search: '' })).toEqual({
      act: 'label_list',
      key: labelKey,
      sort: 'name',
    });
    expect(labelTablePayload(labelKey, { sort: 'newest', search: 'vip' })).toMatchObject({ search: 'vip' });
    const names = (labels: Label[]) => labels.map((label) => label.name);
    expect(names(matchLabels(projectLabels, 'SEL'))).toEqual(['Reseller']);
    expect(names(matchLabels(projectLabels, ' '))).toEqual(['Grosir', 'Reseller', 'VIP']);
  });

  it.each(Object.entries(labelActAccess))('repeats the contract access of %s', (name, access) => {
    expect(acts[name as keyof typeof acts].access).toEqual(access);
  });

  it('reads what a member may do with labels', () => {
    expect(labelPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
      seeOnCustomer: true,
      attach: true,
    });
    expect(labelPermissions(['crm.menu', 'crm.chat.menu', 'crm.chat.view'])).toEqual({
      menu: false,
      view: false,
      add: false,
      edit: false,
      remove: false,
      seeOnCustomer: true,
      attach: false,
    });
  });
});
