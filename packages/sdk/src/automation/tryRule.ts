/**
 * The editors' "try this rule" box: a sample customer message judged by `evaluateRule`, nothing
 * sent. The sample's defaults are the usual case (a known customer writing, no ad, no labels,
 * stage or division, the window open since they just wrote, no earlier auto-reply), so a preview
 * answers what the server would do with that message in such a conversation.
 */
import type { AdSource, AutomationOutcome } from '../contract/automationTypes.ts';
import type { WorkingDay } from '../contract/teamTypes.ts';
import { evaluateRule } from './evaluate.ts';
import type { AutomationContext, AutomationConversation, EvaluableRule } from './evaluate.ts';

/** A sample message to try rules on; only `text` and `at` are needed. */
export interface RuleSample {
  text: string;
  /** When it arrives (out-of-hours rules depend on it). */
  at: Date;
  newCustomer?: boolean;
  adSource?: AdSource | null;
  broadcastId?: string | null;
  /** The conversation it arrives in; unset fields take the defaults. */
  conversation?: Partial<AutomationConversation>;
}

/** The context `evaluateRule` judges a sample in. */
export function sampleContext(
  sample: RuleSample,
  project: { timeZone: string; workingHours: readonly WorkingDay[] },
): AutomationContext {
  return {
    event: {
      kind: 'message',
      author: 'customer',
      text: sample.text,
      newCustomer: sample.newCustomer ?? false,
      adSource: sample.adSource ?? null,
      broadcastId: sample.broadcastId ?? null,
    },
    now: sample.at,
    conversation: {
      accountId: '',
      labelIds: [],
      stageId: null,
      divisionId: null,
      adSource: null,
      windowOpen: true,
      ...sample.conversation,
    },
    project,
  };
}

/** What `rule` would do with the sample message (the quiet period is not tried: no earlier reply). */
export function tryRule(
  rule: EvaluableRule,
  sample: RuleSample,
  project: { timeZone: string; workingHours: readonly WorkingDay[] },
): AutomationOutcome {
  return evaluateRule(rule, sampleContext(sample, project));
}
