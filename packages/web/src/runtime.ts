/**
 * The browser's Sapa runtime: one act client, one token store, one session actor, the one
 * real-time connection with its inbox router and desktop notifications,
 * built once at start-up and handed to React through context. Everything here also works
 * without React.
 */
import { createActor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import {
  createActClient,
  createLocalStorageTokenStore,
  createPushTokenStore,
  createRealtime,
  isMobileUserAgent,
  translate,
  type MessageKey,
  type Realtime,
  type TokenStore,
} from '@sapa/sdk';
import { sessionMachine } from '@sapa/machines/auth';
import { createInboxConnection, type InboxConnection } from './inbox/inboxConnection.ts';
import {
  createBrowserNotificationPort,
  createDesktopNotifier,
  type DesktopNotifier,
} from './inbox/desktopNotifier.ts';
import { chatPath } from './routes.ts';
import { createPreferencesStore, type PreferencesStore } from './preferences/preferences.ts';
import { createToastStore, type ToastStore } from './toast/toastStore.ts';
import { createBrowserRedirectStore } from './session/redirectStore.ts';
import { createAuthFlows, type AuthFlows } from './auth/authFlows.ts';
import { followSavedPreferences } from './profile/followSavedPreferences.ts';
import { withEarlyActs, type EarlyActClient } from './session/earlyActs.ts';

export interface Runtime {
  /** The act client; its `early` sends a screen's first acts at start-up (session/earlyActs.ts). */
  client: EarlyActClient;
  tokens: TokenStore;
  preferences: PreferencesStore;
  toasts: ToastStore;
  session: ReturnType<typeof createActor<typeof sessionMachine>>;
  authFlows: AuthFlows;
  /** The socket's events, for screens that listen beyond the inbox (notifications). */
  realtime: Realtime;
  /** The real-time connection (its state) and the router the inbox screens attach to. */
  inbox: InboxConnection;
  notifier: DesktopNotifier;
  /** Whether the browser says this is a phone or tablet (SPEC.md section 9). */
  mobile: boolean;
  navigate(path: string, options?: { replace?: boolean }): void;
}

export function createRuntime(): Runtime {
  const storage = window.localStorage;
  const preferences = createPreferencesStore(
    storage,
    () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  );
  const tokens = createLocalStorageTokenStore(storage);
  const pushToken = createPushTokenStore();
  const client = withEarlyActs(
    createActClient({
      baseUrl: '/api',
      tokens,
      pushToken,
      locale: () => preferences.getSnapshot().locale,
    }),
    { tokens },
  );
  const go = (path: string, options?: { replace?: boolean }) =>
    navigate(path, { replace: options?.replace ?? false });
  const session = createActor(sessionMachine, {
    input: {
      client,
      tokens,
      redirectStore: createBrowserRedirectStore(storage),
      location: { getPath: () => window.location.pathname + window.location.search, navigate: go },
    },
  });
  // The language and theme saved on the profile apply at sign-in and after each profile change.
  followSavedPreferences(session, preferences);
  const toasts = createToastStore();
  const translateNow = (key: MessageKey) => translate(preferences.getSnapshot().locale, key);
  const authFlows = createAuthFlows({
    client,
    getPath: () => window.location.pathname,
    navigate: go,
    onSignedIn: ({ token, user }) => session.send({ type: 'session.signedIn', token, user }),
    onPasswordReset: () => toasts.show(translateNow('auth.forgot.done'), 'success'),
  });
  const realtime = createRealtime({ tokens, pushToken });
  // The server ended this session (another device, a password change): sign out here too.
  realtime.on('session.ended', () => session.send({ type: 'session.ended' }));
  const inbox = createInboxConnection({
    realtime,
    signedIn: {
      isSignedIn: () => session.getSnapshot().matches('signedIn'),
      subscribe: (listener) => {
        const subscription = session.subscribe(listener);
        return () => subscription.unsubscribe();
      },
    },
    isReading: () => document.visibilityState === 'visible',
    onRefused: () => session.send({ type: 'session.recheck' }),
    // Answers of the start-up acts were read before the socket was up: fetch what they missed.
    readBeforeConnected: () => client.settle(),
  });
  const notifier = createDesktopNotifier({
    router: inbox.router,
    port: createBrowserNotificationPort(window),
    title: (name) => translate(preferences.getSnapshot().locale, 'chat.notify.title', { name }),
    open: (key, conversationId) => go(chatPath(key, conversationId)),
  });
  return {
    client,
    tokens,
    preferences,
    toasts,
    session,
    authFlows,
    realtime,
    inbox,
    notifier,
    mobile: isMobileUserAgent(navigator.userAgent),
    navigate: go,
  };
}
