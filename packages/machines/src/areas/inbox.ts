/**
 * `@sapa/machines/inbox`: the chat screen. The conversation list, one conversation, its thread
 * and composer, the realtime connection and the inbox router that ties realtime events to them.
 * Per machine: the machine, its input, its events and its selectors.
 */
export { connectionMachine, selectConnectionStatus } from '../connectionMachine.ts';
export type { ConnectionInput, ConnectionEvent, ConnectionTag, RealtimeLike } from '../connectionMachine.ts';
export {
  conversationListMachine,
  selectConversations,
  selectListStatus,
  selectTotalUnread,
  selectSelectedId,
  selectHasMore,
  selectFilter,
  selectAccountFilter,
  selectLabelFilter,
  selectStageFilter,
  selectDivisionFilter,
  selectRecordFilterCount,
  selectSearch,
} from '../conversationListMachine.ts';
export type { ConversationListInput, ConversationListEvent } from '../conversationListMachine.ts';
export { adjacentConversation } from '../conversationListMerge.ts';
export type { ConversationFilter } from '../conversationListMerge.ts';
export {
  threadMachine,
  selectThreadMessages,
  selectThreadStatus,
  selectHasOlder,
  selectPendingCount,
} from '../threadMachine.ts';
export type { ThreadInput, ThreadEvent } from '../threadMachine.ts';
export type { ThreadItem } from '../threadMessages.ts';
export { threadRows, deliveryMark } from '../threadRows.ts';
export {
  conversationMachine,
  selectConversation,
  selectConversationStatus,
  selectWindowOpen,
  selectAgents,
} from '../conversationMachine.ts';
export type { ConversationInput, ConversationEvent } from '../conversationMachine.ts';
export {
  composerMachine,
  isTrayItemPending,
  isTrayItemReady,
  selectCanAttach,
  selectCanSend,
  selectComposerMode,
  selectHasDraft,
  selectTrayDrafts,
  selectTrayStatus,
  selectWindowLeft,
  trayItemsOf,
} from '../composerMachine.ts';
export type {
  ComposerInput,
  ComposerEvent,
  ComposerEmitted,
  ComposerMode,
  ReplyTarget,
  TrayCommand,
  TrayItem,
  WindowLeft,
} from '../composerMachine.ts';
export {
  openConversationMachine,
  selectOpenComposer,
  selectOpenPicker,
  selectOpenRemoved,
  selectOpenStatus,
  selectOpenSummary,
  selectOpenThread,
} from '../openConversationMachine.ts';
export type { OpenConversationEvent, OpenConversationInput, Visibility } from '../openConversationMachine.ts';
export {
  templatePickerMachine,
  selectPickerChosen,
  selectPickerEditable,
  selectPickerError,
  selectPickerFieldErrors,
  selectPickerMedia,
  selectPickerPreview,
  selectPickerSlots,
  selectPickerStatus,
  selectPickerTemplates,
  selectPickerValues,
} from '../templatePickerMachine.ts';
export type {
  PickerFieldError,
  PickerPreview,
  TemplatePickerEvent,
  TemplatePickerInput,
  TemplatePickerStatus,
  TemplateTarget,
  TemplateValueField,
} from '../templatePickerMachine.ts';
export { createInboxRouter } from '../inboxRouting.ts';
export type { InboxRouter, InboxEventSource, InboundMessage } from '../inboxRouting.ts';
export { chatPermissions } from '../projectAccess.ts';
// A send refused for want of the project's balance, as the thread and the template picker show it.
export { balanceRefusal } from '../billingAccess.ts';
export type { BalanceRefusal } from '../billingAccess.ts';
export type { ActCaller } from '../sdk.ts';
export type { FlowError } from '../actError.ts';
export { firstRunSteps, SIMULATOR_NUMBER } from '../firstRunGuide.ts';
export type { FirstRunFacts, FirstRunStep } from '../firstRunGuide.ts';
