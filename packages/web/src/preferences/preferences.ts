/**
 * The viewer's display preferences: theme, language and chat density. The first theme comes from
 * the system (`prefers-color-scheme`); an explicit choice is kept in localStorage across reloads.
 * Compact density clamps chat captions (SPEC.md section 3).
 */
import type { Locale } from '@sapa/sdk';

export type Theme = 'light' | 'dark';
export type Density = 'comfortable' | 'compact';

export interface Preferences {
  theme: Theme;
  locale: Locale;
  density: Density;
}

const THEME_KEY = 'sapa-theme';
const LOCALE_KEY = 'sapa-locale';
const DENSITY_KEY = 'sapa-density';

type Listener = () => void;

export interface PreferencesStore {
  getSnapshot(): Preferences;
  subscribe(listener: Listener): () => void;
  setTheme(theme: Theme): void;
  setLocale(locale: Locale): void;
  setDensity(density: Density): void;
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
    density: read(storage, DENSITY_KEY) === 'compact' ? 'compact' : 'comfortable',
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
    setDensity(density) {
      write(storage, DENSITY_KEY, density);
      update({ ...snapshot, density });
    },
  };
}
