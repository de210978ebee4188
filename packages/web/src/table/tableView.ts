/**
 * What DataTable shows, apart from React: the body's content for a table status, a header's
 * `aria-sort`, the width of a column and the pager's labels. The rules themselves (which page,
 * Prev and Next, the page window) live in the table machine and the SDK.
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { ColumnLike } from '@sapa/sdk';
import type { TablePageLink, TableStatus } from '@sapa/machines/table';

/** The body shows the rows, the empty message, or (no rows yet, or a first page failed) a blank. */
export type TableBody = 'rows' | 'empty' | 'blank';

export function tableBody(status: TableStatus, rowCount: number): TableBody {
  if (status === 'empty') return 'empty';
  return rowCount > 0 ? 'rows' : 'blank';
}

/** A sortable header's `aria-sort` for TanStack Table's `getIsSorted()`. */
export function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

/** The arrow after a sortable header's text (decorative: `aria-sort` says it to screen readers). */
export function sortMark(sorted: false | 'asc' | 'desc'): string {
  if (sorted === 'asc') return '▲';
  if (sorted === 'desc') return '▼';
  return '↕';
}

/** A CSS length for a column size in pixels. */
export function px(size: number): string {
  return `${Math.max(0, Math.round(size))}px`;
}

/** Page links are equal when they show the same pages with the same current one. */
export function sameLinks(a: readonly TablePageLink[], b: readonly TablePageLink[]): boolean {
  return (
    a.length === b.length &&
    a.every((link, i) => link.index === b[i]?.index && link.current === b[i]?.current)
  );
}

/** What the SDK's `validateColumns` reads of TanStack column definitions, groups included. */
export function columnShapes<Row>(columns: readonly ColumnDef<Row>[]): ColumnLike[] {
  return columns.map((column) => ({
    id: column.id,
    accessorKey:
      'accessorKey' in column && column.accessorKey !== undefined ? String(column.accessorKey) : undefined,
    header: column.header,
    columns: 'columns' in column && column.columns !== undefined ? columnShapes(column.columns) : undefined,
  }));
}
