/**
 * The rules engine's judgement, pure: given an event and the conversation as it stands, does a
 * rule fire, with which actions, and if not, why (`AutomationSkipReason`). The server runs it off
 * the message path and carries the actions out; the editors' "try this rule" box runs the same
 * code on a sample (`tryRule`), so a preview and the server never disagree.
 *
 * Safety lives here, before any trigger is looked at: automation never answers its own messages
 * nor an agent's; a label or stage set by a rule never triggers that rule again, and automation
 * set off by automation stops at `AUTOMATION_CHAIN_MAX`. After the trigger and the conditions, an
 * auto-reply keeps its quiet period, and a rule that sends text or media does not fire while the
 * 24-hour window is closed (a template may still go).
 */
import type {
  AdSource,
  AutomationAction,
  AutomationCondition,
  AutomationOutcome,
  AutomationRule,
  AutomationRuleDraft,
  AutomationSkipReason,
  AutomationTrigger,
} from '../contract/automationTypes.ts';
import { automationRuleKinds, freeFormSendKinds, ruleVocabulary } from '../contract/automationTypes.ts';
import type { WorkingDay } from '../contract/teamTypes.ts';
import type { AutomationActivityReason } from '../contract/automationActs.ts';
import { addDelay } from './delay.ts';
import { matchKeyword } from './keywords.ts';
import { AUTOMATION_CHAIN_MAX } from './limits.ts';
import { isWithinWorkingHours } from './workingHours.ts';

/** Who wrote a message: the customer, an agent, or automation (an auto-reply, a follow-up, a broadcast). */
export type MessageAuthor = 'customer' | 'agent' | 'automation';

/**
 * Who changed a label or stage: a member (or an import), or a rule's action. `depth` counts the
 * automation steps that led to it: 1 when a person's or customer's event set the rule off, 2 when
 * that rule's change set off another one, and so on.
 */
export type EventCause = { by: 'agent' } | { by: 'automation'; ruleId: string; depth: number };

/**
 * What happened:
 * - `message`: a message in the conversation; `newCustomer` on the first message of a customer
 *   the project did not know, `adSource` when it came from an ad or a tracked link (its referral
 *   or reference code), `broadcastId` when it answers a broadcast; `text` is its text or caption;
 * - `label_added`, `stage_entered`: a label put on the customer, the customer moved into a stage;
 * - `no_agent_reply`: the customer's message of `since` is still unanswered (a timer);
 * - `no_customer_reply`: nothing from the customer since the message sent to them at `since`.
 */
export type AutomationEvent =
  | {
      kind: 'message';
      author: MessageAuthor;
      text: string | null;
      newCustomer: boolean;
      adSource: AdSource | null;
      broadcastId: string | null;
    }
  | { kind: 'label_added'; labelId: string; cause: EventCause }
  | { kind: 'stage_entered'; stageId: string; cause: EventCause }
  | { kind: 'no_agent_reply'; since: Date }
  | { kind: 'no_customer_reply'; since: Date };

/** The conversation as it is after the event (a label just added is among `labelIds`). */
export interface AutomationConversation {
  /** The WhatsApp number (account) it is on. */
  accountId: string;
  /** The customer's labels. */
  labelIds: readonly string[];
  stageId: string | null;
  divisionId: string | null;
  /** Its attribution: the ad or tracked link it came from, if any. */
  adSource: AdSource | null;
  /** Whether the 24-hour customer service window is open (`isWindowOpen`). */
  windowOpen: boolean;
}

/** Everything a rule is judged on. */
export interface AutomationContext {
  event: AutomationEvent;
  /** The time of judgement (an injected clock on the server). */
  now: Date;
  conversation: AutomationConversation;
  /** The project's time zone and working hours (`ProjectSettings` fits). */
  project: { timeZone: string; workingHours: readonly WorkingDay[] };
  /** When each auto-reply last fired in this conversation, by rule id (for the quiet period). */
  lastFiredAt?: Readonly<Record<string, Date>>;
}

