/** The header's avatar and its menu: profile, notifications, saldo, theme, language, sign out. */
import { useSelector } from '@xstate/react';
import { selectUser } from '@sapa/machines/auth';
import { Avatar } from '../components/Avatar.tsx';
import { Dropdown, DropdownItem, DropdownSection, DropdownSeparator } from '../components/Dropdown.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences, usePreferencesStore } from '../preferences/PreferencesProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './frame.css.ts';

export function UserMenu() {
  const t = useT();
  const { session, navigate } = useRuntime();
  const store = usePreferencesStore();
  const { theme, locale } = usePreferences();
  const user = useSelector(session, selectUser);
  if (user === null) return null;
  return (
    <Dropdown
      label={t('frame.userMenu', { name: user.name })}
      trigger={<Avatar name={user.name} src={user.avatarUrl} size="md" />}
      triggerClassName={css.userButton}
    >
      <DropdownSection title={`${user.name} · ${user.phone}`}>
        <DropdownItem id="profile" onAction={() => navigate('/profile')}>
          {t('frame.profile')}
        </DropdownItem>
        <DropdownItem id="notifications" onAction={() => navigate('/notification')}>
          {t('frame.notifications')}
        </DropdownItem>
        <DropdownItem id="saldo" onAction={() => navigate('/saldo')}>
          {t('frame.saldo')}
        </DropdownItem>
      </DropdownSection>
      <DropdownSeparator />
      <DropdownSection>
        <DropdownItem id="theme" onAction={() => store.setTheme(theme === 'dark' ? 'light' : 'dark')}>
          {theme === 'dark' ? t('frame.themeLight') : t('frame.themeDark')}
        </DropdownItem>
        <DropdownItem id="language" onAction={() => store.setLocale(locale === 'id' ? 'en' : 'id')}>
          {t('frame.language')}
        </DropdownItem>
      </DropdownSection>
      <DropdownSeparator />
      <DropdownSection>
        <DropdownItem id="signOut" tone="danger" onAction={() => session.send({ type: 'session.signOut' })}>
          {t('auth.signOut')}
        </DropdownItem>
      </DropdownSection>
    </Dropdown>
  );
}
