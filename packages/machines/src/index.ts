/** @sapa/machines: Sapa's XState v5 statecharts. The public surface, by name. */
export {
  sessionMachine,
  selectSessionStatus,
  selectUser,
  checkToken,
  logout,
  isInconclusive,
} from './sessionMachine.ts';
export type {
  SessionInput,
  SessionContext,
  SessionEvent,
  SessionTag,
  SessionStatus,
  SessionSnapshot,
  RedirectStore,
  SessionLocation,
} from './sessionMachine.ts';
export { otpMachine, selectOtpStep, verifyCode } from './otpMachine.ts';
export type {
  OtpInput,
  OtpContext,
  OtpEvent,
  OtpOutput,
  OtpTag,
  OtpStep,
  OtpSnapshot,
} from './otpMachine.ts';
export { loginMachine, selectLoginStep, submitLogin } from './loginMachine.ts';
export type {
  LoginInput,
  LoginContext,
  LoginEvent,
  LoginTag,
  LoginStep,
  LoginSnapshot,
} from './loginMachine.ts';
export { registerMachine, selectRegisterStep, submitRegister } from './registerMachine.ts';
export type {
  RegisterInput,
  RegisterContext,
  RegisterEvent,
  RegisterForm,
  RegisterTag,
  RegisterStep,
  RegisterSnapshot,
} from './registerMachine.ts';
export {
  forgotPasswordMachine,
  selectForgotPasswordStep,
  requestReset,
  resetPassword,
} from './forgotPasswordMachine.ts';
export type {
  ForgotPasswordInput,
  ForgotPasswordContext,
  ForgotPasswordEvent,
  ForgotPasswordOutput,
  ForgotPasswordTag,
  ForgotPasswordStep,
  ForgotPasswordSnapshot,
} from './forgotPasswordMachine.ts';
export {
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
  loadProjects,
  createProject,
} from './projectListMachine.ts';
export type {
  ProjectListInput,
  ProjectListContext,
  ProjectListEvent,
  ProjectListTag,
  ProjectListStatus,
  ProjectListSnapshot,
} from './projectListMachine.ts';
export { connectionMachine, selectConnectionStatus, watchSocket, realtimeFits } from './connectionMachine.ts';
export type {
  ConnectionInput,
  ConnectionContext,
  ConnectionEvent,
  ConnectionEmitted,
  ConnectionTag,
  ConnectionSnapshot,
  RealtimeLike,
} from './connectionMachine.ts';
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
  selectSearch,
  loadConversations,
  searchDebounce,
} from './conversationListMachine.ts';
export type {
  ConversationListInput,
  ConversationListContext,
  ConversationListEvent,
  ConversationListTag,
  ConversationListStatus,
  ConversationListSnapshot,
  ConversationPage,
} from './conversationListMachine.ts';
export {
  compareConversations,
  sortConversations,
  matchesView,
  mergeConversations,
  applyLiveUpdate,
  isCurrentAnswer,
  removeConversation,
  adjacentConversation,
} from './conversationListMerge.ts';
export type { ConversationFilter, ConversationQuery, ListView } from './conversationListMerge.ts';
export {
  threadMachine,
  selectThreadMessages,
  selectThreadStatus,
  selectHasOlder,
  selectPendingCount,
} from './threadMachine.ts';
export {
  loadPage,
  catchUp,
  sendMessage,
  markRead,
  retryTimer,
  SendTimeoutError,
  CATCH_UP_LIMIT,
} from './threadActors.ts';
export type {
  ThreadInput,
  ThreadContext,
  ThreadEvent,
  ThreadTag,
  ThreadStatus,
  ThreadSnapshot,
} from './threadMachine.ts';
export { isStatusForward, mergeMessages, sendFields } from './threadMessages.ts';
export { threadRows, rowKey, deliveryMark } from './threadRows.ts';
export type { ThreadRow, DeliveryMark } from './threadRows.ts';
export {
  conversationMachine,
  selectConversation,
  selectConversationStatus,
  selectWindowOpen,
  selectAgents,
  findConversation,
  loadAgents,
  renameCustomer,
  assignConversation,
  windowTimer,
  fresherSummary,
} from './conversationMachine.ts';
export type {
  ConversationInput,
  ConversationContext,
  ConversationEvent,
  ConversationTag,
  ConversationStatus,
  ConversationSnapshot,
} from './conversationMachine.ts';
export {
  composerMachine,
  isTrayItemPending,
  isTrayItemReady,
  selectCanAttach,
  selectCanSend,
  selectTrayDrafts,
  selectTrayStatus,
  trayDrafts,
  trayItemsOf,
  trayStatusOf,
} from './composerMachine.ts';
export type {
  ComposerInput,
  ComposerContext,
  ComposerEvent,
  ComposerEmitted,
  ComposerTag,
  ComposerSnapshot,
  ReplyTarget,
  TrayCommand,
  TrayDraftSource,
  TrayItem,
  TrayStatus,
} from './composerMachine.ts';
export {
  accountsMachine,
  selectAccounts,
  selectAccountsStatus,
  loadAccounts,
  saveAccount,
} from './accountsMachine.ts';
export type {
  AccountsInput,
  AccountsContext,
  AccountsEvent,
  AccountsTag,
  AccountsStatus,
  AccountsSnapshot,
  AccountChange,
} from './accountsMachine.ts';
export { galleryMachine } from './galleryMachine.ts';
export type { GallerySnapshot } from './galleryMachine.ts';
export type {
  GalleryInput,
  GalleryContext,
  GalleryEvent,
  GalleryEmitted,
  GalleryTag,
} from './galleryTypes.ts';
export {
  selectGalleryStatus,
  selectGalleryItems,
  selectGalleryHasMore,
  selectGalleryKind,
  selectGallerySearch,
  selectGallerySelected,
  selectGalleryAction,
  selectShareStep,
} from './gallerySelectors.ts';
export type { GalleryStatus, GalleryAction, ShareStep } from './gallerySelectors.ts';
export {
  galleryKindFilters,
  galleryPermissions,
  matchesGalleryQuery,
  loadGalleryPage,
  addToGallery,
  deleteFromGallery,
  loadShareTargets,
  sendToChat,
  searchPause,
} from './galleryActors.ts';
export type {
  GalleryKind,
  GalleryKindFilter,
  GalleryPage,
  GalleryPermissions,
  GalleryQuery,
  SearchPauseInput,
  ShareRequest,
} from './galleryActors.ts';
export type { ShareContext } from './galleryShare.ts';
export { quickReplyMachine, selectQuickReplyDialog, selectQuickReplyPayload } from './quickReplyMachine.ts';
export type {
  QuickReplyInput,
  QuickReplyContext,
  QuickReplyEvent,
  QuickReplyEmitted,
  QuickReplyTag,
  QuickReplySnapshot,
  QuickReplyDialog,
} from './quickReplyMachine.ts';
export {
  checkQuickReply,
  normalizeShortcut,
  quickReplyListPayload,
  quickReplyPermissions,
  saveQuickReply,
  deleteQuickReply,
  quickReplySearchPause,
  SHORTCUT_MAX,
  QUICK_REPLY_TEXT_MAX,
} from './quickReplyForm.ts';
export type {
  QuickReplyDraft,
  QuickReplyField,
  QuickReplyFieldError,
  QuickReplyFieldErrors,
  QuickReplyListPayload,
  QuickReplyMedia,
  QuickReplyPermissions,
} from './quickReplyForm.ts';
export {
  quickReplyMenuMachine,
  loadAllQuickReplies,
  menuOptions,
  selectActiveQuickReply,
  selectQuickReplyMenuKeys,
  selectQuickReplyMenuOpen,
  selectQuickReplyMenuStatus,
  selectQuickReplyOptions,
} from './quickReplyMenuMachine.ts';
export type {
  QuickReplyMenuInput,
  QuickReplyMenuContext,
  QuickReplyMenuEvent,
  QuickReplyMenuEmitted,
  QuickReplyMenuTag,
  QuickReplyMenuSnapshot,
  QuickReplyMenuStatus,
} from './quickReplyMenuMachine.ts';
export {
  labelsMachine,
  labelTableMachine,
  selectLabelTable,
  selectLabelsDialog,
  selectLabelForm,
  selectLabelSort,
  selectLabelSearch,
} from './labelsMachine.ts';
export type {
  LabelsInput,
  LabelsContext,
  LabelsEvent,
  LabelsEmitted,
  LabelsTag,
  LabelsSnapshot,
  LabelsDialog,
  LabelForm,
} from './labelsMachine.ts';
export {
  customerLabelsMachine,
  selectCustomerLabelsStatus,
  selectCustomerLabels,
  selectPickerStatus,
  selectPickableLabels,
} from './customerLabelsMachine.ts';
export type {
  CustomerLabelsInput,
  CustomerLabelsContext,
  CustomerLabelsEvent,
  CustomerLabelsTag,
  CustomerLabelsSnapshot,
  CustomerLabelsStatus,
  LabelPickerStatus,
} from './customerLabelsMachine.ts';
export { labelOptionsMachine, selectLabelOptions, selectLabelOptionsStatus } from './labelOptionsMachine.ts';
export type {
  LabelOptionsInput,
  LabelOptionsContext,
  LabelOptionsEvent,
  LabelOptionsSnapshot,
  LabelOptionsStatus,
} from './labelOptionsMachine.ts';
export {
  checkLabel,
  isLabelColor,
  labelActAccess,
  labelPalette,
  labelPermissions,
  labelSorts,
  labelTablePayload,
  loadLabelOptions,
  loadCustomerLabels,
  matchLabels,
  removeLabel,
  saveLabel,
  setCustomerLabel,
  labelSearchPause,
  LABEL_NAME_MAX,
} from './labelActors.ts';
export type {
  LabelDraft,
  LabelField,
  LabelPermissions,
  LabelSort,
  LabelTablePayload,
} from './labelActors.ts';
export { projectMachine, selectProject, selectProjectStatus, loadProject } from './projectMachine.ts';
export type {
  ProjectInput,
  ProjectContext,
  ProjectEvent,
  ProjectTag,
  ProjectStatus,
  ProjectSnapshot,
} from './projectMachine.ts';
export {
  uploadMachine,
  uploadStatuses,
  selectUploadStatus,
  selectUploadProgress,
  selectUploadError,
  uploadErrorOf,
  loadUpload,
  transferUpload,
  revertUpload,
} from './uploadMachine.ts';
export type {
  UploadSource,
  UploadFileLike,
  UploadItemInput,
  UploadItemContext,
  UploadItemEvent,
  UploadItemEmitted,
  UploadItemTag,
  UploadItemSnapshot,
  UploadStatus,
  UploadError,
  UploadTransferInput,
} from './uploadMachine.ts';
export {
  uploadQueueMachine,
  selectQueueItems,
  selectQueueWarning,
  selectQueueBusy,
  selectServerIds,
} from './uploadQueueMachine.ts';
export type {
  UploadQueueInput,
  UploadQueueContext,
  UploadQueueEvent,
  UploadQueueItem,
  UploadQueueWarning,
  UploadQueueSnapshot,
  UploadItemRef,
} from './uploadQueueMachine.ts';
export {
  tableMachine,
  createTableMachine,
  fetchActPage,
  samePayload,
  pageAfterEmpty,
  selectTableStatus,
  selectCanPrev,
  selectCanNext,
  selectPageLinks,
  selectRows,
  selectTableError,
} from './tableMachine.ts';
export type {
  FetchPage,
  TableInput,
  TableContext,
  TableEvent,
  TableEmitted,
  TableStatus,
  TablePageLink,
  TablePageRequest,
  TablePageAnswer,
  TableMachine,
  TableActorRef,
  TableSnapshot,
} from './tableMachine.ts';
export {
  stagesMachine,
  emptyStageDraft,
  selectStagesDialog,
  selectStagesPayload,
  selectReorderingId,
} from './stagesMachine.ts';
export type {
  StagesInput,
  StagesContext,
  StagesEvent,
  StagesEmitted,
  StagesTag,
  StagesSnapshot,
  StagesDialog,
} from './stagesMachine.ts';
export {
  boardMachine,
  selectBoardStatus,
  selectBoardColumns,
  selectBoardSearch,
  selectPendingCards,
  moveTargets,
} from './boardMachine.ts';
export type {
  BoardInput,
  BoardContext,
  BoardEvent,
  BoardEmitted,
  BoardTag,
  BoardSnapshot,
  BoardStatus,
} from './boardMachine.ts';
export { columnId, findCard, moveCard, undoMove, withPending } from './boardColumns.ts';
export type { CardMove, CardSpot } from './boardColumns.ts';
export {
  customerStageMachine,
  selectCustomerStage,
  selectCustomerStageStatus,
  selectStageOptions,
} from './customerStageMachine.ts';
export type {
  CustomerStageInput,
  CustomerStageContext,
  CustomerStageEvent,
  CustomerStageTag,
  CustomerStageSnapshot,
  CustomerStageStatus,
} from './customerStageMachine.ts';
export {
  checkStage,
  cleanStage,
  isStageColor,
  stageActAccess,
  stageListPayload,
  stageMoves,
  stagePalette,
  stagePermissions,
  saveStage,
  deleteStage,
  reorderStage,
  loadBoard,
  loadCustomerStage,
  loadStageOptions,
  loadStageFilterOptions,
  setCustomerStage,
  STAGE_NAME_MAX,
} from './stageActors.ts';
export type {
  StageDraft,
  StageErrorKey,
  StageFeedEvent,
  StageField,
  StageFieldError,
  StageFieldErrors,
  StageListPayload,
  StagePageSpot,
  StagePermissions,
  StageRef,
} from './stageActors.ts';
export { createInboxRouter } from './inboxRouting.ts';
export type {
  InboxRouter,
  InboxRouterOptions,
  InboxEventSource,
  InboundMessage,
  OpenConversation,
  ResyncSource,
  Target,
} from './inboxRouting.ts';
export { accountPermissions, chatPermissions, mayCall, screenActAccess } from './projectAccess.ts';
export type { AccountPermissions, ChatPermissions, ScreenAct } from './projectAccess.ts';
export type { ThreadDraft, ThreadItem, PendingMessage, ServerStatus } from './threadMessages.ts';
export { resendChallenge, OTP_ATTEMPTS, OTP_LENGTH } from './challenge.ts';
export { createTicker } from './ticker.ts';
export { isAuthPath, safeRedirect, LOGIN_PATH, HOME_PATH } from './routes.ts';
export { reasonOf, isNetworkError, toFlowError } from './actError.ts';
export type { FlowError, ErrorReason } from './actError.ts';
export { validationKeys } from './validation.ts';
export type {
  ValidationKey,
  FieldError,
  FieldErrors,
  ProjectField,
  AccountField,
  AccountForm,
  ContactField,
  CustomerField,
} from './validation.ts';
export type { ActCaller, Project, TokenStoreLike } from './sdk.ts';
