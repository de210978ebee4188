/**
 * Telling the members who may view a kind of automation rule (the `automation:<key>:<kind>`
 * room) that one of its rules changed, once the change has committed: `automation.rule.updated`
 * with the rule as its screen lists it (created, edited, switched, moved), or
 * `automation.rule.deleted`.
 */
import type { Published } from '../realtime/Publisher.ts';
import type { AutomationRuleKind, AutomationRuleView } from '../sdk.ts';

export function ruleUpdated(key: string, rule: AutomationRuleView): Published<'automation.rule.updated'> {
  return {
    audience: { automation: key, kind: rule.kind },
    event: 'automation.rule.updated',
    payload: { key, rule },
  };
}

export function ruleDeleted(
  key: string,
  kind: AutomationRuleKind,
  ruleId: string,
): Published<'automation.rule.deleted'> {
  return {
    audience: { automation: key, kind },
    event: 'automation.rule.deleted',
    payload: { key, kind, ruleId },
  };
}
