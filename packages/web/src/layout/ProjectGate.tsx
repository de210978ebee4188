/**
 * The route guard of a project screen: a member whose permissions do not open the path
 * (`mayOpen`, the same table as the sidebar) sees a refusal instead of the screen; a member who
 * is no longer in the project (`project.removed`) sees why, with a way home, and the project's
 * screens close; one who left or deleted it from this very tab goes home. A project that does not
 * exist (or is not the viewer's: the server says `not_found` alike) reads "Proyek tidak
 * ditemukan." with a way home and no retry, which could never help. Outside a project, or while
 * it loads or failed otherwise, the screen shows as it is (it shows the loading and the error,
 * with Retry, itself).
 */
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { mayOpen, selectClosedHere, selectProject, selectProjectStatus } from '@sapa/machines/team';
import { Alert } from '../components/Alert.tsx';
import { button } from '../components/button.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import * as layout from './layout.css.ts';
import * as css from './frame.css.ts';

export function ProjectGate({ children }: { children: ReactNode }) {
  const t = useT();
  const actor = useProjectActor();
  const [location] = useLocation();
  const status = useSelector(actor ?? undefined, (snapshot) =>
    snapshot ? selectProjectStatus(snapshot) : null,
  );
  const project = useSelector(actor ?? undefined, (snapshot) => (snapshot ? selectProject(snapshot) : null));
  const removal = useSelector(actor ?? undefined, (snapshot) => snapshot?.context.removal ?? null);
  const notFound = useSelector(
    actor ?? undefined,
    (snapshot) => snapshot?.context.error?.reason === 'not_found',
  );
  const closedHere = useSelector(actor ?? undefined, (snapshot) =>
    snapshot ? selectClosedHere(snapshot) : false,
  );
  // Left or deleted from this tab: go home, the leave dialog or the settings already said so.
  if (closedHere) return <Redirect to="/" replace />;
  if (status === 'removed')
    return (
      <section className={css.gate} aria-labelledby="gate-title">
        <h1 id="gate-title" className={layout.pageTitle}>
          {project?.name ?? ''}
        </h1>
        <Alert
          tone="warning"
          title={t(`frame.removed.${removal ?? 'removed'}`, { name: project?.name ?? '' })}
        >
          <Link href="/">{t('frame.home')}</Link>
        </Alert>
      </section>
    );
  if (status === 'failed' && notFound)
    return (
      <section className={css.gate} aria-labelledby="gate-title" data-testid="project-not-found">
        <h1 id="gate-title" className={layout.pageTitle}>
          {t('error.project_not_found')}
        </h1>
        <div>
          <Link href="/" className={button({ tone: 'primary' })} data-testid="project-not-found-home">
            {t('frame.home')}
          </Link>
        </div>
      </section>
    );
  if (status === 'ready' && project !== null && !mayOpen(project.permissions, location))
    return (
      <section className={css.gate} aria-labelledby="gate-title">
        <h1 id="gate-title" className={layout.pageTitle}>
          {t('access.denied.title')}
        </h1>
        <Alert tone="error">{t('access.denied.body')}</Alert>
        <Link href="/">{t('frame.home')}</Link>
      </section>
    );
  return children;
}
