import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { messages } from '@sapa/sdk';
import {
  automationRuleEditorMachine,
  selectEditorBusy,
  selectRuleFieldErrors,
  selectRuleOffers,
  selectTrial,
} from './automationRuleEditorMachine.ts';
import { automationKey, followUpRule, priceRule, priceTried } from './paths/automationFixtures.ts';
import { createFakeClient } from './paths/fakes.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('automationRuleEditor', (get) => {
  it("puts the draft's own errors and the server's on their fields, each gone once its field changes", () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const emptySaves = steps
      .filter((step) => step.event.type === 'editor.save')
      .map((step) =>
        Object.keys(selectRuleFieldErrors(step.snapshot as never))
          .sort()
          .join(' '),
      );
    expect(emptySaves).toContain('rule.actions.0.text rule.name');
    const refused = steps.find(
      (step) =>
        step.event.type === 'xstate.error.actor.save' &&
        (step.event['error'] as { reason: string }).reason === 'invalid_input',
    );
    expect(selectRuleFieldErrors(refused?.snapshot as never)).toEqual({
      'rule.name': { message: 'Sudah ada aturan bernama ini.' },
    });
  });

  it('creates a new rule and updates a stored one, and the read-only member stores nothing', () => {
    const calls = get().runs.flatMap(({ path, run }) =>
      run.world.client.calls.map((call) => `${path.start}:${call.name}`),
    );
    expect(calls).toContain('0:automation_rule_create');
    expect(calls).not.toContain('1:automation_rule_create');
    expect(calls).not.toContain('1:automation_rule_update');
  });

  it("tries the draft as it stands with the sample, a new customer's when asked", () => {
    const tries = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .filter((call) => call.name === 'automation_rule_try')
      .map(
        (call) => call.fields as { rule: { kind: string }; sample: { text: string; newCustomer?: boolean } },
      );
    expect(tries.some((fields) => fields.sample.newCustomer === true)).toBe(true);
    for (const fields of tries) expect(fields.sample.text).toBe('berapa harganya?');
    expect(new Set(tries.map((fields) => fields.rule.kind))).toEqual(new Set(['auto_reply', 'follow_up']));
  });
});

function open(rule: typeof followUpRule | null, kind = rule?.kind ?? 'auto_reply') {
  const client = createFakeClient();
  const actor = createActor(automationRuleEditorMachine, {
    input: { client, key: automationKey, kind, rule, maySave: true },
  });
  actor.start();
  return { actor, client };
}

describe('automationRuleEditorMachine', () => {
  it("offers only the kind's triggers and actions", () => {
    const { actor } = open(null, 'auto_division');
    const offers = selectRuleOffers(actor.getSnapshot());
    expect(offers.triggers).toContain('label_added');
    expect(offers.triggers).not.toContain('outside_working_hours');
    // The rule starts with its division; assigning a division twice is not offered.
    expect(offers.actions).toEqual(['assign_agent', 'notify']);
    expect(offers.step).toBe(false);
    actor.stop();
  });

  it('keeps an edited stored rule, and ends with it once the update is stored', async () => {
    const { actor, client } = open(priceRule);
    actor.send({ type: 'editor.edit', edit: { op: 'quietPeriod', minutes: 30 } });
    actor.send({ type: 'editor.save' });
    expect(selectEditorBusy(actor.getSnapshot())).toBe(true);
    const update = client.pending().find((call) => call.name === 'automation_rule_update');
    expect(update?.fields).toMatchObject({
      id: priceRule.id,
      rule: { quietPeriodMinutes: 30, name: 'Harga' },
    });
    client.settle('automation_rule_update', { data: { ...priceRule, quietPeriodMinutes: 30 } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toMatchObject({ id: priceRule.id, quietPeriodMinutes: 30 });
  });

  it('checks keywords on a trigger without a message, with the SDK text for it', () => {
    const { actor } = open(null, 'auto_stage');
    actor.send({ type: 'editor.edit', edit: { op: 'name', name: 'Tanya harga' } });
    actor.send({ type: 'editor.edit', edit: { op: 'addCondition', kind: 'keyword' } });
    actor.send({
      type: 'editor.edit',
      edit: {
        op: 'condition',
        index: 0,
        condition: { kind: 'keyword', mode: 'contains', keywords: ['harga'] },
      },
    });
    actor.send({ type: 'editor.edit', edit: { op: 'triggerKind', kind: 'label_added' } });
    actor.send({ type: 'editor.save' });
    const errors = selectRuleFieldErrors(actor.getSnapshot());
    const keyword = Object.values(errors).find(
      (error) => 'key' in error && error.key.includes('needs_message'),
    );
    expect(keyword).toEqual({ key: 'automation.rule.needs_message_trigger' });
    expect(messages.en['automation.rule.needs_message_trigger']).toBeDefined();
    // Back to a customer's message: the keyword's error goes with the trigger change.
    actor.send({ type: 'editor.edit', edit: { op: 'triggerKind', kind: 'customer_message' } });
    expect(
      Object.keys(selectRuleFieldErrors(actor.getSnapshot())).some((path) =>
        path.startsWith('rule.conditions'),
      ),
    ).toBe(false);
    actor.stop();
  });

  it("asks for a step's fallback template once switched on, and drops its error when switched off", () => {
    const { actor } = open(null, 'follow_up');
    actor.send({ type: 'editor.edit', edit: { op: 'name', name: 'Susulan' } });
    actor.send({ type: 'editor.edit', edit: { op: 'stepFallback', index: 0, on: true } });
    actor.send({ type: 'editor.save' });
    const errors = selectRuleFieldErrors(actor.getSnapshot());
    expect(errors['rule.steps.0.fallback.templateId']).toEqual({ key: 'validation.required' });
    actor.send({ type: 'editor.edit', edit: { op: 'stepFallback', index: 0, on: false } });
    expect(
      Object.keys(selectRuleFieldErrors(actor.getSnapshot())).some((path) =>
        path.startsWith('rule.steps.0.fallback'),
      ),
    ).toBe(false);
    const draft = actor.getSnapshot().context.draft;
    expect(draft.kind === 'follow_up' && draft.steps[0]?.fallback).toBeUndefined();
    actor.stop();
  });

  it('keeps the sample typed while a try runs, and shows the newest answer', async () => {
    const { actor, client } = open(followUpRule);
    actor.send({ type: 'editor.sample', text: 'halo' });
    actor.send({ type: 'editor.try' });
    actor.send({ type: 'editor.sample', text: 'halo kak' });
    expect(selectTrial(actor.getSnapshot())).toMatchObject({ sample: 'halo kak', trying: true });
    client.settle('automation_rule_try', { data: priceTried });
    await flush();
    expect(selectTrial(actor.getSnapshot())).toMatchObject({
      trying: false,
      result: priceTried,
      error: null,
    });
    actor.stop();
  });
});
