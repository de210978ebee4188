import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './spinner.css.ts';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return <div role="progressbar" aria-label={label ?? t('common.loading')} className={css.spinner} />;
}

/** Shown while the current-user lookup loads (SPEC.md section 2). */
export function FullScreenSpinner() {
  return (
    <div className={css.fullScreen} data-testid="app-spinner">
      <Spinner />
    </div>
  );
}
