/**
 * Automation (issue 18): auto-reply, auto-division, auto-stage and follow-ups are one rules engine
 * (DESIGN.md "Automation and advertising"). A rule says when (its trigger), only if (its
 * conditions, every one of which must hold) and what (its actions; a follow-up's timed steps).
 * This file is the vocabulary the four editors, their previews and the server share; the rules
 * that read it are in `src/automation/` (`evaluateRule`, keyword matching, working hours,
 * follow-up timing). Ids are the project's rows (uuids) unless said otherwise.
 */
import type { BroadcastValues } from './broadcastTypes.ts';

/** The four screens, one kind of rule each. */
export const automationRuleKinds = ['auto_reply', 'auto_division', 'auto_stage', 'follow_up'] as const;
export type AutomationRuleKind = (typeof automationRuleKinds)[number];

/** The units of a delay. A day is a calendar day in the project's time zone (23 or 25 hours across a clock change). */
export const delayUnits = ['minutes', 'hours', 'days'] as const;
export type DelayUnit = (typeof delayUnits)[number];

/** How long to wait: `{ amount: 2, unit: 'days' }`. */
export interface AutomationDelay {
  amount: number;
  unit: DelayUnit;
}

// Triggers: what makes the engine look at a rule.

export const automationTriggerKinds = [
  'customer_message',
  'new_customer',
  'ad_message',
  'broadcast_reply',
  'outside_working_hours',
  'label_added',
  'stage_entered',
  'no_agent_reply',
  'no_customer_reply',
] as const;
export type AutomationTriggerKind = (typeof automationTriggerKinds)[number];

/**
 * When a rule is looked at:
 * - `customer_message`: any message of the customer;
 * - `new_customer`: the first message of a customer the project did not know;
 * - `ad_message`: a message that came from a click-to-WhatsApp ad or a tracked link;
 * - `broadcast_reply`: a customer's answer to a broadcast (`broadcastId` null: any broadcast);
 * - `outside_working_hours`: a customer's message while the project is closed (its time zone and
 *   working hours, `isWithinWorkingHours`);
 * - `label_added`, `stage_entered`: a label put on the customer, the customer moved into a stage
 *   (`null`: any);
 * - `no_agent_reply`: a customer's message still unanswered `after` it arrived;
 * - `no_customer_reply`: no word from the customer `after` the last message sent to them.
 */
export type AutomationTrigger =
  | { kind: 'customer_message' }
  | { kind: 'new_customer' }
  | { kind: 'ad_message' }
  | { kind: 'broadcast_reply'; broadcastId: string | null }
  | { kind: 'outside_working_hours' }
  | { kind: 'label_added'; labelId: string | null }
  | { kind: 'stage_entered'; stageId: string | null }
  | { kind: 'no_agent_reply'; after: AutomationDelay }
  | { kind: 'no_customer_reply'; after: AutomationDelay };

/** The triggers that happen on a customer's message: only they have a text for keyword conditions. */
export const messageTriggerKinds = [
  'customer_message',
  'new_customer',
  'ad_message',
  'broadcast_reply',
  'outside_working_hours',
] as const satisfies readonly AutomationTriggerKind[];

// Conditions: what must hold for a triggered rule to act.

/**
 * How a message is compared with keywords, once both are normalised (`normalizeKeyword`: accents,
 * letter case, punctuation and repeated spaces do not count):
 * - `exact`: the whole message is the keyword (`Harga?` for `harga`);
 * - `contains`: the keyword appears where a word starts (`harga` in `Berapa harganya?`, not `ok`
 *   in `bokong`), so Indonesian suffixes (-nya, -kah, -lah) still match;
 * - `starts_with`: the message begins with the keyword (`harga` in `Harganya berapa kak`).
 */
export const keywordMatchModes = ['exact', 'contains', 'starts_with'] as const;
export type KeywordMatchMode = (typeof keywordMatchModes)[number];

/** Where an ad customer came from: a click-to-WhatsApp ad, or a tracked link (`/{slug}`). */
export const adSourceKinds = ['ad', 'link'] as const;
export type AdSourceKind = (typeof adSourceKinds)[number];

