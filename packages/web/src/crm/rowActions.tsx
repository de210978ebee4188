import type { ReactElement } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Button as AriaButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import { Svg } from '../components/icons.tsx';
import * as css from './crm.css.ts';

/** What a row action's icon shows. */
export type RowActionIcon = 'edit' | 'delete' | 'permissions' | 'owner' | 'message';

/** One button of a row: shown only when `allowed` (what `can()` says the member may do). */
export interface RowAction<Row> {
  allowed: boolean;
  /** Rows it shows on, when not all (the members table: nobody removes the owner). */
  shownFor?(row: Row): boolean;
  /** The action in a word or two ("Ubah", "Hapus"): the tooltip, and the text beside the icon on a card. */
  text: string;
  /** Its accessible name, naming the row ("Ubah label VIP"). */
  label(row: Row): string;
  testId: string;
  onPress(row: Row): void;
  /** Default: `edit` for `edit`, `delete` for `remove`. */
  icon?: RowActionIcon;
}

export interface RowActions<Row> {
  /** The column's header ("Aksi"). */
  header: string;
  edit?: RowAction<Row>;
  /** Between Edit and Delete (the members table's handover). */
  other?: RowAction<Row>;
  remove?: RowAction<Row>;
}

/** The actions column's id: DataTable lays it out as the row's tools (a card's last line on a phone). */
export const ACTIONS_COLUMN_ID = 'actions';

const icons: Record<RowActionIcon, () => ReactElement> = {
  edit: () => (
    <Svg size={16}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </Svg>
  ),
  delete: () => (
    <Svg size={16}>
      <path d="M4 7h16M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Svg>
  ),
  permissions: () => (
    <Svg size={16}>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </Svg>
  ),
  message: () => (
    <Svg size={16}>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 10.5h8" />
    </Svg>
  ),
  owner: () => (
    <Svg size={16}>
      <path d="M4 8l4 4 4-6 4 6 4-4-2 10H6z" />
    </Svg>
  ),
};

/**
 * `columns` with an actions column at the end: Edit (and another action) and Delete as icon
 * buttons, each only when allowed (and on the rows `shownFor` keeps), each with an accessible
 * name that names its row and a tooltip with its word (on a phone's card the word shows beside
 * the icon). Icons never break mid-word and keep the column narrow. With none allowed there is
 * no actions column at all.
 */
export function withRowActions<Row>(columns: ColumnDef<Row>[], actions: RowActions<Row>): ColumnDef<Row>[] {
  const shown = [
    actions.edit?.allowed ? { action: actions.edit, icon: actions.edit.icon ?? 'edit' } : null,
    actions.other?.allowed ? { action: actions.other, icon: actions.other.icon ?? 'edit' } : null,
    actions.remove?.allowed ? { action: actions.remove, icon: actions.remove.icon ?? 'delete' } : null,
  ].filter((item) => item !== null);
  if (shown.length === 0) return columns;
  return [
    ...columns,
    {
      id: ACTIONS_COLUMN_ID,
      header: actions.header,
      // The icons side by side: the table may not squeeze the column below them (stacked, they
      // made each row three buttons tall).
      size: 44 * shown.length + 16,
      minSize: 44 * shown.length + 16,
      cell: ({ row }) => (
        <div className={css.rowActions}>
          {shown.map(({ action, icon }) => {
            if (action.shownFor !== undefined && !action.shownFor(row.original)) return null;
            const Icon = icons[icon];
            return (
              <TooltipTrigger key={action.testId} delay={300}>
                <AriaButton
                  className={css.rowAction({ danger: icon === 'delete' })}
                  aria-label={action.label(row.original)}
                  data-testid={action.testId}
                  onPress={() => action.onPress(row.original)}
                >
                  <Icon />
                  <span className={css.rowActionText} aria-hidden="true">
                    {action.text}
                  </span>
                </AriaButton>
                <Tooltip className={css.tooltip} offset={6}>
                  {action.text}
                </Tooltip>
              </TooltipTrigger>
            );
          })}
        </div>
      ),
    },
  ];
}
