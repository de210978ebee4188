import { useSelector } from '@xstate/react';
import { formatDate, formatRupiah, type PriceRow } from '@sapa/sdk';
import { selectBilling } from '@sapa/machines/billing';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import type { ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

/** The price per message of each category in force (from `billing_get`), and the changes ahead. */
export function PriceTable({ actor }: { actor: ProjectBillingActor }) {
  const t = useT();
  const billing = useSelector(actor, selectBilling);
  if (billing === null) return null;
  return (
    <section className={css.card} aria-labelledby="billing-prices">
      <h2 id="billing-prices" className={css.cardTitle}>
        {t('projectBilling.prices.title')}
      </h2>
      <Prices rows={billing.prices} label={t('projectBilling.prices.table')} t={t} testId="billing-prices" />
      {billing.upcomingPrices.length > 0 ? (
        <>
          <h3 className={css.subTitle}>{t('projectBilling.prices.upcoming')}</h3>
          <Prices
            rows={billing.upcomingPrices}
            label={t('projectBilling.prices.upcomingTable')}
            t={t}
            testId="billing-prices-upcoming"
          />
        </>
      ) : null}
      <p className={css.muted}>{t('projectBilling.prices.note')}</p>
    </section>
  );
}

function Prices({
  rows,
  label,
  t,
  testId,
}: {
  rows: PriceRow[];
  label: string;
  t: Translate;
  testId: string;
}) {
  return (
    <table className={css.miniTable} aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('projectBilling.prices.category')}</th>
          <th scope="col" className={css.number}>
            {t('projectBilling.prices.price')}
          </th>
          <th scope="col">{t('projectBilling.prices.since')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.category}@${row.from}`}>
            <th scope="row">
              <span className={css.legendItem}>
                <span className={css.swatch[row.category]} aria-hidden="true" />
                {t(`projectBilling.category.${row.category}`)}
              </span>
            </th>
            <td className={css.number}>
              {row.price === 0 ? t('projectBilling.prices.free') : formatRupiah(row.price)}
            </td>
            <td>{formatDate(row.from)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