/**
 * A conversation's or a message's ad source: a click-to-WhatsApp ad (`adId`: Meta's `source_id`,
 * digits; null when Meta left it out), or a tracked link with its campaign.
 */
export type AdSource =
  { kind: 'ad'; adId: string | null } | { kind: 'link'; linkId: string; campaignId: string | null };

export const automationConditionKinds = [
  'account',
  'keyword',
  'label',
  'stage',
  'division',
  'ad_source',
] as const;
export type AutomationConditionKind = (typeof automationConditionKinds)[number];

/**
 * One condition; a rule's conditions must all hold, and within one condition any listed value
 * will do:
 * - `account`: the conversation is on one of these WhatsApp numbers;
 * - `keyword`: the customer's message matches one of the keywords by `mode` (only with a message
 *   trigger; a message without text, a photo without caption, matches none);
 * - `label`: the customer carries one of the labels;
 * - `stage`: the customer is in one of the stages;
 * - `division`: the conversation is assigned to one of the divisions;
 * - `ad_source`: the message (else the conversation) came from an ad source of kind `source`
 *   (`any`: an ad or a link); with `ids`, one of them: the ad's id for an ad, the link's or its
 *   campaign's id for a link.
 */
export type AutomationCondition =
  | { kind: 'account'; accountIds: string[] }
  | { kind: 'keyword'; mode: KeywordMatchMode; keywords: string[] }
  | { kind: 'label'; labelIds: string[] }
  | { kind: 'stage'; stageIds: string[] }
  | { kind: 'division'; divisionIds: string[] }
  | { kind: 'ad_source'; source: AdSourceKind | 'any'; ids: string[] };

// Actions: what a rule does.

export const automationActionKinds = [
  'send_text',
  'send_media',
  'send_template',
  'assign_division',
  'assign_agent',
  'set_stage',
  'add_label',
  'notify',
] as const;
export type AutomationActionKind = (typeof automationActionKinds)[number];

/** Sends that need the 24-hour customer service window open; a template does not. */
export const freeFormSendKinds = [
  'send_text',
  'send_media',
] as const satisfies readonly AutomationActionKind[];

/** A text to the customer; placeholders (`{nama}`, `{nomor}`, `{agen}`) are filled as quick replies' are. */
export interface SendTextAction {
  kind: 'send_text';
  text: string;
}

/** A file of the project's gallery, with a caption (may be empty). */
export interface SendMediaAction {
  kind: 'send_media';
  galleryItemId: string;
  caption: string;
}

/** An approved template of the conversation's number, its variables filled as a broadcast's are. */
export interface SendTemplateAction {
  kind: 'send_template';
  templateId: string;
  values: BroadcastValues;
}

/** What can be sent to the customer: an action of a rule, or a follow-up step's message. */
export type SendAction = SendTextAction | SendMediaAction | SendTemplateAction;

/** How an agent is picked among the online members of the pool (`pickAgent`). */
export const agentAssignmentStrategies = ['round_robin', 'fewest_open'] as const;
export type AgentAssignmentStrategy = (typeof agentAssignmentStrategies)[number];

/**
 * Assigns the conversation to an agent picked by `strategy` among the online members of `userIds`
 * (empty: the members of the conversation's division, after this rule's `assign_division`). With
 * nobody online it goes to `fallbackUserId`, or stays unassigned (null). With
 * `reassignAfterMinutes`, an agent who has not replied by then loses it to the next one.
 */
export interface AssignAgentAction {
  kind: 'assign_agent';
  strategy: AgentAssignmentStrategy;
  userIds: string[];
  fallbackUserId: string | null;
  reassignAfterMinutes: number | null;
}

/** Who a notification goes to: the conversation's agent, its division's members, or listed members. */
export const notifyRecipientKinds = ['assigned_agent', 'division', 'members'] as const;
export type NotifyRecipientKind = (typeof notifyRecipientKinds)[number];

