import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSelector } from '@xstate/react';
import {
  formatDateTime,
  formatRupiah,
  formatSignedRupiah,
  ledgerKindKey,
  SALDO_TIME_ZONE,
  saldoEntryText,
  saldoLedgerKinds,
  type LedgerEntry,
} from '@sapa/sdk';
import {
  selectCanExportSaldo,
  selectExportingSaldo,
  selectHasSaldoFilters,
  selectSaldoLedgerFilters,
  selectSaldoLedgerTable,
  selectSaldoRangeReversed,
  type SaldoLedgerFilter,
} from '@sapa/machines/billing';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { Button } from '../components/Button.tsx';
import { DatePicker } from '../components/LazyDatePicker.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import type { SaldoActor } from './types.ts';
import * as css from './saldo.css.ts';

/** The choice that clears the kind filter. */
const ALL = 'all';

/**
 * "Mutasi saldo": the saldo's ledger, newest first, 10 a page (time, kind, what it was for and who
 * did it, the amount with its sign, the balance after it), filtered by kind and by dates from / to
 * (a `to` before `from` is said beside it and not applied), and "Ekspor CSV" of the entries the
 * filters keep. The machine holds every value; this shows them and sends the changes.
 */
export function SaldoLedger({ actor }: { actor: SaldoActor }) {
  const t = useT();
  const table = useSelector(actor, selectSaldoLedgerTable);
  const columns = useMemo(() => ledgerColumns(t), [t]);
  return (
    <section className={css.section} aria-labelledby="ledger-title">
      <h2 id="ledger-title" className={css.sectionTitle}>
        {t('saldo.ledger.title')}
      </h2>
      <LedgerFilters actor={actor} />
      {table === undefined ? null : (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(entry) => entry.id}
          label={t('saldo.ledger.title')}
        />
      )}
    </section>
  );
}

function LedgerFilters({ actor }: { actor: SaldoActor }) {
  const t = useT();
  const filters = useSelector(actor, selectSaldoLedgerFilters);
  const reversed = useSelector(actor, selectSaldoRangeReversed);
  const hasFilters = useSelector(actor, selectHasSaldoFilters);
  const canExport = useSelector(actor, selectCanExportSaldo);
  const exporting = useSelector(actor, selectExportingSaldo);
  const setFilter = (filter: SaldoLedgerFilter, value: string | null) =>
    actor.send({ type: 'saldo.filter', filter, value });
  return (
    <div className={css.filters} role="group" aria-label={t('saldo.ledger.filters')}>
      <OptionSelect
        label={t('saldo.ledger.kind')}
        testId="ledger-filter-kind"
        options={[
          { id: ALL, label: t('saldo.ledger.allKinds') },
          ...saldoLedgerKinds.map((kind) => ({ id: kind, label: t(ledgerKindKey(kind)) })),
        ]}
        selected={filters.kind ?? ALL}
        onSelect={(id) => setFilter('kind', id === ALL ? null : id)}
      />
      <DatePicker
        label={t('saldo.ledger.from')}
        value={filters.from}
        onChange={(value) => setFilter('from', value)}
        testId="ledger-filter-from"
      />
      <DatePicker
        label={t('saldo.ledger.to')}
        value={filters.to}
        minValue={filters.from}
        onChange={(value) => setFilter('to', value)}
        error={reversed ? t('saldo.ledger.rangeReversed') : null}
        testId="ledger-filter-to"
      />
      <div className={css.filterActions}>
        {hasFilters ? (
          <Button tone="ghost" onPress={() => actor.send({ type: 'saldo.reset' })} data-testid="ledger-reset">
            {t('saldo.ledger.reset')}
          </Button>
        ) : null}
        <Button
          tone="secondary"
          isDisabled={!canExport}
          onPress={() => actor.send({ type: 'saldo.export' })}
          data-testid="ledger-export"
        >
          {exporting ? t('saldo.ledger.exporting') : t('saldo.ledger.export')}
        </Button>
      </div>
    </div>
  );
}

function ledgerColumns(t: Translate): ColumnDef<LedgerEntry>[] {
  return [
    {
      id: 'createdAt',
      header: t('saldo.ledger.column.time'),
      size: 140,
      cell: ({ row }) => formatDateTime(row.original.createdAt, SALDO_TIME_ZONE),
    },
    {
      id: 'kind',
      header: t('saldo.ledger.column.kind'),
      size: 130,
      cell: ({ row }) => t(ledgerKindKey(row.original.kind)),
    },
    {
      id: 'detail',
      header: t('saldo.ledger.column.detail'),
      size: 230,
      cell: ({ row }) => {
        const { key, params } = saldoEntryText(row.original);
        const { actor } = row.original;
        return (
          <span className={css.detail}>
            <span>{t(key, params)}</span>
            {actor === null ? null : (
              <span className={css.muted}>{t('saldo.entry.by', { name: actor.name })}</span>
            )}
          </span>
        );
      },
    },
    {
      id: 'amount',
      header: t('saldo.ledger.column.amount'),
      size: 130,
      cell: ({ row }) => {
        const { amount } = row.original;
        return (
          <span
            className={css.money({ sign: amount > 0 ? 'credit' : amount < 0 ? 'debit' : 'none' })}
            data-testid="ledger-amount"
          >
            {formatSignedRupiah(amount)}
          </span>
        );
      },
    },
    {
      id: 'balanceAfter',
      header: t('saldo.ledger.column.balance'),
      size: 130,
      cell: ({ row }) => <span className={css.money()}>{formatRupiah(row.original.balanceAfter)}</span>,
    },
  ];
}
