import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'wouter';
import { formatActivity, formatDate, formatDateTime, type Customer, type Project } from '@sapa/sdk';
import type { CustomerListPayload, CustomerPermissions } from '@sapa/machines/crm';
import type { TableActorRef } from '@sapa/machines/table';
import { button } from '../components/button.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { LabelChip } from '../labels/LabelChip.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import { chatPath } from '../routes.ts';
import { StageChip } from '../stages/StageSwatch.tsx';
import { DataTable } from '../table/DataTable.tsx';
import type { CustomersActor } from './types.ts';
import * as css from './customers.css.ts';
import * as optOut from './optOut.css.ts';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';

// The opt-out texts are the broadcasts part's (not loaded with the app).
loadBroadcastTexts();

/**
 * The customers, 10 a page: name and phone, labels as chips, stage, whether they receive broadcasts
 * ("Berhenti" for one who opted out, since when and how on hover), last message and first contact
 * (in the project's time zone), "Buka percakapan" (the customer's latest conversation in the
 * inbox, when there is one, with `crm.chat.view`), and Edit, "Kirim pesan" (a template through one
 * of the numbers, `crm.chat.send`: `onMessage`) and Delete, each with its permission. Every link
 * and button names its customer.
 */
export function CustomerTable({
  actor,
  table,
  may,
  project,
  onMessage,
}: {
  actor: CustomersActor;
  table: TableActorRef<Customer, CustomerListPayload>;
  may: CustomerPermissions;
  project: Project;
  /** Starts a conversation with the customer; null without `crm.chat.send`. */
  onMessage: ((customer: Customer) => void) | null;
}) {
  const t = useT();
  const columns = useMemo(
    () => customerColumns(t, actor, may, project, onMessage),
    [t, actor, may, project, onMessage],
  );
  return (
    <DataTable
      actor={table}
      columns={columns}
      getRowId={(customer) => customer.id}
      label={t('customers.table')}
    />
  );
}

function customerColumns(
  t: Translate,
  actor: CustomersActor,
  may: CustomerPermissions,
  project: Project,
  onMessage: ((customer: Customer) => void) | null,
): ColumnDef<Customer>[] {
  const columns: ColumnDef<Customer>[] = [
    {
      id: 'name',
      header: t('customers.column.name'),
      size: 180,
      cell: ({ row }) => (
        <span className={css.nameCell}>
          <span className={css.name} data-testid="customer-name">
            {row.original.name}
          </span>
          <span className={css.phone} data-testid="customer-phone">
            {row.original.phone}
          </span>
        </span>
      ),
    },
    {
      id: 'labels',
      header: t('customers.column.labels'),
      size: 120,
      cell: ({ row }) => (
        <span className={css.chips}>
          {row.original.labels.map((label) => (
            <LabelChip key={label.id} name={label.name} color={label.color} testId="customer-label-chip" />
          ))}
        </span>
      ),
    },
    {
      id: 'stage',
      header: t('customers.column.stage'),
      size: 110,
      cell: ({ row }) =>
        row.original.stage === null ? (
          <span className={css.muted}>{t('customers.noStage')}</span>
        ) : (
          <StageChip
            name={row.original.stage.name}
            color={row.original.stage.color}
            testId="customer-stage-chip"
          />
        ),
    },
    {
      id: 'broadcast',
      header: t('customers.column.broadcast'),
      size: 100,
      cell: ({ row }) => {
        const { optedOutAt, optedOutVia } = row.original;
        return optedOutAt === null ? (
          <span className={optOut.badge({ optedOut: false })}>{t('optOut.receives')}</span>
        ) : (
          <span
            className={optOut.badge({ optedOut: true })}
            data-testid="customer-opted-out"
            title={t(`optOut.since.${optedOutVia ?? 'agent'}`, {
              date: formatDateTime(optedOutAt, project.timeZone),
            })}
          >
            {t('optOut.badge')}
          </span>
        );
      },
    },
    {
      id: 'lastMessageAt',
      header: t('customers.column.lastMessage'),
      size: 110,
      cell: ({ row }) =>
        row.original.lastMessageAt === null ? (
          <span className={css.muted}>{t('customers.noMessage')}</span>
        ) : (
          formatActivity(row.original.lastMessageAt, project.timeZone)
        ),
    },
    {
      id: 'createdAt',
      header: t('customers.column.createdAt'),
      size: 100,
      cell: ({ row }) => (
        <span data-testid="customer-created">{formatDate(row.original.createdAt, project.timeZone)}</span>
      ),
    },
  ];
  if (may.openChat)
    columns.push({
      id: 'conversation',
      header: t('customers.column.conversation'),
      size: 150,
      cell: ({ row }) => {
        const customer = row.original;
        return customer.conversationId === null ? null : (
          <Link
            href={chatPath(project.key, customer.conversationId)}
            className={button({ tone: 'secondary', size: 'sm' })}
            aria-label={t('customers.openChatLabel', { name: customer.name })}
            data-testid="customer-open-chat"
          >
            {t('customers.openChat')}
          </Link>
        );
      },
    });
  return withRowActions(columns, {
    header: t('customers.column.actions'),
    edit: {
      allowed: may.edit,
      text: t('customers.edit'),
      label: (customer) => t('customers.editLabel', { name: customer.name }),
      testId: 'customer-edit',
      onPress: (customer) => actor.send({ type: 'customers.edit', customer }),
    },
    other: {
      allowed: onMessage !== null,
      text: t('outreach.start.action'),
      label: (customer) => t('outreach.start.actionLabel', { name: customer.name }),
      testId: 'customer-send-message',
      icon: 'message',
      onPress: (customer) => onMessage?.(customer),
    },
    remove: {
      allowed: may.remove,
      text: t('customers.delete'),
      label: (customer) => t('customers.deleteLabel', { name: customer.name }),
      testId: 'customer-delete',
      onPress: (customer) => actor.send({ type: 'customers.delete', customer }),
    },
  });
}
