/**
 * Automation's acts (issue 18): the four screens' rules (list, read, create, edit, switch on or
 * off, delete, order), the "try this rule" box and the activity log. The rule vocabulary is
 * `automationTypes.ts`; drafts are checked by `automationRuleDraftField`. Spread into `acts`
 * (acts.ts). Changes are announced as `automation.rule.updated` / `automation.rule.deleted` to the
 * members who may view that kind.
 *
 * Each kind has its screen's permission node (SPEC.md section 6; there is no auto-division node,
 * routing is the divisions' own `crm.divisi`): `automationPermission(kind, verb)`. An act's
 * declared access lets in a member holding the verb for any kind; the server then checks the
 * kind of the rule the call is about (`forbidden` otherwise), and a list or log shows only the
 * kinds the caller may view.
 */
import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type {
  AutomationActionKind,
  AutomationOutcome,
  AutomationRule,
  AutomationRuleKind,
  AutomationSkipReason,
  FollowUpAnchor,
  FollowUpStopReason,
} from './automationTypes.ts';
import { automationRuleKinds } from './automationTypes.ts';
import { automationRuleDraftField } from '../automation/schemas.ts';
import { AUTOMATION_IDS_MAX, AUTOMATION_RULES_MAX, AUTOMATION_TEXT_MAX } from '../automation/limits.ts';
import { can } from '../permissions/can.ts';
import type { PermissionKey } from '../permissions/tree.ts';

// Who may do what, per kind.

/** The permission node of each kind's screen. */
export const automationPermissionNodes = {
  auto_reply: 'crm.auto_replay',
  auto_division: 'crm.divisi',
  auto_stage: 'crm.auto_stage',
  follow_up: 'crm.autofu',
} as const satisfies Record<AutomationRuleKind, string>;

/** What a caller does with a kind's rules: read (and try), add, edit (and order), delete. */
export type AutomationVerb = 'view' | 'add' | 'edit' | 'hapus';

type AutomationPermissionKey = `${(typeof automationPermissionNodes)[AutomationRuleKind]}.${AutomationVerb}`;

/** The key that lets a member `verb` the rules of `kind` (`crm.autofu.edit`, `crm.divisi.view`, ...). */
export function automationPermission(kind: AutomationRuleKind, verb: AutomationVerb): PermissionKey {
  // Every node has the standard set: the template type only holds keys of the tree.
  const key: AutomationPermissionKey = `${automationPermissionNodes[kind]}.${verb}`;
  return key satisfies PermissionKey;
}

/** The kinds whose rules a member holding `permissions` may `verb`, in `automationRuleKinds` order. */
export function automationKindsAllowed(
  permissions: readonly string[],
  verb: AutomationVerb,
): AutomationRuleKind[] {
  return automationRuleKinds.filter((kind) => can(permissions, automationPermission(kind, verb)));
}

/** An act's access: the verb for any kind (the server checks the kind itself). */
function anyKind(verb: AutomationVerb): { anyOf: readonly [PermissionKey, ...PermissionKey[]] } {
  const [first, ...rest] = automationRuleKinds.map((kind) => automationPermission(kind, verb));
  if (first === undefined) throw new Error('no automation kinds');
  return { anyOf: [first, ...rest] };
}

// What the acts answer.

/** A member as a rule names them. */
export interface AutomationMember {
  id: string;
  name: string;
}

/**
 * A stored rule as its screen lists it: who made and last changed it, when it last fired, for a
 * follow-up how many of its runs are under way (0 for other kinds), and whether it is its kind's
 * last (so it cannot move down; the first is `position` 0).
 */
export type AutomationRuleView = AutomationRule & {
  createdBy: AutomationMember | null;
  updatedBy: AutomationMember | null;
  lastFiredAt: string | null;
  runningFollowUps: number;
  last: boolean;
};

/**
 * Why the engine could not carry out what a fired rule asked, beyond `evaluateRule`'s reasons: the
 * project's balance, the 24-hour window (closed meanwhile), a template, gallery file or number
 * that can no longer be used, nobody to assign, or an unexpected error (logged; the rule is
 * skipped and the message path goes on).
 */
