import { describe, expect, it, vi } from 'vitest';
import { authTokenStorageKey, createLocalStorageTokenStore, createMemoryTokenStore } from './tokenStore.ts';
import type { StorageLike } from './tokenStore.ts';

function fakeStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('createMemoryTokenStore', () => {
  it('holds the token and tells subscribers about changes only', () => {
    const store = createMemoryTokenStore('a');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.get()).toBe('a');
    store.set('a');
    expect(listener).not.toHaveBeenCalled();
    store.set('b');
    expect(store.getSnapshot()).toBe('b');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(null);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBeNull();
  });

  it('starts empty by default', () => {
    expect(createMemoryTokenStore().get()).toBeNull();
  });
});

describe('createLocalStorageTokenStore', () => {
  it('uses the key auth-token by default', () => {
    expect(authTokenStorageKey).toBe('auth-token');
    const storage = fakeStorage({ 'auth-token': 'saved' });
    const store = createLocalStorageTokenStore(storage);
    expect(store.get()).toBe('saved');
    store.set('fresh');
    expect(storage.data.get('auth-token')).toBe('fresh');
    store.set(null);
    expect(storage.data.has('auth-token')).toBe(false);
  });

  it('does not touch storage until first used', () => {
    const storage = fakeStorage();
    const getItem = vi.spyOn(storage, 'getItem');
    const store = createLocalStorageTokenStore(storage, 'k');
    expect(getItem).not.toHaveBeenCalled();
    store.getSnapshot();
    expect(getItem).toHaveBeenCalledWith('k');
  });

  it('notifies subscribers on set', () => {
    const store = createLocalStorageTokenStore(fakeStorage());
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('t');
    store.set('t');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps working in memory when storage throws', () => {
    const broken: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createLocalStorageTokenStore(broken);
    store.set('t');
    expect(store.get()).toBe('t');
  });

  it('falls back to memory in Node, where there is no localStorage', () => {
    expect('localStorage' in globalThis).toBe(false);
    const store = createLocalStorageTokenStore();
    store.set('t');
    expect(store.get()).toBe('t');
  });
});

describe('createLocalStorageTokenStore with the browser default storage', () => {
  it('reads globalThis.localStorage lazily and follows other tabs through storage events', () => {
    const storage = fakeStorage({ 'auth-token': 'tab-1' });
    const handlers = new Set<(event: { key: string | null; newValue: string | null }) => void>();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('addEventListener', (_: string, handler: never) => handlers.add(handler));
    vi.stubGlobal('removeEventListener', (_: string, handler: never) => handlers.delete(handler));
    try {
      const store = createLocalStorageTokenStore();
      expect(store.get()).toBe('tab-1');
      const listener = vi.fn();
      const unsubscribe = store.subscribe(listener);
      expect(handlers.size).toBe(1);
      for (const handler of handlers) handler({ key: 'other', newValue: 'x' });
      expect(listener).not.toHaveBeenCalled();
      for (const handler of handlers) handler({ key: 'auth-token', newValue: null }); // signed out elsewhere
      expect(store.get()).toBeNull();
      expect(listener).toHaveBeenCalledTimes(1);
      unsubscribe();
      expect(handlers.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
