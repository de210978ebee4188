import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import type { Locale } from '@sapa/sdk';
import { usePreferences, usePreferencesStore } from '../preferences/PreferencesProvider.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './preferenceControls.css.ts';

/** Theme and language switches, on every layout. */
export function PreferenceControls() {
  const t = useT();
  const store = usePreferencesStore();
  const { theme, locale } = usePreferences();
  const pickLocale = (keys: Set<Key>) => {
    const [next] = [...keys];
    if (next === 'id' || next === 'en') store.setLocale(next satisfies Locale);
  };
  return (
    <div className={css.controls}>
      <ToggleButton
        className={css.toggle}
        isSelected={theme === 'dark'}
        onChange={(dark) => store.setTheme(dark ? 'dark' : 'light')}
        aria-label={t('preferences.darkMode')}
      >
        {theme === 'dark' ? t('preferences.themeDark') : t('preferences.themeLight')}
      </ToggleButton>
      <ToggleButtonGroup
        aria-label={t('preferences.language')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[locale]}
        onSelectionChange={pickLocale}
        className={css.group}
      >
        <ToggleButton id="id" className={css.toggle} aria-label="Bahasa Indonesia">
          ID
        </ToggleButton>
        <ToggleButton id="en" className={css.toggle} aria-label="English">
          EN
        </ToggleButton>
      </ToggleButtonGroup>
    </div>
  );
}
