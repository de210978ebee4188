import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll } from '@sapa/sdk';
import {
  checkDivision,
  cleanDivision,
  divisionActAccess,
  divisionPermissions,
  divisionTablePayload,
  matchNames,
} from './divisionActors.ts';
import {
  divisionsMachine,
  selectDivisionMembersActor,
  selectDivisionSearch,
  selectDivisionsDialog,
  selectDivisionTable,
} from './divisionsMachine.ts';
import type { DivisionsEmitted } from './divisionsMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  ani,
  createFakeDivisionPages,
  divisionKey,
  gudang,
  nameTaken,
  projectDivisions,
  refused,
  sales,
  support,
} from './paths/divisionFixtures.ts';
import { flush } from './paths/replay.ts';
import {
  allEffects,
  expectTableAskedAfterSaveAndDelete,
  itSavesNewAndEdited,
  itShowsServerFieldErrors,
} from './testing/crudChecks.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import { manualDelays } from './testing/delays.ts';

modelSuite('divisions', (get) => {
  itSavesNewAndEdited(get, 'division', {
    created: { name: 'division_create', fields: { key: divisionKey, name: 'Gudang', color: '#8e24aa' } },
    updated: {
      name: 'division_update',
      fields: { key: divisionKey, id: sales.id, name: 'Penjualan Online', color: sales.color },
    },
  });

  itShowsServerFieldErrors(get, {
    submit: 'divisions.save',
    taken: nameTaken,
    message: 'Divisi dengan nama ini sudah ada.',
    dialog: selectDivisionsDialog,
  });

  it('asks the table again after a save, a delete and the members closing, and for a new search', () => {
    expectTableAskedAfterSaveAndDelete(get, 'the table asks page 1');
    const closing = runsThrough(get(), ['divisions.members', 'divisions.cancel']);
    expect(closing.length).toBeGreaterThan(0);
    for (const { run } of closing) {
      const close = run.steps.findLast((s) => s.event.type === 'divisions.cancel');
      expect(close?.effects).toEqual(['the table asks page 1']);
    }
    expect(allEffects(get)).toContain('the table asks page 1, search "jual"');
  });

  it('starts the members of the division it opens, for the owner who may change them', () => {
    const runs = runsThrough(get(), ['divisions.members']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const calls = run.world.client.calls.filter((call) => call.name === 'division_member_list');
      expect(calls).toEqual([
        { name: 'division_member_list', fields: { key: divisionKey, divisionId: sales.id } },
      ]);
    }
  });
});

function start(canManageMembers = true) {
  const client = createFakeClient();
  const effects: string[] = [];
  const delays = manualDelays();
  const actor = createActor(divisionsMachine.provide({ actors: { delay: delays.delay } }), {
    input: {
      client,
      key: divisionKey,
      fetchPage: createFakeDivisionPages(effects),
      canManageMembers,
      searchDebounceMs: 5,
    },
  });
  const emitted: DivisionsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { client, actor, effects, emitted, delays };
}

