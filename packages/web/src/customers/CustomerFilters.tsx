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
import * as css from './customers.css.ts';

/** The choice that clears a filter. */
const ALL = 'all';

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
  const choice = (
    filter: CustomerFilter,
    all: MessageKey,
    items: SelectOption[] | null,
    label: MessageKey,
  ) =>
    items === null ? null : (
      <OptionSelect
        label={t(label)}
        testId={`customer-filter-${filter}`}
        options={[{ id: ALL, label: t(all) }, ...items]}
        selected={filters[filter] ?? ALL}
        onSelect={(id) => setFilter(filter, id === ALL ? null : id)}
      />
    );
  return (
    <div className={css.filters} role="group" aria-label={t('customers.filters')}>
      <SearchField
        className={css.searchField}
        value={text}
        onChange={(value) => {
          setText(value);
          actor.send({ type: 'customers.search', text: value });
        }}
      >
        <Label className={css.label}>{t('customers.search')}</Label>
        <Input
          className={css.search}
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
          onChange={(value) => setFilter('from', value)}
          testId="customer-filter-from"
        />
        <DatePicker
          label={t('customers.filter.to')}
          value={filters.to}
          minValue={filters.from}
          onChange={(value) => setFilter('to', value)}
          error={reversed ? t('customers.filter.rangeReversed') : null}
          testId="customer-filter-to"
        />
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
          <div className={css.filterActions}>
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
