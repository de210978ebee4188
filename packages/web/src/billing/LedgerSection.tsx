import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'wouter';
import { ToggleButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import {
  formatDateTime,
  formatRupiah,
  formatSignedRupiah,
  priceCategories,
  type LedgerEntry,
  type MessageKey,
  type Project,
} from '@sapa/sdk';
import {
  selectCanExportLedger,
  selectExporting,
  selectHasLedgerFilters,
  selectLedgerRangeReversed,
  selectLedgerTable,
  projectLedgerKinds,
  type LedgerFilter,
} from '@sapa/machines/billing';
import { chatPermissions } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { button } from '../components/button.css.ts';
import { DatePicker } from '../components/LazyDatePicker.tsx';
import { OptionSelect, type SelectOption } from '../chat/OptionSelect.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { chatPath } from '../routes.ts';
import { DataTable } from '../table/DataTable.tsx';
import type { ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

/** The choice that clears a filter. */
const ALL = 'all';

/** Why a refund was made, as the server notes it (an adjustment's note is free text). */
const memoKeys: Record<string, MessageKey> = {
  free_customer_service: 'projectBilling.memo.free_customer_service',
  free_entry_point: 'projectBilling.memo.free_entry_point',
  send_failed: 'projectBilling.memo.send_failed',
};

/**
 * The usage ledger, 10 a page, newest first (`billing_ledger`): every transfer in, charge and
 * refund with its message, customer, category, number, who did it, the amount and the balance
 * after; filtered by kind, category, number and dates, exported as CSV with those filters.
 */
export function LedgerSection({ actor, project }: { actor: ProjectBillingActor; project: Project }) {
  const t = useT();
  const table = useSelector(actor, selectLedgerTable);
  const canExport = useSelector(actor, selectCanExportLedger);
  const exporting = useSelector(actor, selectExporting) === 'ledger';
  const openChat = chatPermissions(project.permissions).view;
  const columns = useMemo(() => ledgerColumns(t, project, openChat), [t, project, openChat]);
  return (
    <section className={css.ledger} aria-labelledby="billing-ledger">
      <div className={css.cardHead}>
        <h2 id="billing-ledger" className={css.cardTitle}>
          {t('projectBilling.ledger.title')}
        </h2>
        <Button
          tone="secondary"
          data-testid="billing-ledger-export"
          isDisabled={!canExport}
          onPress={() => actor.send({ type: 'billing.exportLedger' })}
        >
          {exporting ? t('projectBilling.ledger.exporting') : t('projectBilling.ledger.export')}
        </Button>
      </div>
      <LedgerFilters actor={actor} />
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(entry) => entry.id}
          label={t('projectBilling.ledger.table')}
        />
      ) : null}
    </section>
  );
}

