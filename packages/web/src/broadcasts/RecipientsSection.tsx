import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { formatDateTime, recipientStates, type BroadcastRecipient, type Project } from '@sapa/sdk';
import {
  selectCanExportRecipients,
  selectExportingRecipients,
  selectHasRecipientFilters,
  selectRecipientFilters,
  selectRecipientTable,
} from '@sapa/machines/broadcast';
import { chatPermissions } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { chatPath } from '../routes.ts';
import { DataTable } from '../table/DataTable.tsx';
import { RecipientStateChip } from './BroadcastBits.tsx';
import type { BroadcastDetailActor } from './types.ts';
import * as crm from '../crm/crm.css.ts';
import * as css from './broadcasts.css.ts';

/** The choice that clears a filter. */
const ALL = 'all';
const REPLIED = 'yes';
const NOT_REPLIED = 'no';

/**
 * The broadcast's recipients, 10 a page, in the order they are sent: each one's state, Meta's
 * reason and code for a failure, when it was last sent, delivered or read, and whether they
 * replied, with a link to the conversation (`crm.chat.view`); filtered by state, replied and a
 * search, exported as CSV (of the state filtered by). The table is asked again at most about
 * once a second while the broadcast sends (broadcastDetailMachine).
 */
export function RecipientsSection({ actor, project }: { actor: BroadcastDetailActor; project: Project }) {
  const t = useT();
  const table = useSelector(actor, selectRecipientTable);
  const canExport = useSelector(actor, selectCanExportRecipients);
  const exporting = useSelector(actor, selectExportingRecipients);
  const openChat = chatPermissions(project.permissions).view;
  const columns = useMemo(() => recipientColumns(t, project, openChat), [t, project, openChat]);
  return (
    <section className={css.section} aria-labelledby="broadcast-recipients">
      <div className={css.sectionHead}>
        <h2 id="broadcast-recipients" className={css.sectionTitle}>
          {t('broadcast.recipients.title')}
        </h2>
        <Button
          tone="secondary"
          data-testid="broadcast-export"
          isDisabled={!canExport}
          onPress={() => actor.send({ type: 'broadcast.export' })}
        >
          {exporting ? t('broadcast.recipients.exporting') : t('broadcast.recipients.export')}
        </Button>
      </div>
      <RecipientFilters actor={actor} />
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(recipient) => recipient.id}
          label={t('broadcast.recipients.table')}
        />
      ) : null}
    </section>
  );
}

function RecipientFilters({ actor }: { actor: BroadcastDetailActor }) {
  const t = useT();
  const [text, setText] = useState('');
  const filters = useSelector(actor, selectRecipientFilters);
  const hasFilters = useSelector(actor, selectHasRecipientFilters);
  const replied = filters.replied === null ? ALL : filters.replied ? REPLIED : NOT_REPLIED;
  return (
    <div className={crm.filterBar} role="group" aria-label={t('broadcast.recipients.table')}>
      <SearchField
        className={crm.filterSearchField}
        value={text}
        onChange={(value) => {
          setText(value);
          actor.send({ type: 'broadcast.search', text: value });
        }}
      >
        <Label className={css.label}>{t('broadcast.recipients.search')}</Label>
        <Input
          className={crm.filterSearch}
          placeholder={t('broadcast.recipients.searchPlaceholder')}
          data-testid="recipient-search"
        />
      </SearchField>
      <OptionSelect
        label={t('broadcast.recipients.state')}
        testId="recipient-filter-state"
        options={[
          { id: ALL, label: t('broadcast.recipients.allStates') },
          ...recipientStates.map((state) => ({ id: state, label: t(`broadcasts.state.${state}`) })),
        ]}
        selected={filters.state ?? ALL}
        onSelect={(id) =>
          actor.send({
            type: 'broadcast.state',
            state: recipientStates.find((state) => state === id) ?? null,
          })
        }
      />
      <OptionSelect
        label={t('broadcast.recipients.replied')}
        testId="recipient-filter-replied"
        options={[
          { id: ALL, label: t('broadcast.recipients.repliedAny') },
          { id: REPLIED, label: t('broadcast.recipients.repliedYes') },
          { id: NOT_REPLIED, label: t('broadcast.recipients.repliedNo') },
        ]}
        selected={replied}
        onSelect={(id) =>
          actor.send({ type: 'broadcast.replied', replied: id === ALL ? null : id === REPLIED })
        }
      />
      {hasFilters ? (
        <div className={crm.filterActions}>
          <Button
            tone="ghost"
            data-testid="recipient-filter-reset"
            onPress={() => {
              setText('');
              actor.send({ type: 'broadcast.resetFilters' });
            }}
          >
            {t('broadcast.recipients.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function recipientColumns(
  t: Translate,
  project: Project,
  openChat: boolean,
): ColumnDef<BroadcastRecipient>[] {
  const time = (iso: string) => formatDateTime(iso, project.timeZone);
  const none = t('broadcast.recipient.none');
  return [
    {
      id: 'customer',
      header: t('broadcast.column.customer'),
      size: 170,
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <span data-testid="recipient-name">{row.original.name}</span>
          <span className={css.muted}>{row.original.phone}</span>
        </span>
      ),
    },
    {
      id: 'state',
      header: t('broadcast.column.state'),
      size: 120,
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <RecipientStateChip state={row.original.state} />
          {row.original.attempts > 1 ? (
            <span className={css.muted}>
              {t('broadcast.recipient.attempts', { count: row.original.attempts })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'reason',
      header: t('broadcast.column.reason'),
      size: 240,
      cell: ({ row }) => {
        const { reason, error, transient, state } = row.original;
        if (reason === null) return none;
        const text = t(reason);
        return (
          <span className={css.cellStack}>
            <span data-testid="recipient-reason">
              {error === null ? text : t('broadcasts.reason.withCode', { reason: text, code: error.code })}
            </span>
            {state === 'failed' && transient ? (
              <span className={css.muted}>{t('broadcast.recipient.transient')}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'time',
      header: t('broadcast.column.time'),
      size: 150,
      cell: ({ row }) => {
        const { readAt, deliveredAt, sentAt } = row.original;
        if (readAt !== null) return t('broadcast.recipient.readAt', { time: time(readAt) });
        if (deliveredAt !== null) return t('broadcast.recipient.deliveredAt', { time: time(deliveredAt) });
        if (sentAt !== null) return t('broadcast.recipient.sentAt', { time: time(sentAt) });
        return none;
      },
    },
    {
      id: 'reply',
      header: t('broadcast.column.reply'),
      size: 160,
      cell: ({ row }) => {
        const { repliedAt, conversationId, name } = row.original;
        return (
          <span className={css.cellStack}>
            {repliedAt === null ? (
              <span className={css.muted}>{t('broadcast.recipient.noReply')}</span>
            ) : (
              <span data-testid="recipient-replied">
                {t('broadcast.recipient.repliedAt', { time: time(repliedAt) })}
              </span>
            )}
            {openChat && conversationId !== null ? (
              <Link
                href={chatPath(project.key, conversationId)}
                className={css.link}
                aria-label={t('broadcast.recipient.openChatLabel', { name })}
                data-testid="recipient-open-chat"
              >
                {t('broadcast.recipient.openChat')}
              </Link>
            ) : null}
          </span>
        );
      },
    },
  ];
}
