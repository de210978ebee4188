import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import {
  formatDate,
  formatDateTime,
  formatRupiah,
  type BroadcastDetail,
  type BroadcastValue,
  type Project,
} from '@sapa/sdk';
import {
  broadcastDetailMachine,
  broadcastPermissions,
  followBroadcast,
  selectAudienceConditions,
  selectBalanceStop,
  selectBodyParts,
  selectBroadcast,
  selectBroadcastError,
  selectBroadcastPageStatus,
  selectCanEditBroadcast,
  selectConfirming,
  selectControlError,
  selectControls,
  selectCostEstimate,
  selectProgress,
  type AudienceCondition,
  type BroadcastControl,
  type BroadcastProgress,
} from '@sapa/machines/broadcast';
import { fetchActPage } from '@sapa/machines/table';
import { Alert } from '../components/Alert.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dialog } from '../components/dialog.css.ts';
import { CrmPage, useAnnouncements } from '../crm/CrmPage.tsx';
import { saveDownload } from '../customers/saveDownload.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { billingPath, broadcastEditPath, broadcastsPath } from '../routes.ts';
import { BroadcastProgressBar, BroadcastStatusChip } from './BroadcastBits.tsx';
import { RecipientsSection } from './RecipientsSection.tsx';
import type { BroadcastDetailActor } from './types.ts';
import * as css from './broadcasts.css.ts';

// Its texts load with this screen, not with the app.
loadBroadcastTexts();

/**
 * `/crm/broadcast/{key}/{id}` (`crm.broadcast.view`): one broadcast, live. Its status and why it
 * paused (the balance: "Isi saldo proyek" for members who may pay); the controls its status and
 * the member's permissions allow ("Jeda", "Lanjutkan", "Batalkan" asked first, "Coba lagi" with
 * the count of failures that may be retried, "Hapus" asked first; "Ubah" for a scheduled one);
 * the recipients per state; the template with its values, the audience, the number and its rate,
 * the cost so far against the estimate; and the recipients, filtered and exported
 * (broadcastDetailMachine).
 */
export function BroadcastPage({ id }: { id: string }) {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.broadcast')}
      permissions={broadcastPermissions}
      noAccess={t('broadcasts.noAccess')}
    >
      {(project) => <Broadcast key={id} project={project} id={id} />}
    </CrmPage>
  );
}

