import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import type { Preferences, PreferencesStore } from './preferences.ts';
import { darkTheme } from '../theme/dark.css.ts';
import { lightTheme } from '../theme/light.css.ts';

const PreferencesContext = createContext<PreferencesStore | null>(null);

export function PreferencesProvider({ store, children }: { store: PreferencesStore; children: ReactNode }) {
  const { theme, locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(lightTheme, darkTheme);
    root.classList.add(theme === 'dark' ? darkTheme : lightTheme);
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <PreferencesContext.Provider value={store}>
      <AriaI18nProvider locale={locale === 'id' ? 'id-ID' : 'en-US'}>{children}</AriaI18nProvider>
    </PreferencesContext.Provider>
  );
}

export function usePreferencesStore(): PreferencesStore {
  const store = useContext(PreferencesContext);
  if (!store) throw new Error('usePreferences needs a <PreferencesProvider>');
  return store;
}

export function usePreferences(): Preferences {
  const store = usePreferencesStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
