import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import {
  firstScreenPath,
  followProjectCards,
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
} from '@sapa/machines/team';
import { formatRupiah, type ProjectSummary } from '@sapa/sdk';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Alert } from '../components/Alert.tsx';
import { CreateProjectForm } from '../projects/ProjectListPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { billingPath } from '../routes.ts';
import * as css from './home.css.ts';

/**
 * `/`: the signed-in user's home: their projects as cards (`project_list`: unread messages,
 * WhatsApp numbers and, for a member who sees billing, the balance with a link to it, kept
 * current by the socket), each opening the first screen the member may see there, and the
 * new-project dialog (projectListMachine).
 */
export function HomePage() {
  const t = useT();
  const { session, client, realtime, inbox } = useRuntime();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const actor = useActorRef(projectListMachine, { input: { client } });
  // The cards follow new messages, reads and numbers' status live, and catch up after a drop.
  useEffect(() => followProjectCards(realtime, actor), [realtime, actor]);
  useEffect(() => {
    const subscription = inbox.connection.on('resync', () => actor.send({ type: 'projects.refresh' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  const status = useSelector(actor, selectProjectListStatus);
  const projects = useSelector(actor, selectProjects);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const created = useSelector(actor, (snapshot) => snapshot.context.created?.key ?? '');
  // The dialog is open from the project created last when it opened: a new one closes it (its
  // card comes first).
  const [openedAfter, setOpenedAfter] = useState<string | null>(null);
  const creating = openedAfter !== null && openedAfter === created;
  const setCreating = (open: boolean) => setOpenedAfter(open ? created : null);
  if (!user) return null;
  return (
    <div className={css.page}>
      <div className={css.greeting}>
        <h1 className={css.title}>{t('home.greeting', { name: user.name })}</h1>
        <p className={css.subtitle}>{t('home.signedInAs', { phone: user.phone })}</p>
      </div>
      <section className={css.page} aria-labelledby="home-projects">
        {/* The button sits on the projects' own heading row, centred with it. */}
        <div className={css.head}>
          <h2 id="home-projects" className={css.sectionTitle}>
            {t('home.projects')}
          </h2>
          <Button onPress={() => setCreating(true)}>{t('home.newProject')}</Button>
        </div>
        {status === 'loading' ? <Spinner label={t('home.loading')} /> : null}
        {status === 'error' ? (
          <div className={css.state}>
            <Alert tone="error">
              {t('home.error')} {error?.message}
            </Alert>
            <Button tone="secondary" onPress={() => actor.send({ type: 'projects.retry' })}>
              {t('home.retry')}
            </Button>
          </div>
        ) : null}
        {status === 'empty' ? <p className={css.subtitle}>{t('home.empty')}</p> : null}
        {status === 'ready' ? (
          <ul className={css.cards} aria-label={t('home.cards')}>
            {projects.map((project) => (
              <ProjectCard key={project.key} project={project} />
            ))}
          </ul>
        ) : null}
      </section>
      <ModalDialog title={t('project.create.title')} isOpen={creating} onOpenChange={setCreating}>
        <CreateProjectForm key={created} actor={actor} framed={false} />
      </ModalDialog>
    </div>
  );
}

function ProjectCard({ project }: { project: ProjectSummary }) {
  const t = useT();
  const href = firstScreenPath(project.permissions, project.key);
  const { total, connected } = project.accounts;
  return (
    <li className={css.card} data-testid="project-card">
      <div className={css.cardHead}>
        <Avatar name={project.name} size="md" />
        {href === null ? (
          <span className={css.cardName}>{project.name}</span>
        ) : (
          <Link href={href} className={css.cardName}>
            {project.name}
          </Link>
        )}
      </div>
      <p className={css.meta}>{t(`project.role.${project.role}`)}</p>
      <p className={css.meta} data-testid="project-unread">
        {project.unreadCount > 0 ? (
          <span className={css.badge}>{t('home.unread', { count: project.unreadCount })}</span>
        ) : (
          t('home.noUnread')
        )}
      </p>
      <p className={css.meta} data-testid="project-accounts">
        <span
          className={total === 0 ? css.dot : connected === total ? css.dotOn : css.dotOff}
          aria-hidden="true"
        />
        {total === 0 ? t('home.noAccounts') : t('home.accounts', { connected, total })}
      </p>
      {project.balance === null ? null : (
        <p className={css.meta} data-testid="project-balance">
          <Link
            href={billingPath(project.key)}
            className={css.balanceLink}
            aria-label={t('home.balanceLabel', { name: project.name, amount: formatRupiah(project.balance) })}
          >
            {t('home.balance', { amount: formatRupiah(project.balance) })}
          </Link>
        </p>
      )}
      {href === null ? <p className={css.meta}>{t('home.noScreen')}</p> : null}
    </li>
  );
}
