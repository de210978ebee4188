import { useEffect, type ReactNode } from 'react';
import { flexRender, functionalUpdate, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, Header, SortingState, Updater } from '@tanstack/react-table';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Button as AriaButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { defaultColumnSizing, validateColumns } from '@sapa/sdk';
import { selectTableStatus } from '@sapa/machines/table';
import type { TableActorRef } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { ACTIONS_COLUMN_ID } from '../crm/rowActions.tsx';
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
 * Retry. Columns are 150 px wide by default, 20 at least, and never narrower than their content's
 * longest word. Under 768 px each row is a card: its first cell as the title, the others as
 * "header: value" lines, its actions last; sortable headers stay above the cards as sort buttons.
 * The connection coming back after a drop refetches the page shown (`table.resync`).
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
  useResync(actor);

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
                    actions={header.column.id === ACTIONS_COLUMN_ID}
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
                  {row.getVisibleCells().map((cell, index) => (
                    <td
                      key={cell.id}
                      className={cellClass(cell.column.id, index)}
                      data-label={headerText(cell.column.columnDef)}
                    >
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
  /** The row actions' column, which stays in view at the right edge. */
  actions: boolean;
  onSort: () => void;
  children: ReactNode;
}

/** A header cell. It takes values, not TanStack's mutable objects, so memoizing it stays correct. */
function HeaderCell({ colSpan, sorted, size, minSize, actions, onSort, children }: HeaderCellProps) {
  const style = assignInlineVars({ [css.columnWidth]: px(size), [css.columnMinWidth]: px(minSize) });
  if (sorted === null)
    return (
      <th
        scope={colSpan > 1 ? 'colgroup' : 'col'}
        colSpan={colSpan}
        className={actions ? `${css.headerCell} ${css.actionsHeader}` : css.headerCell}
        style={style}
      >
        {children}
      </th>
    );
  return (
    <th
      scope="col"
      colSpan={colSpan}
      className={`${css.headerCell} ${css.sortableHeader}`}
      style={style}
      aria-sort={ariaSort(sorted)}
    >
      <AriaButton className={css.sortButton} onPress={onSort}>
        {children}
        <span className={css.sortMark} aria-hidden="true">
          {sortMark(sorted)}
        </span>
      </AriaButton>
    </th>
  );
}

/** A body cell's class: a card's title (the first column), its actions line, or a label: value line. */
function cellClass(columnId: string, index: number): string {
  if (columnId === ACTIONS_COLUMN_ID) return `${css.bodyCell} ${css.actionsCell}`;
  return index === 0 ? `${css.bodyCell} ${css.titleCell}` : css.bodyCell;
}

/** The label a card shows before a value: the column's header when it is text. */
function headerText<Row>(column: ColumnDef<Row>): string | undefined {
  return typeof column.header === 'string' ? column.header : undefined;
}

function sortedOf<Row>(header: Header<Row, unknown>): HeaderCellProps['sorted'] {
  return !header.isPlaceholder && header.column.getCanSort() ? header.column.getIsSorted() : null;
}

/**
 * Refetches when the connection comes back after a drop (SPEC.md section 9): the connection's
 * `resync` goes to the table as `table.resync`. Window focus is not listened to: no refetch on it.
 */
function useResync<Row, Payload>(actor: TableActorRef<Row, Payload>) {
  const { inbox } = useRuntime();
  useEffect(() => {
    const subscription = inbox.connection.on('resync', () => actor.send({ type: 'table.resync' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
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
