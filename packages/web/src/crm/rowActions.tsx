import type { ColumnDef } from '@tanstack/react-table';
import { Button } from '../components/Button.tsx';
import * as css from './crm.css.ts';

/** One button of a row: shown only when `allowed` (what `can()` says the member may do). */
export interface RowAction<Row> {
  allowed: boolean;
  /** The button's visible text ("Ubah", "Hapus"). */
  text: string;
  /** Its accessible name, naming the row ("Ubah label VIP"). */
  label(row: Row): string;
  testId: string;
  onPress(row: Row): void;
}

export interface RowActions<Row> {
  /** The column's header ("Aksi"). */
  header: string;
  edit?: RowAction<Row>;
  remove?: RowAction<Row>;
  /** The column's width in px. Default 170. */
  size?: number;
}

/**
 * `columns` with an actions column at the end: Edit (secondary) and Delete (ghost), each only
 * when allowed, each with an accessible name that names its row. With neither allowed there is
 * no actions column at all.
 */
export function withRowActions<Row>(columns: ColumnDef<Row>[], actions: RowActions<Row>): ColumnDef<Row>[] {
  const shown = [
    actions.edit?.allowed ? { action: actions.edit, tone: 'secondary' as const } : null,
    actions.remove?.allowed ? { action: actions.remove, tone: 'ghost' as const } : null,
  ].filter((item) => item !== null);
  if (shown.length === 0) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: actions.header,
      size: actions.size ?? 170,
      cell: ({ row }) => (
        <div className={css.rowActions}>
          {shown.map(({ action, tone }) => (
            <Button
              key={action.testId}
              size="sm"
              tone={tone}
              aria-label={action.label(row.original)}
              data-testid={action.testId}
              onPress={() => action.onPress(row.original)}
            >
              {action.text}
            </Button>
          ))}
        </div>
      ),
    },
  ];
}
