/**
 * The inbox of a project with no WhatsApp number: instead of an empty list, what to do first
 * (`firstRunSteps` decides which steps, by the viewer's permissions): connect a number, invite the
 * team, or try Sapa on the simulator (the demo project, or `pnpm simulate` with its test number).
 */
import { Link } from 'wouter';
import type { Project } from '@sapa/sdk';
import { SIMULATOR_NUMBER, type FirstRunStep } from '@sapa/machines/inbox';
import { button } from '../components/button.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { accountsPath, membersPath } from '../routes.ts';
import * as css from './firstRunGuide.css.ts';

export function FirstRunGuide({ project, steps }: { project: Project; steps: readonly FirstRunStep[] }) {
  const t = useT();
  return (
    <section className={css.guide} aria-labelledby="first-run-title" data-testid="first-run-guide">
      <div className={css.head}>
        <h2 id="first-run-title" className={css.title}>
          {t('firstRun.title', { project: project.name })}
        </h2>
        <p className={css.text}>{t('firstRun.intro')}</p>
      </div>
      <ol className={css.steps}>
        {steps.map((step) => (
          <li key={step} className={css.step} data-step={step}>
            <Step step={step} project={project} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Step({ step, project }: { step: FirstRunStep; project: Project }) {
  const t = useT();
  switch (step) {
    case 'connect':
      return (
        <>
          <h3 className={css.stepTitle}>{t('firstRun.connect.title')}</h3>
          <p className={css.text}>{t('firstRun.connect.body')}</p>
          <Link href={accountsPath(project.key)} className={`${button({ size: 'sm' })} ${css.link}`}>
            {t('firstRun.connect.action')}
          </Link>
        </>
      );
    case 'askOwner':
      return (
        <>
          <h3 className={css.stepTitle}>{t('firstRun.askOwner.title')}</h3>
          <p className={css.text}>{t('firstRun.askOwner.body')}</p>
        </>
      );
    case 'invite':
      return (
        <>
          <h3 className={css.stepTitle}>{t('firstRun.invite.title')}</h3>
          <p className={css.text}>{t('firstRun.invite.body')}</p>
          <Link
            href={membersPath(project.key)}
            className={`${button({ size: 'sm', tone: 'secondary' })} ${css.link}`}
          >
            {t('firstRun.invite.action')}
          </Link>
        </>
      );
    case 'simulator':
      return (
        <details className={css.details}>
          <summary className={css.stepTitle}>{t('firstRun.simulator.title')}</summary>
          <p className={css.text}>{t('firstRun.simulator.demo')}</p>
          <p className={css.text}>{t('firstRun.simulator.run')}</p>
          <pre className={css.code}>
            {`WHATSAPP_GRAPH_BASE_URL=${SIMULATOR_NUMBER.graphBaseUrl} \\\nWHATSAPP_APP_SECRET=sapa-dev-app-secret pnpm start\n\npnpm simulate`}
          </pre>
          <p className={css.text}>{t('firstRun.simulator.number', SIMULATOR_NUMBER)}</p>
        </details>
      );
  }
}