export const automationFailureReasons = [
  'insufficient_balance',
  'window_closed',
  'template_unavailable',
  'media_unavailable',
  'account_unavailable',
  'no_agent',
  'error',
] as const;
export type AutomationFailureReason = (typeof automationFailureReasons)[number];

/**
 * Why a follow-up run was cancelled rather than stopped by the engine (`FollowUpStopReason`): its
 * rule was deleted, or an agent cancelled it (the customer panel).
 */
export const followUpCancelReasons = ['rule_deleted', 'agent'] as const;
export type FollowUpCancelReason = (typeof followUpCancelReasons)[number];

/** Why the log says a rule did not act, or a part of it failed. */
export type AutomationActivityReason = AutomationSkipReason | FollowUpStopReason | AutomationFailureReason;

/**
 * What set the engine looking at a rule: a message, a label or stage change, a no-reply timer,
 * or a follow-up step coming due.
 */
export const automationActivityEvents = [
  'message',
  'label_added',
  'stage_entered',
  'no_agent_reply',
  'no_customer_reply',
  'follow_up_step',
] as const;
export type AutomationActivityEvent = (typeof automationActivityEvents)[number];

export const automationActivityOutcomes = ['fired', 'skipped'] as const;
export type AutomationActivityOutcome = (typeof automationActivityOutcomes)[number];

/**
 * One thing a fired rule did: an action of the rule, a follow-up run started, or a step sent;
 * `done`, or `failed` / `skipped` with why. `targetId` is what it sent or set: the message, the
 * division, agent, stage or label, the run.
 */
export interface AutomationActionResult {
  kind: AutomationActionKind | 'start_follow_up' | 'follow_up_step';
  status: 'done' | 'failed' | 'skipped';
  reason: AutomationActivityReason | null;
  targetId: string | null;
}

/**
 * One line of the activity log: a rule fired for a customer (with what it did), or was looked at
 * and did not (with why). A deleted rule's lines stay, with its name then (`rule.id` null).
 */
export interface AutomationActivity {
  id: string;
  rule: { id: string | null; name: string; kind: AutomationRuleKind };
  /** Their phone masked for callers without `crm.chat.show_user_contact_detail`. */
  customer: { id: string; name: string; phone: string };
  conversationId: string | null;
  /** The message that set it off (a customer's), if any. */
  messageId: string | null;
  event: AutomationActivityEvent;
  outcome: AutomationActivityOutcome;
  reason: AutomationActivityReason | null;
  /** The configured keyword that matched, if any. */
  keyword: string | null;
  /** A follow-up step's index (0-based), for `follow_up_step`. */
  step: number | null;
  actions: AutomationActionResult[];
  at: string;
}

/** One rule as the try box judged it. */
export interface AutomationTryRule {
  /** The stored rule's id; null for a draft. */
  id: string | null;
  name: string;
  kind: AutomationRuleKind;
  outcome: AutomationOutcome;
  /**
   * Whether it would act on the sample under its kind's policy (`ruleVocabulary[kind].applies`):
   * only the first rule that fires for auto-reply, auto-division and auto-stage; every one that
   * fires for follow-ups.
   */
  applies: boolean;
  /** A follow-up that fires: when each step would be due (moved into working hours), each sent on time. */
  schedule: { index: number; dueAt: string }[] | null;
}

/**
 * A follow-up run as the customer panel lists it (`follow_up_list`): its rule (`null` id and name
 * once deleted), the conversation, what its delays count from, where it stands (`nextStep` of
 * `totalSteps`, due at `dueAt` in working hours while pending) or how it ended, and whether the
 * caller may cancel it (`follow_up_cancel`).
 */
export interface FollowUpRunView {
  id: string;
  rule: { id: string | null; name: string | null };
  conversationId: string;
  anchor: FollowUpAnchor;
  /** The stage a stage-anchored run counts from. */
  stageId: string | null;
  state: 'pending' | 'done' | 'stopped' | 'cancelled';
  reason: FollowUpStopReason | FollowUpCancelReason | null;
  /** The pending step's index (0-based); once ended, how many steps were behind it. */
  nextStep: number;
  /** The rule's steps now (null once the rule is deleted). */
  totalSteps: number | null;
  /** When the pending step is due (null once ended). */
  dueAt: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Who cancelled it (`agent`). */
  cancelledBy: AutomationMember | null;
  /** Pending, and the caller holds `crm.autofu.edit` or is the conversation's agent. */
  cancellable: boolean;
}

