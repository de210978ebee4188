import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSelector } from '@xstate/react';
import { formatDateTime, formatRupiah, SALDO_TIME_ZONE, type Topup } from '@sapa/sdk';
import { selectSaldoTopupTable } from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { ACTIONS_COLUMN_ID } from '../crm/rowActions.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { methodText, statusKeys } from './saldoWords.ts';
import type { SaldoActor } from './types.ts';
import * as css from './saldo.css.ts';

/**
 * Every top-up, newest first, 10 a page: when, the order, the amount, the method, the status, and
 * its receipt. Under 768 px each row is a card (DataTable).
 */
export function TopupTable({ actor }: { actor: SaldoActor }) {
  const t = useT();
  const table = useSelector(actor, selectSaldoTopupTable);
  const columns = useMemo(() => topupColumns(t, actor), [t, actor]);
  return (
    <section className={css.section} aria-labelledby="history-title">
      <h2 id="history-title" className={css.sectionTitle}>
        {t('saldo.history.title')}
      </h2>
      {table === undefined ? null : (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(topup) => topup.id}
          label={t('saldo.history.title')}
        />
      )}
    </section>
  );
}

function topupColumns(t: Translate, actor: SaldoActor): ColumnDef<Topup>[] {
  return [
    {
      id: 'createdAt',
      header: t('saldo.history.column.date'),
      size: 140,
      cell: ({ row }) => formatDateTime(row.original.createdAt, SALDO_TIME_ZONE),
    },
    {
      id: 'orderId',
      header: t('saldo.history.column.order'),
      size: 190,
      cell: ({ row }) => <span className={css.order}>{row.original.orderId}</span>,
    },
    {
      id: 'amount',
      header: t('saldo.history.column.amount'),
      size: 120,
      cell: ({ row }) => <span className={css.money()}>{formatRupiah(row.original.amount)}</span>,
    },
    {
      id: 'method',
      header: t('saldo.history.column.method'),
      size: 150,
      cell: ({ row }) => methodText(t, row.original.paymentType),
    },
    {
      id: 'status',
      header: t('saldo.history.column.status'),
      size: 150,
      cell: ({ row }) => (
        <span className={css.status({ status: row.original.status })} data-testid="topup-status">
          {t(statusKeys[row.original.status])}
        </span>
      ),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: t('saldo.history.column.actions'),
      size: 110,
      cell: ({ row }) => (
        <Button
          tone="secondary"
          size="sm"
          aria-label={t('saldo.history.receiptLabel', { order: row.original.orderId })}
          onPress={() => actor.send({ type: 'saldo.receipt', topup: row.original })}
          data-testid="topup-receipt-open"
        >
          {t('saldo.history.receipt')}
        </Button>
      ),
    },
  ];
}
