import { useEffect, useRef, type ReactNode } from 'react';
import { Button as AriaButton, Form } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project } from '@sapa/sdk';
import {
  broadcastComposerMachine,
  broadcastComposerPermissions,
  composerSteps,
  selectComposerCanSubmit,
  selectComposerEditable,
  selectComposerEditing,
  selectComposerLoadError,
  selectComposerOriginal,
  selectComposerPreviewStatus,
  selectComposerSaved,
  selectComposerSchedule,
  selectComposerStatus,
  selectComposerStep,
  selectComposerSteps,
  type ComposerStep,
} from '@sapa/machines/broadcast';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { CrmPage } from '../crm/CrmPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { loadBroadcastComposeTexts } from '../i18n/broadcastComposeTexts.ts';
import { broadcastPath, broadcastsPath } from '../routes.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { AudienceStep } from './AudienceStep.tsx';
import { NumberStep } from './NumberStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { ValuesStep } from './ValuesStep.tsx';
import type { ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

// Its texts (and the template picker's it shares) load with this screen, not with the app.
loadBroadcastComposeTexts();

const stepNames = {
  number: 'broadcastCompose.step.number',
  values: 'broadcastCompose.step.values',
  audience: 'broadcastCompose.step.audience',
  review: 'broadcastCompose.step.review',
} as const satisfies Record<ComposerStep, string>;

/**
 * `/crm/broadcast/{key}/new` (`crm.broadcast.add`) and a scheduled broadcast's
 * `/crm/broadcast/{key}/{id}/edit` (`crm.broadcast.edit`): the broadcast composer
 * (broadcastComposerMachine), a wizard of four steps on one page: the number and template, the
 * values, the audience and the review with its schedule. Once saved it opens the broadcast's page.
 */
export function BroadcastComposePage({ id = null }: { id?: string | null }) {
  const t = useT();
  const editing = id !== null;
  return (
    <CrmPage
      title={t(editing ? 'broadcastCompose.title.edit' : 'broadcastCompose.title.new')}
      permissions={(permissions) => {
        const may = broadcastComposerPermissions(permissions);
        return { view: editing ? may.update : may.create };
      }}
      noAccess={t(editing ? 'broadcastCompose.noAccessEdit' : 'broadcastCompose.noAccess')}
      className={css.page}
    >
      {(project) => <Composer key={id ?? 'new'} project={project} id={id} />}
    </CrmPage>
  );
}

function Composer({ project, id }: { project: Project; id: string | null }) {
  const t = useT();
  const { client } = useRuntime();
  const toasts = useToasts();
  const [, navigate] = useLocation();
  const actor = useActorRef(broadcastComposerMachine, {
    input: {
      client,
      key: project.key,
      timeZone: project.timeZone,
      permissions: project.permissions,
      broadcastId: id,
      sample: { name: t('broadcastCompose.sample.name'), phone: '+6281234567890', customFields: {} },
    },
  });
  const status = useSelector(actor, selectComposerStatus);
  const editing = useSelector(actor, selectComposerEditing);
  const saved = useSelector(actor, selectComposerSaved);
  const when = useSelector(actor, (snapshot) => selectComposerSchedule(snapshot).when);
  // Saved: say so and open the broadcast's page (replacing the composer in the history).
  useEffect(() => {
    if (saved === null) return;
    const key = editing
      ? 'broadcastCompose.saved.update'
      : when === 'now'
        ? 'broadcastCompose.saved.now'
        : 'broadcastCompose.saved.later';
    toasts.show(t(key, { name: saved.name }), 'success');
    navigate(broadcastPath(project.key, saved.id), { replace: true });
  }, [saved, editing, when, t, toasts, navigate, project.key]);
  return (
    <>
      <div className={css.head}>
        <h1 id="screen-title" className={css.title}>
          {t(editing ? 'broadcastCompose.title.edit' : 'broadcastCompose.title.new')}
        </h1>
        <Link href={broadcastsPath(project.key)} className={css.backLink}>
          {t('broadcastCompose.toList')}
        </Link>
      </div>
      {status === 'loading' ? <Spinner label={t('broadcastCompose.loading')} /> : null}
      {status === 'failed' ? <LoadFailed actor={actor} /> : null}
      {status === 'locked' ? <Locked actor={actor} projectKey={project.key} /> : null}
      {status === 'editing' || status === 'saving' ? <Wizard actor={actor} projectKey={project.key} /> : null}
    </>
  );
}

function LoadFailed({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const error = useSelector(actor, selectComposerLoadError);
  return (
    <div className={css.state} role="alert">
      <p>{t('broadcastCompose.loadFailed', { message: error?.message ?? '' })}</p>
      <Button onPress={() => actor.send({ type: 'compose.retry' })}>{t('broadcastCompose.retry')}</Button>
    </div>
  );
}

function Locked({ actor, projectKey }: { actor: ComposerActor; projectKey: string }) {
  const t = useT();
  const original = useSelector(actor, selectComposerOriginal);
  return (
    <div className={css.state} role="status" data-testid="broadcast-compose-locked">
      <p>{t('broadcastCompose.locked')}</p>
      {original === null ? null : (
        <Link href={broadcastPath(projectKey, original.id)} className={css.inlineLink}>
          {t('broadcastCompose.openDetail')}
        </Link>
      )}
    </div>
  );
}

/** The steps' list, the open step's heading, its form and preview, and Back / Next or Send. */
function Wizard({ actor, projectKey }: { actor: ComposerActor; projectKey: string }) {
  const t = useT();
  const step = useSelector(actor, selectComposerStep);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  // A step opened (not the first one shown): its heading takes the focus, so the keyboard and a
  // screen reader start there.
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  const number = composerSteps.indexOf(step) + 1;
  const title = (
    <h2 ref={heading} tabIndex={-1} className={css.stepTitle} data-testid="broadcast-compose-step">
      <span className={css.stepOf}>
        {t('broadcastCompose.stepOf', { n: number, total: composerSteps.length })}
      </span>
      {t(stepNames[step])}
    </h2>
  );
  const footer = <StepActions actor={actor} />;
  return (
    <>
      <StepList actor={actor} />
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send(step === 'review' ? { type: 'compose.submit' } : { type: 'compose.next' });
        }}
      >
        {step === 'number' ? <NumberStep actor={actor} title={title} footer={footer} /> : null}
        {step === 'values' ? (
          <ValuesStep actor={actor} projectKey={projectKey} title={title} footer={footer} />
        ) : null}
        {step === 'audience' ? <AudienceStep actor={actor} title={title} footer={footer} /> : null}
        {step === 'review' ? (
          <ReviewStep actor={actor} projectKey={projectKey} title={title} footer={footer} />
        ) : null}
      </Form>
    </>
  );
}

