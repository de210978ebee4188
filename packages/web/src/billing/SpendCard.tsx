import { Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import {
  formatRupiah,
  SPEND_PRESET_DAYS,
  SPEND_RANGE_MAX_DAYS,
  spendSeries,
  spendTotals,
  spentCategories,
} from '@sapa/sdk';
import { selectSpendPreset, selectSpendRangeProblem, selectSpendStatus } from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { DatePicker } from '../components/LazyDatePicker.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { lazyComponent } from '../lazyComponent.ts';
import type { ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

const SpendChart = lazyComponent(() => import('./SpendChart.tsx'), 'SpendChart');

/**
 * Spend per day by category as stacked bars (recharts, in a chunk of its own: SpendChart.tsx), over the last
 * 7, 30 or 90 days or two dates (a reversed or too long range shows beside the dates and is not
 * asked for); the legend gives each category's total. The machine holds the range and the spend,
 * and adds live charges to their day.
 */
export function SpendCard({ actor }: { actor: ProjectBillingActor }) {
  const t = useT();
  const status = useSelector(actor, selectSpendStatus);
  const spend = useSelector(actor, (snapshot) => snapshot.context.spend);
  const range = useSelector(actor, (snapshot) => snapshot.context.spendRange);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.spendChosen);
  const problem = useSelector(actor, selectSpendRangeProblem);
  const error = useSelector(actor, (snapshot) => snapshot.context.spendError);
  const days = useSelector(actor, selectSpendPreset);
  const bars = useMemo(() => (spend === null ? [] : spendSeries(spend, range)), [spend, range]);
  const totals = useMemo(() => spendTotals(spend ?? []), [spend]);
  const categories = useMemo(() => spentCategories(spend ?? []), [spend]);
  const setRange = (from: string | null, to: string | null) => {
    if (from !== null && to !== null) actor.send({ type: 'billing.spendRange', from, to });
  };
  const rangeError =
    problem === 'reversed'
      ? t('projectBilling.spend.reversed')
      : problem === 'tooLong'
        ? t('projectBilling.spend.tooLong', { days: SPEND_RANGE_MAX_DAYS })
        : null;
  return (
    <section className={css.card} aria-labelledby="billing-spend">
      <div className={css.cardHead}>
        <h2 id="billing-spend" className={css.cardTitle}>
          {t('projectBilling.spend.title')}
        </h2>
        <p className={css.strong} data-testid="billing-spend-total">
          {t('projectBilling.spend.total', { amount: formatRupiah(totals.total) })}
        </p>
      </div>
      <div className={css.rangeBar}>
        <div className={css.presets} role="group" aria-label={t('projectBilling.spend.presets')}>
          {SPEND_PRESET_DAYS.map((count) => (
            <Button
              key={count}
              size="sm"
              tone={days === count ? 'primary' : 'secondary'}
              aria-label={t('projectBilling.spend.lastLabel', { days: count })}
              aria-pressed={days === count}
              onPress={() => actor.send({ type: 'billing.spendLast', days: count })}
            >
              {t('projectBilling.spend.last', { days: count })}
            </Button>
          ))}
        </div>
        <div className={css.dates}>
          <DatePicker
            label={t('projectBilling.spend.from')}
            value={chosen.from}
            onChange={(from) => setRange(from, chosen.to)}
            testId="billing-spend-from"
          />
          <DatePicker
            label={t('projectBilling.spend.to')}
            value={chosen.to}
            onChange={(to) => setRange(chosen.from, to)}
            error={rangeError}
            testId="billing-spend-to"
          />
        </div>
      </div>
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={css.error}>{t('projectBilling.spend.failed', { message: error?.message ?? '' })}</p>
          <Button tone="secondary" size="sm" onPress={() => actor.send({ type: 'billing.retrySpend' })}>
            {t('projectBilling.retry')}
          </Button>
        </div>
      ) : spend === null ? (
        <div className={css.state}>
          <Spinner label={t('projectBilling.spend.loading')} />
        </div>
      ) : (
        <Suspense
          fallback={
            <div className={css.chart}>
              <Spinner label={t('projectBilling.spend.loading')} />
            </div>
          }
        >
          <SpendChart
            bars={bars}
            categories={categories}
            range={range}
            loading={status === 'loading'}
            t={t}
          />
        </Suspense>
      )}
      {spend !== null && categories.length > 0 ? (
        <ul className={css.legend} aria-label={t('projectBilling.spend.title')}>
          {categories.map((category) => (
            <li key={category} className={css.legendItem} data-testid={`billing-spend-${category}`}>
              <span className={css.swatch[category]} aria-hidden="true" />
              {t(`projectBilling.category.${category}`)}: {formatRupiah(totals[category])}
            </li>
          ))}
        </ul>
      ) : null}
      {spend !== null && categories.length === 0 && status === 'ready' ? (
        <p className={css.muted}>{t('projectBilling.spend.empty')}</p>
      ) : null}
    </section>
  );
}