/** A note to members (the bell and push); `userIds` lists them with `members`, else is empty. */
export interface NotifyAction {
  kind: 'notify';
  recipients: NotifyRecipientKind;
  userIds: string[];
  text: string;
}

export type AutomationAction =
  | SendAction
  | { kind: 'assign_division'; divisionId: string }
  | AssignAgentAction
  | { kind: 'set_stage'; stageId: string }
  | { kind: 'add_label'; labelId: string }
  | NotifyAction;

// Each kind's vocabulary: one table for the editors' choices, the schema and the engine.

/**
 * What each kind of rule may use, and how many of a kind's rules act on one event:
 * - `triggers`, `actions`: the choices its editor offers and the schema accepts;
 * - `needs`: at least one of these actions (an auto-reply replies; a division rule assigns);
 * - `applies`: `first`: only the first rule that fires, in the screen's order (one auto-reply
 *   per message, one division, one stage); `all`: every rule that fires (each follow-up sequence
 *   runs on its own).
 */
export const ruleVocabulary = {
  auto_reply: {
    triggers: ['customer_message', 'new_customer', 'ad_message', 'outside_working_hours', 'no_agent_reply'],
    actions: ['send_text', 'send_media', 'send_template', 'add_label'],
    needs: ['send_text', 'send_media', 'send_template'],
    applies: 'first',
  },
  auto_division: {
    triggers: ['customer_message', 'new_customer', 'ad_message', 'label_added', 'no_agent_reply'],
    actions: ['assign_division', 'assign_agent', 'notify'],
    needs: ['assign_division', 'assign_agent'],
    applies: 'first',
  },
  auto_stage: {
    triggers: [
      'customer_message',
      'new_customer',
      'ad_message',
      'broadcast_reply',
      'label_added',
      'no_customer_reply',
    ],
    actions: ['set_stage', 'add_label', 'notify'],
    needs: ['set_stage', 'add_label'],
    applies: 'first',
  },
  follow_up: {
    triggers: ['customer_message', 'stage_entered'],
    actions: [],
    needs: [],
    applies: 'all',
  },
} as const satisfies Record<
  AutomationRuleKind,
  {
    triggers: readonly AutomationTriggerKind[];
    actions: readonly AutomationActionKind[];
    needs: readonly AutomationActionKind[];
    applies: 'first' | 'all';
  }
>;

/** Actions a rule may hold once at most (two would contradict each other). */
export const singleActionKinds = [
  'assign_division',
  'assign_agent',
  'set_stage',
] as const satisfies readonly AutomationActionKind[];

/** The triggers a kind of rule may use. */
export type TriggerOf<K extends AutomationRuleKind> = Extract<
  AutomationTrigger,
  { kind: (typeof ruleVocabulary)[K]['triggers'][number] }
>;
/** The actions a kind of rule may use. */
export type ActionOf<K extends AutomationRuleKind> = Extract<
  AutomationAction,
  { kind: (typeof ruleVocabulary)[K]['actions'][number] }
>;

// Follow-ups.

/**
 * One step of a follow-up sequence: its message, `delay` after the sequence's anchor (not after
 * the step before: the delays of a sequence grow step by step). A free-form message (text or a
 * file) may name a `fallback` template, sent instead while the 24-hour window is closed
 * (`followUpStepSend`); without one such a step is skipped then.
 */
export interface FollowUpStep {
  delay: AutomationDelay;
  message: SendAction;
  /** Only on a free-form message (text or media). */
  fallback?: SendTemplateAction;
}

/**
 * What a sequence's delays count from: the customer's message that started it (trigger
 * `customer_message`) or the customer's entering the stage (trigger `stage_entered`).
 */
export const followUpAnchors = ['last_customer_message', 'stage_entered'] as const;
export type FollowUpAnchor = (typeof followUpAnchors)[number];

/**
 * Why a running sequence ends before its last step: the customer wrote after the pending step
 * was scheduled, left the stage it counts from (or entered it again: a new run starts), or the
 * rule was switched off.
 */
export const followUpStopReasons = ['customer_replied', 'stage_changed', 'rule_disabled'] as const;
export type FollowUpStopReason = (typeof followUpStopReasons)[number];

