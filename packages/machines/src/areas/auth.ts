/**
 * `@sapa/machines/auth`: signing in and out. The session (app shell), login, register, the
 * one-time-code step they invoke, and forgot password. Per machine: the machine, its input, its
 * events and its selectors; actors, contexts and helpers stay inside the package.
 */
export { sessionMachine, selectSessionStatus, selectUser } from '../sessionMachine.ts';
export type { SessionInput, SessionEvent } from '../sessionMachine.ts';
export { otpMachine, selectOtpStep } from '../otpMachine.ts';
export type { OtpInput, OtpEvent, OtpSnapshot } from '../otpMachine.ts';
export { loginMachine, selectLoginStep } from '../loginMachine.ts';
export type { LoginInput, LoginEvent } from '../loginMachine.ts';
export { registerMachine, selectRegisterStep } from '../registerMachine.ts';
export type { RegisterInput, RegisterEvent } from '../registerMachine.ts';
export { forgotPasswordMachine, selectForgotPasswordStep } from '../forgotPasswordMachine.ts';
export type {
  ForgotPasswordInput,
  ForgotPasswordEvent,
  ForgotPasswordStep,
  ForgotPasswordSnapshot,
} from '../forgotPasswordMachine.ts';
export type { FlowError } from '../actError.ts';
export type { FieldError, FieldErrors } from '../validation.ts';