function Broadcast({ project, id }: { project: Project; id: string }) {
  const t = useT();
  const { client, realtime, inbox, navigate } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'broadcast_recipients'>(client));
  const actor = useActorRef(broadcastDetailMachine, {
    input: { client, key: project.key, id, permissions: project.permissions, fetchPage },
  });
  // The broadcast and its recipients follow its progress live, and catch up after a drop.
  useEffect(
    () => followBroadcast(realtime, inbox.connection, project.key, id, actor),
    [realtime, inbox, project.key, id, actor],
  );
  useAnnouncements(actor, {
    'broadcast.controlled': ({ control }) => ({ message: t(`broadcast.done.${control}`) }),
    'broadcast.controlFailed': ({ message }) => ({
      message: t('broadcast.actionFailed', { message }),
      tone: 'error',
    }),
    'broadcast.removed': () => {
      navigate(broadcastsPath(project.key));
      return { message: t('broadcast.done.delete') };
    },
    'broadcast.exported': ({ file }) => {
      saveDownload(file.filename, file.csv);
      return { message: t('broadcast.recipients.exported', { rows: file.rows, filename: file.filename }) };
    },
    'broadcast.exportFailed': ({ message }) => ({
      message: t('broadcast.recipients.exportFailed', { message }),
      tone: 'error',
    }),
  });
  const status = useSelector(actor, selectBroadcastPageStatus);
  const detail = useSelector(actor, selectBroadcast);
  const error = useSelector(actor, selectBroadcastError);
  const back = (
    <Link href={broadcastsPath(project.key)} className={css.back} data-testid="broadcast-back">
      ← {t('broadcast.back')}
    </Link>
  );
  if (status === 'ready' && detail !== null)
    return (
      <>
        {back}
        <BroadcastHeader actor={actor} project={project} detail={detail} />
        <BroadcastNotices actor={actor} project={project} detail={detail} />
        <BroadcastCounts actor={actor} detail={detail} />
        <div className={css.cards}>
          <TemplateCard actor={actor} detail={detail} />
          <AudienceCard actor={actor} detail={detail} />
          <SendingCard project={project} detail={detail} />
          <CostCard actor={actor} detail={detail} />
        </div>
        <RecipientsSection actor={actor} project={project} />
        <ConfirmControl actor={actor} detail={detail} />
      </>
    );
  return (
    <>
      {back}
      <h1 id="screen-title" className={css.title}>
        {t('screen.crm.broadcast')}
      </h1>
      {status === 'loading' ? <Spinner label={t('broadcast.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.centered} role="alert">
          <p className={css.paragraph}>{t('broadcast.failed', { message: error?.message ?? '' })}</p>
          <Button onPress={() => actor.send({ type: 'broadcast.retry' })}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {status === 'gone' ? (
        <p className={css.paragraph} role="status" data-testid="broadcast-gone">
          {t('broadcast.gone')}
        </p>
      ) : null}
    </>
  );
}

const controlText = {
  pause: 'broadcast.action.pause',
  resume: 'broadcast.action.resume',
  cancel: 'broadcast.action.cancel',
  retry: 'broadcast.action.retry',
  delete: 'broadcast.action.delete',
} as const satisfies Record<BroadcastControl, string>;

const busyText = {
  pause: 'broadcast.action.pausing',
  resume: 'broadcast.action.resuming',
  cancel: 'broadcast.action.cancelling',
  retry: 'broadcast.action.retrying',
  delete: 'broadcast.action.deleting',
} as const satisfies Record<BroadcastControl, string>;

function BroadcastHeader({
  actor,
  project,
  detail,
}: {
  actor: BroadcastDetailActor;
  project: Project;
  detail: BroadcastDetail;
}) {
  const t = useT();
  const controls = useSelector(actor, selectControls);
  const canEdit = useSelector(actor, selectCanEditBroadcast);
  const created = formatDateTime(detail.createdAt, project.timeZone);
  return (
    <div className={css.header}>
      <div className={css.heading}>
        <div className={css.titleLine}>
          <h1 id="screen-title" className={css.title} data-testid="broadcast-title">
            {detail.name}
          </h1>
          <BroadcastStatusChip status={detail.status} pauseReason={null} />
        </div>
        <p className={css.muted}>
          {detail.createdBy === null
            ? t('broadcast.createdAt', { time: created })
            : t('broadcast.createdBy', { time: created, name: detail.createdBy.name })}
        </p>
      </div>
      <div className={css.controls} role="group" aria-label={t('broadcast.actions')}>
        {canEdit ? (
          <Link
            href={broadcastEditPath(project.key, detail.id)}
            className={css.linkButton({ tone: 'secondary' })}
            data-testid="broadcast-edit"
          >
            {t('broadcast.action.edit')}
          </Link>
        ) : null}
        {controls.map(({ control, busy, disabled }) => (
          <Button
            key={control}
            tone={control === 'resume' || control === 'retry' ? 'primary' : 'secondary'}
            isDisabled={disabled}
            data-testid={`broadcast-${control}`}
            {...(control === 'retry'
              ? { 'aria-label': t('broadcast.action.retryLabel', { count: detail.retryable }) }
              : {})}
            onPress={() => actor.send({ type: 'broadcast.control', control })}
          >
            {busy ? t(busyText[control]) : t(controlText[control], { count: detail.retryable })}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** Why it paused, what the balance needs, and why the last control failed. */
function BroadcastNotices({
  actor,
  project,
  detail,
}: {
  actor: BroadcastDetailActor;
  project: Project;
  detail: BroadcastDetail;
}) {
  const t = useT();
  const balance = useSelector(actor, selectBalanceStop);
  const controlError = useSelector(actor, selectControlError);
  const reason = detail.status === 'paused' ? detail.pauseReason : null;
  return (
    <>
      {balance !== null ? (
        <Alert tone="warning" title={t('broadcasts.pause.balance')}>
          <div className={css.alertLine} data-testid="broadcast-balance">
            <span>{t('broadcasts.pauseHint.balance')}</span>
            {balance.mayPay ? (
              <Link href={billingPath(project.key)} className={css.link} data-testid="broadcast-pay">
                {t('broadcasts.pause.pay')}
              </Link>
            ) : (
              <span>{t('broadcasts.pause.askPayer')}</span>
            )}
          </div>
        </Alert>
      ) : reason !== null ? (
        <Alert tone={reason === 'manual' ? 'info' : 'warning'} title={t(`broadcasts.pause.${reason}`)}>
          <span data-testid="broadcast-pause-hint">{t(`broadcasts.pauseHint.${reason}`)}</span>
        </Alert>
      ) : null}
      {controlError !== null && (balance === null || controlError.reason !== 'insufficient_balance') ? (
        <Alert tone="error" onDismiss={() => actor.send({ type: 'broadcast.dismissError' })}>
          <span data-testid="broadcast-control-error">
            {t('broadcast.actionFailed', { message: controlError.message })}
          </span>
        </Alert>
      ) : null}
    </>
  );
}

const countKeys = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled'] as const;

function BroadcastCounts({ actor, detail }: { actor: BroadcastDetailActor; detail: BroadcastDetail }) {
  const t = useT();
  const progress = useSelector(actor, selectProgress);
  if (progress === null) return null;
  return (
    <section className={css.section} aria-labelledby="broadcast-counts">
      <div className={css.sectionHead}>
        <h2 id="broadcast-counts" className={css.sectionTitle}>
          {t('broadcast.counts')}
        </h2>
        {progress.estimated || progress.total === 0 ? null : (
          <span className={css.muted}>{t('broadcast.counts.total', { count: progress.total })}</span>
        )}
      </div>
      {/* Nobody to count before it starts (the estimate says enough), or when cancelled before. */}
      {progress.total === 0 ? <p className={css.muted}>{t('broadcast.counts.none')}</p> : null}
      {progress.total === 0 ? null : <BroadcastProgressBar progress={progress} large />}
      {progress.estimated || progress.total === 0 ? null : (
        <dl className={css.counts}>
          {countKeys.map((state) => (
            <div
              key={state}
              className={`${css.count} ${css.countTone[toneOf(state)]}`}
              data-testid={`broadcast-count-${state}`}
            >
              <dt>{t(`broadcasts.state.${state}`)}</dt>
              <dd>{detail.counts[state]}</dd>
            </div>
          ))}
          <div className={`${css.count} ${css.countTone.good}`} data-testid="broadcast-count-replied">
            <dt>{t('broadcasts.replied')}</dt>
            <dd>{detail.replied}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function toneOf(state: (typeof countKeys)[number]): 'plain' | 'good' | 'bad' {
  if (state === 'failed') return 'bad';
  return state === 'sent' || state === 'delivered' || state === 'read' ? 'good' : 'plain';
}

/** Where a variable's value comes from, in words. */
function valueText(t: Translate, value: BroadcastValue): string {
  const source =
    value.source === 'fixed'
      ? t('broadcast.value.fixed', { value: value.value })
      : value.source === 'field'
        ? t('broadcast.value.field', { value: value.value })
        : t(`broadcast.value.${value.source}`);
  return value.source === 'fixed' || value.fallback.trim() === ''
    ? source
    : `${source}, ${t('broadcast.value.fallback', { fallback: value.fallback })}`;
}

function TemplateCard({ actor, detail }: { actor: BroadcastDetailActor; detail: BroadcastDetail }) {
  const t = useT();
  const parts = useSelector(actor, selectBodyParts) ?? [];
  const { template, values } = detail;
  return (
    <section className={`${css.card} ${css.wide}`} aria-labelledby="broadcast-template">
      <h2 id="broadcast-template" className={css.cardTitle}>
        {t('broadcast.template.title')}
      </h2>
      <p className={css.paragraph}>
        <strong>{template.name}</strong> · {template.language}
        {' · '}
        {t(`broadcast.template.category.${template.category}`)}
        {template.id === null ? (
          <span className={css.muted}> ({t('broadcast.template.deleted')})</span>
        ) : null}
      </p>
      <p className={css.body} data-testid="broadcast-body">
        {parts.map((part, index) =>
          part.kind === 'text' ? (
            <span key={index}>{part.text}</span>
          ) : (
            <span key={index} className={css.value} title={`{{${part.name}}}`}>
              {part.value === null ? `{{${part.name}}}` : valueText(t, part.value)}
            </span>
          ),
        )}
      </p>
      {values.header !== undefined || values.buttonUrl !== undefined || values.headerMediaId !== undefined ? (
        <dl className={css.facts}>
          {values.header === undefined ? null : (
            <>
              <dt>{t('broadcast.values.header')}</dt>
              <dd>{valueText(t, values.header)}</dd>
            </>
          )}
          {values.buttonUrl === undefined ? null : (
            <>
              <dt>{t('broadcast.values.buttonUrl')}</dt>
              <dd>{valueText(t, values.buttonUrl)}</dd>
            </>
          )}
          {values.headerMediaId === undefined ? null : (
            <>
              <dt>{t('broadcast.values.title')}</dt>
              <dd>{t('broadcast.values.media')}</dd>
            </>
          )}
        </dl>
      ) : null}
    </section>
  );
}

const conditionKeys = {
  search: 'broadcast.audience.search',
  labelId: 'broadcast.audience.label',
  stageId: 'broadcast.audience.stage',
  divisionId: 'broadcast.audience.division',
  accountId: 'broadcast.audience.account',
  from: 'broadcast.audience.from',
  to: 'broadcast.audience.to',
} as const satisfies Record<AudienceCondition['filter'], string>;

function AudienceCard({ actor, detail }: { actor: BroadcastDetailActor; detail: BroadcastDetail }) {
  const t = useT();
  const conditions = useSelector(actor, selectAudienceConditions);
  const { audience } = detail;
  const conditionText = (condition: AudienceCondition) => {
    const value =
      condition.filter === 'from' || condition.filter === 'to'
        ? formatDate(`${condition.value}T12:00:00Z`, 'UTC')
        : condition.value;
    return t(conditionKeys[condition.filter], { value });
  };
  return (
    <section className={css.card} aria-labelledby="broadcast-audience">
      <h2 id="broadcast-audience" className={css.cardTitle}>
        {t('broadcast.audience.title')}
      </h2>
      <p className={css.paragraph} data-testid="broadcast-audience">
        {audience.kind === 'csv'
          ? t('broadcast.audience.csv', { filename: audience.filename, rows: audience.rows })
          : conditions === null || conditions.length === 0
            ? t('broadcast.audience.all')
            : t('broadcast.audience.filter', { filters: conditions.map(conditionText).join(', ') })}
      </p>
      <p className={css.muted}>{t('broadcast.audience.optedOut')}</p>
      {audience.kind === 'filter' && detail.status === 'scheduled' ? (
        <p className={css.muted}>{t('broadcast.audience.resolved')}</p>
      ) : null}
    </section>
  );
}

function SendingCard({ project, detail }: { project: Project; detail: BroadcastDetail }) {
  const t = useT();
  const time = (iso: string) => formatDateTime(iso, project.timeZone);
  return (
    <section className={css.card} aria-labelledby="broadcast-sending">
      <h2 id="broadcast-sending" className={css.cardTitle}>
        {t('broadcast.sending.title')}
      </h2>
      <dl className={css.facts}>
        <dt>{t('broadcast.sending.number')}</dt>
        <dd>
          {detail.account.name} ({detail.account.phone})
          <br />
          <span className={css.muted}>{t('broadcast.sending.rate', { rate: detail.rate })}</span>
        </dd>
        <dt>{t('broadcast.sending.scheduled')}</dt>
        <dd>{time(detail.scheduledAt)}</dd>
        {detail.startedAt === null ? null : (
          <>
            <dt>{t('broadcast.sending.started')}</dt>
            <dd>{time(detail.startedAt)}</dd>
          </>
        )}
        {detail.finishedAt === null ? null : (
          <>
            <dt>{t('broadcast.sending.finished')}</dt>
            <dd>{time(detail.finishedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function CostCard({ actor, detail }: { actor: BroadcastDetailActor; detail: BroadcastDetail }) {
  const t = useT();
  const estimate = useSelector(actor, selectCostEstimate);
  return (
    <section className={css.card} aria-labelledby="broadcast-cost">
      <h2 id="broadcast-cost" className={css.cardTitle}>
        {t('broadcast.cost.title')}
      </h2>
      <dl className={css.facts}>
        <dt>{t('broadcast.cost.charged')}</dt>
        <dd className={css.money} data-testid="broadcast-charged">
          {formatRupiah(detail.charged)}
        </dd>
        {estimate === null ? null : (
          <>
            <dt>{t('broadcast.cost.estimate')}</dt>
            <dd>
              {formatRupiah(estimate)}
              <br />
              <span className={css.muted}>
                {t('broadcast.cost.perRecipient', { amount: formatRupiah(detail.perRecipient) })}
              </span>
            </dd>
          </>
        )}
      </dl>
      <p className={css.muted}>{t('broadcast.cost.note')}</p>
    </section>
  );
}

/** Cancelling and deleting ask first. */
function ConfirmControl({ actor, detail }: { actor: BroadcastDetailActor; detail: BroadcastDetail }) {
  const t = useT();
  const confirming = useSelector(actor, selectConfirming);
  const progress: BroadcastProgress | null = useSelector(actor, selectProgress);
  if (confirming !== 'cancel' && confirming !== 'delete') return null;
  const dismiss = () => actor.send({ type: 'broadcast.dismiss' });
  return (
    <ModalDialog
      title={t(`broadcast.confirm.${confirming}.title`)}
      isOpen
      onOpenChange={(open) => (open ? null : dismiss())}
    >
      <p className={css.paragraph}>
        {confirming === 'cancel'
          ? t('broadcast.confirm.cancel.body', { count: progress?.unsent ?? 0 })
          : t('broadcast.confirm.delete.body', { name: detail.name })}
      </p>
      <div className={dialog.actions}>
        <Button tone="secondary" onPress={dismiss}>
          {t('broadcast.confirm.back')}
        </Button>
        <Button data-testid="broadcast-confirm" onPress={() => actor.send({ type: 'broadcast.confirm' })}>
          {t(`broadcast.confirm.${confirming}.confirm`)}
        </Button>
      </div>
    </ModalDialog>
  );
}