/** What the try box answers: the sample's moment in the project's zone, and each rule's outcome. */
export interface AutomationTryResult {
  at: string;
  timeZone: string;
  /** Whether the project is open then (its working hours). */
  open: boolean;
  rules: AutomationTryRule[];
}

/** How many ended runs `follow_up_list` shows after the pending ones. */
export const FOLLOW_UP_ENDED_SHOWN = 10;

// Fields.

const projectKey = z.string().min(1).max(64);
const id = z.uuid();
const page = z.number().int().min(0).max(1_000_000);
const kind = z.enum(automationRuleKinds);

const adSourceField = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ad'), adId: z.string().trim().max(64).nullable() }),
  z.object({ kind: z.literal('link'), linkId: z.string().trim().min(1).max(64), campaignId: id.nullable() }),
]);

/**
 * A sample message for the try box (`RuleSample`): its text, when it arrives (ISO with an offset;
 * default now) and, optionally, who writes and the conversation it lands in (unset: a known
 * customer, no ad, no labels, stage or division, the window open).
 */
export const ruleSampleField = z.object({
  text: z.string().max(AUTOMATION_TEXT_MAX),
  at: z.iso.datetime({ offset: true }).optional(),
  newCustomer: z.boolean().optional(),
  adSource: adSourceField.nullable().optional(),
  broadcastId: id.nullable().optional(),
  conversation: z
    .object({
      accountId: id.optional(),
      labelIds: z.array(id).max(AUTOMATION_IDS_MAX).optional(),
      stageId: id.nullable().optional(),
      divisionId: id.nullable().optional(),
      adSource: adSourceField.nullable().optional(),
      windowOpen: z.boolean().optional(),
    })
    .optional(),
});

