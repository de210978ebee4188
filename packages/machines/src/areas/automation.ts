/**
 * `@sapa/machines/automation`: the four automation screens (issue 18): a kind's rules (search,
 * switch, order, delete, live), a rule's editor with its try box, and a rule's activity log. Per
 * machine: the machine, its input, its events and its selectors, plus the editor's form rules.
 */

// A kind's rules (`/crm/auto-reply/{key}` and the three others).
export { automationPermissions, automationRulesMachine, ruleCanMove } from '../automationRulesMachine.ts';
export type {
  AutomationPermissions,
  AutomationRulesEmitted,
  AutomationRulesEvent,
  AutomationRulesInput,
} from '../automationRulesMachine.ts';
export {
  selectActivity,
  selectAutomationPermissions,
  selectDeleteConfirm,
  selectHasRuleSearch,
  selectMovingId,
  selectRuleEditor,
  selectRuleTable,
  selectSwitchingId,
} from '../automationRulesMachine.ts';
export { followAutomationRules } from '../followAutomationRules.ts';
// A rule's editor: trigger, conditions, actions or steps, and the try box.
export { automationRuleEditorMachine } from '../automationRuleEditorMachine.ts';
export type {
  AutomationRuleEditorEvent,
  AutomationRuleEditorInput,
  BroadcastPicker,
} from '../automationRuleEditorMachine.ts';
export {
  selectBroadcastPicker,
  selectEditorBusy,
  selectEditorWritable,
  selectGalleryPaging,
  selectReferencesLoading,
  selectRuleDraft,
  selectRuleFieldErrors,
  selectRuleOffers,
  selectRuleReferences,
  selectRuleSaveError,
  selectTrial,
} from '../automationRuleEditorMachine.ts';
export {
  defaultStepMessage,
  errorsUnder,
  isMessageTrigger,
  valueSourcesFor,
  withTemplate,
} from '../automationDraft.ts';
export type {
  RuleDraftEdit,
  RuleFieldError,
  RuleFieldErrors,
  RuleOffers,
  TemplateSpot,
} from '../automationDraft.ts';
export type { TemplateValueField } from '../templatePickerMachine.ts';
export type {
  AutomationActivityPayload,
  AutomationListPayload,
  AutomationReferences,
  BroadcastChoice,
} from '../automationActors.ts';
