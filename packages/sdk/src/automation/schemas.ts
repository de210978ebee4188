/**
 * Zod schemas of automation rules as acts receive them: `automationRuleDraftField` checks the
 * shape and limits (`limits.ts`) of each part, then the rules that span parts, from the one
 * vocabulary table (`ruleVocabulary`): a kind's triggers and actions, the action it needs, actions
 * held once, keywords only with a message trigger, follow-up delays that grow. Problems are
 * reported on the field they are about (`['conditions', 0, 'keywords', 2]`) with a code as the
 * message, as the contract's other fields do:
 * - `empty`: a keyword with nothing left once normalised (only punctuation or emoji);
 * - `duplicate`: a keyword, id or single action given twice;
 * - `too_long` / `too_short`: a delay beyond `AUTOMATION_DELAY_MAX_DAYS`, a no-reply delay of 0;
 * - `not_for_kind`: a trigger or action the rule's kind does not offer;
 * - `missing_action`: none of the actions the kind needs (`ruleVocabulary[kind].needs`);
 * - `needs_message_trigger`: a keyword condition on a trigger without a message;
 * - `required`: `notify` to `members` without any;
 * - `not_after_previous`: a follow-up step not later than the one before;
 * - `fallback_not_needed`: a fallback template on a step that is a template itself (it goes
 *   whatever the window);
 * - `not_template`: a step's fallback that is not a template.
 * Each such issue carries `params.automationRule` (and `params.limit` for a delay too long), so
 * the server's field errors read `automation.rule.<code>` for it, as template rules read theirs.
 */
import { z } from 'zod';
import type { AutomationRuleDraft } from '../contract/automationTypes.ts';
import {
  adSourceKinds,
  agentAssignmentStrategies,
  delayUnits,
  keywordMatchModes,
  messageTriggerKinds,
  notifyRecipientKinds,
  ruleVocabulary,
  singleActionKinds,
} from '../contract/automationTypes.ts';
import { broadcastValuesField } from '../contract/broadcastActs.ts';
import { delayMinutes } from './delay.ts';
import { needsOpenWindow } from './evaluate.ts';
import { normalizeKeyword } from './keywords.ts';
import {
  AUTOMATION_ACTIONS_MAX,
  AUTOMATION_CAPTION_MAX,
  AUTOMATION_CONDITIONS_MAX,
  AUTOMATION_DELAY_MAX_DAYS,
  AUTOMATION_IDS_MAX,
  AUTOMATION_KEYWORD_MAX_LENGTH,
  AUTOMATION_KEYWORDS_MAX,
  AUTOMATION_NOTE_MAX,
  AUTOMATION_QUIET_PERIOD_MAX_MINUTES,
  AUTOMATION_QUIET_PERIOD_MIN_MINUTES,
  AUTOMATION_REASSIGN_MAX_MINUTES,
  AUTOMATION_RULE_NAME_MAX,
  AUTOMATION_TEXT_MAX,
  FOLLOW_UP_STEPS_MAX,
} from './limits.ts';

const id = z.uuid();

/** Marks an issue as one of the codes above (`params.automationRule`). */
const RULE_ISSUE = { automationRule: true } as const;

/** Issues at the index of each repeated value (by `keyOf`), after its first. */
function flagDuplicates<T>(values: readonly T[], ctx: z.RefinementCtx, keyOf: (value: T) => string = String) {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = keyOf(value);
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: [index], message: 'duplicate', params: RULE_ISSUE });
    }
    seen.add(key);
  });
}

/** Project rows: 1 to `AUTOMATION_IDS_MAX` ids, each once. */
const idList = z
  .array(id)
  .min(1)
  .max(AUTOMATION_IDS_MAX)
  .superRefine((ids, ctx) => flagDuplicates(ids, ctx));

/** A delay: a whole amount of minutes, hours or days, at most `AUTOMATION_DELAY_MAX_DAYS`. */
export const automationDelayField = z
  .object({ amount: z.number().int().min(0), unit: z.enum(delayUnits) })
  .refine((delay) => delayMinutes(delay) <= AUTOMATION_DELAY_MAX_DAYS * 1_440, {
    path: ['amount'],
    message: 'too_long',
    params: { ...RULE_ISSUE, limit: AUTOMATION_DELAY_MAX_DAYS },
  });

