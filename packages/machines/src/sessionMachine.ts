/**
 * The app shell (SPEC.md section 2): who is signed in, and where an unknown or signed-out
 * visitor is sent. The machine owns the auth token store and the saved redirect path.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { isNetworkError, reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { HOME_PATH, LOGIN_PATH, isAuthPath, safeRedirect } from './routes.ts';
import type { ActCaller, SignedIn, TokenStoreLike, User } from './sdk.ts';

/** Where to keep the path to return to after sign-in (the web uses browser storage). */
export interface RedirectStore {
  get(): string | null;
  set(path: string): void;
  clear(): void;
}

/** The router, as the session sees it. `getPath` includes the query string, if any. */
export interface SessionLocation {
  getPath(): string;
  navigate(path: string, options?: { replace?: boolean }): void;
}

export interface SessionInput {
  client: ActCaller;
  tokens: TokenStoreLike;
  redirectStore: RedirectStore;
  location: SessionLocation;
}

export interface SessionContext extends SessionInput {
  /** The token the machine last stored (read from `tokens` at start). */
  token: string | null;
  user: User | null;
  /** Why the last user check could not reach a verdict (`offline` state). */
  error: FlowError | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; token: string; user: User }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  /** The server ended this session (signed out from another device, password change): sign out here. */
  | { type: 'session.ended' }
  /** The user's profile changed (name, picture, phone, language, theme): the answered user. */
  | { type: 'session.userChanged'; user: User }
  | { type: 'session.recheck' }
  | { type: 'session.retry' }
  | { type: 'session.pathChanged' };

export type SessionTag = 'loading' | 'busy' | 'offline' | 'signedIn' | 'signedOut';
export type SessionStatus = 'loading' | 'signedIn' | 'signingOut' | 'signedOut' | 'offline';

/** user_check_token: the user of the stored token. */
export const checkToken = fromPromise<User, { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('user_check_token', {}, { signal })).data,
);

/** auth_logout: revokes the token on the server. */
export const logout = fromPromise<void, { client: ActCaller }>(async ({ input, signal }) => {
  await input.client.act('auth_logout', {}, { signal });
});

/**
 * Failures of the user check that say nothing about the token: the server was not reached,
 * was busy or broke. The user stays where they are, offered `session.retry`.
 */
export function isInconclusive(error: unknown): boolean {
  const reason = reasonOf(error);
  return isNetworkError(error) || reason === 'rate_limited' || reason === 'internal';
}

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
    tags: SessionTag;
  },
  actors: { checkToken, logout },
  guards: {
    hasNoToken: ({ context }) => context.token === null,
    inconclusive: (_, params: { error: unknown }) => isInconclusive(params.error),
  },
  actions: {
    /** A signed-in user on an /auth page goes to / (replace). */
    leaveAuthPages: ({ context }) => {
      if (isAuthPath(context.location.getPath())) context.location.navigate(HOME_PATH, { replace: true });
    },
    /** Not on an /auth page: save the current path for after sign-in and go to login (replace). */
    sendToLogin: ({ context }) => {
      const path = context.location.getPath();
      if (isAuthPath(path)) return;
      context.redirectStore.set(path);
      context.location.navigate(LOGIN_PATH, { replace: true });
    },
    /** After sign-in: the saved path (then forgotten), else / (replace). */
    goToSavedPath: ({ context }) => {
      const target = safeRedirect(context.redirectStore.get()) ?? HOME_PATH;
      context.redirectStore.clear();
      context.location.navigate(target, { replace: true });
    },
    /** After sign-out: forget the saved path and go to login (replace). */
    goToLogin: ({ context }) => {
      context.redirectStore.clear();
      context.location.navigate(LOGIN_PATH, { replace: true });
    },
    storeToken: ({ context }, params: { token: string }) => context.tokens.set(params.token),
    forgetToken: ({ context }) => context.tokens.set(null),
    setSession: assign((_, params: SignedIn) => ({ token: params.token, user: params.user, error: null })),
    setUser: assign((_, params: { user: User }) => ({ user: params.user, error: null })),
    clearSession: assign({ token: null, user: null, error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, token: input.tokens.get(), user: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      // No token: nothing to check, the same as a failed check.
      always: { guard: 'hasNoToken', target: 'signedOut', actions: 'sendToLogin' },
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'leaveAuthPages'],
        },
        onError: [
          {
            guard: { type: 'inconclusive', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'signedOut', actions: ['forgetToken', 'clearSession', 'sendToLogin'] },
        ],
      },
    },
    offline: {
      tags: ['offline'],
      exit: 'clearError',
      on: {
        'session.retry': { target: 'loading' },
        'session.signOut': { target: 'signingOut' },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['forgetToken', 'clearSession', 'sendToLogin'] },
        // The server has revoked the token already: nothing to tell it, only forget it here.
        'session.ended': { target: 'signedOut', actions: ['forgetToken', 'clearSession', 'goToLogin'] },
        'session.userChanged': {
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.recheck': { target: 'loading' },
        'session.pathChanged': { actions: 'leaveAuthPages' },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ client: context.client }),
        // Signing out succeeds locally even when the server cannot be told.
        onDone: { target: 'signedOut', actions: ['forgetToken', 'clearSession', 'goToLogin'] },
        onError: { target: 'signedOut', actions: ['forgetToken', 'clearSession', 'goToLogin'] },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'setSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
            'goToSavedPath',
          ],
        },
        'session.pathChanged': { actions: 'sendToLogin' },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The shell's status: spinner (`loading`, `signingOut`), app, auth pages or offline notice. */
export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingOut')) return 'signingOut';
  if (snapshot.matches('signedOut')) return 'signedOut';
  if (snapshot.matches('offline')) return 'offline';
  return 'loading';
}

/** The signed-in user, or `null`. */
export function selectUser(snapshot: SessionSnapshot): User | null {
  return snapshot.context.user;
}