/** A rule to judge: a stored one, or an editor's draft (the try box: no id yet). */
export type EvaluableRule = AutomationRuleDraft & { id?: string };

/** Whether an action needs the 24-hour window open: text and media do, a template does not. */
export function needsOpenWindow(action: AutomationAction): boolean {
  return (freeFormSendKinds as readonly string[]).includes(action.kind);
}

/** The rule's safety checks on the event itself, or null when it may be looked at. */
function eventProblem(rule: EvaluableRule, event: AutomationEvent): AutomationSkipReason | null {
  if (event.kind === 'message') {
    if (event.author === 'automation') return 'own_message';
    if (event.author === 'agent') return 'agent_message';
    return null;
  }
  if (event.kind === 'label_added' || event.kind === 'stage_entered') {
    const { cause } = event;
    if (cause.by !== 'automation') return null;
    if (rule.id !== undefined && cause.ruleId === rule.id) return 'own_action';
    if (cause.depth >= AUTOMATION_CHAIN_MAX) return 'chain_limit';
  }
  return null;
}

/** The last answer of `openAt` for a project's hours (by the hours list it was read from). */
const lastOpen = new WeakMap<readonly WorkingDay[], { timeZone: string; time: number; open: boolean }>();

/**
 * `isWithinWorkingHours` for a context's project, worked out once for all the rules that ask at
 * the same instant (every out-of-hours rule of a message, and every message of a server's batch,
 * judged at one `now` on one settings object). Hours are read-only once loaded.
 */
function openAt(now: Date, project: AutomationContext['project']): boolean {
  const time = now.getTime();
  const last = lastOpen.get(project.workingHours);
  if (last !== undefined && last.time === time && last.timeZone === project.timeZone) return last.open;
  const open = isWithinWorkingHours(now, project.timeZone, project.workingHours);
  lastOpen.set(project.workingHours, { timeZone: project.timeZone, time, open });
  return open;
}

/** Whether the event is what the trigger waits for, or why not. */
function triggerProblem(trigger: AutomationTrigger, context: AutomationContext): AutomationSkipReason | null {
  const { event, now, project } = context;
  switch (trigger.kind) {
    case 'customer_message':
      return event.kind === 'message' ? null : 'trigger_mismatch';
    case 'new_customer':
      return event.kind === 'message' && event.newCustomer ? null : 'trigger_mismatch';
    case 'ad_message':
      return event.kind === 'message' && event.adSource !== null ? null : 'trigger_mismatch';
    case 'broadcast_reply':
      return event.kind === 'message' &&
        event.broadcastId !== null &&
        (trigger.broadcastId === null || trigger.broadcastId === event.broadcastId)
        ? null
        : 'trigger_mismatch';
    case 'outside_working_hours':
      if (event.kind !== 'message') return 'trigger_mismatch';
      return openAt(now, project) ? 'inside_working_hours' : null;
    case 'label_added':
      return event.kind === 'label_added' && (trigger.labelId === null || trigger.labelId === event.labelId)
        ? null
        : 'trigger_mismatch';
    case 'stage_entered':
      return event.kind === 'stage_entered' && (trigger.stageId === null || trigger.stageId === event.stageId)
        ? null
        : 'trigger_mismatch';
    case 'no_agent_reply':
    case 'no_customer_reply':
      if (event.kind !== trigger.kind) return 'trigger_mismatch';
      return now.getTime() < addDelay(event.since, trigger.after, project.timeZone).getTime()
        ? 'not_due'
        : null;
  }
}

/** The ad source a condition looks at: the message's own, else the conversation's attribution. */
function adSourceOf(context: AutomationContext): AdSource | null {
  const { event, conversation } = context;
  return (event.kind === 'message' ? event.adSource : null) ?? conversation.adSource;
}

