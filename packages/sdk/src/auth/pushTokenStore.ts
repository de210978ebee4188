/**
 * The push (FCM) token, held in memory (SPEC.md section 3) and sent as `fcm` with every act.
 * It remembers when it was issued so the push machine can refresh it after 7 days (section 4).
 */
import { PUSH_TOKEN_REFRESH_MS } from '../constants.ts';
import { createListeners } from '../internal/createListeners.ts';
import type { TokenStore } from './tokenStore.ts';

export interface PushTokenStore extends TokenStore {
  /** Stores a token issued at `issuedAt` (epoch ms, default now); `null` forgets it. */
  set(token: string | null, issuedAt?: number): void;
  /** When the current token was issued (epoch ms), or `null` without a token. */
  issuedAt(): number | null;
  /** True when there is no token or it is due for refresh at `now`. */
  isStale(now?: number): boolean;
}

/** True when a token issued at `issuedAt` must be refreshed at `now`: 7 days or more later, or never issued. */
export function isPushTokenStale(issuedAt: number | null, now: number): boolean {
  return issuedAt === null || now - issuedAt >= PUSH_TOKEN_REFRESH_MS;
}

export function createPushTokenStore(clock: () => number = Date.now): PushTokenStore {
  let token: string | null = null;
  let issued: number | null = null;
  const listeners = createListeners();
  return {
    get: () => token,
    getSnapshot: () => token,
    issuedAt: () => issued,
    isStale: (now = clock()) => isPushTokenStale(issued, now),
    set(next, issuedAt = clock()) {
      const nextIssued = next === null ? null : issuedAt;
      if (next === token && nextIssued === issued) return;
      token = next;
      issued = nextIssued;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}
