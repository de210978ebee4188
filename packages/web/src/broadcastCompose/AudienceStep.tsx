import { FileTrigger, Input, Label, Radio, RadioGroup, SearchField } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { BROADCAST_CSV_MAX_BYTES, formatFileSize } from '@sapa/sdk';
import {
  selectComposerAudience,
  selectComposerEditable,
  selectComposerFieldErrors,
  selectComposerFilterOptions,
  selectComposerPreview,
  selectComposerPreviewError,
  selectComposerPreviewStatus,
} from '@sapa/machines/broadcast';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import * as field from '../components/field.css.ts';
import * as crm from '../crm/crm.css.ts';
import { CustomerFilterChoices } from '../customers/CustomerFilters.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { fieldErrorText, type ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

/**
 * Step 3: the project's customers by the customers table's filters and search, or the phones of a
 * CSV file read in the browser; beside them who it reaches now (opted-out customers always left
 * out) and a CSV's rows left out with their line and reason.
 */
export function AudienceStep({ actor, title, footer }: StepProps) {
  const t = useT();
  const audience = useSelector(actor, selectComposerAudience);
  const editable = useSelector(actor, selectComposerEditable);
  return (
    <StepFrame title={title} footer={footer} asideLive aside={<Count actor={actor} />}>
      <RadioGroup
        className={css.radioGroup}
        value={audience.kind}
        isDisabled={!editable}
        onChange={(value) =>
          actor.send({ type: 'compose.audience', kind: value === 'csv' ? 'csv' : 'filter' })
        }
      >
        <Label className={css.groupLabel}>{t('broadcastCompose.audience.kind')}</Label>
        <div className={css.cards}>
          <Radio value="filter" className={css.card} data-testid="broadcast-audience-filter">
            <span className={css.cardTitle}>{t('broadcastCompose.audience.kind.filter')}</span>
          </Radio>
          <Radio value="csv" className={css.card} data-testid="broadcast-audience-csv">
            <span className={css.cardTitle}>{t('broadcastCompose.audience.kind.csv')}</span>
          </Radio>
        </div>
      </RadioGroup>
      {audience.kind === 'filter' ? <Filters actor={actor} /> : <CsvFile actor={actor} />}
    </StepFrame>
  );
}