describe('divisions rules', () => {
  it('runs the table as its child and sends it a search after the pause', async () => {
    const { actor, effects, delays } = start();
    await flush();
    expect(selectDivisionTable(actor.getSnapshot())?.getSnapshot().context.rows).toEqual(projectDivisions);
    actor.send({ type: 'divisions.search', text: ' pen' });
    actor.send({ type: 'divisions.search', text: ' penj ' });
    expect(selectDivisionSearch(actor.getSnapshot())).toBe('penj');
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'divisions.searchSettled' } }]);
    expect(effects).toEqual(['the table asks page 1']);
    delays.fire('divisions.searchSettled');
    expect(effects).toEqual(['the table asks page 1', 'the table asks page 1, search "penj"']);
    await flush();
    expect(selectDivisionTable(actor.getSnapshot())?.getSnapshot().context.rows).toEqual([sales]);
    actor.send({ type: 'divisions.search', text: '' });
    expect(effects.slice(2)).toEqual(['the table asks page 1']);
  });

  it('checks the form before saving, and announces a new division', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'divisions.add' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', color: '#1e88e5' });
    actor.send({ type: 'divisions.color', value: 'ungu' });
    actor.send({ type: 'divisions.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { key: 'validation.required' },
      color: { key: 'validation.color' },
    });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'divisions.name', value: '  Gudang ' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['color']);
    actor.send({ type: 'divisions.color', value: '#8E24AA' });
    actor.send({ type: 'divisions.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(client.pending()).toEqual([
      { name: 'division_create', fields: { key: divisionKey, name: 'Gudang', color: '#8e24aa' } },
    ]);
    client.settle('division_create', { data: gudang });
    await flush();
    expect(selectDivisionsDialog(actor.getSnapshot())).toBe('closed');
    expect(emitted).toEqual([{ type: 'divisions.saved', division: gudang, created: true }]);
  });

  it('keeps what was typed when the name is taken or the server is not reached', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'divisions.edit', division: support });
    actor.send({ type: 'divisions.name', value: 'penjualan' });
    actor.send({ type: 'divisions.save' });
    client.settle('division_update', { error: nameTaken });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors.name).toEqual({
      message: 'Divisi dengan nama ini sudah ada.',
    });
    expect(actor.getSnapshot().context.draft.name).toBe('penjualan');
    actor.send({ type: 'divisions.save' });
    client.settle('division_update', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.saveError?.reason).toBe('network');
    expect(selectDivisionsDialog(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'divisions.cancel' });
    expect(actor.getSnapshot().context.editing).toBeNull();
    expect(actor.getSnapshot().context.saveError).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('deletes after a confirmation, keeping the division and the error when refused', async () => {
    const { actor, client, emitted } = start();
    actor.send({ type: 'divisions.delete', division: support });
    expect(selectDivisionsDialog(actor.getSnapshot())).toBe('delete');
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'divisions.confirmDelete' });
    client.settle('division_delete', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
    expect(actor.getSnapshot().context.deleteTarget).toEqual(support);
    actor.send({ type: 'divisions.confirmDelete' });
    expect(client.pending()).toEqual([
      { name: 'division_delete', fields: { key: divisionKey, id: support.id } },
    ]);
    client.settle('division_delete', { data: { id: support.id } });
    await flush();
    expect(emitted).toEqual([{ type: 'divisions.deleted', id: support.id, name: 'Layanan' }]);
  });

  it('opens the members as a child that may not change them without crm.divisi.add_user', async () => {
    const { actor, client, effects } = start(false);
    await flush();
    actor.send({ type: 'divisions.members', division: sales });
    expect(selectDivisionsDialog(actor.getSnapshot())).toBe('members');
    const members = selectDivisionMembersActor(actor.getSnapshot());
    expect(members?.getSnapshot().context).toMatchObject({ division: sales, canChange: false });
    client.settle('division_member_list', { data: [ani] });
    await flush();
    members?.send({ type: 'memberPicker.open' });
    members?.send({ type: 'divisionMembers.remove', userId: ani.userId });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'divisions.cancel' });
    expect(selectDivisionMembersActor(actor.getSnapshot())).toBeUndefined();
    expect(effects).toEqual(['the table asks page 1', 'the table asks page 1']);
  });
});

describe('division rules', () => {
  it('checks names and colours, and cleans what is sent', () => {
    expect(checkDivision({ name: '  Gudang ', color: ' #8E24AA ' })).toEqual({});
    expect(checkDivision({ name: 'x'.repeat(51), color: '#12' })).toEqual({
      name: { key: 'divisions.form.nameMax' },
      color: { key: 'validation.color' },
    });
    expect(checkDivision({ name: '   ', color: '#123456' })).toEqual({
      name: { key: 'validation.required' },
    });
    expect(cleanDivision({ name: '  Gudang ', color: ' #8E24AA ' })).toEqual({
      name: 'Gudang',
      color: '#8e24aa',
    });
  });

  it('builds the table payload and matches words of names', () => {
    expect(divisionTablePayload(divisionKey, '')).toEqual({ act: 'division_list', key: divisionKey });
    expect(divisionTablePayload(divisionKey, 'jual')).toEqual({
      act: 'division_list',
      key: divisionKey,
      search: 'jual',
    });
    const people = [{ name: 'Citra Dewi' }, { name: 'Dodi' }];
    expect(matchNames(people, 'DEW cit')).toEqual([{ name: 'Citra Dewi' }]);
    expect(matchNames(people, ' ')).toEqual(people);
  });

  it.each(Object.entries(divisionActAccess))('repeats the contract access of %s', (name, access) => {
    expect(acts[name as keyof typeof acts].access).toEqual(access);
  });

  it('reads what a member may do with divisions', () => {
    expect(divisionPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
      manageMembers: true,
      setOnConversation: true,
      clearOnConversation: true,
    });
    expect(
      divisionPermissions(['crm.menu', 'crm.chat.menu', 'crm.chat.view', 'crm.chat.delete_divisi']),
    ).toEqual({
      menu: false,
      view: false,
      add: false,
      edit: false,
      remove: false,
      manageMembers: false,
      setOnConversation: false,
      clearOnConversation: true,
    });
  });
});