/** A no-reply trigger's delay: not nothing (a negative amount is the amount's own problem). */
const waitField = automationDelayField.refine((delay) => delay.amount !== 0, {
  path: ['amount'],
  message: 'too_short',
  params: RULE_ISSUE,
});

export const automationTriggerField = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('customer_message') }),
  z.object({ kind: z.literal('new_customer') }),
  z.object({ kind: z.literal('ad_message') }),
  z.object({ kind: z.literal('broadcast_reply'), broadcastId: id.nullable() }),
  z.object({ kind: z.literal('outside_working_hours') }),
  z.object({ kind: z.literal('label_added'), labelId: id.nullable() }),
  z.object({ kind: z.literal('stage_entered'), stageId: id.nullable() }),
  z.object({ kind: z.literal('no_agent_reply'), after: waitField }),
  z.object({ kind: z.literal('no_customer_reply'), after: waitField }),
]);

/** A keyword as typed (trimmed), with something left once normalised. */
const keywordField = z
  .string()
  .trim()
  .min(1)
  .max(AUTOMATION_KEYWORD_MAX_LENGTH)
  // Blank is `min`'s problem; punctuation or emoji alone is this one.
  .refine((keyword) => keyword === '' || normalizeKeyword(keyword) !== '', {
    message: 'empty',
    params: RULE_ISSUE,
  });

/** Meta's ad ids (digits) and Sapa's link and campaign ids (uuids). */
const adSourceId = z
  .string()
  .trim()
  .regex(/^[\w-]{1,64}$/);

export const automationConditionField = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), accountIds: idList }),
  z.object({
    kind: z.literal('keyword'),
    mode: z.enum(keywordMatchModes),
    keywords: z
      .array(keywordField)
      .min(1)
      .max(AUTOMATION_KEYWORDS_MAX)
      .superRefine((keywords, ctx) => flagDuplicates(keywords, ctx, normalizeKeyword)),
  }),
  z.object({ kind: z.literal('label'), labelIds: idList }),
  z.object({ kind: z.literal('stage'), stageIds: idList }),
  z.object({ kind: z.literal('division'), divisionIds: idList }),
  z.object({
    kind: z.literal('ad_source'),
    source: z.enum([...adSourceKinds, 'any'] as const),
    ids: z
      .array(adSourceId)
      .max(AUTOMATION_IDS_MAX)
      .superRefine((ids, ctx) => flagDuplicates(ids, ctx)),
  }),
]);

const sendText = z.object({
  kind: z.literal('send_text'),
  text: z.string().trim().min(1).max(AUTOMATION_TEXT_MAX),
});
const sendMedia = z.object({
  kind: z.literal('send_media'),
  galleryItemId: id,
  caption: z.string().trim().max(AUTOMATION_CAPTION_MAX),
});
const sendTemplate = z.object({
  kind: z.literal('send_template'),
  templateId: id,
  values: broadcastValuesField,
});

/** What can be sent to the customer: a rule's send action, a follow-up step's message. */
export const automationSendField = z.discriminatedUnion('kind', [sendText, sendMedia, sendTemplate]);

export const automationActionField = z.discriminatedUnion('kind', [
  sendText,
  sendMedia,
  sendTemplate,
  z.object({ kind: z.literal('assign_division'), divisionId: id }),
  z.object({
    kind: z.literal('assign_agent'),
    strategy: z.enum(agentAssignmentStrategies),
    /** Empty: the members of the conversation's division. */
    userIds: z
      .array(id)
      .max(AUTOMATION_IDS_MAX)
      .superRefine((ids, ctx) => flagDuplicates(ids, ctx)),
    fallbackUserId: id.nullable(),
    reassignAfterMinutes: z.number().int().min(1).max(AUTOMATION_REASSIGN_MAX_MINUTES).nullable(),
  }),
  z.object({ kind: z.literal('set_stage'), stageId: id }),
  z.object({ kind: z.literal('add_label'), labelId: id }),
  z
    .object({
      kind: z.literal('notify'),
      recipients: z.enum(notifyRecipientKinds),
      userIds: z
        .array(id)
        .max(AUTOMATION_IDS_MAX)
        .superRefine((ids, ctx) => flagDuplicates(ids, ctx)),
      text: z.string().trim().min(1).max(AUTOMATION_NOTE_MAX),
    })
    .refine((notify) => notify.recipients !== 'members' || notify.userIds.length > 0, {
      path: ['userIds'],
      message: 'required',
      params: RULE_ISSUE,
    }),
]);