function adSourceMatches(
  condition: Extract<AutomationCondition, { kind: 'ad_source' }>,
  source: AdSource | null,
) {
  if (source === null) return false;
  if (condition.source !== 'any' && condition.source !== source.kind) return false;
  if (condition.ids.length === 0) return true;
  const ids = source.kind === 'ad' ? [source.adId] : [source.linkId, source.campaignId];
  return ids.some((id) => id !== null && condition.ids.includes(id));
}

/** Whether one condition holds; `keyword` answers the keyword that matched. */
function conditionHolds(
  condition: AutomationCondition,
  context: AutomationContext,
): boolean | { keyword: string } {
  const { conversation, event } = context;
  switch (condition.kind) {
    case 'account':
      return condition.accountIds.includes(conversation.accountId);
    case 'keyword': {
      const text = event.kind === 'message' ? event.text : null;
      const keyword = matchKeyword(text, condition.keywords, condition.mode);
      return keyword === null ? false : { keyword };
    }
    case 'label':
      return condition.labelIds.some((id) => conversation.labelIds.includes(id));
    case 'stage':
      return conversation.stageId !== null && condition.stageIds.includes(conversation.stageId);
    case 'division':
      return conversation.divisionId !== null && condition.divisionIds.includes(conversation.divisionId);
    case 'ad_source':
      return adSourceMatches(condition, adSourceOf(context));
  }
}

/** The actions a rule takes when it fires (a follow-up starts a run: none). */
function actionsOf(rule: EvaluableRule): AutomationAction[] {
  return rule.kind === 'follow_up' ? [] : rule.actions;
}

/**
 * Whether `rule` fires on the event of `context`, with its actions, or why not. The checks go in
 * the order of `automationSkipReasons`: switched off, safety, trigger, conditions (in the rule's
 * order), quiet period, window. A fired auto-reply is the server's to record in `lastFiredAt`.
 */
export function evaluateRule(rule: EvaluableRule, context: AutomationContext): AutomationOutcome {
  if (!rule.enabled) return { fires: false, reason: 'disabled' };
  const unsafe = eventProblem(rule, context.event);
  if (unsafe !== null) return { fires: false, reason: unsafe };
  const untriggered = triggerProblem(rule.trigger, context);
  if (untriggered !== null) return { fires: false, reason: untriggered };

  let keyword: string | null = null;
  for (const condition of rule.conditions) {
    const holds = conditionHolds(condition, context);
    if (holds === false) return { fires: false, reason: `${condition.kind}_mismatch` };
    if (holds !== true) keyword ??= holds.keyword;
  }

  if (rule.kind === 'auto_reply' && rule.id !== undefined) {
    const last = context.lastFiredAt?.[rule.id];
    if (last !== undefined && context.now.getTime() - last.getTime() < rule.quietPeriodMinutes * 60_000) {
      return { fires: false, reason: 'quiet_period' };
    }
  }
  const actions = actionsOf(rule);
  if (!context.conversation.windowOpen && actions.some(needsOpenWindow)) {
    return { fires: false, reason: 'outside_window_needs_template' };
  }
  return { fires: true, actions, keyword };
}

/**
 * Whether carrying `actions` out would leave the conversation as it is: each sets what it already
 * has (its division, its stage, a label its customer carries). Such a firing still ends its kind's
 * turn (the rule was met: a later rule of the kind does not act instead); the server records it
 * without opening a transaction or announcing anything. False for no actions, and for any send,
 * agent assignment or note, which always act.
 */
export function changesNothing(
  actions: readonly AutomationAction[],
  conversation: Pick<AutomationConversation, 'divisionId' | 'stageId' | 'labelIds'>,
): boolean {
  return (
    actions.length > 0 &&
    actions.every((action) => {
      switch (action.kind) {
        case 'assign_division':
          return conversation.divisionId === action.divisionId;
        case 'set_stage':
          return conversation.stageId === action.stageId;
        case 'add_label':
          return conversation.labelIds.includes(action.labelId);
        default:
          return false;
      }
    })
  );
}

