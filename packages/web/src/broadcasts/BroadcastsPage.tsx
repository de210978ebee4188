import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import {
  broadcastStatuses,
  formatDateTime,
  formatRupiah,
  type BroadcastSummary,
  type Project,
} from '@sapa/sdk';
import {
  broadcastCostEstimateOf,
  broadcastPermissions,
  broadcastProgress,
  broadcastsMachine,
  followBroadcasts,
  selectApprovedTemplates,
  selectBroadcastTable,
  selectHasBroadcastFilters,
  selectStatusFilter,
  type BroadcastPermissions,
} from '@sapa/machines/broadcast';
import { fetchActPage, selectTableStatus } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { CrmPage } from '../crm/CrmPage.tsx';
import * as crm from '../crm/crm.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { accountsPath, broadcastNewPath, broadcastPath } from '../routes.ts';
import { DataTable } from '../table/DataTable.tsx';
import { BroadcastProgressBar, BroadcastStatusChip } from './BroadcastBits.tsx';
import * as css from './broadcasts.css.ts';

// Its texts load with this screen, not with the app.
loadBroadcastTexts();

type BroadcastsActor = Actor<typeof broadcastsMachine>;

/** The choice that clears the status filter. */
const ALL = 'all';

/**
 * `/crm/broadcast/{key}` (`crm.broadcast.view`): the project's broadcasts, 10 a page, newest
 * first, each with its number, template, status (and why it paused), when it starts or started,
 * its progress (the failed part shown), replies and cost so far; filtered by status and searched
 * by name; rows change live as broadcasts send, a new one shows first and a deleted one goes
 * (broadcastsMachine). "Broadcast baru" opens the composer (`crm.broadcast.add`); an empty
 * project says what a broadcast is and what it needs.
 */
export function BroadcastsPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.broadcast')}
      permissions={broadcastPermissions}
      noAccess={t('broadcasts.noAccess')}
    >
      {(project, may) => <Broadcasts project={project} may={may} />}
    </CrmPage>
  );
}

function Broadcasts({ project, may }: { project: Project; may: BroadcastPermissions }) {
  const t = useT();
  const { client, realtime, inbox } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'broadcast_list'>(client));
  const actor = useActorRef(broadcastsMachine, {
    input: { client, key: project.key, permissions: project.permissions, fetchPage },
  });
  // Rows follow the broadcasts live, and the page is asked again after a drop.
  useEffect(
    () => followBroadcasts(realtime, inbox.connection, project.key, actor),
    [realtime, inbox, project.key, actor],
  );
  const table = useSelector(actor, selectBroadcastTable);
  const columns = useMemo(() => broadcastColumns(t, project), [t, project]);
  return (
    <>
      <div className={crm.head}>
        <h1 id="screen-title" className={crm.title}>
          {t('screen.crm.broadcast')}
        </h1>
        {may.add ? (
          <Link href={broadcastNewPath(project.key)} className={css.linkButton()} data-testid="broadcast-new">
            {t('broadcasts.new')}
          </Link>
        ) : null}
      </div>
      {table ? (
        <BroadcastTable actor={actor} table={table} project={project} may={may} columns={columns} />
      ) : null}
    </>
  );
}

function BroadcastTable({
  actor,
  table,
  project,
  may,
  columns,
}: {
  actor: BroadcastsActor;
  table: NonNullable<ReturnType<typeof selectBroadcastTable>>;
  project: Project;
  may: BroadcastPermissions;
  columns: ColumnDef<BroadcastSummary>[];
}) {
  const t = useT();
  const hasFilters = useSelector(actor, selectHasBroadcastFilters);
  const status = useSelector(table, selectTableStatus);
  // Nothing at all yet: what a broadcast is, instead of filters over an empty table.
  if (status === 'empty' && !hasFilters) return <EmptyBroadcasts actor={actor} project={project} may={may} />;
  return (
    <>
      <BroadcastFilters actor={actor} />
      <DataTable actor={table} columns={columns} getRowId={(row) => row.id} label={t('broadcasts.table')} />
    </>
  );
}