function Filters({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const audience = useSelector(actor, selectComposerAudience);
  const options = useSelector(actor, selectComposerFilterOptions);
  const editable = useSelector(actor, selectComposerEditable);
  const hasFilter = audience.search !== '' || Object.values(audience.filters).some((value) => value !== null);
  return (
    <div className={css.radioGroup}>
      <div className={css.filters}>
        <SearchField
          className={field.field}
          value={audience.search}
          isDisabled={!editable}
          onChange={(text) => actor.send({ type: 'compose.search', text })}
        >
          <Label className={field.label}>{t('broadcastCompose.audience.search')}</Label>
          <Input
            className={crm.search}
            placeholder={t('broadcastCompose.audience.searchPlaceholder')}
            data-testid="broadcast-audience-search"
          />
        </SearchField>
        <CustomerFilterChoices
          filters={audience.filters}
          options={options}
          reversed={audience.rangeReversed}
          isDisabled={!editable}
          testIdPrefix="broadcast-filter"
          onFilter={(filter, value) => actor.send({ type: 'compose.filter', filter, value })}
        />
      </div>
      <div className={css.row}>
        {hasFilter ? (
          <Button
            tone="ghost"
            size="sm"
            isDisabled={!editable}
            onPress={() => actor.send({ type: 'compose.resetFilters' })}
          >
            {t('broadcastCompose.audience.reset')}
          </Button>
        ) : (
          <p className={css.hint}>{t('broadcastCompose.audience.everyone')}</p>
        )}
      </div>
    </div>
  );
}

function CsvFile({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const { locale } = usePreferences();
  const audience = useSelector(actor, selectComposerAudience);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const max = formatFileSize(BROADCAST_CSV_MAX_BYTES, locale);
  const { csv } = audience;
  const problem =
    audience.csvProblem === null
      ? fieldErrorText(t, errors['audience.csv'])
      : t(`broadcastCompose.audience.csvProblem.${audience.csvProblem}`, { max });
  return (
    <div className={css.radioGroup}>
      <div className={css.row}>
        <FileTrigger
          acceptedFileTypes={['.csv', 'text/csv']}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) actor.send({ type: 'compose.csv', file });
          }}
        >
          <Button
            tone="secondary"
            isDisabled={!editable || audience.csvReading}
            data-testid="broadcast-audience-csv-pick"
          >
            {csv === null ? t('broadcastCompose.audience.csvPick') : t('broadcastCompose.audience.csvChange')}
          </Button>
        </FileTrigger>
        {csv === null ? null : (
          <>
            <span className={css.fileName}>{csv.filename}</span>
            <Button
              tone="ghost"
              size="sm"
              isDisabled={!editable}
              onPress={() => actor.send({ type: 'compose.clearCsv' })}
            >
              {t('broadcastCompose.audience.csvRemove')}
            </Button>
          </>
        )}
      </div>
      {audience.csvReading ? <Spinner label={t('broadcastCompose.audience.csvReading')} /> : null}
      {csv !== null && csv.text === null && csv.rows !== null ? (
        <p className={css.warning}>
          {t('broadcastCompose.audience.csvPickAgain', { filename: csv.filename, rows: csv.rows })}
        </p>
      ) : null}
      <p className={css.hint}>{t('broadcastCompose.audience.csvHint', { max })}</p>
      {problem === null ? null : (
        <p className={css.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Who it reaches now, the opted-out customers left out, a CSV's rows left out, and the empty case. */
function Count({ actor }: { actor: ComposerActor }) {
  const t = useT();
  const status = useSelector(actor, selectComposerPreviewStatus);
  const preview = useSelector(actor, selectComposerPreview);
  const error = useSelector(actor, selectComposerPreviewError);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const audienceError = fieldErrorText(t, errors['audience']);
  return (
    <div className={css.panel} data-testid="broadcast-audience-count">
      <h3 className={css.sectionTitle}>{t('broadcastCompose.review.audience')}</h3>
      {status === 'idle' ? <p className={css.hint}>{t('broadcastCompose.audience.waitTemplate')}</p> : null}
      {status === 'counting' ? <Spinner label={t('broadcastCompose.audience.counting')} /> : null}
      {status === 'failed' ? (
        <div className={css.alert} role="alert">
          <span>{t('broadcastCompose.audience.previewFailed', { message: error?.message ?? '' })}</span>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'compose.previewRetry' })}>
            {t('broadcastCompose.audience.previewRetry')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && preview !== null ? (
        <>
          <p className={css.count} data-testid="broadcast-audience-recipients">
            {t('broadcastCompose.audience.recipients', { count: preview.recipients })}
          </p>
          <p className={css.hint}>{t('broadcastCompose.audience.optedOut', { count: preview.optedOut })}</p>
          {preview.rowErrorCount === 0 ? null : (
            <>
              <h4 className={css.sectionTitle}>
                {t('broadcastCompose.audience.rowErrors', { count: preview.rowErrorCount })}
              </h4>
              {preview.rowErrorCount > preview.rowErrors.length ? (
                <p className={css.hint}>
                  {t('broadcastCompose.audience.rowErrorsShown', {
                    shown: preview.rowErrors.length,
                    count: preview.rowErrorCount,
                  })}
                </p>
              ) : null}
              <div className={css.rowErrorsScroll}>
                <table className={css.rowErrors} aria-label={t('broadcastCompose.audience.rowErrorsTable')}>
                  <thead>
                    <tr>
                      <th className={css.cell} scope="col">
                        {t('broadcastCompose.audience.column.line')}
                      </th>
                      <th className={css.cell} scope="col">
                        {t('broadcastCompose.audience.column.phone')}
                      </th>
                      <th className={css.cell} scope="col">
                        {t('broadcastCompose.audience.column.reason')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rowErrors.map((row) => (
                      <tr key={row.line} data-testid="broadcast-row-error">
                        <td className={css.cell}>{row.line}</td>
                        <td className={css.cell}>{row.phone}</td>
                        <td className={css.cell}>{t(`broadcastCompose.audience.row.${row.problem}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      ) : null}
      {audienceError === null ? null : (
        <p className={css.error} role="alert">
          {audienceError}
        </p>
      )}
    </div>
  );
}
