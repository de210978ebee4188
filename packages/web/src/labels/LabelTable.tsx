import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSelector } from '@xstate/react';
import { formatDateTime, type Label } from '@sapa/sdk';
import {
  selectLabelSort,
  type LabelPermissions,
  type LabelTablePayload,
  type TableActorRef,
} from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { LabelSwatch } from './LabelChip.tsx';
import { sortFrom, sortingOf } from './labelColor.ts';
import type { LabelsActor } from './types.ts';
import * as css from './labels.css.ts';

/**
 * The labels, 10 a page: colour and name, how many customers carry each, when it was made, and
 * Edit and Delete for those who may (each button names its label). The name, customers and
 * created headers sort the table (by name, most customers, newest).
 */
export function LabelTable({
  actor,
  table,
  may,
  timeZone,
}: {
  actor: LabelsActor;
  table: TableActorRef<Label, LabelTablePayload>;
  may: LabelPermissions;
  timeZone: string;
}) {
  const t = useT();
  const sort = useSelector(actor, selectLabelSort);
  const columns = useMemo(() => labelColumns(t, actor, may, timeZone), [t, actor, may, timeZone]);
  const sorting = useMemo(
    () => ({
      value: sortingOf(sort),
      onChange: (next: ReturnType<typeof sortingOf>) =>
        actor.send({ type: 'labels.sort', sort: sortFrom(next, sort) }),
    }),
    [actor, sort],
  );
  return (
    <DataTable
      actor={table}
      columns={columns}
      getRowId={(label) => label.id}
      label={t('labels.table')}
      sorting={sorting}
    />
  );
}

function labelColumns(
  t: Translate,
  actor: LabelsActor,
  may: LabelPermissions,
  timeZone: string,
): ColumnDef<Label>[] {
  const columns: ColumnDef<Label>[] = [
    {
      id: 'name',
      accessorKey: 'name',
      header: t('labels.column.name'),
      size: 260,
      cell: ({ row }) => (
        <span className={css.nameCell} data-testid="label-name">
          <LabelSwatch color={row.original.color} />
          {row.original.name}
        </span>
      ),
    },
    {
      id: 'customers',
      accessorKey: 'customers',
      header: t('labels.column.customers'),
      size: 140,
      cell: ({ row }) => t('labels.customers', { count: row.original.customers }),
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: t('labels.column.createdAt'),
      size: 180,
      cell: ({ row }) => formatDateTime(row.original.createdAt, timeZone),
    },
  ];
  if (!may.edit && !may.remove) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: t('labels.column.actions'),
      size: 170,
      cell: ({ row }) => {
        const label = row.original;
        return (
          <div className={css.rowActions}>
            {may.edit ? (
              <Button
                size="sm"
                tone="secondary"
                aria-label={t('labels.editLabel', { name: label.name })}
                data-testid="label-edit"
                onPress={() => actor.send({ type: 'labels.edit', label })}
              >
                {t('labels.edit')}
              </Button>
            ) : null}
            {may.remove ? (
              <Button
                size="sm"
                tone="ghost"
                aria-label={t('labels.deleteLabel', { name: label.name })}
                data-testid="label-delete"
                onPress={() => actor.send({ type: 'labels.delete', label })}
              >
                {t('labels.delete')}
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];
}
