import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { PreferenceControls } from '../components/PreferenceControls.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { projectRoutes } from '../routes.ts';
import { ProjectNav } from './ProjectNav.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import * as css from './layout.css.ts';

/**
 * The signed-in frame: header with the navigation (the project's screens inside a project), the
 * user, theme and language, and sign-out. `workspace` screens (the inbox) fill the window below
 * the header; `page` screens sit in a centred column.
 */
export function MainLayout({
  children,
  variant = 'page',
}: {
  children: ReactNode;
  variant?: 'page' | 'workspace';
}) {
  const t = useT();
  const { session } = useRuntime();
  const inProject = useProjectActor() !== null;
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  return (
    <div className={css.shell({ variant })}>
      <header className={css.header}>
        <nav className={css.nav} aria-label={t('nav.main')}>
          <Link href="/" className={css.brand}>
            Sapa
          </Link>
          {inProject ? null : (
            <Link href={projectRoutes.list} className={css.navLink}>
              {t('nav.projects')}
            </Link>
          )}
        </nav>
        {inProject ? <ProjectNav /> : null}
        <div className={css.headerEnd}>
          <PreferenceControls />
          {user ? <span className={css.userName}>{user.name}</span> : null}
          <Button tone="secondary" size="sm" onPress={() => session.send({ type: 'session.signOut' })}>
            {t('auth.signOut')}
          </Button>
        </div>
      </header>
      <main className={css.main({ variant })}>{children}</main>
    </div>
  );
}
