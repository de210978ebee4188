import type { ReactNode } from 'react';
import type { LoadStatus } from '@sapa/machines/crm';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './choice.css.ts';
import { FailureRow } from './FailureRow.tsx';

/**
 * What a pick list shows below its head (choiceRegions.ts' first load and change): a spinner
 * while it loads, the failure with a retry, the empty text or its items (`children`), then,
 * while a change runs, `changing`, and a failed change with a close.
 */
export function PickListStates({
  status,
  isEmpty,
  texts,
  onRetry,
  onDismiss,
  children,
}: {
  status: LoadStatus;
  isEmpty: boolean;
  /** Already translated; `changing` shows while a change runs, `changeFailed` once one failed. */
  texts: {
    loading: string;
    failed: string;
    empty: string;
    changing?: string | null;
    changeFailed: string | null;
  };
  onRetry(): void;
  onDismiss(): void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {status === 'loading' ? <Spinner label={texts.loading} /> : null}
      {status === 'failed' ? (
        <FailureRow message={texts.failed} action={t('common.retry')} onAction={onRetry} />
      ) : null}
      {status === 'ready' && isEmpty ? <p className={css.muted}>{texts.empty}</p> : null}
      {status === 'ready' && !isEmpty ? children : null}
      {texts.changing ? <p className={css.muted}>{texts.changing}</p> : null}
      {texts.changeFailed === null ? null : (
        <FailureRow
          message={texts.changeFailed}
          action={t('common.close')}
          tone="ghost"
          onAction={onDismiss}
        />
      )}
    </>
  );
}
