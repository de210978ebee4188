/**
 * The rule editors' form rules (issue 18), one set for the four kinds: a new rule's draft, the
 * draft of a stored rule, the edits the editor may make (each a pure function of the draft), what
 * each kind offers to add (from the SDK's `ruleVocabulary`, so each screen shows only its kind's
 * triggers and actions), and the draft's field errors (the SDK's `automationRuleDraftField`, the
 * check the server runs first: the editor's errors and the server's sit on the same fields,
 * `rule.conditions.0.keywords.2`).
 */
import {
  AUTOMATION_ACTIONS_MAX,
  AUTOMATION_CONDITIONS_MAX,
  AUTOMATION_QUIET_PERIOD_DEFAULT_MINUTES,
  FOLLOW_UP_STEPS_MAX,
  automationConditionKinds,
  broadcastValueSourcesFor,
  automationRuleDraftField,
  messageTriggerKinds,
  needsOpenWindow,
  ruleVocabulary,
  singleActionKinds,
} from '@sapa/sdk';
import type {
  AutomationAction,
  AutomationActionKind,
  AutomationCondition,
  AutomationConditionKind,
  AutomationDelay,
  AutomationRule,
  AutomationRuleDraft,
  AutomationRuleKind,
  AutomationTrigger,
  AutomationTriggerKind,
  BroadcastValue,
  BroadcastValueSource,
  BroadcastValues,
  FollowUpStep,
  MessageTemplate,
  SendAction,
  SendTemplateAction,
} from '@sapa/sdk';
import { fieldErrorsOf } from './actError.ts';
import { startingValues } from './broadcastComposerActors.ts';
import type { TemplateValueField } from './templatePickerMachine.ts';

/** A field's error: a catalogue key with its values (the editor's check) or the server's message. */
export type RuleFieldError = { key: string; params?: Record<string, string | number> } | { message: string };

/** Errors by field path (`rule.name`, `rule.conditions.0.keywords.2`, `rule.steps.1.delay.amount`). */
export type RuleFieldErrors = Record<string, RuleFieldError>;

/** The default wait of a no-reply trigger and of a new sequence's first step. */
const DEFAULT_WAIT: AutomationDelay = { amount: 1, unit: 'days' };

/** A trigger of `kind` with its defaults (any label, any stage, any broadcast, a day's wait). */
export function defaultTrigger(kind: AutomationTriggerKind): AutomationTrigger {
  switch (kind) {
    case 'broadcast_reply':
      return { kind, broadcastId: null };
    case 'label_added':
      return { kind, labelId: null };
    case 'stage_entered':
      return { kind, stageId: null };
    case 'no_agent_reply':
    case 'no_customer_reply':
      return { kind, after: { ...DEFAULT_WAIT } };
    default:
      return { kind };
  }
}

/** A condition of `kind`, empty (its values are picked next). */
export function defaultCondition(kind: AutomationConditionKind): AutomationCondition {
  switch (kind) {
    case 'account':
      return { kind, accountIds: [] };
    case 'keyword':
      return { kind, mode: 'contains', keywords: [] };
    case 'label':
      return { kind, labelIds: [] };
    case 'stage':
      return { kind, stageIds: [] };
    case 'division':
      return { kind, divisionIds: [] };
    case 'ad_source':
      return { kind, source: 'any', ids: [] };
  }
}

/** An action of `kind`, empty (its text or its row is filled next). */
export function defaultAction(kind: AutomationActionKind): AutomationAction {
  switch (kind) {
    case 'send_text':
      return { kind, text: '' };
    case 'send_media':
      return { kind, galleryItemId: '', caption: '' };
    case 'send_template':
      return { kind, templateId: '', values: { body: [] } };
    case 'assign_division':
      return { kind, divisionId: '' };
    case 'assign_agent':
      return { kind, strategy: 'round_robin', userIds: [], fallbackUserId: null, reassignAfterMinutes: null };
    case 'set_stage':
      return { kind, stageId: '' };
    case 'add_label':
      return { kind, labelId: '' };
    case 'notify':
      return { kind, recipients: 'assigned_agent', userIds: [], text: '' };
  }
}

