import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, type AutomationActivity, type AutomationRuleView } from '@sapa/sdk';
import type { AutomationActivityPayload } from '@sapa/machines/automation';
import type { TableActorRef } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { reasonWords } from './words.ts';
import * as css from './automation.css.ts';

/**
 * A rule's activity log (`automation_activity_list` by rule, newest first, 10 a page): when, for
 * which customer, what set it off, whether it ran (and what of it failed) or why not.
 */
export function ActivityDialog({
  table,
  rule,
  timeZone,
  onClose,
}: {
  table: TableActorRef<AutomationActivity, AutomationActivityPayload>;
  rule: AutomationRuleView;
  timeZone: string;
  onClose(): void;
}) {
  const t = useT();
  const columns = useMemo(() => activityColumns(t, timeZone), [t, timeZone]);
  return (
    <ModalDialog
      title={t('automation.activity.title', { name: rule.name })}
      isOpen
      size="xl"
      onOpenChange={(open) => (open ? null : onClose())}
    >
      <DataTable
        actor={table}
        columns={columns}
        getRowId={(line) => line.id}
        label={t('automation.activity.table')}
      />
      <div className={dialog.actions}>
        <Button tone="secondary" data-testid="activity-close" onPress={onClose}>
          {t('automation.editor.close')}
        </Button>
      </div>
    </ModalDialog>
  );
}

function activityColumns(t: Translate, timeZone: string): ColumnDef<AutomationActivity>[] {
  return [
    {
      id: 'at',
      header: t('automation.activity.column.at'),
      size: 150,
      cell: ({ row }) => formatDateTime(row.original.at, timeZone),
    },
    {
      id: 'customer',
      header: t('automation.activity.column.customer'),
      size: 160,
      cell: ({ row }) => (
        <span className={css.nameCell}>
          <span>{row.original.customer.name}</span>
          <span className={css.muted}>{row.original.customer.phone}</span>
        </span>
      ),
    },
    {
      id: 'event',
      header: t('automation.activity.column.event'),
      size: 130,
      cell: ({ row }) => {
        const { event, step, keyword } = row.original;
        const parts = [t(`automation.event.${event}`)];
        if (step !== null) parts.push(t('automation.activity.step', { number: step + 1 }));
        if (keyword !== null) parts.push(`"${keyword}"`);
        return parts.join(' · ');
      },
    },
    {
      id: 'outcome',
      header: t('automation.activity.column.outcome'),
      size: 220,
      cell: ({ row }) => {
        const line = row.original;
        const failed = line.actions.filter((action) => action.status !== 'done');
        return (
          <span className={css.nameCell}>
            <span
              className={line.outcome === 'fired' ? css.outcomeFired : css.outcome}
              data-testid="activity-outcome"
            >
              {t(`automation.activity.${line.outcome}`)}
            </span>
            {line.reason === null ? null : <span className={css.muted}>{reasonWords(t, line.reason)}</span>}
            {failed.map((action, index) => (
              <span key={index} className={css.muted}>
                {t('automation.activity.actionFailed', {
                  action: t(`automation.action.${action.kind}`),
                  reason: reasonWords(t, action.reason),
                })}
              </span>
            ))}
          </span>
        );
      },
    },
  ];
}