function LedgerFilters({ actor }: { actor: ProjectBillingActor }) {
  const t = useT();
  const [moreShown, setMoreShown] = useState(false);
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  const accounts = useSelector(actor, (snapshot) => snapshot.context.accounts);
  const reversed = useSelector(actor, selectLedgerRangeReversed);
  const hasFilters = useSelector(actor, selectHasLedgerFilters);
  const setFilter = (filter: LedgerFilter, value: string | null) =>
    actor.send({ type: 'billing.filter', filter, value });
  const choice = (filter: LedgerFilter, all: MessageKey, label: MessageKey, items: SelectOption[]) => (
    <OptionSelect
      label={t(label)}
      testId={`billing-filter-${filter}`}
      options={[{ id: ALL, label: t(all) }, ...items]}
      selected={filters[filter] ?? ALL}
      onSelect={(id) => setFilter(filter, id === ALL ? null : id)}
    />
  );
  return (
    <div className={css.filters} role="group" aria-label={t('projectBilling.filters')}>
      <ToggleButton
        className={`${button({ tone: 'secondary', size: 'sm' })} ${css.filterToggle}`}
        isSelected={moreShown}
        onChange={setMoreShown}
        aria-expanded={moreShown}
      >
        {t('projectBilling.filter.more')}
      </ToggleButton>
      <div className={css.moreFilters} data-open={moreShown || undefined}>
        {choice(
          'kind',
          'projectBilling.filter.allKinds',
          'projectBilling.filter.kind',
          projectLedgerKinds.map((kind) => ({ id: kind, label: t(`projectBilling.kind.${kind}`) })),
        )}
        {choice(
          'category',
          'projectBilling.filter.allCategories',
          'projectBilling.filter.category',
          priceCategories.map((category) => ({
            id: category,
            label: t(`projectBilling.category.${category}`),
          })),
        )}
        {accounts === null
          ? null
          : choice(
              'accountId',
              'projectBilling.filter.allAccounts',
              'projectBilling.filter.account',
              accounts.map((account) => ({
                id: account.id,
                label: `${account.name} (${account.displayPhone})`,
              })),
            )}
        <DatePicker
          label={t('projectBilling.filter.from')}
          value={filters.from}
          onChange={(value) => setFilter('from', value)}
          testId="billing-filter-from"
        />
        <DatePicker
          label={t('projectBilling.filter.to')}
          value={filters.to}
          minValue={filters.from}
          onChange={(value) => setFilter('to', value)}
          error={reversed ? t('projectBilling.filter.reversed') : null}
          testId="billing-filter-to"
        />
        {hasFilters ? (
          <div className={css.actions}>
            <Button
              tone="ghost"
              data-testid="billing-filter-reset"
              onPress={() => actor.send({ type: 'billing.resetFilters' })}
            >
              {t('projectBilling.filter.reset')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ledgerColumns(t: Translate, project: Project, openChat: boolean): ColumnDef<LedgerEntry>[] {
  const none = t('projectBilling.ledger.none');
  return [
    {
      id: 'time',
      header: t('projectBilling.column.time'),
      size: 140,
      cell: ({ row }) => formatDateTime(row.original.createdAt, project.timeZone),
    },
    {
      id: 'kind',
      header: t('projectBilling.column.kind'),
      size: 130,
      cell: ({ row }) => {
        const { kind, memo } = row.original;
        const note = memo === null ? null : (memoKeys[memo] ?? null);
        return (
          <span className={css.cellStack}>
            <span data-testid="billing-entry-kind">{t(`projectBilling.kind.${kind}`)}</span>
            {memo === null ? null : <span className={css.muted}>{note === null ? memo : t(note)}</span>}
          </span>
        );
      },
    },
    {
      id: 'message',
      header: t('projectBilling.column.message'),
      size: 110,
      cell: ({ row }) => {
        const { message } = row.original;
        if (message === null || !openChat) return none;
        return (
          <Link
            href={chatPath(project.key, message.conversationId)}
            className={css.link}
            aria-label={t('projectBilling.ledger.openMessageLabel', { name: message.customerName })}
          >
            {t('projectBilling.ledger.openMessage')}
          </Link>
        );
      },
    },
    {
      id: 'customer',
      header: t('projectBilling.column.customer'),
      size: 150,
      cell: ({ row }) => {
        const { message } = row.original;
        if (message === null) return none;
        return (
          <span className={css.cellStack}>
            <span>{message.customerName}</span>
            <span className={css.muted}>{message.customerPhone}</span>
          </span>
        );
      },
    },
    {
      id: 'category',
      header: t('projectBilling.column.category'),
      size: 110,
      cell: ({ row }) => {
        const { message } = row.original;
        if (message === null) return none;
        return (
          <span className={css.legendItem}>
            <span className={css.swatch[message.category]} aria-hidden="true" />
            {t(`projectBilling.category.${message.category}`)}
          </span>
        );
      },
    },
    {
      id: 'number',
      header: t('projectBilling.column.number'),
      size: 110,
      cell: ({ row }) => row.original.message?.accountName ?? none,
    },
    {
      id: 'actor',
      header: t('projectBilling.column.actor'),
      size: 110,
      cell: ({ row }) => row.original.actor?.name ?? t('projectBilling.ledger.system'),
    },
    {
      id: 'amount',
      header: t('projectBilling.column.amount'),
      size: 100,
      cell: ({ row }) => (
        <span
          className={css.amount[row.original.amount > 0 ? 'credit' : 'debit']}
          data-testid="billing-entry-amount"
        >
          {formatSignedRupiah(row.original.amount)}
        </span>
      ),
    },
    {
      id: 'balanceAfter',
      header: t('projectBilling.column.balanceAfter'),
      size: 110,
      cell: ({ row }) => (
        <span className={css.amount.debit} data-testid="billing-entry-balance">
          {formatRupiah(row.original.balanceAfter)}
        </span>
      ),
    },
  ];
}
