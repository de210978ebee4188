import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/I18nProvider.tsx';
import { projectRoutes } from '../routes.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { ProjectGate } from './ProjectGate.tsx';
import { ProjectSidebar, useOpenProject } from './ProjectSidebar.tsx';
import { ProjectSwitcher } from './ProjectSwitcher.tsx';
import { SidebarDrawer } from './SidebarDrawer.tsx';
import { UserMenu } from './UserMenu.tsx';
import * as css from './frame.css.ts';

/**
 * The signed-in frame: the header (brand, projects, the open project's switcher, the bell, the
 * user's menu) and, inside a project, its sidebar (a drawer on phones) beside the screen, which
 * the route guard (`ProjectGate`) lets through or refuses. `workspace` screens (the inbox) fill
 * the window below the header; `page` screens sit in a centred column.
 */
export function MainLayout({
  children,
  variant = 'page',
}: {
  children: ReactNode;
  variant?: 'page' | 'workspace';
}) {
  const t = useT();
  const project = useOpenProject();
  return (
    <div className={css.frame({ variant })}>
      <header className={css.header}>
        <div className={css.headerStart}>
          <SidebarDrawer />
          <Link href="/" className={css.brand} aria-label={t('frame.brand')}>
            Sapa
          </Link>
          <Link href={projectRoutes.list} className={css.headerLink}>
            {t('frame.projects')}
          </Link>
          {project ? <ProjectSwitcher project={project} /> : null}
        </div>
        <div className={css.headerEnd}>
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      <div className={css.body}>
        <ProjectSidebar />
        <main className={css.main({ variant })}>
          <ProjectGate>{children}</ProjectGate>
        </main>
      </div>
    </div>
  );
}
