import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSelector } from '@xstate/react';
import { formatDateTime, type Label } from '@sapa/sdk';
import { selectLabelSort, type LabelPermissions, type LabelTablePayload } from '@sapa/machines/crm';
import { type TableActorRef } from '@sapa/machines/table';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
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
  return withRowActions(columns, {
    header: t('labels.column.actions'),
    edit: {
      allowed: may.edit,
      text: t('labels.edit'),
      label: (label) => t('labels.editLabel', { name: label.name }),
      testId: 'label-edit',
      onPress: (label) => actor.send({ type: 'labels.edit', label }),
    },
    remove: {
      allowed: may.remove,
      text: t('labels.delete'),
      label: (label) => t('labels.deleteLabel', { name: label.name }),
      testId: 'label-delete',
      onPress: (label) => actor.send({ type: 'labels.delete', label }),
    },
  });
}
