import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, type QuickReply } from '@sapa/sdk';
import type { QuickReplyListPayload, QuickReplyPermissions } from '@sapa/machines/crm';
import type { TableActorRef } from '@sapa/machines/table';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import type { QuickReplyActor } from './types.ts';
import * as css from './quickReplies.css.ts';

/**
 * The quick replies, 10 a page: `/shortcut`, the text on one line, the file's name (or –), when
 * it last changed, and Edit and Delete for those who may (each button names its quick reply).
 */
export function QuickReplyTable({
  actor,
  table,
  may,
  timeZone,
}: {
  actor: QuickReplyActor;
  table: TableActorRef<QuickReply, QuickReplyListPayload>;
  may: QuickReplyPermissions;
  timeZone: string;
}) {
  const t = useT();
  const columns = useMemo(() => quickReplyColumns(t, actor, may, timeZone), [t, actor, may, timeZone]);
  return (
    <DataTable actor={table} columns={columns} getRowId={(reply) => reply.id} label={t('quickReply.table')} />
  );
}

function quickReplyColumns(
  t: Translate,
  actor: QuickReplyActor,
  may: QuickReplyPermissions,
  timeZone: string,
): ColumnDef<QuickReply>[] {
  const columns: ColumnDef<QuickReply>[] = [
    {
      id: 'shortcut',
      header: t('quickReply.column.shortcut'),
      size: 140,
      cell: ({ row }) => (
        <span className={css.shortcut} data-testid="quick-reply-shortcut">
          /{row.original.shortcut}
        </span>
      ),
    },
    {
      id: 'text',
      header: t('quickReply.column.text'),
      size: 360,
      cell: ({ row }) => (
        <span className={css.text} title={row.original.text}>
          {row.original.text}
        </span>
      ),
    },
    {
      id: 'media',
      header: t('quickReply.column.media'),
      size: 180,
      cell: ({ row }) =>
        row.original.media === null ? (
          t('quickReply.noMedia')
        ) : (
          <span className={css.fileName} title={row.original.media.filename}>
            {row.original.media.filename}
          </span>
        ),
    },
    {
      id: 'updatedAt',
      header: t('quickReply.column.updatedAt'),
      size: 160,
      cell: ({ row }) => formatDateTime(row.original.updatedAt, timeZone),
    },
  ];
  return withRowActions(columns, {
    header: t('quickReply.column.actions'),
    edit: {
      allowed: may.edit,
      text: t('quickReply.edit'),
      label: (reply) => t('quickReply.editLabel', { shortcut: reply.shortcut }),
      testId: 'quick-reply-edit',
      onPress: (reply) => actor.send({ type: 'quickReply.edit', reply }),
    },
    remove: {
      allowed: may.remove,
      text: t('quickReply.delete'),
      label: (reply) => t('quickReply.deleteLabel', { shortcut: reply.shortcut }),
      testId: 'quick-reply-delete',
      onPress: (reply) => actor.send({ type: 'quickReply.delete', reply }),
    },
  });
}