/** A follow-up step's message of `kind` (text, a gallery file or a template). */
export function defaultStepMessage(kind: SendAction['kind']): SendAction {
  return defaultAction(kind) as SendAction;
}

/**
 * `step` with a fallback template (`on`: its own, or an empty one to pick) or without one. Only a
 * free-form message takes one (a template step goes whatever the window): any other keeps none.
 */
export function withStepFallback(step: FollowUpStep, on: boolean): FollowUpStep {
  const { fallback, ...rest } = step;
  if (!on || !needsOpenWindow(step.message)) return rest;
  return { ...rest, fallback: fallback ?? (defaultAction('send_template') as SendTemplateAction) };
}

/** The step after `previous`: a day later (delays count from the anchor, so they grow). */
export function nextStep(previous: FollowUpStep | undefined): FollowUpStep {
  const delay: AutomationDelay =
    previous === undefined
      ? { ...DEFAULT_WAIT }
      : { amount: previous.delay.amount + 1, unit: previous.delay.unit };
  return { delay, message: defaultStepMessage('send_text') };
}

/** A new rule of `kind`: on, its first trigger, no conditions, its main action (or one step). */
export function emptyRuleDraft(kind: AutomationRuleKind): AutomationRuleDraft {
  const base = { name: '', enabled: true, conditions: [] };
  switch (kind) {
    case 'auto_reply':
      return {
        ...base,
        kind,
        trigger: { kind: 'customer_message' },
        actions: [{ kind: 'send_text', text: '' }],
        quietPeriodMinutes: AUTOMATION_QUIET_PERIOD_DEFAULT_MINUTES,
      };
    case 'auto_division':
      return {
        ...base,
        kind,
        trigger: { kind: 'customer_message' },
        actions: [{ kind: 'assign_division', divisionId: '' }],
      };
    case 'auto_stage':
      return {
        ...base,
        kind,
        trigger: { kind: 'customer_message' },
        actions: [{ kind: 'set_stage', stageId: '' }],
      };
    case 'follow_up':
      return { ...base, kind, trigger: { kind: 'customer_message' }, steps: [nextStep(undefined)] };
  }
}

/** A stored rule's draft (what the editor edits and the update act takes). */
export function draftOfRule(rule: AutomationRule): AutomationRuleDraft {
  const base = { name: rule.name, enabled: rule.enabled, conditions: rule.conditions };
  switch (rule.kind) {
    case 'auto_reply':
      return {
        ...base,
        kind: rule.kind,
        trigger: rule.trigger,
        actions: rule.actions,
        quietPeriodMinutes: rule.quietPeriodMinutes,
      };
    case 'auto_division':
      return { ...base, kind: rule.kind, trigger: rule.trigger, actions: rule.actions };
    case 'auto_stage':
      return { ...base, kind: rule.kind, trigger: rule.trigger, actions: rule.actions };
    case 'follow_up':
      return { ...base, kind: rule.kind, trigger: rule.trigger, steps: rule.steps };
  }
}

/** One change the editor makes to its draft. */
export type RuleDraftEdit =
  | { op: 'name'; name: string }
  | { op: 'enabled'; enabled: boolean }
  /** An auto-reply's quiet period, in minutes. */
  | { op: 'quietPeriod'; minutes: number }
  /** Another trigger, with its defaults. */
  | { op: 'triggerKind'; kind: AutomationTriggerKind }
  /** The trigger's own values (its label, stage, broadcast, wait). */
  | { op: 'trigger'; trigger: AutomationTrigger }
  | { op: 'addCondition'; kind: AutomationConditionKind }
  | { op: 'condition'; index: number; condition: AutomationCondition }
  | { op: 'removeCondition'; index: number }
  | { op: 'addAction'; kind: AutomationActionKind }
  | { op: 'action'; index: number; action: AutomationAction }
  | { op: 'removeAction'; index: number }
  | { op: 'addStep' }
  | { op: 'step'; index: number; step: FollowUpStep }
  /** A free-form step's template for a closed window: on (an empty one to pick) or off. */
  | { op: 'stepFallback'; index: number; on: boolean }
  | { op: 'removeStep'; index: number }
  /** Where one of a template's values comes from (`valueSourcesFor` its slot). */
  | { op: 'valueSource'; at: TemplateSpot; slot: TemplateValueField; source: BroadcastValueSource };

