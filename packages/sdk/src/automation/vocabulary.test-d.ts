import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { evaluateRule } from '../index.ts';
import type {
  automationRuleDraftField,
  ActionOf,
  AutomationOutcome,
  AutomationRuleDraft,
  AutomationSkipReason,
  AutomationConditionKind,
  TriggerOf,
} from '../index.ts';

describe('the automation vocabulary', () => {
  it('derives each kind’s triggers and actions from ruleVocabulary', () => {
    expectTypeOf<TriggerOf<'follow_up'>['kind']>().toEqualTypeOf<'customer_message' | 'stage_entered'>();
    expectTypeOf<ActionOf<'auto_stage'>['kind']>().toEqualTypeOf<'set_stage' | 'add_label' | 'notify'>();
    expectTypeOf<ActionOf<'follow_up'>>().toBeNever();
  });

  it('has a mismatch reason for every condition kind', () => {
    expectTypeOf<`${AutomationConditionKind}_mismatch`>().toExtend<AutomationSkipReason>();
  });

  it('parses a draft into the draft type the engine judges', () => {
    expectTypeOf<z.output<typeof automationRuleDraftField>>().toEqualTypeOf<AutomationRuleDraft>();
    expectTypeOf(evaluateRule).returns.toEqualTypeOf<AutomationOutcome>();
  });
});
