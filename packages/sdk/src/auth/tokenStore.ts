/**
 * Where the session token lives. Every stateful SDK object has the same shape: `subscribe`
 * returns its own unsubscribe and `getSnapshot` is stable between changes, so React can read it
 * with `useSyncExternalStore` and XState with `fromCallback`.
 */
import { createListeners } from '../internal/createListeners.ts';

export interface TokenStore {
  get(): string | null;
  /** Stores a token, or forgets it with `null`. Listeners run only when the value changes. */
  set(token: string | null): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): string | null;
}

/** The subset of the Web Storage API the local-storage store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** SPEC.md section 3: the auth token is kept in local storage under this key. */
export const authTokenStorageKey = 'auth-token';

/** A token held in memory: for Node scripts, tests and servers. */
export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  const listeners = createListeners();
  return {
    get: () => token,
    getSnapshot: () => token,
    set(next) {
      if (next === token) return;
      token = next;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}

interface StorageEventLike {
  key: string | null;
  newValue: string | null;
}

interface StorageEventTarget {
  addEventListener(type: 'storage', listener: (event: StorageEventLike) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEventLike) => void): void;
}

function defaultStorage(): StorageLike | undefined {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

/**
 * A token kept in Web Storage (default `globalThis.localStorage`, key `auth-token`). Storage is
 * looked up on first use, never at import, so Node can import the SDK; without storage (Node,
 * storage disabled) the token lives in memory. With the default storage in a browser, a change
 * made by another tab (sign-out) reaches the listeners through the `storage` event.
 */
export function createLocalStorageTokenStore(
  storage?: StorageLike,
  key: string = authTokenStorageKey,
): TokenStore {
  let resolved: StorageLike | null | undefined;
  let token: string | null = null;
  const target = storage === undefined ? (globalThis as Partial<StorageEventTarget>) : {};
  const onStorage = (event: StorageEventLike) => {
    if (event.key !== key && event.key !== null) return;
    const next = event.key === null ? null : event.newValue;
    if (next === read()) return;
    token = next;
    listeners.notify();
  };
  const listeners = createListeners(
    () => target.addEventListener?.('storage', onStorage),
    () => target.removeEventListener?.('storage', onStorage),
  );

  function backing(): StorageLike | null {
    if (resolved === undefined) {
      resolved = storage ?? defaultStorage() ?? null;
      try {
        token = resolved?.getItem(key) ?? null;
      } catch {
        resolved = null;
      }
    }
    return resolved;
  }

  function read(): string | null {
    backing();
    return token;
  }

  return {
    get: read,
    getSnapshot: read,
    set(next) {
      const store = backing();
      if (next === token) return;
      token = next;
      try {
        if (next === null) store?.removeItem(key);
        else store?.setItem(key, next);
      } catch {
        // quota or privacy mode: keep the token in memory for this page
      }
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}
