import type { ReactNode } from 'react';
import { formatFileSize } from '@sapa/sdk';
import type { TrayItem } from '@sapa/machines/inbox';
import type { UploadError } from '@sapa/machines/uploads';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import type { QueueActor } from './pondView.ts';
import { isFailedStatus, statusKeys } from './uploadTexts.ts';
import * as css from './uploader.css.ts';

/**
 * The field's files as a list beside FilePond's: each file's state by name (`data-status`, the
 * test hook), why it failed (SPEC.md section 8: main and sub message), and what the parent
 * shows with it (a caption field). A row with nothing to add to FilePond's own is kept for
 * screen readers only.
 */
export function UploadItems({
  queue,
  items,
  explain,
  renderItem,
}: {
  queue: QueueActor;
  items: readonly TrayItem[];
  explain(error: UploadError, mimeType: string): UploadError;
  renderItem?(item: TrayItem): ReactNode;
}) {
  const t = useT();
  const { locale } = usePreferences();
  if (items.length === 0) return null;
  const refs = new Map(queue.getSnapshot().context.items.map((item) => [item.id, item.ref]));
  return (
    <ul className={css.items} aria-label={t('upload.items')} aria-live="polite">
      {items.map((item) => {
        const failed = isFailedStatus(item.status);
        const error = failed ? (refs.get(item.id)?.getSnapshot().context.error ?? null) : null;
        const text = error === null ? null : explain(error, item.mimeType);
        const extra = renderItem?.(item) ?? null;
        return (
          <li
            key={item.id}
            className={css.item({ shown: failed || extra !== null })}
            data-testid="upload-item"
            data-status={item.status}
            data-upload-id={item.id}
          >
            <span className={css.itemLine}>
              <span className={css.itemName} title={item.filename}>
                {item.filename}
              </span>
              {item.size > 0 ? (
                <span className={css.itemMeta}>{formatFileSize(item.size, locale)}</span>
              ) : null}
              <span className={failed ? css.itemFailed : css.itemMeta}>{t(statusKeys[item.status])}</span>
            </span>
            {text ? (
              <span className={css.itemError}>
                {text.main}
                {text.sub ? ` — ${text.sub}` : ''}
              </span>
            ) : null}
            {extra}
          </li>
        );
      })}
    </ul>
  );
}
