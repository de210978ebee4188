import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { formatMonth, formatRupiah, formatSignedRupiah, ledgerKinds, priceCategories } from '@sapa/sdk';
import {
  selectCanExportStatement,
  selectExporting,
  selectStatementStatus,
  statementMonths,
} from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

/**
 * One month's statement (the project's time zone): opening and closing balance, paid messages,
 * the sums by kind and the spend by category, and the month's ledger as CSV.
 */
export function StatementCard({ actor }: { actor: ProjectBillingActor }) {
  const t = useT();
  const status = useSelector(actor, selectStatementStatus);
  const month = useSelector(actor, (snapshot) => snapshot.context.month);
  const statement = useSelector(actor, (snapshot) => snapshot.context.statement);
  const error = useSelector(actor, (snapshot) => snapshot.context.statementError);
  const canExport = useSelector(actor, selectCanExportStatement);
  const exporting = useSelector(actor, selectExporting) === 'statement';
  // The months offered are those of the year up to the page's opening.
  const months = useMemo(() => statementMonths(actor.getSnapshot()), [actor]);
  const shown = statement !== null && statement.month === month ? statement : null;
  return (
    <section className={css.card} aria-labelledby="billing-statement">
      <h2 id="billing-statement" className={css.cardTitle}>
        {t('projectBilling.statement.title')}
      </h2>
      <div className={css.actions}>
        <OptionSelect
          label={t('projectBilling.statement.month')}
          testId="billing-statement-month"
          options={months.map((value) => ({ id: value, label: formatMonth(value) }))}
          selected={month}
          onSelect={(value) => actor.send({ type: 'billing.month', month: value })}
        />
      </div>
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={css.error}>
            {t('projectBilling.statement.failed', { message: error?.message ?? '' })}
          </p>
          <Button tone="secondary" size="sm" onPress={() => actor.send({ type: 'billing.retryStatement' })}>
            {t('projectBilling.retry')}
          </Button>
        </div>
      ) : shown === null ? (
        <div className={css.state}>
          <Spinner label={t('projectBilling.statement.loading')} />
        </div>
      ) : (
        <div aria-busy={status === 'loading'} data-testid="billing-statement">
          <dl className={css.figures}>
            <dt>{t('projectBilling.statement.opening')}</dt>
            <dd>{formatRupiah(shown.opening)}</dd>
            <dt>{t('projectBilling.statement.closing')}</dt>
            <dd data-testid="billing-statement-closing">{formatRupiah(shown.closing)}</dd>
            <dt>{t('projectBilling.statement.paidMessages')}</dt>
            <dd>{shown.paidMessages}</dd>
          </dl>
          <h3 className={css.subTitle}>{t('projectBilling.statement.byKind')}</h3>
          <dl className={css.figures}>
            {ledgerKinds
              .filter((kind) => shown.byKind[kind] !== 0)
              .map((kind) => (
                <div key={kind} className={css.figureRow}>
                  <dt>{t(`projectBilling.kind.${kind}`)}</dt>
                  <dd>{formatSignedRupiah(shown.byKind[kind])}</dd>
                </div>
              ))}
          </dl>
          <h3 className={css.subTitle}>{t('projectBilling.statement.byCategory')}</h3>
          <dl className={css.figures}>
            {priceCategories.map((category) => (
              <div key={category} className={css.figureRow}>
                <dt>{t(`projectBilling.category.${category}`)}</dt>
                <dd>{formatRupiah(shown.byCategory[category])}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div className={css.actions}>
        <Button
          tone="secondary"
          data-testid="billing-statement-export"
          isDisabled={!canExport}
          onPress={() => actor.send({ type: 'billing.exportStatement' })}
        >
          {exporting ? t('projectBilling.statement.exporting') : t('projectBilling.statement.export')}
        </Button>
      </div>
    </section>
  );
}
