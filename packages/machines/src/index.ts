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
export { resendChallenge, OTP_ATTEMPTS, OTP_LENGTH } from './challenge.ts';
export { createTicker } from './ticker.ts';
export { isAuthPath, safeRedirect, LOGIN_PATH, HOME_PATH } from './routes.ts';
export { reasonOf, isNetworkError, toFlowError } from './actError.ts';
export type { FlowError, ErrorReason } from './actError.ts';
export { validationKeys } from './validation.ts';
export type { ValidationKey, FieldError, FieldErrors, ProjectField } from './validation.ts';
export type { ActCaller, Project, TokenStoreLike } from './sdk.ts';
