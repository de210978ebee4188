import { useSyncExternalStore } from 'react';
import { ToggleButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { selectConnectionStatus, type ConnectionTag } from '@sapa/machines/inbox';
import type { MessageKey } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { toggle } from '../components/preferenceControls.css.ts';
import { dialog } from '../components/dialog.css.ts';
import { usePreferences, usePreferencesStore } from '../preferences/PreferencesProvider.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { shortcutList } from './shortcuts.ts';
import * as css from './chat.css.ts';

const connectionLabels: Record<ConnectionTag, MessageKey> = {
  online: 'chat.connection.online',
  connecting: 'chat.connection.connecting',
  reconnecting: 'chat.connection.reconnecting',
  offline: 'chat.connection.offline',
};

/** The real-time connection's state; sends keep working meanwhile (the outbox retries). */
export function ConnectionStatus() {
  const t = useT();
  const { inbox } = useRuntime();
  const status = useSelector(inbox.connection, selectConnectionStatus);
  return (
    <span className={css.connection({ status })} role="status" aria-live="polite">
      {t(connectionLabels[status])}
    </span>
  );
}

/** Asks for desktop notifications, from this click only (never on load). */
export function NotificationButton() {
  const t = useT();
  const { notifier } = useRuntime();
  const permission = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') return <span className={css.headerMeta}>{t('chat.notify.on')}</span>;
  if (permission === 'denied') return <span className={css.headerMeta}>{t('chat.notify.blocked')}</span>;
  return (
    <Button size="sm" tone="secondary" onPress={() => void notifier.requestPermission()}>
      {t('chat.notify.enable')}
    </Button>
  );
}

/** Comfortable or compact messages (compact clamps captions), kept across visits. */
export function DensityToggle() {
  const t = useT();
  const store = usePreferencesStore();
  const { density } = usePreferences();
  return (
    <ToggleButton
      className={toggle}
      isSelected={density === 'compact'}
      onChange={(compact) => store.setDensity(compact ? 'compact' : 'comfortable')}
    >
      {t('chat.density.compact')}
    </ToggleButton>
  );
}

export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  return (
    <ModalDialog title={t('chat.shortcuts.title')} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <table className={css.shortcutTable}>
        <thead className={css.visuallyHidden}>
          <tr>
            <th scope="col">{t('chat.shortcuts.keys')}</th>
            <th scope="col">{t('chat.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutList.map((shortcut) => (
            <tr key={`${shortcut.keys.join('+')}`}>
              <td className={css.shortcutCell}>
                <span className={css.keys}>
                  {shortcut.keys.map((key) => (
                    <kbd key={key} className={css.kbd}>
                      {key}
                    </kbd>
                  ))}
                </span>
              </td>
              <td className={css.shortcutCell}>{t(shortcut.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={dialog.actions}>
        <Button onPress={() => onOpenChange(false)}>{t('common.close')}</Button>
      </div>
    </ModalDialog>
  );
}
