/**
 * The sidebar of a project: its sections and screens from `sidebarMenu` (the member's
 * permissions decide), the open one marked `aria-current`. It follows `project.permissions` at
 * once, since it reads the project actor. On phones it lives in a drawer (`SidebarDrawer`).
 */
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { selectProject, selectProjectStatus, sidebarMenu } from '@sapa/machines/team';
import type { Project } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import * as css from './frame.css.ts';

/** The project of the enclosing scope while its screens are open (not loading, failed or removed). */
export function useOpenProject(): Project | null {
  const actor = useProjectActor();
  return (
    useSelector(actor ?? undefined, (snapshot) =>
      snapshot && selectProjectStatus(snapshot) === 'ready' ? selectProject(snapshot) : null,
    ) ?? null
  );
}

export function SidebarNav({ project, onNavigate }: { project: Project; onNavigate?: () => void }) {
  const t = useT();
  const [location] = useLocation();
  const menu = useMemo(
    () => sidebarMenu(project.permissions, project.key),
    [project.permissions, project.key],
  );
  return (
    <nav className={css.nav} aria-label={t('sidebar.label', { name: project.name })}>
      {menu.map((section) => {
        const titleId = `sidebar-${section.id}`;
        return (
          <section key={section.id} className={css.section} aria-labelledby={titleId}>
            <h2 id={titleId} className={css.sectionTitle}>
              {t(section.label)}
            </h2>
            <ul className={css.items}>
              {section.items.map((item) => {
                const current = location.startsWith(item.prefix);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className={css.item({ current })}
                      aria-current={current ? 'page' : undefined}
                      {...(onNavigate ? { onClick: onNavigate } : {})}
                    >
                      {t(item.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}

/** The sidebar beside the screen (hidden on phones, where the drawer takes over). */
export function ProjectSidebar() {
  const project = useOpenProject();
  if (project === null) return null;
  return (
    <aside className={css.sidebar}>
      <SidebarNav project={project} />
    </aside>
  );
}
