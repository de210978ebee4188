import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll } from '@sapa/sdk';
import type { ActName } from '@sapa/sdk';
import {
  selectReorderingId,
  selectStagesDialog,
  selectStagesPayload,
  stagesMachine,
} from './stagesMachine.ts';
import type { StagesEmitted } from './stagesMachine.ts';
import { checkStage, stageActAccess, stageMoves, stagePermissions } from './stageActors.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { deal, nameTaken, penawaran, prospek, refused, stageKey } from './paths/stageFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { manualDelays } from './testing/delays.ts';

modelSuite('stages', (get) => {
  it('sends the name trimmed and the colour in lowercase', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'stage_create'),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const fields = call.fields as { key: string; name: string; color: string };
      expect(fields.key).toBe(stageKey);
      expect(fields.name).toBe(fields.name.trim());
      expect(fields.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('announces each save, delete, move and applied search', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('announces Negosiasi added');
    expect(effects).toContain('announces Calon pembeli changed');
    expect(effects).toContain('announces Deal deleted');
    expect(effects).toContain('announces Penawaran moved to place 1');
    expect(effects).toContain('error toast "Anda tidak punya akses." for Penawaran');
    expect(effects).toContain('asks the table for "deal"');
    expect(effects).toContain('asks the table for every stage');
  });
});

function start() {
  const client = createFakeClient();
  const delays = manualDelays();
  const actor = createActor(stagesMachine.provide({ actors: { delay: delays.delay } }), {
    input: { client, key: stageKey, searchDebounceMs: 5 },
  });
  const emitted: StagesEmitted[] = [];
  actor.on('*', (event: StagesEmitted) => emitted.push(event));
  actor.start();
  return { client, actor, emitted, delays };
}

describe('stage rules', () => {
  it('repeats the contract access of each stage act', () => {
    for (const [name, access] of Object.entries(stageActAccess))
      expect(acts[name as ActName].access).toEqual(access);
  });

  it('follows the permission tree', () => {
    expect(stagePermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
      seeOnCustomer: true,
      setOnCustomer: true,
    });
    expect(stagePermissions(['crm.menu', 'crm.stage.menu', 'crm.stage.view'])).toMatchObject({
      menu: true,
      view: true,
      add: false,
      edit: false,
      remove: false,
      setOnCustomer: false,
    });
    expect(
      stagePermissions(['crm.menu', 'crm.chat.menu', 'crm.chat.view', 'crm.chat.add_stage']),
    ).toMatchObject({
      view: false,
      seeOnCustomer: true,
      setOnCustomer: true,
    });
  });

  it('checks the name and the colour', () => {
    expect(checkStage({ name: '  ', color: '#12' })).toEqual({
      name: { key: 'validation.required' },
      color: { key: 'stages.form.colorRule' },
    });
    expect(checkStage({ name: 'x'.repeat(51), color: '#AABBCC' })).toEqual({
      name: { key: 'stages.form.nameMax' },
    });
    expect(checkStage({ name: ' Deal ', color: '#aabbcc' })).toEqual({});
  });

  it('moves up every stage but the first, and down every stage but the last of the last page', () => {
    const rows = [prospek, penawaran, deal];
    const spot = { rows, pageIndex: 0, totalPage: 1 };
    expect(stageMoves(prospek, spot)).toEqual({ up: false, down: true });
    expect(stageMoves(deal, spot)).toEqual({ up: true, down: false });
    expect(stageMoves(deal, { ...spot, totalPage: 2 })).toEqual({ up: true, down: true });
  });
});

describe('stages machine', () => {
  it('adds a stage and announces it', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'stages.add' });
    expect(selectStagesDialog(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'stages.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { key: 'validation.required' } });
    actor.send({ type: 'stages.name', value: ' Negosiasi ' });
    actor.send({ type: 'stages.color', value: '#8E24AA' });
    actor.send({ type: 'stages.save' });
    expect(client.calls.at(-1)).toEqual({
      name: 'stage_create',
      fields: { key: stageKey, name: 'Negosiasi', color: '#8e24aa' },
    });
    const created = { ...deal, name: 'Negosiasi', color: '#8e24aa' };
    client.settle('stage_create', { data: created });
    await flush();
    expect(selectStagesDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'stages.saved', stage: created, created: true }]);
  });

  it("shows the server's field errors beside their fields, and other failures above the form", async () => {
    const { client, actor } = start();
    actor.send({ type: 'stages.edit', stage: prospek });
    actor.send({ type: 'stages.save' });
    expect(client.calls.at(-1)?.name).toBe('stage_update');
    client.settle('stage_update', { error: nameTaken });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { message: 'Nama tahap sudah dipakai.' },
    });
    actor.send({ type: 'stages.save' });
    client.settle('stage_update', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.saveError?.reason).toBe('network');
    actor.send({ type: 'stages.cancel' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  it('deletes after a confirmation; a refusal stays shown for a retry', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'stages.delete', stage: deal });
    expect(selectStagesDialog(actor.getSnapshot())).toBe('delete');
    actor.send({ type: 'stages.confirmDelete' });
    client.settle('stage_delete', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
    actor.send({ type: 'stages.confirmDelete' });
    client.settle('stage_delete', { data: { id: deal.id } });
    await flush();
    expect(emitted).toEqual([{ type: 'stages.deleted', id: deal.id, name: 'Deal' }]);
  });

  it('moves one stage at a time to the next place, and announces it', async () => {
    const { client, actor, emitted } = start();
    actor.send({ type: 'stages.move', stage: prospek, direction: 'up' });
    expect(client.calls).toEqual([]);
    actor.send({ type: 'stages.move', stage: penawaran, direction: 'up' });
    actor.send({ type: 'stages.move', stage: prospek, direction: 'down' });
    expect(selectReorderingId(actor.getSnapshot())).toBe(penawaran.id);
    expect(client.calls).toEqual([
      { name: 'stage_update', fields: { key: stageKey, id: penawaran.id, position: 0 } },
    ]);
    client.settle('stage_update', { data: { ...penawaran, position: 0 } });
    await flush();
    expect(emitted).toEqual([{ type: 'stages.moved', stage: { ...penawaran, position: 0 } }]);
    expect(selectReorderingId(actor.getSnapshot())).toBeNull();
  });

  it('runs the search after a pause in the typing, once', async () => {
    const { actor, emitted, delays } = start();
    actor.send({ type: 'stages.search', text: 'de' });
    actor.send({ type: 'stages.search', text: ' deal ' });
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'stages.searchSettled' } }]);
    expect(emitted).toEqual([]);
    delays.fire('stages.searchSettled');
    const payload = { act: 'stage_list', key: stageKey, search: 'deal' };
    expect(emitted).toEqual([{ type: 'stages.payload', payload }]);
    expect(selectStagesPayload(actor.getSnapshot())).toEqual(payload);
  });
});
