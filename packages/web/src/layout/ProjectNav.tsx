import { Link, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import {
  accountPermissions,
  chatPermissions,
  customerPermissions,
  divisionPermissions,
  galleryPermissions,
  labelPermissions,
  quickReplyPermissions,
  selectProject,
  stagePermissions,
} from '@sapa/machines';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import {
  accountsPath,
  chatPath,
  customersPath,
  divisionsPath,
  galleryPath,
  labelsPath,
  projectRoutes,
  quickReplyPath,
  stagesPath,
} from '../routes.ts';
import * as css from './layout.css.ts';

/** Inside a project: its name and its screens (Chat, Gallery, Quick replies, Accounts), each shown with its permission. */
export function ProjectNav() {
  const t = useT();
  const actor = useProjectActor();
  const [location] = useLocation();
  const project = useSelector(actor ?? undefined, (snapshot) => (snapshot ? selectProject(snapshot) : null));
  if (actor === null || project === null) return null;
  const chat = chatPermissions(project.permissions);
  const accounts = accountPermissions(project.permissions);
  const gallery = galleryPermissions(project.permissions);
  const labels = labelPermissions(project.permissions);
  const quickReply = quickReplyPermissions(project.permissions);
  const stages = stagePermissions(project.permissions);
  const customers = customerPermissions(project.permissions);
  const divisions = divisionPermissions(project.permissions);
  const links = [
    chat.view ? { href: chatPath(project.key), label: t('nav.chat'), prefix: '/crm/chat/' } : null,
    gallery.menu
      ? { href: galleryPath(project.key), label: t('nav.gallery'), prefix: '/crm/gallery/' }
      : null,
    labels.menu ? { href: labelsPath(project.key), label: t('nav.labels'), prefix: '/crm/label/' } : null,
    stages.menu ? { href: stagesPath(project.key), label: t('nav.stages'), prefix: '/crm/stage/' } : null,
    customers.menu
      ? { href: customersPath(project.key), label: t('nav.customers'), prefix: '/crm/customer/' }
      : null,
    divisions.menu
      ? { href: divisionsPath(project.key), label: t('nav.divisions'), prefix: '/crm/divisi/' }
      : null,
    quickReply.menu
      ? { href: quickReplyPath(project.key), label: t('nav.quickReply'), prefix: '/crm/quick-reply/' }
      : null,
    accounts.view
      ? { href: accountsPath(project.key), label: t('nav.accounts'), prefix: '/project/account/' }
      : null,
    { href: projectRoutes.list, label: t('nav.projects'), prefix: projectRoutes.list },
  ].filter((link) => link !== null);
  return (
    <nav className={css.projectNav} aria-label={t('nav.project', { name: project.name })}>
      <span className={css.projectName}>{project.name}</span>
      {links.map((link) => {
        const current = location.startsWith(link.prefix);
        return (
          <Link
            key={link.href}
            href={link.href}
            className={css.projectNavLink({ current })}
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
