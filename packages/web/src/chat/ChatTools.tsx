import { useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import { ToggleButton } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import {
  labelOptionsMachine,
  loadStageFilterOptions,
  selectLabelOptions,
  selectLabelOptionsStatus,
} from '@sapa/machines/crm';
import {
  selectConnectionStatus,
  selectLabelFilter,
  selectStageFilter,
  type ConnectionTag,
  type conversationListMachine,
} from '@sapa/machines/inbox';
import type { MessageKey } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { toggle } from '../components/preferenceControls.css.ts';
import { dialog } from '../components/dialog.css.ts';
import { usePreferences, usePreferencesStore } from '../preferences/PreferencesProvider.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { OptionSelect } from './OptionSelect.tsx';
import { RecordFilter } from './RecordFilter.tsx';
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

const ALL_LABELS = 'all-labels';

/**
 * The inbox's label filter: "Semua label", or one of the project's labels (labelOptionsMachine,
 * loaded as the inbox opens; a failure offers a retry); the list then asks `conversation_list`
 * with its `labelId`.
 */
export function LabelFilter({
  list,
  projectKey,
}: {
  list: Actor<typeof conversationListMachine>;
  projectKey: string;
}) {
  const t = useT();
  const { client } = useRuntime();
  const labels = useActorRef(labelOptionsMachine, { input: { client, key: projectKey } });
  const status = useSelector(labels, selectLabelOptionsStatus);
  const options = useSelector(labels, selectLabelOptions);
  const labelId = useSelector(list, selectLabelFilter);
  return (
    <>
      <OptionSelect
        label={t('chat.list.labelFilter')}
        testId="label-filter"
        options={[
          { id: ALL_LABELS, label: t('chat.list.allLabels') },
          ...options.map((label) => ({ id: label.id, label: label.name })),
        ]}
        selected={labelId ?? ALL_LABELS}
        onSelect={(id) => list.send({ type: 'list.label', labelId: id === ALL_LABELS ? null : id })}
      />
      {status === 'failed' ? (
        <Button size="sm" tone="ghost" onPress={() => labels.send({ type: 'labelOptions.retry' })}>
          {t('chat.list.labelsRetry')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The inbox's stage filter: "Semua tahap", or one of the project's stages (`stage_list` all, in
 * board order); the list then asks `conversation_list` with its `stageId`.
 */
export function StageFilter({
  list,
  projectKey,
}: {
  list: Actor<typeof conversationListMachine>;
  projectKey: string;
}) {
  const t = useT();
  const stageId = useSelector(list, selectStageFilter);
  return (
    <RecordFilter
      load={loadStageFilterOptions}
      projectKey={projectKey}
      label={t('chat.list.stage')}
      allLabel={t('chat.list.allStages')}
      testId="stage-filter"
      selected={stageId}
      onSelect={(id) => list.send({ type: 'list.stage', stageId: id })}
    />
  );
}
