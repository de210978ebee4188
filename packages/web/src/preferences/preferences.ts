/**
 * The viewer's display preferences: theme and language. The first theme comes from the system
 * (`prefers-color-scheme`); an explicit choice is kept in localStorage across reloads.
 */
import type { Locale } from '@sapa/sdk';

export type Theme = 'light' | 'dark';

export interface Preferences {
  theme: Theme;
  locale: Locale;
}

const THEME_KEY = 'sapa-theme';
const LOCALE_KEY = 'sapa-locale';

type Listener = () => void;

export interface PreferencesStore {
  getSnapshot(): Preferences;
  subscribe(listener: Listener): () => void;
  setTheme(theme: Theme): void;
  setLocale(locale: Locale): void;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice still holds for this visit.
  }
}

export function createPreferencesStore(storage: Storage, prefersDark: () => boolean): PreferencesStore {
  const storedTheme = read(storage, THEME_KEY);
  const storedLocale = read(storage, LOCALE_KEY);
  let snapshot: Preferences = {
    theme: storedTheme === 'dark' || storedTheme === 'light' ? storedTheme : prefersDark() ? 'dark' : 'light',
    locale: storedLocale === 'en' ? 'en' : 'id',
  };
  const listeners = new Set<Listener>();
  const update = (next: Preferences) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTheme(theme) {
      write(storage, THEME_KEY, theme);
      update({ ...snapshot, theme });
    },
    setLocale(locale) {
      write(storage, LOCALE_KEY, locale);
      update({ ...snapshot, locale });
    },
  };
}
