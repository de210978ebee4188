import { useState } from 'react';
import { Input, Label, SearchField, ToggleButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { customerSorts, selectHasQuery, selectRangeReversed, type CustomerFilter } from '@sapa/machines/crm';
import type { MessageKey } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { DatePicker } from '../components/LazyDatePicker.tsx';
import { OptionSelect, type SelectOption } from '../chat/OptionSelect.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { CustomersActor } from './types.ts';
import * as crm from '../crm/crm.css.ts';
import * as css from './customers.css.ts';

/** The choice that clears a filter. */
const ALL = 'all';

/** The customers table's filters as chosen: an id, a `yyyy-mm-dd` date, or null when not applied. */
export type CustomerFilterValues = Readonly<Record<CustomerFilter, string | null>>;

/** The filters' choices (`null`: a list the viewer may not see or that did not load, not offered). */
export interface CustomerFilterChoiceLists {
  labels: readonly { id: string; name: string }[] | null;
  stages: readonly { id: string; name: string }[] | null;
  divisions: readonly { id: string; name: string }[] | null;
  accounts: readonly { id: string; name: string; displayPhone: string }[] | null;
}

/**
 * A choice per filter the viewer can see (label, stage, division, WhatsApp number) and the
 * first-contact dates from / to (a `to` before `from` says so beside it): the customers table's
 * filters, also a broadcast's audience. The owner's machine holds the values.
 */
export function CustomerFilterChoices({
  filters,
  options,
  reversed,
  onFilter,
  isDisabled = false,
  testIdPrefix = 'customer-filter',
}: {
  filters: CustomerFilterValues;
  options: CustomerFilterChoiceLists;
  reversed: boolean;
  onFilter(filter: CustomerFilter, value: string | null): void;
  isDisabled?: boolean;
  testIdPrefix?: string;
}) {
  const t = useT();
  const choice = (
    filter: CustomerFilter,
    all: MessageKey,
    items: SelectOption[] | null,
    label: MessageKey,
  ) =>
    items === null ? null : (
      <OptionSelect
        label={t(label)}
        testId={`${testIdPrefix}-${filter}`}
        options={[{ id: ALL, label: t(all) }, ...items]}
        selected={filters[filter] ?? ALL}
        isDisabled={isDisabled}
        onSelect={(id) => onFilter(filter, id === ALL ? null : id)}
      />
    );
  return (
    <>
      {choice(
        'labelId',
        'customers.filter.allLabels',
        options.labels?.map((label) => ({ id: label.id, label: label.name })) ?? null,
        'customers.filter.label',
      )}
      {choice(
        'stageId',
        'customers.filter.allStages',
        options.stages?.map((stage) => ({ id: stage.id, label: stage.name })) ?? null,
        'customers.filter.stage',
      )}
      {choice(
        'divisionId',
        'customers.filter.allDivisions',
        options.divisions?.map((division) => ({ id: division.id, label: division.name })) ?? null,
        'customers.filter.division',
      )}
      {choice(
        'accountId',
        'customers.filter.allAccounts',
        options.accounts?.map((account) => ({
          id: account.id,
          label: `${account.name} (${account.displayPhone})`,
        })) ?? null,
        'customers.filter.account',
      )}
      <DatePicker
        label={t('customers.filter.from')}
        value={filters.from}
        isDisabled={isDisabled}
        onChange={(value) => onFilter('from', value)}
        testId={`${testIdPrefix}-from`}
      />
      <DatePicker
        label={t('customers.filter.to')}
        value={filters.to}
        minValue={filters.from}
        isDisabled={isDisabled}
        onChange={(value) => onFilter('to', value)}
        error={reversed ? t('customers.filter.rangeReversed') : null}
        testId={`${testIdPrefix}-to`}
      />
    </>
  );
}

const sortNames = {
  newest: 'customers.sort.newest',
  oldest: 'customers.sort.oldest',
  name: 'customers.sort.name',
} as const satisfies Record<(typeof customerSorts)[number], MessageKey>;

/**
 * The search (sent after a pause in the typing), a choice per filter the viewer can see (label,
 * stage, division, WhatsApp number: a list that could not be loaded is not offered), the
 * first-contact dates from / to (a `to` before `from` is shown beside it and not applied), the
 * sort, and a reset; under 768 px all but the search behind a "Filter" button. The machine holds
 * every value; this only shows them and sends the changes.
 */
export function CustomerFilters({ actor }: { actor: CustomersActor }) {
  const t = useT();
  const [text, setText] = useState('');
  // On a phone the filters other than the search show on demand.
  const [moreShown, setMoreShown] = useState(false);
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  const options = useSelector(actor, (snapshot) => snapshot.context.options);
  const sort = useSelector(actor, (snapshot) => snapshot.context.sort);
  const reversed = useSelector(actor, selectRangeReversed);
  const hasQuery = useSelector(actor, selectHasQuery);
  const setFilter = (filter: CustomerFilter, value: string | null) =>
    actor.send({ type: 'customers.filter', filter, value });
  return (
    <div className={crm.filterBar} role="group" aria-label={t('customers.filters')}>
      <SearchField
        className={crm.filterSearchField}
        value={text}
        onChange={(value) => {
          setText(value);
          actor.send({ type: 'customers.search', text: value });
        }}
      >
        <Label className={css.label}>{t('customers.search')}</Label>
        <Input
          className={crm.filterSearch}
          placeholder={t('customers.searchPlaceholder')}
          data-testid="customer-search"
        />
      </SearchField>
      <ToggleButton
        className={css.moreToggle}
        isSelected={moreShown}
        onChange={setMoreShown}
        aria-expanded={moreShown}
        data-testid="customer-filters-toggle"
      >
        {t('chat.list.moreFilters')}
      </ToggleButton>
      <div className={css.more} data-open={moreShown || undefined}>
        <CustomerFilterChoices filters={filters} options={options} reversed={reversed} onFilter={setFilter} />
        <OptionSelect
          label={t('customers.sort')}
          testId="customer-sort"
          options={customerSorts.map((value) => ({ id: value, label: t(sortNames[value]) }))}
          selected={sort}
          onSelect={(id) => {
            const next = customerSorts.find((value) => value === id);
            if (next !== undefined) actor.send({ type: 'customers.sort', sort: next });
          }}
        />
        {hasQuery ? (
          <div className={crm.filterActions}>
            <Button
              tone="ghost"
              data-testid="customer-filter-reset"
              onPress={() => {
                setText('');
                actor.send({ type: 'customers.reset' });
              }}
            >
              {t('customers.filter.reset')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
