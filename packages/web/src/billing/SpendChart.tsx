/**
 * The spend chart's stacked bars (recharts): its own chunk, loaded when the billing page first
 * shows spend, so the page's balance, prices and ledger do not wait for the chart library.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  formatRupiah,
  formatRupiahShort,
  formatShortDay,
  type PriceCategory,
  type SpendBar,
} from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';
import * as css from './billing.css.ts';

export function SpendChart({
  bars,
  categories,
  range,
  loading,
  t,
}: {
  bars: SpendBar[];
  categories: PriceCategory[];
  range: { from: string; to: string };
  loading: boolean;
  t: Translate;
}) {
  return (
    <figure
      className={css.chart}
      aria-label={t('projectBilling.spend.chartLabel', {
        from: formatShortDay(range.from),
        to: formatShortDay(range.to),
      })}
      aria-busy={loading}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} />
          {/* Ticks that would overlap are skipped; the first and last day always show. */}
          <XAxis
            dataKey="day"
            tickFormatter={formatShortDay}
            interval="preserveStartEnd"
            minTickGap={12}
            tickLine={false}
          />
          <YAxis tickFormatter={formatRupiahShort} width={84} tickLine={false} axisLine={false} />
          <Tooltip
            content={({ active, label }) => <SpendTip active={active} day={label} bars={bars} t={t} />}
          />
          {categories.map((category) => (
            <Bar
              key={category}
              dataKey={category}
              stackId="spend"
              className={css.bar[category]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

function SpendTip({
  active,
  day,
  bars,
  t,
}: {
  active: boolean;
  day: string | number | undefined;
  bars: SpendBar[];
  t: Translate;
}) {
  const bar = active ? bars.find((item) => item.day === day) : undefined;
  if (bar === undefined) return null;
  const spent = (Object.keys(css.categoryColor) as PriceCategory[]).filter((category) => bar[category] !== 0);
  return (
    <div className={css.tooltip}>
      <span className={css.strong}>{formatShortDay(bar.day)}</span>
      {spent.map((category) => (
        <span key={category} className={css.legendItem}>
          <span className={css.swatch[category]} aria-hidden="true" />
          {t(`projectBilling.category.${category}`)}: {formatRupiah(bar[category])}
        </span>
      ))}
      <span>{t('projectBilling.spend.total', { amount: formatRupiah(bar.total) })}</span>
    </div>
  );
}