// Rules.

interface RuleFields {
  /** What the team calls it (`Harga`, `Di luar jam kerja`). */
  name: string;
  /** A switched-off rule is kept but never fires. */
  enabled: boolean;
  /** All must hold; none: always. */
  conditions: AutomationCondition[];
}

/**
 * An auto-reply: a reply (and labels) on a customer's message. It answers a conversation at most
 * once per `quietPeriodMinutes` (a keyword asked twice, a greeting at night, another bot).
 */
export interface AutoReplyDraft extends RuleFields {
  kind: 'auto_reply';
  trigger: TriggerOf<'auto_reply'>;
  actions: ActionOf<'auto_reply'>[];
  quietPeriodMinutes: number;
}

/** An auto-division rule: routes a conversation to a division and/or an agent. */
export interface AutoDivisionDraft extends RuleFields {
  kind: 'auto_division';
  trigger: TriggerOf<'auto_division'>;
  actions: ActionOf<'auto_division'>[];
}

/** An auto-stage rule: moves the customer into a stage and/or labels them. */
export interface AutoStageDraft extends RuleFields {
  kind: 'auto_stage';
  trigger: TriggerOf<'auto_stage'>;
  actions: ActionOf<'auto_stage'>[];
}

/**
 * A follow-up sequence: its trigger starts a run (and is its anchor: `followUpAnchorOf`) when its
 * conditions hold then; its steps are sent at their delays inside working hours until the run
 * stops (`followUpStopReason`). A new trigger of the same rule starts a new run.
 */
export interface FollowUpDraft extends RuleFields {
  kind: 'follow_up';
  trigger: TriggerOf<'follow_up'>;
  steps: FollowUpStep[];
}

/** A rule as its editor submits it (`automationRuleDraftField`). */
export type AutomationRuleDraft = AutoReplyDraft | AutoDivisionDraft | AutoStageDraft | FollowUpDraft;

/** What the server adds to a stored rule. */
export interface RuleRecord {
  id: string;
  /** 0-based place in its kind's list: the order `first` kinds try their rules in. */
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** A stored rule of a project. */
export type AutomationRule = AutomationRuleDraft & RuleRecord;

// Why a rule did not fire.

/**
 * Why `evaluateRule` left a rule alone, in the order it looks:
 * - `disabled`: switched off;
 * - `own_message`: the message was sent by automation (a rule never answers Sapa itself);
 * - `agent_message`: the message was an agent's;
 * - `own_action`: the label or stage was this rule's own doing;
 * - `chain_limit`: the event was caused by automation already `AUTOMATION_CHAIN_MAX` steps deep;
 * - `trigger_mismatch`: the event is not what the trigger waits for;
 * - `inside_working_hours`: an out-of-hours trigger while the project is open;
 * - `not_due`: a no-reply trigger looked at before its delay has passed;
 * - `<condition>_mismatch`: that condition does not hold (`keyword_mismatch`, ...);
 * - `quiet_period`: this auto-reply answered the conversation less than its quiet period ago;
 * - `outside_window_needs_template`: the 24-hour window is closed and the rule sends text or
 *   media (only a template may be sent).
 */
export const automationSkipReasons = [
  'disabled',
  'own_message',
  'agent_message',
  'own_action',
  'chain_limit',
  'trigger_mismatch',
  'inside_working_hours',
  'not_due',
  'account_mismatch',
  'keyword_mismatch',
  'label_mismatch',
  'stage_mismatch',
  'division_mismatch',
  'ad_source_mismatch',
  'quiet_period',
  'outside_window_needs_template',
] as const;
export type AutomationSkipReason = (typeof automationSkipReasons)[number];

/**
 * What a rule does with an event: fire with its actions (for a follow-up: start a run, no
 * actions; `keyword` is the configured keyword that matched, if any), or not, and why.
 */
export type AutomationOutcome =
  | { fires: true; actions: AutomationAction[]; keyword: string | null }
  | { fires: false; reason: AutomationSkipReason };
