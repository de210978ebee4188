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
} from '@sapa/machines/auth';
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

/** What `follow` needs of a flow actor. */
interface FlowSnapshot {
  status: 'active' | 'done' | 'error' | 'stopped';
  output?: unknown;
}
interface FlowActor<S extends FlowSnapshot> {
  getSnapshot(): S;
  subscribe(listener: (state: S) => void): unknown;
  start(): unknown;
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

  /** Calls `onStep` whenever the flow's step changes and `onDone` with its output when it ends. */
  function follow<A extends FlowActor<S>, S extends FlowSnapshot, Step>(
    actor: A & FlowActor<S>,
    selectStep: (state: S) => Step,
    onStep: (step: Step) => void,
    onDone: (output: NonNullable<S['output']>) => void,
  ): A {
    let step = selectStep(actor.getSnapshot());
    actor.subscribe((state) => {
      if (state.status === 'done' && state.output !== undefined && state.output !== null) {
        onDone(state.output);
        return;
      }
      const next = selectStep(state);
      if (next === step) return;
      step = next;
      onStep(next);
    });
    actor.start();
    return actor;
  }

  /** Login and register: a form route, then the shared code route; the session on success. */
  const signInFlow = (kind: 'login' | 'register', formRoute: string) => (step: 'form' | 'otp') => {
    snapshot = {
      ...snapshot,
      otpFlow: step === 'otp' ? kind : snapshot.otpFlow === kind ? null : snapshot.otpFlow,
    };
    emit();
    go(step === 'otp' ? authRoutes.verifyOtp : formRoute);
  };

  const startLogin = (): LoginActor =>
    follow(
      createActor(loginMachine, { input: { client: options.client } }),
      selectLoginStep,
      signInFlow('login', authRoutes.login),
      (session) => {
        options.onSignedIn(session);
        snapshot = { ...snapshot, login: startLogin(), otpFlow: null };
        emit();
      },
    );

  const startRegister = (): RegisterActor =>
    follow(
      createActor(registerMachine, { input: { client: options.client } }),
      selectRegisterStep,
      signInFlow('register', authRoutes.register),
      (session) => {
        options.onSignedIn(session);
        snapshot = { ...snapshot, register: startRegister(), otpFlow: null };
        emit();
      },
    );

  const startForgot = (): ForgotActor =>
    follow(
      createActor(forgotPasswordMachine, { input: { client: options.client } }),
      selectForgotPasswordStep,
      (step) => go(forgotRoutes[step]),
      () => {
        // Leave the change page before the fresh flow (at its phone step) replaces this one.
        go(authRoutes.login);
        options.onPasswordReset();
        snapshot = { ...snapshot, forgot: startForgot() };
        emit();
      },
    );

  snapshot = { login: startLogin(), register: startRegister(), forgot: startForgot(), otpFlow: null };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
