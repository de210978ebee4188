/**
 * `@sapa/machines/crm`: the CRM records and their screens. Labels, stages and the board,
 * divisions, customers (table, form, import, "Kirim pesan" to start a conversation with a
 * template), quick replies (page and the composer's menu) and the chat's pickers of a customer's
 * labels, stage and division, and their follow-ups. Per machine: the machine, its input, its
 * events and its selectors, plus the permission and palette rules the screens show.
 * The paged tables they embed are `@sapa/machines/table`'s.
 */
export {
  labelsMachine,
  selectLabelTable,
  selectLabelsDialog,
  selectLabelForm,
  selectLabelSort,
  selectLabelSearch,
} from '../labelsMachine.ts';
export type { LabelsInput, LabelsEvent } from '../labelsMachine.ts';
export { labelPalette, labelPermissions } from '../labelActors.ts';
export type { LabelPermissions, LabelSort, LabelTablePayload } from '../labelActors.ts';
export {
  customerLabelsMachine,
  selectCustomerLabelsStatus,
  selectCustomerLabels,
  selectPickerStatus,
  selectPickableLabels,
  selectCreatableLabel,
  mayCreateCustomerLabels,
} from '../customerLabelsMachine.ts';
export type { CustomerLabelsInput, CustomerLabelsEvent } from '../customerLabelsMachine.ts';
export { labelOptionsMachine, selectLabelOptions, selectLabelOptionsStatus } from '../labelOptionsMachine.ts';
export type { LabelOptionsInput, LabelOptionsEvent } from '../labelOptionsMachine.ts';

export {
  stagesMachine,
  selectStagesDialog,
  selectStagesPayload,
  selectReorderingId,
} from '../stagesMachine.ts';
export type { StagesInput, StagesEvent } from '../stagesMachine.ts';
export { stageMoves, stagePalette, stagePermissions, loadStageFilterOptions } from '../stageActors.ts';
export type { StageListPayload, StagePermissions } from '../stageActors.ts';
export {
  boardMachine,
  selectBoardStatus,
  selectBoardColumns,
  selectPendingCards,
  selectBoardSearch,
  moveTargets,
} from '../boardMachine.ts';
export type { BoardInput, BoardEvent } from '../boardMachine.ts';
export { columnId } from '../boardColumns.ts';
export {
  customerStageMachine,
  selectCustomerStage,
  selectCustomerStageStatus,
  selectStageOptions,
} from '../customerStageMachine.ts';
export type { CustomerStageInput, CustomerStageEvent } from '../customerStageMachine.ts';
export {
  customerFollowUpsMachine,
  selectFollowUpsStatus,
  selectPendingFollowUps,
} from '../customerFollowUpsMachine.ts';
export type {
  CustomerFollowUpsInput,
  CustomerFollowUpsEvent,
  FollowUpFeedEvent,
} from '../customerFollowUpsMachine.ts';

export {
  divisionsMachine,
  selectDivisionsDialog,
  selectDivisionTable,
  selectDivisionSearch,
  selectDivisionMembersActor,
} from '../divisionsMachine.ts';
export type { DivisionsInput, DivisionsEvent } from '../divisionsTypes.ts';
export { divisionPalette, divisionPermissions, loadDivisionFilterOptions } from '../divisionActors.ts';
export type { DivisionPermissions } from '../divisionActors.ts';
export {
  divisionMembersMachine,
  selectAddableMembers,
  selectDivisionMembers,
  selectDivisionMembersStatus,
  selectMemberPickerStatus,
} from '../divisionMembersMachine.ts';
export type { DivisionMembersInput, DivisionMembersEvent } from '../divisionMembersMachine.ts';
export {
  conversationDivisionMachine,
  selectConversationDivision,
  selectDivisionChoices,
  selectDivisionOptionsStatus,
} from '../conversationDivisionMachine.ts';
export type { ConversationDivisionInput, ConversationDivisionEvent } from '../conversationDivisionMachine.ts';

export { customersMachine } from '../customersMachine.ts';
export {
  selectCanExport,
  selectCustomerForm,
  selectCustomerImport,
  selectCustomersDialog,
  selectCustomerTable,
  selectHasQuery,
  selectRangeReversed,
} from '../customerSelectors.ts';
export type { CustomersInput, CustomersEvent } from '../customersTypes.ts';
export { customerPermissions, customerSorts } from '../customerActors.ts';
export type { CustomerFilter, CustomerListPayload, CustomerPermissions } from '../customerActors.ts';
export { customerFormMachine, selectCanAddField, selectPhoneEditable } from '../customerFormMachine.ts';
export type { CustomerFormInput, CustomerFormEvent } from '../customerFormMachine.ts';
export {
  customerOptOutMachine,
  mayChangeOptOut,
  selectOptOut,
  selectOptOutTarget,
} from '../customerOptOutMachine.ts';
export type {
  CustomerOptOutEmitted,
  CustomerOptOutEvent,
  CustomerOptOutInput,
  OptOutState,
} from '../customerOptOutMachine.ts';
export type { CustomerFieldError } from '../customerForm.ts';
export { customerImportMachine, selectImportProblems, selectImportStep } from '../customerImportMachine.ts';
export type { CustomerImportInput, CustomerImportEvent, ImportError } from '../customerImportMachine.ts';

export {
  startConversationMachine,
  selectStartAccountId,
  selectStartAccounts,
  selectStarted,
  selectStartError,
  selectStartPicker,
  selectStartStatus,
} from '../startConversationMachine.ts';
export type {
  ConversationStarted,
  StartConversationEvent,
  StartConversationInput,
  StartConversationStatus,
} from '../startConversationMachine.ts';

export { quickReplyMachine, selectQuickReplyDialog, selectQuickReplyPayload } from '../quickReplyMachine.ts';
export type { QuickReplyInput, QuickReplyEvent } from '../quickReplyMachine.ts';
export { quickReplyPermissions } from '../quickReplyForm.ts';
export type { QuickReplyListPayload, QuickReplyPermissions } from '../quickReplyForm.ts';
export {
  quickReplyMenuMachine,
  selectActiveQuickReply,
  selectQuickReplyMenuKeys,
  selectQuickReplyMenuOpen,
  selectQuickReplyMenuStatus,
  selectQuickReplyOptions,
} from '../quickReplyMenuMachine.ts';
export type { QuickReplyMenuInput, QuickReplyMenuEvent } from '../quickReplyMenuMachine.ts';
export { quickReplyMenuKey } from '../quickReplyMenuKeys.ts';
export type { MenuKeyPress } from '../quickReplyMenuKeys.ts';

export {
  selectDeleteTarget,
  selectDeleteError,
  selectEditing,
  selectDraft,
  selectFieldErrors,
  selectSaveError,
  selectSaving,
  selectDeleting,
} from '../crudDialogSelectors.ts';
export type { CrudDialogSnapshot } from '../crudDialogSelectors.ts';
export type { NameColorDraft } from '../nameColorForm.ts';
export { isHexColor } from '../hexColor.ts';
export type { LoadStatus, PickerStatus } from '../choiceSelectors.ts';
export type { FlowError } from '../actError.ts';
export type { FieldError, FieldErrors } from '../validation.ts';
