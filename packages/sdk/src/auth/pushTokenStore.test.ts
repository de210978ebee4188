import { describe, expect, it, vi } from 'vitest';
import { createPushTokenStore, isPushTokenStale } from './pushTokenStore.ts';

const day = 24 * 60 * 60 * 1000;

describe('isPushTokenStale (refreshed after 7 days)', () => {
  it('is stale from 7 days on, and when never issued', () => {
    expect(isPushTokenStale(0, 7 * day - 1)).toBe(false);
    expect(isPushTokenStale(0, 7 * day)).toBe(true);
    expect(isPushTokenStale(1000, 1000 + 8 * day)).toBe(true);
    expect(isPushTokenStale(null, 0)).toBe(true);
  });
});

describe('createPushTokenStore', () => {
  it('holds the token in memory with its issue time', () => {
    let now = 5000;
    const store = createPushTokenStore(() => now);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBeNull();
    expect(store.isStale()).toBe(true);
    store.set('fcm-1');
    expect(store.getSnapshot()).toBe('fcm-1');
    expect(store.issuedAt()).toBe(5000);
    expect(store.isStale()).toBe(false);
    now = 5000 + 7 * day;
    expect(store.isStale()).toBe(true);
    store.set('fcm-1', now); // same token, re-issued: a change
    store.set(null);
    expect(store.issuedAt()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
