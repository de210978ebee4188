import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from '../layout/layout.css.ts';

/** The user check could not reach the server: keep the session and offer to try again. */
export function OfflineNotice({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <main className={css.notFound}>
      <p role="alert" className={css.formError}>
        {t('network.offline')}
      </p>
      <Button onPress={onRetry}>{t('network.retry')}</Button>
    </main>
  );
}
