import type { MessageKey } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from '../layout/layout.css.ts';

/**
 * The place of a screen whose content a later issue builds: its title and an honest note,
 * never made-up data.
 */
export function ScreenPage({ title }: { title: MessageKey }) {
  const t = useT();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className={css.pageTitle}>
        {t(title)}
      </h1>
      <p className={css.subtitle}>{t('screen.notYet')}</p>
    </section>
  );
}
