import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from '../layout/layout.css.ts';

/** `/`: the signed-in user's home. Projects arrive with the project issues. */
export function HomePage() {
  const t = useT();
  const { session } = useRuntime();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  if (!user) return null;
  return (
    <section className={css.card} aria-labelledby="home-title">
      <h1 id="home-title" className={css.title}>
        {t('home.greeting', { name: user.name })}
      </h1>
      <p className={css.subtitle}>{t('home.signedInAs', { phone: user.phone })}</p>
      <Button tone="secondary" onPress={() => session.send({ type: 'session.signOut' })}>
        {t('auth.signOut')}
      </Button>
    </section>
  );
}