/** Skips that say the rule was never meant for this event (off, another trigger, not a customer's). */
const NEVER_LOGGED: ReadonlySet<AutomationActivityReason> = new Set([
  'disabled',
  'trigger_mismatch',
  'own_message',
  'agent_message',
  'own_action',
]);

/** Skips that say the event did not meet the rule's working hours or conditions. */
const UNMET: ReadonlySet<AutomationActivityReason> = new Set([
  'inside_working_hours',
  'account_mismatch',
  'keyword_mismatch',
  'label_mismatch',
  'stage_mismatch',
  'division_mismatch',
  'ad_source_mismatch',
]);

/**
 * Whether a skip earns an activity line. On an event every rule hears (a message, a label, a
 * stage), only a rule that was met and still held back says why (a quiet period, a closed window,
 * the chain limit, an error): a line per rule whose keyword or condition did not match would be
 * 10,000 rows a second at 200 messages with 50 rules, and the try box explains those. A timer or a
 * follow-up step belongs to one rule and waited for it, so every reason but "never meant" is told.
 */
export function skipLogged(reason: AutomationActivityReason, on: 'event' | 'timer'): boolean {
  if (NEVER_LOGGED.has(reason)) return false;
  return on === 'timer' || !UNMET.has(reason);
}

/** Rules in the order their screen lists them: by `position`, then by id. */
export function inRuleOrder<R extends Pick<AutomationRule, 'id' | 'position'>>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A rule with what it does with an event. */
export interface JudgedRule<R extends AutomationRule = AutomationRule> {
  rule: R;
  outcome: AutomationOutcome;
}

/** A rule that fires, with its actions. */
export interface FiredRule<R extends AutomationRule = AutomationRule> {
  rule: R;
  outcome: Extract<AutomationOutcome, { fires: true }>;
}

/**
 * The first rule in order (`inRuleOrder`) that fires on the event, or null. Switched-off rules
 * and rules held back (quiet period, closed window) are passed over, so the next rule may answer:
 * a greeting that answered an hour ago lets a keyword reply through. Give it the rules of one
 * kind; `rulesToApply` applies each kind's policy to a project's rules.
 */
export function firstMatchingRule<R extends AutomationRule>(
  rules: readonly R[],
  context: AutomationContext,
): FiredRule<R> | null {
  for (const rule of inRuleOrder(rules)) {
    const outcome = evaluateRule(rule, context);
    if (outcome.fires) return { rule, outcome };
  }
  return null;
}

/**
 * Every rule with its outcome, in order (the try box's "why not" for each rule of a screen).
 */
export function explainRules<R extends AutomationRule>(
  rules: readonly R[],
  context: AutomationContext,
): JudgedRule<R>[] {
  return inRuleOrder(rules).map((rule) => ({ rule, outcome: evaluateRule(rule, context) }));
}

/**
 * What a project's rules do with one event, by `ruleVocabulary[kind].applies`: of auto-reply,
 * auto-division and auto-stage rules only the first that fires (one reply, one division, one
 * stage per event); every follow-up sequence that fires (each starts its own run). In the order of
 * `automationRuleKinds`, then of the rules.
 */
export function rulesToApply<R extends AutomationRule>(
  rules: readonly R[],
  context: AutomationContext,
): FiredRule<R>[] {
  const fired: FiredRule<R>[] = [];
  for (const kind of automationRuleKinds) {
    const ofKind = rules.filter((rule) => rule.kind === kind);
    if (ruleVocabulary[kind].applies === 'first') {
      const first = firstMatchingRule(ofKind, context);
      if (first !== null) fired.push(first);
      continue;
    }
    for (const { rule, outcome } of explainRules(ofKind, context)) {
      if (outcome.fires) fired.push({ rule, outcome });
    }
  }
  return fired;
}
