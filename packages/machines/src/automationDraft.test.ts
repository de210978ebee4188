import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_STEPS_MAX,
  automationRuleKinds,
  automationRuleDraftField,
  ruleVocabulary,
} from '@sapa/sdk';
import type { AutomationRuleDraft } from '@sapa/sdk';
import {
  applyRuleEdit,
  checkRuleDraft,
  clearFieldErrors,
  draftOfRule,
  editedField,
  emptyRuleDraft,
  movedRuleOrder,
  ruleOffers,
  serverRuleErrors,
  valueSourcesFor,
  withTemplate,
} from './automationDraft.ts';
import { followUpRule, priceRule } from './paths/automationFixtures.ts';
import { orderUpdate, promo } from './paths/templateFixtures.ts';

describe('automation draft rules', () => {
  it.each(automationRuleKinds)(
    "starts a %s with the kind's first trigger and, named and filled, passes the SDK's check",
    (kind) => {
      const draft = emptyRuleDraft(kind);
      expect(ruleVocabulary[kind].triggers).toContain(draft.trigger.kind);
      expect(Object.keys(checkRuleDraft(draft))).toContain('rule.name');
      expect(automationRuleDraftField.safeParse(draft).success).toBe(false);
    },
  );

  it('gives a stored rule back as the draft the update act takes', () => {
    expect(automationRuleDraftField.safeParse(draftOfRule(priceRule)).success).toBe(true);
    expect(draftOfRule(followUpRule)).not.toHaveProperty('position');
    expect(checkRuleDraft(draftOfRule(followUpRule))).toEqual({});
  });

  it('refuses edits the kind does not offer, and adds a held-once action only once', () => {
    const reply = emptyRuleDraft('auto_reply');
    expect(applyRuleEdit(reply, { op: 'triggerKind', kind: 'stage_entered' })).toBe(reply);
    expect(applyRuleEdit(reply, { op: 'addAction', kind: 'assign_division' })).toBe(reply);
    const stage = emptyRuleDraft('auto_stage');
    expect(ruleOffers(stage).actions).not.toContain('set_stage');
    expect(applyRuleEdit(stage, { op: 'addAction', kind: 'set_stage' })).toBe(stage);
    const labelled = applyRuleEdit(stage, { op: 'addAction', kind: 'add_label' });
    expect(labelled.kind === 'auto_stage' && labelled.actions.map((action) => action.kind)).toEqual([
      'set_stage',
      'add_label',
    ]);
  });

  it('offers keywords only with a message trigger', () => {
    const reply = emptyRuleDraft('auto_division');
    expect(ruleOffers(reply).conditions).toContain('keyword');
    const onLabel = applyRuleEdit(reply, { op: 'triggerKind', kind: 'label_added' });
    expect(onLabel.trigger).toEqual({ kind: 'label_added', labelId: null });
    expect(ruleOffers(onLabel).conditions).not.toContain('keyword');
  });

  it('adds follow-up steps later than the last, up to the limit, and keeps one', () => {
    let draft = emptyRuleDraft('follow_up');
    expect(applyRuleEdit(draft, { op: 'removeStep', index: 0 })).toBe(draft);
    for (let index = 1; index < FOLLOW_UP_STEPS_MAX + 3; index += 1)
      draft = applyRuleEdit(draft, { op: 'addStep' });
    expect(draft.kind === 'follow_up' && draft.steps.length).toBe(FOLLOW_UP_STEPS_MAX);
    expect(ruleOffers(draft).step).toBe(false);
    const named = applyRuleEdit(draft, { op: 'name', name: 'Susulan' });
    const filled =
      named.kind === 'follow_up'
        ? {
            ...named,
            steps: named.steps.map((step) => ({
              ...step,
              message: { kind: 'send_text' as const, text: 'Halo' },
            })),
          }
        : named;
    expect(checkRuleDraft(filled)).toEqual({});
  });

  it('gives a free-form step a fallback template, never a template step, and checks it', () => {
    const draft = emptyRuleDraft('follow_up');
    const on = applyRuleEdit(draft, { op: 'stepFallback', index: 0, on: true });
    const stepOf = (rule: typeof draft) => (rule.kind === 'follow_up' ? rule.steps[0] : undefined);
    expect(stepOf(on)?.fallback).toEqual({ kind: 'send_template', templateId: '', values: { body: [] } });
    // Picked but empty: the template is wanted, on the fallback's own field.
    expect(checkRuleDraft(on)['rule.steps.0.fallback.templateId']).toEqual({ key: 'validation.required' });
    expect(stepOf(applyRuleEdit(on, { op: 'stepFallback', index: 0, on: false }))?.fallback).toBeUndefined();
    // The message turned into a template: its fallback goes, and none may be added.
    const step = stepOf(on);
    if (step === undefined) throw new Error('one step');
    const template = { kind: 'send_template' as const, templateId: '', values: { body: [] } };
    const templated = applyRuleEdit(on, { op: 'step', index: 0, step: { ...step, message: template } });
    expect(stepOf(templated)).toEqual({ delay: step.delay, message: template });
    expect(
      stepOf(applyRuleEdit(templated, { op: 'stepFallback', index: 0, on: true }))?.fallback,
    ).toBeUndefined();
    // A stored fallback on a template step (from elsewhere) is the schema's coded error.
    const wrong = { ...templated, steps: [{ delay: step.delay, message: template, fallback: template }] };
    expect(checkRuleDraft(wrong as typeof draft)['rule.steps.0.fallback']).toEqual({
      key: 'automation.rule.fallback_not_needed',
    });
  });

  it("clears a field's errors and those inside it", () => {
    const errors = {
      'rule.name': { key: 'validation.required' },
      'rule.conditions.0.keywords.1': { key: 'automation.rule.duplicate' },
      'rule.actions.0.text': { key: 'validation.required' },
    };
    expect(Object.keys(clearFieldErrors(errors, 'rule.conditions.0'))).toEqual([
      'rule.name',
      'rule.actions.0.text',
    ]);
    expect(Object.keys(clearFieldErrors(errors, 'rule.trigger'))).toEqual([
      'rule.name',
      'rule.actions.0.text',
    ]);
    expect(serverRuleErrors({ reason: 'invalid_input', errors: { 'rule.name': 'Terlalu panjang' } })).toEqual(
      {
        'rule.name': { message: 'Terlalu panjang' },
      },
    );
  });

  it("starts a picked template's values as a broadcast's, and leaves an unknown one without values", () => {
    const empty = { kind: 'send_template' as const, templateId: '', values: { body: [] } };
    expect(withTemplate(empty, promo.id, promo).values).toEqual({
      body: [{ source: 'fixed', value: '', fallback: '' }],
      headerMediaId: '',
    });
    expect(withTemplate(empty, 'gone', undefined)).toEqual({ ...empty, templateId: 'gone' });
  });

  it("changes where a template value comes from, as the slot allows, on an action's, a step's or a fallback's template", () => {
    const order = withTemplate(
      { kind: 'send_template', templateId: '', values: { body: [] } },
      orderUpdate.id,
      orderUpdate,
    );
    // `{Kota}` starts as the customer's field "Kota"; the link's suffix as a fixed text.
    expect(order.values.body[0]).toEqual({ source: 'field', value: 'Kota', fallback: '' });
    expect(valueSourcesFor({ field: 'body', index: 0 })).toEqual(['fixed', 'name', 'phone', 'field']);
    expect(valueSourcesFor({ field: 'buttonUrl' })).toEqual(['fixed', 'phone', 'field']);
    const reply = { ...emptyRuleDraft('auto_reply'), actions: [order] } as AutomationRuleDraft;
    const at = { in: 'action', index: 0 } as const;
    const fixed = applyRuleEdit(reply, {
      op: 'valueSource',
      at,
      slot: { field: 'body', index: 0 },
      source: 'fixed',
    });
    const valuesOf = (draft: AutomationRuleDraft) =>
      draft.kind === 'auto_reply' && draft.actions[0]?.kind === 'send_template'
        ? draft.actions[0].values
        : undefined;
    // The field's name goes with its source: a fixed text starts empty.
    expect(valuesOf(fixed)?.body[0]).toEqual({ source: 'fixed', value: '', fallback: '' });
    const phone = applyRuleEdit(fixed, {
      op: 'valueSource',
      at,
      slot: { field: 'buttonUrl' },
      source: 'phone',
    });
    expect(valuesOf(phone)?.buttonUrl).toEqual({ source: 'phone', value: '', fallback: '' });
    // A link's suffix never from a name; a slot the template lacks; the same source: unchanged.
    expect(
      applyRuleEdit(phone, { op: 'valueSource', at, slot: { field: 'buttonUrl' }, source: 'name' }),
    ).toBe(phone);
    expect(applyRuleEdit(phone, { op: 'valueSource', at, slot: { field: 'header' }, source: 'name' })).toBe(
      phone,
    );
    expect(
      applyRuleEdit(phone, {
        op: 'valueSource',
        at: { in: 'action', index: 3 },
        slot: { field: 'buttonUrl' },
        source: 'fixed',
      }),
    ).toBe(phone);
    expect(editedField({ op: 'valueSource', at, slot: { field: 'body', index: 0 }, source: 'name' })).toBe(
      'rule.actions.0.values.body.0',
    );
    // A follow-up: the step's own template, and a free-form step's fallback.
    const followUp = emptyRuleDraft('follow_up');
    if (followUp.kind !== 'follow_up') throw new Error('a follow-up');
    const [first] = followUp.steps;
    if (first === undefined) throw new Error('one step');
    const steps = {
      ...followUp,
      steps: [
        { ...first, message: order },
        { ...first, message: { kind: 'send_text' as const, text: 'Halo' }, fallback: order },
      ],
    };
    const named = applyRuleEdit(steps, {
      op: 'valueSource',
      at: { in: 'step', index: 0 },
      slot: { field: 'body', index: 0 },
      source: 'name',
    });
    const fallback = applyRuleEdit(named, {
      op: 'valueSource',
      at: { in: 'fallback', index: 1 },
      slot: { field: 'body', index: 0 },
      source: 'phone',
    });
    const stepValues = fallback.kind === 'follow_up' ? fallback.steps : [];
    expect(stepValues[0]?.message.kind === 'send_template' && stepValues[0].message.values.body[0]).toEqual({
      source: 'name',
      value: '',
      fallback: '',
    });
    expect(stepValues[1]?.fallback?.values.body[0]).toEqual({ source: 'phone', value: '', fallback: '' });
    // A text step has no template to change.
    expect(
      applyRuleEdit(fallback, {
        op: 'valueSource',
        at: { in: 'step', index: 1 },
        slot: { field: 'body', index: 0 },
        source: 'fixed',
      }),
    ).toBe(fallback);
    expect(
      editedField({
        op: 'valueSource',
        at: { in: 'fallback', index: 1 },
        slot: { field: 'header' },
        source: 'name',
      }),
    ).toBe('rule.steps.1.fallback.values.header');
  });

  it('moves a rule one place in the whole order, not past either end', () => {
    expect(movedRuleOrder(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(movedRuleOrder(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(movedRuleOrder(['a', 'b'], 'a', 'up')).toBeNull();
    expect(movedRuleOrder(['a', 'b'], 'b', 'down')).toBeNull();
    expect(movedRuleOrder(['a'], 'x', 'down')).toBeNull();
  });
});
