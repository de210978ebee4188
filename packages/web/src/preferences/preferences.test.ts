import { describe, expect, it } from 'vitest';
import { createPreferencesStore } from './preferences.ts';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
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

describe('preferences', () => {
  it('starts comfortable, follows the system theme, and reads stored choices', () => {
    expect(createPreferencesStore(memoryStorage(), () => true).getSnapshot()).toEqual({
      theme: 'dark',
      locale: 'id',
      density: 'comfortable',
    });
    const stored = memoryStorage({ 'sapa-theme': 'light', 'sapa-locale': 'en', 'sapa-density': 'compact' });
    expect(createPreferencesStore(stored, () => true).getSnapshot()).toEqual({
      theme: 'light',
      locale: 'en',
      density: 'compact',
    });
  });

  it('keeps the density across visits and tells its listeners', () => {
    const storage = memoryStorage();
    const store = createPreferencesStore(storage, () => false);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    store.setDensity('compact');
    expect(store.getSnapshot().density).toBe('compact');
    expect(storage.getItem('sapa-density')).toBe('compact');
    expect(heard).toBe(1);
    expect(createPreferencesStore(storage, () => false).getSnapshot().density).toBe('compact');
  });
});
