/**
 * Column definitions of a data table (SPEC.md section 5): each column needs an id, from `id`,
 * `accessorKey` (as TanStack Table derives it) or a string `header`; otherwise it is an error.
 * Group columns are checked with their children.
 */
import { TABLE_COLUMN_MIN_WIDTH, TABLE_COLUMN_WIDTH } from '../constants.ts';

export interface ColumnLike {
  id?: string | undefined;
  accessorKey?: string | undefined;
  header?: unknown;
  size?: number | undefined;
  minSize?: number | undefined;
  columns?: readonly ColumnLike[] | undefined;
}

/** TanStack Table's default `defaultColumn` sizes for Sapa's tables: width 150, minimum 20. */
export const defaultColumnSizing = {
  size: TABLE_COLUMN_WIDTH,
  minSize: TABLE_COLUMN_MIN_WIDTH,
} as const;

/** The id of a column as TanStack Table resolves it, or `undefined` when it has none. */
export function columnId(column: ColumnLike): string | undefined {
  if (column.id) return column.id;
  if (column.accessorKey) return column.accessorKey.replaceAll('.', '_');
  if (typeof column.header === 'string' && column.header !== '') return column.header;
  return undefined;
}

/** Throws a `TypeError` naming the first column (by position) without an id or string header. */
export function validateColumns(columns: readonly ColumnLike[], path = ''): void {
  columns.forEach((column, index) => {
    const where = `${path}${index}`;
    if (columnId(column) === undefined) {
      throw new TypeError(`Column ${where} requires an id or a string header`);
    }
    if (column.columns) validateColumns(column.columns, `${where}.`);
  });
}