/** A template on the rule: an action's (`send_template`), a step's message, or a step's fallback. */
export type TemplateSpot = { in: 'action' | 'step' | 'fallback'; index: number };

/** Where a template value's slot may take its value from: the SDK's sources for that slot. */
export function valueSourcesFor(slot: TemplateValueField): readonly BroadcastValueSource[] {
  return broadcastValueSourcesFor(slot.field);
}

/** The slot's value in `values`, if the template has that slot. */
export function slotValue(values: BroadcastValues, slot: TemplateValueField): BroadcastValue | undefined {
  if (slot.field === 'body') return values.body[slot.index];
  return slot.field === 'header' ? values.header : values.buttonUrl;
}

/**
 * `values` with the slot's value taken from `source`: a fixed text or a field's name starts empty
 * (the fallback stays); the same source, a slot the template lacks, or a source the slot may not
 * take (a link's suffix from a name) leaves them as they are.
 */
export function withValueSource(
  values: BroadcastValues,
  slot: TemplateValueField,
  source: BroadcastValueSource,
): BroadcastValues {
  const value = slotValue(values, slot);
  if (value === undefined || value.source === source || !valueSourcesFor(slot).includes(source))
    return values;
  const next: BroadcastValue = { ...value, source, value: '' };
  if (slot.field === 'body') return { ...values, body: replaceAt(values.body, slot.index, next) };
  return { ...values, [slot.field]: next };
}

/** The template at `at` with its values changed by `change`; the draft itself when nothing changes. */
function changeTemplate(
  draft: AutomationRuleDraft,
  at: TemplateSpot,
  change: (values: BroadcastValues) => BroadcastValues,
): AutomationRuleDraft {
  let changed = false;
  const template = (action: SendTemplateAction): SendTemplateAction => {
    const values = change(action.values);
    changed = values !== action.values;
    return changed ? { ...action, values } : action;
  };
  const send = (action: SendAction): SendAction =>
    action.kind === 'send_template' ? template(action) : action;
  if (draft.kind !== 'follow_up') {
    const action = at.in === 'action' ? draft.actions[at.index] : undefined;
    if (action === undefined) return draft;
    const next = action.kind === 'send_template' ? template(action) : action;
    if (!changed) return draft;
    return {
      ...draft,
      actions: replaceAt<AutomationAction>(draft.actions as AutomationAction[], at.index, next),
    } as AutomationRuleDraft;
  }
  const step = at.in === 'action' ? undefined : draft.steps[at.index];
  if (step === undefined) return draft;
  const next: FollowUpStep =
    at.in === 'step'
      ? { ...step, message: send(step.message) }
      : step.fallback === undefined
        ? step
        : { ...step, fallback: template(step.fallback) };
  return changed ? { ...draft, steps: replaceAt(draft.steps, at.index, next) } : draft;
}

/** The path of a template's value on the rule (`rule.steps.1.fallback.values.body.0`). */
function valuePath(at: TemplateSpot, slot: TemplateValueField): string {
  const base =
    at.in === 'action'
      ? `rule.actions.${at.index}`
      : `rule.steps.${at.index}.${at.in === 'step' ? 'message' : 'fallback'}`;
  return `${base}.values.${slot.field === 'body' ? `body.${slot.index}` : slot.field}`;
}

/** What a kind's editor offers now: triggers, and what may still be added. */
export interface RuleOffers {
  triggers: readonly AutomationTriggerKind[];
  /** Conditions not on the rule yet (keywords only with a message trigger). */
  conditions: AutomationConditionKind[];
  /** Actions that may be added (each held-once action only once, up to the limit). */
  actions: AutomationActionKind[];
  /** Whether another follow-up step may be added. */
  step: boolean;
}

export function isMessageTrigger(kind: AutomationTriggerKind): boolean {
  return (messageTriggerKinds as readonly string[]).includes(kind);
}

function actionsOf(draft: AutomationRuleDraft): readonly AutomationAction[] {
  return draft.kind === 'follow_up' ? [] : draft.actions;
}

