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
  selectAttachmentStatus,
  selectCanSend,
  uploadFile,
  describeMedia,
} from './composerMachine.ts';
export type {
  ComposerInput,
  ComposerContext,
  ComposerEvent,
  ComposerEmitted,
  ComposerTag,
  ComposerSnapshot,
  AttachmentStatus,
  AttachmentError,
  FileLike,
  ReplyTarget,
  UploadFile,
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
export { projectMachine, selectProject, selectProjectStatus, loadProject } from './projectMachine.ts';
export type {
  ProjectInput,
  ProjectContext,
  ProjectEvent,
  ProjectTag,
  ProjectStatus,
  ProjectSnapshot,
} from './projectMachine.ts';
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
