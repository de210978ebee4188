/**
 * The sign-in flows (login, register, forgot password) as long-lived actors, so a flow survives the
 * move from its form route to its code route. Each flow's step decides its route; a finished flow
 * hands its session to the session machine and starts afresh. No React here.
 */
import { createActor, type Actor } from 'xstate';
import {
  forgotPasswordMachine,
  loginMachine,
  registerMachine,
  selectForgotPasswordStep,
  selectLoginStep,
  selectRegisterStep,
  type ForgotPasswordStep,
} from '@sapa/machines';
import type { ActClient, SignedIn } from '@sapa/sdk';
import { authRoutes } from '../routes.ts';

export type LoginActor = Actor<typeof loginMachine>;
export type RegisterActor = Actor<typeof registerMachine>;
export type ForgotActor = Actor<typeof forgotPasswordMachine>;

export interface AuthFlowsSnapshot {
  login: LoginActor;
  register: RegisterActor;
  forgot: ForgotActor;
  /** The flow whose code page /auth/verify-otp shows, if any. */
  otpFlow: 'login' | 'register' | null;
}

export interface AuthFlowsOptions {
  client: ActClient;
  getPath(): string;
  navigate(path: string, options?: { replace?: boolean }): void;
  onSignedIn(session: SignedIn): void;
  onPasswordReset(): void;
}

export interface AuthFlows {
  getSnapshot(): AuthFlowsSnapshot;
  subscribe(listener: () => void): () => void;
}

const forgotRoutes: Record<ForgotPasswordStep, string> = {
  phone: authRoutes.forgotPhone,
  otp: authRoutes.forgotOtp,
  change: authRoutes.forgotChange,
  done: authRoutes.login,
};

export function createAuthFlows(options: AuthFlowsOptions): AuthFlows {
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const go = (path: string) => {
    if (options.getPath() !== path) options.navigate(path);
  };

  let snapshot: AuthFlowsSnapshot;

  const startLogin = (): LoginActor => {
    const actor = createActor(loginMachine, { input: { client: options.client } });
    let step = selectLoginStep(actor.getSnapshot());
    actor.subscribe((state) => {
      if (state.status === 'done') {
        options.onSignedIn(state.output);
        snapshot = { ...snapshot, login: startLogin(), otpFlow: null };
        emit();
        return;
      }
      const next = selectLoginStep(state);
      if (next === step) return;
      step = next;
      snapshot = {
        ...snapshot,
        otpFlow: next === 'otp' ? 'login' : snapshot.otpFlow === 'login' ? null : snapshot.otpFlow,
      };
      emit();
      go(next === 'otp' ? authRoutes.verifyOtp : authRoutes.login);
    });
    return actor.start();
  };

  const startRegister = (): RegisterActor => {
    const actor = createActor(registerMachine, { input: { client: options.client } });
    let step = selectRegisterStep(actor.getSnapshot());
    actor.subscribe((state) => {
      if (state.status === 'done') {
        options.onSignedIn(state.output);
        snapshot = { ...snapshot, register: startRegister(), otpFlow: null };
        emit();
        return;
      }
      const next = selectRegisterStep(state);
      if (next === step) return;
      step = next;
      snapshot = {
        ...snapshot,
        otpFlow: next === 'otp' ? 'register' : snapshot.otpFlow === 'register' ? null : snapshot.otpFlow,
      };
      emit();
      go(next === 'otp' ? authRoutes.verifyOtp : authRoutes.register);
    });
    return actor.start();
  };

  const startForgot = (): ForgotActor => {
    const actor = createActor(forgotPasswordMachine, { input: { client: options.client } });
    let step = selectForgotPasswordStep(actor.getSnapshot());
    actor.subscribe((state) => {
      const next = selectForgotPasswordStep(state);
      if (state.status === 'done') {
        // Leave the change page before the fresh flow (at its phone step) replaces this one.
        go(authRoutes.login);
        options.onPasswordReset();
        snapshot = { ...snapshot, forgot: startForgot() };
        emit();
        return;
      }
      if (next === step) return;
      step = next;
      go(forgotRoutes[next]);
    });
    return actor.start();
  };

  snapshot = { login: startLogin(), register: startRegister(), forgot: startForgot(), otpFlow: null };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