export function ruleOffers(draft: AutomationRuleDraft): RuleOffers {
  const vocabulary = ruleVocabulary[draft.kind];
  const held = new Set(draft.conditions.map((condition) => condition.kind));
  const actions = actionsOf(draft);
  const single = new Set(
    actions
      .map((action) => action.kind)
      .filter((kind) => (singleActionKinds as readonly string[]).includes(kind)),
  );
  return {
    triggers: vocabulary.triggers,
    conditions:
      draft.conditions.length >= AUTOMATION_CONDITIONS_MAX
        ? []
        : automationConditionKinds.filter(
            (kind) => !held.has(kind) && (kind !== 'keyword' || isMessageTrigger(draft.trigger.kind)),
          ),
    actions:
      actions.length >= AUTOMATION_ACTIONS_MAX
        ? []
        : (vocabulary.actions as readonly AutomationActionKind[]).filter((kind) => !single.has(kind)),
    step: draft.kind === 'follow_up' && draft.steps.length < FOLLOW_UP_STEPS_MAX,
  };
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, at) => (at === index ? item : current));
}

function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}

/** The draft after `edit`; an edit the kind does not offer leaves it as it is. */
export function applyRuleEdit(draft: AutomationRuleDraft, edit: RuleDraftEdit): AutomationRuleDraft {
  const offers = ruleOffers(draft);
  // The vocabulary keeps each kind's trigger and action types; the offers checked them.
  const as = (next: object) => next as AutomationRuleDraft;
  switch (edit.op) {
    case 'name':
      return { ...draft, name: edit.name };
    case 'enabled':
      return { ...draft, enabled: edit.enabled };
    case 'quietPeriod':
      return draft.kind === 'auto_reply' ? { ...draft, quietPeriodMinutes: edit.minutes } : draft;
    case 'triggerKind':
      return offers.triggers.includes(edit.kind) && edit.kind !== draft.trigger.kind
        ? as({ ...draft, trigger: defaultTrigger(edit.kind) })
        : draft;
    case 'trigger':
      return edit.trigger.kind === draft.trigger.kind ? as({ ...draft, trigger: edit.trigger }) : draft;
    case 'addCondition':
      return offers.conditions.includes(edit.kind)
        ? { ...draft, conditions: [...draft.conditions, defaultCondition(edit.kind)] }
        : draft;
    case 'condition':
      return draft.conditions[edit.index]?.kind === edit.condition.kind
        ? { ...draft, conditions: replaceAt(draft.conditions, edit.index, edit.condition) }
        : draft;
    case 'removeCondition':
      return { ...draft, conditions: removeAt(draft.conditions, edit.index) };
    case 'addAction':
      return draft.kind !== 'follow_up' && offers.actions.includes(edit.kind)
        ? as({ ...draft, actions: [...draft.actions, defaultAction(edit.kind)] })
        : draft;
    case 'action':
      return draft.kind !== 'follow_up' && draft.actions[edit.index]?.kind === edit.action.kind
        ? as({
            ...draft,
            actions: replaceAt<AutomationAction>(
              draft.actions as AutomationAction[],
              edit.index,
              edit.action,
            ),
          })
        : draft;
    case 'removeAction':
      return draft.kind === 'follow_up'
        ? draft
        : as({
            ...draft,
            actions: removeAt<AutomationAction>(draft.actions as AutomationAction[], edit.index),
          });
    case 'addStep':
      return draft.kind === 'follow_up' && offers.step
        ? { ...draft, steps: [...draft.steps, nextStep(draft.steps.at(-1))] }
        : draft;
    case 'step':
      return draft.kind === 'follow_up' && edit.index < draft.steps.length
        ? {
            ...draft,
            // A message turned into a template drops its fallback.
            steps: replaceAt(
              draft.steps,
              edit.index,
              withStepFallback(edit.step, edit.step.fallback !== undefined),
            ),
          }
        : draft;
    case 'stepFallback': {
      const step = draft.kind === 'follow_up' ? draft.steps[edit.index] : undefined;
      return draft.kind === 'follow_up' && step !== undefined
        ? { ...draft, steps: replaceAt(draft.steps, edit.index, withStepFallback(step, edit.on)) }
        : draft;
    }
    case 'removeStep':
      return draft.kind === 'follow_up' && draft.steps.length > 1
        ? { ...draft, steps: removeAt(draft.steps, edit.index) }
        : draft;
    case 'valueSource':
      return changeTemplate(draft, edit.at, (values) => withValueSource(values, edit.slot, edit.source));
  }
}

