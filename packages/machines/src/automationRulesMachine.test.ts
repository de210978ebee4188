import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { grantAll } from '@sapa/sdk';
import type { AutomationRuleView } from '@sapa/sdk';
import {
  automationPermissions,
  automationRulesMachine,
  ruleDeletedPatch,
  ruleUpdatedPatch,
} from './automationRulesMachine.ts';
import type { AutomationRulesEmitted } from './automationRulesMachine.ts';
import { followAutomationRules } from './followAutomationRules.ts';
import { silentDelay } from './delay.ts';
import {
  automationKey,
  createFakeActivityPages,
  createFakeRulePages,
  followUpRule,
  nightRule,
  priceRule,
  priceRuleOff,
} from './paths/automationFixtures.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { createFakeClient } from './paths/fakes.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('automationRules', (get) => {
  it('asks the table for the search after the pause, and every rule again once cleared', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('rules page 1 search=harga');
    const cleared = get().runs.flatMap(({ run }) =>
      run.steps.filter((step) => step.event.type === 'automation.search' && step.event['text'] === ''),
    );
    expect(cleared.length).toBeGreaterThan(0);
  });

  it('announces each switch, delete, move and save, and a failure with its rule', () => {
    const effects = new Set(get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects)));
    for (const said of [
      'announces "Harga" off',
      'announces the switch of "Harga" failed',
      'announces "Harga" deleted',
      'announces "Harga" moved',
      'announces the move of "Harga" failed',
      'announces "Salam" created',
      'announces "Harga" saved',
    ])
      expect(effects).toContain(said);
  });

  it('sends the whole order with the moved rule one place down', () => {
    const orders = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .filter((call) => call.name === 'automation_rule_reorder')
      .map((call) => (call.fields as { ids: string[] }).ids);
    expect(orders.length).toBeGreaterThan(0);
    for (const ids of orders) expect(ids).toEqual([nightRule.id, priceRule.id]);
  });

  it("reads the rule's activity only while its log is open", () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain(`activity page 1 rule=${priceRule.id}`);
  });
});

function start(permissions: readonly string[]) {
  const client = createFakeClient();
  const effects: string[] = [];
  const actor = createActor(automationRulesMachine.provide({ actors: { delay: silentDelay } }), {
    input: {
      client,
      key: automationKey,
      kind: 'auto_reply',
      permissions,
      fetchPage: createFakeRulePages(effects),
      fetchActivity: createFakeActivityPages(effects),
    },
  });
  const emitted: AutomationRulesEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, client, effects, emitted };
}

const menus = grantAll().filter((key) => key.endsWith('.menu'));
const viewer = [...menus, 'crm.auto_replay.view'];