function BroadcastFilters({ actor }: { actor: BroadcastsActor }) {
  const t = useT();
  const [text, setText] = useState('');
  const status = useSelector(actor, selectStatusFilter);
  const hasFilters = useSelector(actor, selectHasBroadcastFilters);
  return (
    <div className={crm.filterBar} role="group" aria-label={t('broadcasts.table')}>
      <SearchField
        className={crm.filterSearchField}
        value={text}
        onChange={(value) => {
          setText(value);
          actor.send({ type: 'broadcasts.search', text: value });
        }}
      >
        <Label className={css.label}>{t('broadcasts.search')}</Label>
        <Input
          className={crm.filterSearch}
          placeholder={t('broadcasts.searchPlaceholder')}
          data-testid="broadcast-search"
        />
      </SearchField>
      <OptionSelect
        label={t('broadcasts.filter.status')}
        testId="broadcast-filter-status"
        options={[
          { id: ALL, label: t('broadcasts.filter.allStatuses') },
          ...broadcastStatuses.map((value) => ({ id: value, label: t(`broadcasts.status.${value}`) })),
        ]}
        selected={status ?? ALL}
        onSelect={(id) =>
          actor.send({
            type: 'broadcasts.status',
            status: broadcastStatuses.find((value) => value === id) ?? null,
          })
        }
      />
      {hasFilters ? (
        <div className={crm.filterActions}>
          <Button
            tone="ghost"
            data-testid="broadcast-filter-reset"
            onPress={() => {
              setText('');
              actor.send({ type: 'broadcasts.resetFilters' });
            }}
          >
            {t('broadcasts.filter.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** No broadcast yet: what one is, the way to "Broadcast baru", and to templates when none is approved. */
function EmptyBroadcasts({
  actor,
  project,
  may,
}: {
  actor: BroadcastsActor;
  project: Project;
  may: BroadcastPermissions;
}) {
  const t = useT();
  const approved = useSelector(actor, selectApprovedTemplates);
  useEffect(() => {
    actor.send({ type: 'broadcasts.checkTemplates' });
  }, [actor]);
  return (
    <section className={css.empty} data-testid="broadcasts-empty" aria-labelledby="broadcasts-empty-title">
      <h2 id="broadcasts-empty-title" className={css.emptyTitle}>
        {t('broadcasts.empty.title')}
      </h2>
      <p className={css.paragraph}>{t('broadcasts.empty.body')}</p>
      {approved === false ? (
        <>
          <p className={css.paragraph} data-testid="broadcasts-no-templates">
            {t('broadcasts.empty.noTemplates')}
          </p>
          <Link href={accountsPath(project.key)} className={css.linkButton({ tone: 'secondary' })}>
            {t('broadcasts.empty.templates')}
          </Link>
        </>
      ) : null}
      {may.add ? (
        <>
          <p className={css.paragraph}>{t('broadcasts.empty.add')}</p>
          <Link href={broadcastNewPath(project.key)} className={css.linkButton()}>
            {t('broadcasts.new')}
          </Link>
        </>
      ) : (
        <p className={css.muted}>{t('broadcasts.empty.askAdder')}</p>
      )}
    </section>
  );
}

function broadcastColumns(t: Translate, project: Project): ColumnDef<BroadcastSummary>[] {
  const time = (iso: string) => formatDateTime(iso, project.timeZone);
  return [
    {
      id: 'name',
      header: t('broadcasts.column.name'),
      size: 130,
      cell: ({ row }) => (
        <Link
          href={broadcastPath(project.key, row.original.id)}
          className={css.nameLink}
          data-testid="broadcast-name"
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: 'number',
      header: t('broadcasts.column.number'),
      size: 120,
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <span>{row.original.account.name}</span>
          <span className={css.muted}>{row.original.account.phone}</span>
        </span>
      ),
    },
    {
      id: 'template',
      header: t('broadcasts.column.template'),
      size: 120,
      cell: ({ row }) => {
        const { template } = row.original;
        return (
          <span className={css.cellStack}>
            <span>{template.name}</span>
            <span className={css.muted}>
              {template.id === null ? t('broadcast.template.deleted') : template.language}
            </span>
          </span>
        );
      },
    },
    {
      id: 'status',
      header: t('broadcasts.column.status'),
      size: 100,
      cell: ({ row }) => (
        <BroadcastStatusChip status={row.original.status} pauseReason={row.original.pauseReason} />
      ),
    },
    {
      id: 'time',
      header: t('broadcasts.column.time'),
      size: 110,
      cell: ({ row }) => {
        const { scheduledAt, startedAt } = row.original;
        return startedAt === null
          ? t('broadcasts.time.scheduled', { time: time(scheduledAt) })
          : t('broadcasts.time.started', { time: time(startedAt) });
      },
    },
    {
      id: 'progress',
      header: t('broadcasts.column.progress'),
      size: 130,
      minSize: 110,
      cell: ({ row }) => <BroadcastProgressBar progress={broadcastProgress(row.original)} />,
    },
    {
      id: 'replies',
      header: t('broadcasts.column.replies'),
      size: 60,
      cell: ({ row }) => (
        <span className={css.number} data-testid="broadcast-replies">
          {row.original.replied}
        </span>
      ),
    },
    {
      id: 'cost',
      header: t('broadcasts.column.cost'),
      size: 100,
      cell: ({ row }) => {
        const estimate = broadcastCostEstimateOf(row.original);
        return (
          <span className={css.cellStack}>
            <span className={css.number} data-testid="broadcast-cost">
              {formatRupiah(row.original.charged)}
            </span>
            {estimate === null ? null : (
              <span className={css.muted}>
                {t('broadcasts.cost.estimate', { amount: formatRupiah(estimate) })}
              </span>
            )}
          </span>
        );
      },
    },
  ];
}
