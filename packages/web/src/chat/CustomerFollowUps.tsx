import { useEffect, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDateTime } from '@sapa/sdk';
import type { FollowUpRunView } from '@sapa/sdk';
import { customerFollowUpsMachine, selectFollowUpsStatus, selectPendingFollowUps } from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import * as choice from '../crm/choice.css.ts';
import { FailureRow } from '../crm/FailureRow.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { loadAutomationTexts } from '../i18n/automationTexts.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './customerFollowUps.css.ts';

// The section's texts are automation's part of the catalogue.
loadAutomationTexts();

/**
 * The customer's pending follow-up sequences in the chat's customer panel
 * (customerFollowUpsMachine): each with its rule, its next step and when it goes out (in the
 * project's working hours), and a cancel button where the server says the viewer may cancel it
 * (`crm.autofu.edit`, or the conversation's agent). Follows the runs live (`follow_up.changed`).
 */
export function CustomerFollowUps({
  projectKey,
  customerId,
  timeZone,
}: {
  projectKey: string;
  customerId: string;
  timeZone: string;
}) {
  return (
    <CustomerFollowUpsView
      key={`${projectKey}/${customerId}`}
      projectKey={projectKey}
      customerId={customerId}
      timeZone={timeZone}
    />
  );
}

function CustomerFollowUpsView({
  projectKey,
  customerId,
  timeZone,
}: {
  projectKey: string;
  customerId: string;
  timeZone: string;
}) {
  const t = useT();
  const headingId = useId();
  const { client, inbox } = useRuntime();
  const actor = useActorRef(customerFollowUpsMachine, { input: { client, key: projectKey, customerId } });
  useEffect(() => inbox.router.attachFollowUps(projectKey, actor), [inbox.router, projectKey, actor]);
  const status = useSelector(actor, selectFollowUpsStatus);
  const pending = useSelector(actor, selectPendingFollowUps);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const cancelling = useSelector(actor, (snapshot) => snapshot.context.cancelling);
  const cancelError = useSelector(actor, (snapshot) => snapshot.context.cancelError);
  return (
    <section className={choice.section} aria-labelledby={headingId} data-testid="customer-follow-ups">
      <h3 id={headingId} className={choice.title}>
        {t('followUps.title')}
      </h3>
      {status === 'loading' ? <p className={choice.muted}>{t('followUps.loading')}</p> : null}
      {status === 'failed' ? (
        <FailureRow
          message={t('followUps.failed', { message: error?.message ?? '' })}
          action={t('common.retry')}
          onAction={() => actor.send({ type: 'customerFollowUps.retry' })}
        />
      ) : null}
      {status === 'ready' && pending.length === 0 ? (
        <p className={choice.muted}>{t('followUps.none')}</p>
      ) : null}
      {status === 'ready' && pending.length > 0 ? (
        <ul aria-label={t('followUps.list')} className={css.list}>
          {pending.map((run) => (
            <PendingFollowUp
              key={run.id}
              run={run}
              timeZone={timeZone}
              busy={cancelling !== null}
              onCancel={() => actor.send({ type: 'customerFollowUps.cancel', runId: run.id })}
            />
          ))}
        </ul>
      ) : null}
      {cancelling !== null ? <p className={choice.muted}>{t('followUps.cancelling')}</p> : null}
      {cancelError ? (
        <FailureRow
          message={t('followUps.cancelFailed', { message: cancelError.message })}
          action={t('common.close')}
          tone="ghost"
          onAction={() => actor.send({ type: 'customerFollowUps.dismiss' })}
        />
      ) : null}
    </section>
  );
}

function PendingFollowUp({
  run,
  timeZone,
  busy,
  onCancel,
}: {
  run: FollowUpRunView;
  timeZone: string;
  busy: boolean;
  onCancel(): void;
}) {
  const t = useT();
  const name = run.rule.name ?? t('followUps.deletedRule');
  return (
    <li className={choice.row}>
      <span>{name}</span>
      {run.totalSteps !== null ? (
        <span className={choice.muted}>
          {t('followUps.step', { step: run.nextStep + 1, total: run.totalSteps })}
        </span>
      ) : null}
      {run.dueAt !== null ? (
        <span className={choice.muted}>
          {t('followUps.due', { time: formatDateTime(run.dueAt, timeZone) })}
        </span>
      ) : null}
      {run.cancellable ? (
        <Button
          size="sm"
          tone="secondary"
          isDisabled={busy}
          aria-label={t('followUps.cancelLabel', { name })}
          onPress={onCancel}
        >
          {t('followUps.cancel')}
        </Button>
      ) : null}
    </li>
  );
}
