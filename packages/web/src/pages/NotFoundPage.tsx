import { useLocation } from 'wouter';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from '../layout/layout.css.ts';

/** Any unknown path (SPEC.md section 2): an image and a button that goes to `/`. */
export function NotFoundPage() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <main className={css.notFound}>
      <img
        className={css.notFoundImage}
        src="/not-found.svg"
        alt={t('notFound.image')}
        width={320}
        height={200}
      />
      <h1 className={css.title}>{t('notFound.title')}</h1>
      <p className={css.subtitle}>{t('notFound.body')}</p>
      <Button onPress={() => navigate('/')}>{t('notFound.back')}</Button>
    </main>
  );
}