/**
 * A follow-up's steps: 1 to `FOLLOW_UP_STEPS_MAX`, each later than the one before; a fallback
 * only on a free-form message, and a template.
 */
const stepsField = z
  .array(
    z.object({
      delay: automationDelayField,
      message: automationSendField,
      fallback: automationSendField.optional(),
    }),
  )
  .min(1)
  .max(FOLLOW_UP_STEPS_MAX)
  .superRefine((steps, ctx) => {
    steps.forEach((step, index) => {
      if (step.fallback !== undefined) {
        if (!needsOpenWindow(step.message)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'fallback'],
            message: 'fallback_not_needed',
            params: RULE_ISSUE,
          });
        } else if (step.fallback.kind !== 'send_template') {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'fallback', 'kind'],
            message: 'not_template',
            params: RULE_ISSUE,
          });
        }
      }
      const previous = steps[index - 1];
      if (previous !== undefined && delayMinutes(step.delay) <= delayMinutes(previous.delay)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'delay'],
          message: 'not_after_previous',
          params: RULE_ISSUE,
        });
      }
    });
  });

const ruleFields = {
  name: z.string().trim().min(1).max(AUTOMATION_RULE_NAME_MAX),
  enabled: z.boolean(),
  trigger: automationTriggerField,
  conditions: z.array(automationConditionField).max(AUTOMATION_CONDITIONS_MAX),
};
const actionsField = z.array(automationActionField).min(1).max(AUTOMATION_ACTIONS_MAX);

const ruleShape = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('auto_reply'),
    ...ruleFields,
    actions: actionsField,
    quietPeriodMinutes: z
      .number()
      .int()
      .min(AUTOMATION_QUIET_PERIOD_MIN_MINUTES)
      .max(AUTOMATION_QUIET_PERIOD_MAX_MINUTES),
  }),
  z.object({ kind: z.literal('auto_division'), ...ruleFields, actions: actionsField }),
  z.object({ kind: z.literal('auto_stage'), ...ruleFields, actions: actionsField }),
  z.object({ kind: z.literal('follow_up'), ...ruleFields, steps: stepsField }),
]);

const includes = (list: readonly string[], value: string) => list.includes(value);

/** The rules across a rule's parts, from `ruleVocabulary`. */
function vocabularyProblems(rule: z.output<typeof ruleShape>, ctx: z.RefinementCtx) {
  const vocabulary = ruleVocabulary[rule.kind];
  if (!includes(vocabulary.triggers, rule.trigger.kind)) {
    ctx.addIssue({ code: 'custom', path: ['trigger', 'kind'], message: 'not_for_kind', params: RULE_ISSUE });
  }
  rule.conditions.forEach((condition, index) => {
    if (condition.kind === 'keyword' && !includes(messageTriggerKinds, rule.trigger.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['conditions', index, 'kind'],
        message: 'needs_message_trigger',
        params: RULE_ISSUE,
      });
    }
  });
  if (rule.kind === 'follow_up') return;
  const seen = new Set<string>();
  rule.actions.forEach((action, index) => {
    if (!includes(vocabulary.actions, action.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['actions', index, 'kind'],
        message: 'not_for_kind',
        params: RULE_ISSUE,
      });
    }
    if (includes(singleActionKinds, action.kind) && seen.has(action.kind)) {
      ctx.addIssue({ code: 'custom', path: ['actions', index], message: 'duplicate', params: RULE_ISSUE });
    }
    seen.add(action.kind);
  });
  // No action at all is the array's own problem.
  if (rule.actions.length > 0 && !rule.actions.some((action) => includes(vocabulary.needs, action.kind))) {
    ctx.addIssue({ code: 'custom', path: ['actions'], message: 'missing_action', params: RULE_ISSUE });
  }
}

/**
 * A rule as its editor submits it (`rule_create`, `rule_update`, the try box). Its output is an
 * `AutomationRuleDraft`: the kind's trigger and actions are checked against `ruleVocabulary`
 * above, which is what narrows the wide shape to the kind's types.
 */
export const automationRuleDraftField = ruleShape
  .superRefine(vocabularyProblems)
  .transform((rule) => rule as AutomationRuleDraft);
