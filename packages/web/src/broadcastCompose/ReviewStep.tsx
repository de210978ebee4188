import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { formatRupiah } from '@sapa/sdk';
import {
  selectComposerAccountId,
  selectComposerAccounts,
  selectComposerAudience,
  selectComposerBalanceRefusal,
  selectComposerEditable,
  selectComposerFieldErrors,
  selectComposerHasServerErrors,
  selectComposerName,
  selectComposerPreview,
  selectComposerPreviewError,
  selectComposerPreviewStatus,
  selectComposerSaveError,
  selectComposerSchedule,
  selectComposerShortfall,
  selectComposerTemplate,
} from '@sapa/machines/broadcast';
import { Button } from '../components/Button.tsx';
import { DatePicker } from '../components/LazyDatePicker.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { CategoryChip } from '../outreach/CategoryChip.tsx';
import { billingPath } from '../routes.ts';
import { TimeField } from './TimeField.tsx';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { fieldErrorText, type ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

/**
 * Step 4: the broadcast's name, now or a day and time in the project's time zone, and what it
 * sends to whom at what cost against the project's balance (a shortfall says so, with the link to
 * the project's billing for a member who may pay); the save's failure when it is not a field's.
 */
export function ReviewStep({ actor, projectKey, title, footer }: StepProps & { projectKey: string }) {
  const t = useT();
  const name = useSelector(actor, selectComposerName);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const saveError = useSelector(actor, selectComposerSaveError);
  const refusal = useSelector(actor, selectComposerBalanceRefusal);
  const serverErrors = useSelector(actor, selectComposerHasServerErrors);
  return (
    <StepFrame title={title} footer={footer} aside={<Summary actor={actor} projectKey={projectKey} />}>
      <TextField
        label={t('broadcastCompose.review.name')}
        description={t('broadcastCompose.review.nameHint')}
        value={name}
        isDisabled={!editable}
        onChange={(text) => actor.send({ type: 'compose.name', name: text })}
        error={fieldErrorText(t, errors['name'])}
        data-testid="broadcast-compose-name"
      />
      <Schedule actor={actor} />
      {saveError === null ? null : (
        <div className={css.alert} role="alert" data-testid="broadcast-compose-error">
          {refusal !== null ? (
            <span>{t('outreach.balance.refused')}</span>
          ) : (
            <span>
              {saveError.reason === 'network'
                ? t('broadcastCompose.saveNetwork')
                : t('broadcastCompose.saveFailed', { message: saveError.message })}
            </span>
          )}
          {refusal?.mayPay ? (
            <Link href={billingPath(projectKey)} className={css.inlineLink}>
              {t('broadcastCompose.review.pay')}
            </Link>
          ) : null}
        </div>
      )}
      {serverErrors ? (
        <p className={css.error} role="alert">
          {t('broadcastCompose.fieldErrors')}
        </p>
      ) : null}
    </StepFrame>
  );
}

function Schedule({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const schedule = useSelector(actor, selectComposerSchedule);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const bound = fieldErrorText(t, errors['scheduledAt']);
  return (
    <RadioGroup
      className={css.radioGroup}
      value={schedule.when}
      isDisabled={!editable}
      onChange={(value) => actor.send({ type: 'compose.when', when: value === 'later' ? 'later' : 'now' })}
    >
      <Label className={css.groupLabel}>{t('broadcastCompose.review.when')}</Label>
      <div className={css.cards}>
        <Radio value="now" className={css.card} data-testid="broadcast-when-now">
          <span className={css.cardTitle}>{t('broadcastCompose.review.now')}</span>
        </Radio>
        <Radio value="later" className={css.card} data-testid="broadcast-when-later">
          <span className={css.cardTitle}>{t('broadcastCompose.review.later')}</span>
        </Radio>
      </div>
      {schedule.when === 'later' ? (
        <>
          <div className={css.schedule}>
            <DatePicker
              label={t('broadcastCompose.review.date')}
              value={schedule.date}
              minValue={schedule.firstDay}
              maxValue={schedule.lastDay}
              isDisabled={!editable}
              onChange={(date) => actor.send({ type: 'compose.date', date })}
              error={fieldErrorText(t, errors['schedule.date'])}
              testId="broadcast-schedule-date"
            />
            <TimeField
              label={t('broadcastCompose.review.time')}
              value={schedule.time}
              isDisabled={!editable}
              onChange={(time) => actor.send({ type: 'compose.time', time })}
              error={fieldErrorText(t, errors['schedule.time'])}
              testId="broadcast-schedule-time"
            />
          </div>
          <p className={css.hint}>{t('broadcastCompose.review.timeZone', { zone: schedule.timeZone })}</p>
          {bound === null ? null : (
            <p className={css.error} role="alert">
              {bound}
            </p>
          )}
        </>
      ) : null}
    </RadioGroup>
  );
}

/** What goes to whom, and its cost against the project's balance. */
function Summary({ actor, projectKey }: { actor: ComposerActor; projectKey: string }) {
  const t = useT();
  const accounts = useSelector(actor, selectComposerAccounts);
  const accountId = useSelector(actor, selectComposerAccountId);
  const template = useSelector(actor, selectComposerTemplate);
  const audience = useSelector(actor, selectComposerAudience);
  const status = useSelector(actor, selectComposerPreviewStatus);
  const preview = useSelector(actor, selectComposerPreview);
  const previewError = useSelector(actor, selectComposerPreviewError);
  const shortfall = useSelector(actor, selectComposerShortfall);
  const account = accounts.find((candidate) => candidate.id === accountId);
  return (
    <div className={css.panel} data-testid="broadcast-compose-summary">
      <h3 className={css.sectionTitle}>{t('broadcastCompose.review.summary')}</h3>
      <dl className={css.facts}>
        <dt className={css.term}>{t('broadcastCompose.review.number')}</dt>
        <dd className={css.fact}>
          {account === undefined ? '—' : `${account.name} (${account.displayPhone})`}
        </dd>
        <dt className={css.term}>{t('broadcastCompose.review.template')}</dt>
        <dd className={css.fact}>
          {template === null ? (
            '—'
          ) : (
            <span className={css.factWithChip}>
              {template.name}
              <CategoryChip category={template.category} />
            </span>
          )}
        </dd>
        <dt className={css.term}>{t('broadcastCompose.review.audience')}</dt>
        <dd className={css.fact}>
          {audience.kind === 'filter'
            ? t('broadcastCompose.review.audienceFilter')
            : t('broadcastCompose.review.audienceCsv', { filename: audience.csv?.filename ?? '' })}
        </dd>
      </dl>
      {status === 'counting' ? <Spinner label={t('broadcastCompose.audience.counting')} /> : null}
      {status === 'failed' ? (
        <div className={css.alert} role="alert">
          <span>
            {t('broadcastCompose.audience.previewFailed', { message: previewError?.message ?? '' })}
          </span>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'compose.previewRetry' })}>
            {t('broadcastCompose.audience.previewRetry')}
          </Button>
        </div>
      ) : null}
      {preview === null ? null : (
        <>
          <p className={css.count} data-testid="broadcast-review-recipients">
            {t('broadcastCompose.audience.recipients', { count: preview.recipients })}
          </p>
          <p className={css.hint}>{t('broadcastCompose.audience.optedOut', { count: preview.optedOut })}</p>
          <h3 className={css.sectionTitle}>{t('broadcastCompose.review.cost')}</h3>
          <dl className={css.facts}>
            <dt className={css.term}>{t('broadcastCompose.review.perRecipient')}</dt>
            <dd className={css.fact}>{formatRupiah(preview.perRecipient)}</dd>
            <dt className={css.term}>{t('broadcastCompose.review.total')}</dt>
            <dd className={`${css.fact} ${css.total}`} data-testid="broadcast-review-total">
              {formatRupiah(preview.total)}
            </dd>
            <dt className={css.term}>{t('broadcastCompose.review.balance')}</dt>
            <dd className={css.fact}>{formatRupiah(preview.balance)}</dd>
          </dl>
          <p className={css.hint}>{t('broadcastCompose.review.estimateNote')}</p>
          {shortfall === null ? null : (
            <div className={css.warning} role="status" data-testid="broadcast-shortfall">
              <span>
                {t('broadcastCompose.review.shortfall', { amount: formatRupiah(shortfall.shortfall) })}
              </span>
              {shortfall.mayPay ? (
                <Link
                  href={billingPath(projectKey)}
                  className={css.inlineLink}
                  data-testid="broadcast-shortfall-pay"
                >
                  {t('broadcastCompose.review.pay')}
                </Link>
              ) : (
                <span>{t('broadcastCompose.review.askPayer')}</span>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