/** The field an edit changes: its errors go (a removal shifts the rest: the whole list's). */
export function editedField(edit: RuleDraftEdit): string {
  switch (edit.op) {
    case 'name':
    case 'enabled':
      return `rule.${edit.op}`;
    case 'quietPeriod':
      return 'rule.quietPeriodMinutes';
    case 'triggerKind':
    case 'trigger':
      return 'rule.trigger';
    case 'condition':
      return `rule.conditions.${edit.index}`;
    case 'action':
      return `rule.actions.${edit.index}`;
    case 'step':
      return `rule.steps.${edit.index}`;
    case 'stepFallback':
      return `rule.steps.${edit.index}.fallback`;
    case 'addCondition':
    case 'removeCondition':
      return 'rule.conditions';
    case 'addAction':
    case 'removeAction':
      return 'rule.actions';
    case 'addStep':
    case 'removeStep':
      return 'rule.steps';
    case 'valueSource':
      return valuePath(edit.at, edit.slot);
  }
}

/** `errors` without those on `field` or inside it (and the rule-wide ones a trigger change settles). */
export function clearFieldErrors(errors: RuleFieldErrors, field: string): RuleFieldErrors {
  const out: RuleFieldErrors = {};
  for (const [path, error] of Object.entries(errors)) {
    if (path === field || path.startsWith(`${field}.`)) continue;
    // Keywords on a trigger without a message: fixed by another trigger as much as by the keyword.
    if (field === 'rule.trigger' && path.startsWith('rule.conditions.')) continue;
    out[path] = error;
  }
  return out;
}

/**
 * The draft's field errors by `automationRuleDraftField`, on the server's paths: the vocabulary's
 * own codes as `automation.rule.<code>`, an empty value as `validation.required`, anything else
 * (a number out of range) as `automation.editor.invalid`.
 */
export function checkRuleDraft(draft: AutomationRuleDraft): RuleFieldErrors {
  const parsed = automationRuleDraftField.safeParse(draft);
  if (parsed.success) return {};
  const errors: RuleFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = ['rule', ...issue.path.map(String)].join('.');
    if (errors[path] !== undefined) continue;
    const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
    if (params?.['automationRule'] === true) {
      const limit = params['limit'];
      errors[path] = {
        key: `automation.rule.${issue.message}`,
        ...(typeof limit === 'number' ? { params: { limit } } : {}),
      };
    } else if (
      issue.code === 'too_small' ||
      issue.code === 'invalid_format' ||
      issue.code === 'invalid_type'
    ) {
      errors[path] = { key: 'validation.required' };
    } else {
      errors[path] = { key: 'automation.editor.invalid' };
    }
  }
  return errors;
}

/** The server's field errors of a failed save or try (its messages, already translated). */
export function serverRuleErrors(error: unknown): RuleFieldErrors {
  const out: RuleFieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) out[field] = { message };
  return out;
}

/** The errors of `prefix` and inside it (a section's, a condition's). */
export function errorsUnder(errors: RuleFieldErrors, prefix: string): [string, RuleFieldError][] {
  return Object.entries(errors).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`));
}

/**
 * The kind's rules' ids after moving `id` one place up or down: the order
 * `automation_rule_reorder` takes; null when it cannot move that way (first or last, or gone).
 */
export function movedRuleOrder(
  ids: readonly string[],
  id: string,
  direction: 'up' | 'down',
): string[] | null {
  const from = ids.indexOf(id);
  const to = from + (direction === 'up' ? -1 : 1);
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[from] = ids[to] as string;
  next[to] = id;
  return next;
}

/**
 * A template picked for a send: its values start as a broadcast's do (`startingValues`: a slot
 * whose example is `{nama}`, `{nomor}` or a custom field's placeholder comes from the customer,
 * any other is an empty fixed text); a template not found leaves only its id.
 */
export function withTemplate(
  action: SendTemplateAction,
  templateId: string,
  template: MessageTemplate | undefined,
): SendTemplateAction {
  return { ...action, templateId, values: template === undefined ? { body: [] } : startingValues(template) };
}
