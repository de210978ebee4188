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
export { isStatusForward, mergeMessages } from './threadMessages.ts';
export type { ThreadDraft, ThreadItem, PendingMessage, ServerStatus } from './threadMessages.ts';
export { resendChallenge, OTP_ATTEMPTS, OTP_LENGTH } from './challenge.ts';
export { createTicker } from './ticker.ts';
export { isAuthPath, safeRedirect, LOGIN_PATH, HOME_PATH } from './routes.ts';
export { reasonOf, isNetworkError, toFlowError } from './actError.ts';
export type { FlowError, ErrorReason } from './actError.ts';
export { validationKeys } from './validation.ts';
export type { ValidationKey, FieldError, FieldErrors, ProjectField } from './validation.ts';
export type { ActCaller, Project, TokenStoreLike } from './sdk.ts';