export const automationActs = {
  automation_rule_list: defineAct<AutomationRuleView[]>()({
    input: z.object({
      key: projectKey,
      kind,
      page: page.optional(),
      /** Words of the name. */
      search: z.string().trim().max(100).optional(),
      /** Every rule of the kind on one page (the screen's ordering); without it, 10 a page. */
      all: z.boolean().optional(),
    }),
    access: anyKind('view'),
    shape: 'page',
    summary:
      "A kind's rules in their order (`position`, the order `first` kinds try them in), 10 a page or all with `all`; `search` matches words of the name. Needs the kind's view key (`crm.auto_replay`, `crm.divisi`, `crm.auto_stage`, `crm.autofu`), else `forbidden`.",
  }),
  automation_rule_get: defineAct<AutomationRuleView>()({
    input: z.object({ key: projectKey, id }),
    access: anyKind('view'),
    summary: "One rule of the project; `forbidden` without its kind's view key.",
  }),
  automation_rule_create: defineAct<AutomationRuleView>()({
    input: z.object({ key: projectKey, rule: automationRuleDraftField }),
    access: anyKind('add'),
    summary: `Adds a rule (\`rule\`: an \`AutomationRuleDraft\`, docs/automation.md) at the end of its kind's list (the kind's add key, else \`forbidden\`). A draft that breaks the vocabulary answers \`invalid_input\` on its field (\`rule.conditions.0.keywords.2\`); ids that are not the project's (labels, stages, divisions, numbers, members, templates, gallery files, broadcasts) answer \`invalid_input\` on theirs, as do a template's values. A project keeps at most ${AUTOMATION_RULES_MAX} rules: one more answers \`conflict\`. Announced as \`automation.rule.updated\`.`,
  }),
  automation_rule_update: defineAct<AutomationRuleView>()({
    input: z.object({
      key: projectKey,
      id,
      /** The whole rule as its editor submits it (its kind cannot change). */
      rule: automationRuleDraftField.optional(),
      /** Switches it on or off (over `rule.enabled` when both are given). */
      enabled: z.boolean().optional(),
    }),
    access: anyKind('edit'),
    summary:
      "Replaces a rule (`rule`, checked as `automation_rule_create` checks it; another kind answers `invalid_input` on `rule.kind`) and/or switches it on or off (`enabled`), with its kind's edit key. Switching a follow-up off stops its runs under way (`rule_disabled`). Announced as `automation.rule.updated`.",
  }),
  automation_rule_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKey, id }),
    access: anyKind('hapus'),
    summary:
      "Deletes a rule (its kind's hapus key): the rules after it move up, its follow-up runs under way are cancelled (`rule_deleted`), its timers go, and its activity stays (with its name). Announced as `automation.rule.deleted`.",
  }),
  automation_rule_reorder: defineAct<AutomationRuleView[]>()({
    input: z.object({
      key: projectKey,
      kind,
      /** Every rule of the kind, in the new order. */
      ids: z.array(id).min(1).max(AUTOMATION_RULES_MAX),
    }),
    access: anyKind('edit'),
    summary:
      "Orders a kind's rules (its edit key) and answers them in that order. An id that is not one of the kind's rules answers `not_found`; a list that leaves out some of them (one was added or deleted meanwhile) answers `conflict`. Each rule that moved is announced as `automation.rule.updated`.",
  }),
  automation_rule_try: defineAct<AutomationTryResult>()({
    input: z.object({
      key: projectKey,
      /** A stored rule to try, ... */
      id: id.optional(),
      /** ... or an editor's draft (nothing is stored or checked against the project), ... */
      rule: automationRuleDraftField.optional(),
      /** ... or every rule of a kind, in order: which one would act. */
      kind: kind.optional(),
      sample: ruleSampleField,
    }),
    access: anyKind('view'),
    summary:
      "Judges a sample message with `evaluateRule`, sending nothing: one stored rule (`id`), a draft (`rule`) or every rule of a kind (`kind`), exactly one of them (else `invalid_input`), in the project's time zone and working hours. Answers each rule's outcome (fires with its actions, or why not), whether it would act under its kind's policy, and a follow-up's step times. Needs the kind's view key.",
  }),
  automation_activity_list: defineAct<AutomationActivity[]>()({
    input: z.object({
      key: projectKey,
      /** One rule's log. */
      ruleId: id.optional(),
      /** One customer's log. */
      customerId: id.optional(),
      kind: kind.optional(),
      outcome: z.enum(automationActivityOutcomes).optional(),
      page: page.optional(),
    }),
    access: anyKind('view'),
    shape: 'page',
    summary:
      "What the rules did, newest first, 10 a page: per rule (`ruleId`), per customer (`customerId`), per kind, or all, only of the kinds the caller may view; each line says which rule, for whom, what set it off, whether it fired (with what it did) or why not. A rule or customer that is not the project's answers `not_found`; a rule of a kind the caller may not view, `forbidden`.",
  }),
  follow_up_list: defineAct<FollowUpRunView[]>()({
    input: z.object({ key: projectKey, customerId: id }),
    access: { anyOf: ['crm.chat.view', automationPermission('follow_up', 'view')] },
    summary: `A customer's follow-up runs for the customer panel: every pending one (soonest due first), then the ${FOLLOW_UP_ENDED_SHOWN} that ended last. With \`crm.autofu.view\` any customer of the project and all their runs; from the chat (\`crm.chat.view\`) a customer the caller sees in a conversation, and only the runs of the conversations they see. Else \`not_found\`.`,
  }),
  follow_up_cancel: defineAct<FollowUpRunView>()({
    input: z.object({ key: projectKey, runId: id }),
    access: { anyOf: [automationPermission('follow_up', 'edit'), 'crm.chat.send'] },
    summary:
      'Cancels a pending follow-up run (`cancelled`, reason `agent`, `cancelledBy` the caller): no further step is sent. With `crm.autofu.edit` any run of the project; from the chat (`crm.chat.send`) only a run in a conversation assigned to the caller (`forbidden` for another they see, `not_found` for one they do not). A run that already ended answers `conflict`. Announced as `follow_up.changed`.',
  }),
};