describe('automationRulesMachine', () => {
  it("follows the kind's permission keys: auto-division is the divisions' node", () => {
    expect(automationPermissions('auto_reply', viewer)).toEqual({
      menu: true,
      view: true,
      add: false,
      edit: false,
      remove: false,
      viewBroadcasts: false,
    });
    expect(automationPermissions('auto_division', viewer).view).toBe(false);
    expect(
      automationPermissions('auto_division', [...menus, 'crm.divisi.view', 'crm.divisi.edit']),
    ).toMatchObject({
      view: true,
      edit: true,
      add: false,
    });
  });

  it('takes no switch, move, add or delete from a member who may only view, and opens a rule read only', async () => {
    const { actor, client } = start(viewer);
    await flush();
    actor.send({ type: 'automation.switch', rule: priceRule, enabled: false });
    actor.send({ type: 'automation.move', rule: priceRule, direction: 'down' });
    actor.send({ type: 'automation.delete', rule: priceRule });
    actor.send({ type: 'automation.add' });
    expect(client.calls).toEqual([]);
    expect(
      actor.getSnapshot().matches({ editor: 'closed', remove: 'idle', switch: 'idle', order: 'idle' }),
    ).toBe(true);
    actor.send({ type: 'automation.edit', rule: priceRule });
    const editor = actor.getSnapshot().children.editor;
    expect(editor?.getSnapshot().context.maySave).toBe(false);
    actor.stop();
  });

  it("keeps a row's place by position, adds a new rule at the end of the last page, and drops a deleted one", () => {
    const where = { pageIndex: 0, pageSize: 10 };
    const movedDown = { ...priceRule, position: 1 };
    const movedUp = { ...nightRule, position: 0 };
    const once = ruleUpdatedPatch(movedDown)([priceRule, nightRule], where);
    expect(ruleUpdatedPatch(movedUp)(once, where).map((rule) => rule.name)).toEqual([
      'Di luar jam kerja',
      'Harga',
    ]);
    const added: AutomationRuleView = { ...priceRule, id: 'new', position: 2 };
    expect(ruleUpdatedPatch(added)([priceRule, nightRule], where)).toHaveLength(3);
    expect(ruleUpdatedPatch(added)([priceRule, nightRule], { pageIndex: 0, pageSize: 2 })).toHaveLength(2);
    expect(ruleDeletedPatch(priceRule.id)([priceRule, nightRule], where)).toEqual([nightRule]);
  });

  it("keeps which rule is its kind's last through live additions and deletions", () => {
    const where = { pageIndex: 0, pageSize: 10 };
    const added: AutomationRuleView = { ...priceRule, id: 'new', position: 2, last: true };
    const grown = ruleUpdatedPatch(added)([priceRule, nightRule], where);
    expect(grown.map((rule) => rule.last)).toEqual([false, false, true]);
    expect(ruleDeletedPatch('new')(grown, where).map((rule) => rule.last)).toEqual([false, true]);
    expect(ruleDeletedPatch(priceRule.id)([priceRule, nightRule], where)).toEqual([nightRule]);
  });

  it('takes no move up from the first rule or down from the last; a stale list still asks the server', async () => {
    const { actor, client } = start([...menus, 'crm.auto_replay.view', 'crm.auto_replay.edit']);
    await flush();
    actor.send({ type: 'automation.move', rule: priceRule, direction: 'up' });
    actor.send({ type: 'automation.move', rule: nightRule, direction: 'down' });
    expect(client.calls).toEqual([]);
    expect(actor.getSnapshot().matches({ order: 'idle' })).toBe(true);
    actor.send({ type: 'automation.move', rule: { ...nightRule, last: false }, direction: 'down' });
    expect(client.calls.map((call) => call.name)).toEqual(['automation_rule_list']);
    actor.stop();
  });

  it("follows the socket's rules of its project and kind only, and asks again on a resync", async () => {
    const { actor } = start([...menus, 'crm.auto_replay.view', 'crm.auto_replay.edit']);
    const source = createFakeEventSource();
    const resync = { handlers: [] as (() => void)[] };
    const stop = followAutomationRules(
      source,
      {
        on: (_type, handler) => {
          resync.handlers.push(handler);
          return { unsubscribe: () => undefined };
        },
      },
      automationKey,
      actor,
    );
    await flush();
    const table = actor.getSnapshot().children.table;
    const rows = () =>
      table?.getSnapshot().context.rows.map((rule) => `${rule.name}:${String(rule.enabled)}`);
    expect(rows()).toEqual(['Harga:true', 'Di luar jam kerja:false']);
    source.emit('automation.rule.updated', { key: 'other', rule: priceRuleOff });
    source.emit('automation.rule.updated', {
      key: automationKey,
      rule: { ...followUpRule, id: priceRule.id },
    });
    expect(rows()).toEqual(['Harga:true', 'Di luar jam kerja:false']);
    source.emit('automation.rule.updated', { key: automationKey, rule: priceRuleOff });
    expect(rows()).toEqual(['Harga:false', 'Di luar jam kerja:false']);
    source.emit('automation.rule.deleted', { key: automationKey, kind: 'auto_reply', ruleId: nightRule.id });
    expect(rows()).toEqual(['Harga:false']);
    stop();
    actor.stop();
  });

  it('keeps a refused delete on its confirmation for a retry', async () => {
    const { actor, client } = start([...menus, 'crm.auto_replay.view', 'crm.auto_replay.hapus']);
    actor.send({ type: 'automation.delete', rule: priceRule });
    actor.send({ type: 'automation.confirmDelete' });
    client.settle('automation_rule_delete', {
      error: { name: 'ApiError', reason: 'forbidden', message: 'Tidak boleh' },
    });
    await flush();
    expect(actor.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.deleteError?.message).toBe('Tidak boleh');
    actor.send({ type: 'automation.confirmDelete' });
    client.settle('automation_rule_delete', { data: { id: priceRule.id } });
    await flush();
    expect(actor.getSnapshot().matches({ remove: 'idle' })).toBe(true);
    actor.stop();
  });
});
