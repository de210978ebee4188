import { describe, expect, it } from 'vitest';
import type { User } from '@sapa/sdk';
import { createPreferencesStore } from '../preferences/preferences.ts';
import { followSavedPreferences } from './followSavedPreferences.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

/** A session stand-in whose user the test sets. */
function fakeSession(first: User | null) {
  let user = first;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => ({ context: { user } }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    set(next: User | null) {
      user = next;
      for (const listener of listeners) listener();
    },
  };
}

const sari: User = {
  id: 'u1',
  name: 'Sari',
  phone: '+628123456789',
  createdAt: '2025-01-01T00:00:00Z',
  avatarUrl: null,
  language: null,
  theme: null,
};

describe('followSavedPreferences', () => {
  it("applies the profile's language and theme at sign-in and when they change, and leaves the device's otherwise", () => {
    const preferences = createPreferencesStore(memoryStorage(), () => false);
    const session = fakeSession(null);
    const stop = followSavedPreferences(session, preferences);
    session.set(sari);
    expect(preferences.getSnapshot()).toMatchObject({ locale: 'id', theme: 'light' });
    preferences.setTheme('dark');
    session.set({ ...sari, name: 'Sari W' });
    expect(preferences.getSnapshot().theme).toBe('dark');
    session.set({ ...sari, language: 'en', theme: 'light' });
    expect(preferences.getSnapshot()).toMatchObject({ locale: 'en', theme: 'light' });
    stop();
    session.set({ ...sari, id: 'u2', language: 'id' });
    expect(preferences.getSnapshot().locale).toBe('en');
  });

  it('applies the saved choices of a user already signed in (a reload)', () => {
    const preferences = createPreferencesStore(memoryStorage(), () => false);
    followSavedPreferences(fakeSession({ ...sari, theme: 'dark' }), preferences);
    expect(preferences.getSnapshot().theme).toBe('dark');
  });
});