/** The four steps: the open one marked, complete ones behind it ticked, those not reachable yet disabled. */
function StepList({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const steps = useSelector(actor, selectComposerSteps);
  const open = useSelector(actor, selectComposerStep);
  const editable = useSelector(actor, selectComposerEditable);
  return (
    <nav aria-label={t('broadcastCompose.steps')}>
      <ol className={css.steps}>
        {steps.map((item, index) => {
          const current = item.step === open;
          // Ticked: a complete step behind the open one (those ahead show their number).
          const done = item.complete && index < composerSteps.indexOf(open);
          const name = t(stepNames[item.step]);
          return (
            <li key={item.step}>
              <AriaButton
                className={css.stepButton}
                {...(current ? { 'aria-current': 'step' as const } : {})}
                aria-label={`${index + 1}. ${name}${done ? ` (${t('broadcastCompose.stepDone')})` : ''}`}
                isDisabled={!editable || !item.reachable}
                data-testid={`broadcast-step-${item.step}`}
                onPress={() => actor.send({ type: 'compose.step', step: item.step })}
              >
                <span
                  className={css.stepNumber({ state: current ? 'current' : done ? 'done' : 'todo' })}
                  aria-hidden="true"
                >
                  {done ? '✓' : index + 1}
                </span>
                <span className={css.stepName}>{name}</span>
              </AriaButton>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Back, and Next (Send or Schedule on the review); none of them while the broadcast is saved. */
function StepActions({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const step = useSelector(actor, selectComposerStep);
  const editable = useSelector(actor, selectComposerEditable);
  const editing = useSelector(actor, selectComposerEditing);
  const status = useSelector(actor, selectComposerStatus);
  const when = useSelector(actor, (snapshot) => selectComposerSchedule(snapshot).when);
  const previewStatus = useSelector(actor, selectComposerPreviewStatus);
  const canSubmit = useSelector(actor, selectComposerCanSubmit);
  const review = step === 'review';
  const submitText = (): ReactNode => {
    if (status === 'saving') return t('broadcastCompose.submit.saving');
    if (previewStatus !== 'ready') return t('broadcastCompose.submit.counting');
    if (editing) return t('broadcastCompose.submit.update');
    return t(when === 'now' ? 'broadcastCompose.submit.now' : 'broadcastCompose.submit.later');
  };
  return (
    <div className={css.actions}>
      {step === 'number' ? (
        <span />
      ) : (
        <Button tone="secondary" isDisabled={!editable} onPress={() => actor.send({ type: 'compose.back' })}>
          {t('broadcastCompose.back')}
        </Button>
      )}
      {review ? (
        <Button
          type="submit"
          // Without the count there is nothing to send yet; otherwise a press shows what is missing.
          isDisabled={!editable || previewStatus !== 'ready'}
          data-testid="broadcast-compose-submit"
          data-ready={canSubmit || undefined}
        >
          {submitText()}
        </Button>
      ) : (
        <Button type="submit" isDisabled={!editable} data-testid="broadcast-compose-next">
          {t('broadcastCompose.next')}
        </Button>
      )}
    </div>
  );
}
