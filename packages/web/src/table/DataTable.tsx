import { useEffect, type ReactNode } from 'react';
import { flexRender, functionalUpdate, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, Header, SortingState, Updater } from '@tanstack/react-table';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Button as AriaButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { defaultColumnSizing, validateColumns } from '@sapa/sdk';
import { selectTableStatus } from '@sapa/machines';
import type { TableActorRef } from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { TablePager } from './TablePager.tsx';
import { ariaSort, columnShapes, px, sortMark, tableBody } from './tableView.ts';
import * as css from './table.css.ts';

/** Sorting the caller keeps (and turns into the table's payload, which sends the table to page 0). */
export interface TableSorting {
  value: SortingState;
  onChange: (next: SortingState) => void;
}

/** The table's accessible name: a visible caption, or a label for screen readers only. */
type TableName = { caption: string; label?: undefined } | { label: string; caption?: undefined };

export type DataTableProps<Row, Payload> = TableName & {
  /** A table machine's actor (`useTable`). */
  actor: TableActorRef<Row, Payload>;
  /** Each needs an id, an `accessorKey` or a string header (SPEC.md section 5), or this throws. */
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  /** Makes the columns with an accessor sortable (one at a time, by the server). */
  sorting?: TableSorting;
};

const noSorting: SortingState = [];

/**
 * A paginated data table (SPEC.md sections 2, 4, 8 and 9) over a table machine, with TanStack
 * Table v8 doing columns, headers and cells (pagination and sorting are the server's). While a
 * page loads, an overlay with a spinner covers the previous rows; an empty result reads "Data
 * tidak ditemukan" across all columns; a failure shows its message in an error toast and offers
 * Retry. Columns are 150 px wide by default, 20 at least.
 */
export function DataTable<Row, Payload>(props: DataTableProps<Row, Payload>) {
  const { actor, columns, getRowId, sorting } = props;
  const t = useT();
  validateColumns(columnShapes(columns));
  const status = useSelector(actor, selectTableStatus);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const pageIndex = useSelector(actor, (snapshot) => snapshot.context.pageIndex);
  const pageSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const totalPage = useSelector(actor, (snapshot) => snapshot.context.totalPage);
  useFailureToast(actor);

  const sortingValue = sorting?.value ?? noSorting;
  // TanStack Table's objects change inside: this component is not memoized, and passes values on.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    defaultColumn: defaultColumnSizing,
    manualPagination: true,
    pageCount: totalPage,
    manualSorting: true,
    enableSorting: sorting !== undefined,
    enableMultiSort: false,
    state: { pagination: { pageIndex, pageSize }, sorting: sortingValue },
    onSortingChange: (updater: Updater<SortingState>) =>
      sorting?.onChange(functionalUpdate(updater, sortingValue)),
  });
  const body = tableBody(status, rows.length);

  return (
    <div className={css.root}>
      <div className={css.frame}>
        <table className={css.table} aria-label={props.label} aria-busy={status === 'loading'}>
          {props.caption === undefined ? null : <caption className={css.caption}>{props.caption}</caption>}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    colSpan={header.colSpan}
                    sorted={sortedOf(header)}
                    size={header.getSize()}
                    minSize={header.column.columnDef.minSize ?? defaultColumnSizing.minSize}
                    onSort={() => header.column.toggleSorting(undefined, false)}
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </HeaderCell>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {body === 'rows' ? (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className={css.row}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={css.bodyCell}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td className={css.message} colSpan={table.getVisibleLeafColumns().length}>
                  {body === 'empty' ? t('table.empty') : null}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {status === 'loading' ? (
          <div className={css.overlay}>
            <Spinner label={t('table.loading')} />
          </div>
        ) : null}
      </div>
      <div className={css.footer}>
        {status === 'failed' ? (
          <Button tone="secondary" size="sm" onPress={() => actor.send({ type: 'table.retry' })}>
            {t('common.retry')}
          </Button>
        ) : null}
        <TablePager actor={actor} />
      </div>
    </div>
  );
}

interface HeaderCellProps {
  colSpan: number;
  /** `null` for a column that does not sort. */
  sorted: false | 'asc' | 'desc' | null;
  size: number;
  minSize: number;
  onSort: () => void;
  children: ReactNode;
}

/** A header cell. It takes values, not TanStack's mutable objects, so memoizing it stays correct. */
function HeaderCell({ colSpan, sorted, size, minSize, onSort, children }: HeaderCellProps) {
  const style = assignInlineVars({ [css.columnWidth]: px(size), [css.columnMinWidth]: px(minSize) });
  if (sorted === null)
    return (
      <th scope={colSpan > 1 ? 'colgroup' : 'col'} colSpan={colSpan} className={css.headerCell} style={style}>
        {children}
      </th>
    );
  return (
    <th scope="col" colSpan={colSpan} className={css.headerCell} style={style} aria-sort={ariaSort(sorted)}>
      <AriaButton className={css.sortButton} onPress={onSort}>
        {children}
        <span className={css.sortMark} aria-hidden="true">
          {sortMark(sorted)}
        </span>
      </AriaButton>
    </th>
  );
}

function sortedOf<Row>(header: Header<Row, unknown>): HeaderCellProps['sorted'] {
  return !header.isPlaceholder && header.column.getCanSort() ? header.column.getIsSorted() : null;
}

/** Shows each failure's message in an error toast (SPEC.md section 8). */
function useFailureToast<Row, Payload>(actor: TableActorRef<Row, Payload>) {
  const toasts = useToasts();
  useEffect(() => {
    const subscription = actor.on('table.failed', ({ message }) => {
      toasts.show(message, 'error');
    });
    return () => subscription.unsubscribe();
  }, [actor, toasts]);
}
