import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project, Stage } from '@sapa/sdk';
import { fetchActPage, samePayload } from '@sapa/machines/table';
import {
  selectReorderingId,
  selectStagesDialog,
  selectStagesPayload,
  stageMoves,
  stagesMachine,
  type StageListPayload,
  type StagePermissions,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { useTable } from '../table/useTable.ts';
import { CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { ColorName } from '../crm/ColorChip.tsx';
import { CrudDeleteDialog } from '../crm/crudDialogs.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import * as crm from '../crm/crm.css.ts';
import { StageFormDialog } from './StageFormDialog.tsx';
import type { StageTable, StagesActor } from './types.ts';
import * as css from './stages.css.ts';

/**
 * The "Tabel" tab: the stages in board order, 10 a page (tableMachine over `stage_list`), with a
 * search; each with its permission, "Tambah tahap", and per row up / down (its place on the
 * board), edit and delete (stagesMachine).
 */
export function StagesTable({ project, may }: { project: Project; may: StagePermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(stagesMachine, { input: { client, key: project.key } });
  const payload = useSelector(actor, selectStagesPayload, samePayload);
  const table = useTable<Stage, StageListPayload>(fetchActPage<'stage_list'>(client), payload);
  const columns = useMemo(() => stageColumns(t, actor, table, may), [t, actor, table, may]);
  useStageAnnouncements(actor, table);
  return (
    <>
      <div className={crm.tools}>
        <CrmSearch
          label={t('stages.search')}
          placeholder={t('stages.searchPlaceholder')}
          testId="stage-search"
          onChange={(text) => actor.send({ type: 'stages.search', text })}
        />
        {may.add ? (
          <Button data-testid="stage-add" onPress={() => actor.send({ type: 'stages.add' })}>
            {t('stages.add')}
          </Button>
        ) : null}
      </div>
      <DataTable actor={table} columns={columns} getRowId={(stage) => stage.id} label={t('stages.table')} />
      <StageDialogs actor={actor} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), or a delete to confirm. */
function StageDialogs({ actor }: { actor: StagesActor }) {
  const dialog = useSelector(actor, selectStagesDialog);
  if (dialog === 'form') return <StageFormDialog actor={actor} />;
  if (dialog === 'delete')
    return (
      <CrudDeleteDialog
        actor={actor}
        prefix="stages"
        params={(stage) => ({ name: stage.name })}
        confirmTestId="stage-delete-confirm"
      />
    );
  return null;
}

function stageColumns(
  t: Translate,
  actor: StagesActor,
  table: StageTable,
  may: StagePermissions,
): ColumnDef<Stage>[] {
  const columns: ColumnDef<Stage>[] = [
    {
      id: 'name',
      header: t('stages.column.name'),
      size: 240,
      cell: ({ row }) => (
        <ColorName name={row.original.name} color={row.original.color} testId="stage-name" />
      ),
    },
    {
      id: 'customers',
      header: t('stages.column.customers'),
      size: 130,
      cell: ({ row }) => t('stages.customers', { count: row.original.customers }),
    },
    {
      id: 'position',
      header: t('stages.column.position'),
      size: may.edit ? 200 : 100,
      cell: ({ row }) => (
        <span className={css.moveCell}>
          <span>{t('stages.position', { number: row.original.position + 1 })}</span>
          {may.edit ? <MoveButtons actor={actor} table={table} stage={row.original} /> : null}
        </span>
      ),
    },
  ];
  return withRowActions(columns, {
    header: t('stages.column.actions'),
    edit: {
      allowed: may.edit,
      text: t('stages.edit'),
      label: (stage) => t('stages.editLabel', { name: stage.name }),
      testId: 'stage-edit',
      onPress: (stage) => actor.send({ type: 'stages.edit', stage }),
    },
    remove: {
      allowed: may.remove,
      text: t('stages.delete'),
      label: (stage) => t('stages.deleteLabel', { name: stage.name }),
      testId: 'stage-delete',
      onPress: (stage) => actor.send({ type: 'stages.delete', stage }),
    },
  });
}

/** ↑ and ↓: one place earlier or later on the board (not past either end); one move at a time. */
function MoveButtons({ actor, table, stage }: { actor: StagesActor; table: StageTable; stage: Stage }) {
  const t = useT();
  const busy = useSelector(actor, (snapshot) => selectReorderingId(snapshot) !== null);
  const loading = useSelector(table, (snapshot) => snapshot.value === 'loading');
  const moves = useSelector(
    table,
    (snapshot) =>
      stageMoves(stage, {
        rows: snapshot.context.rows,
        pageIndex: snapshot.context.pageIndex,
        totalPage: snapshot.context.totalPage,
      }),
    (a, b) => a.up === b.up && a.down === b.down,
  );
  const disabled = busy || loading;
  return (
    <>
      <Button
        size="sm"
        tone="ghost"
        aria-label={t('stages.moveUp', { name: stage.name })}
        data-testid="stage-up"
        isDisabled={disabled || !moves.up}
        onPress={() => actor.send({ type: 'stages.move', stage, direction: 'up' })}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        size="sm"
        tone="ghost"
        aria-label={t('stages.moveDown', { name: stage.name })}
        data-testid="stage-down"
        isDisabled={disabled || !moves.down}
        onPress={() => actor.send({ type: 'stages.move', stage, direction: 'down' })}
      >
        <span aria-hidden="true">↓</span>
      </Button>
    </>
  );
}

/** After a save, a delete or a move: the table fetches its page again, and a toast says what happened. */
function useStageAnnouncements(actor: StagesActor, table: StageTable) {
  const t = useT();
  const refresh = () => table.send({ type: 'table.refresh' });
  useAnnouncements(actor, {
    'stages.saved': ({ stage, created }) => {
      refresh();
      return { message: t(created ? 'stages.added' : 'stages.changed', { name: stage.name }) };
    },
    'stages.deleted': ({ name }) => {
      refresh();
      return { message: t('stages.deleted', { name }) };
    },
    'stages.moved': ({ stage }) => {
      refresh();
      return { message: t('stages.moved', { name: stage.name }) };
    },
    'stages.moveFailed': ({ name, message }) => ({
      message: t('stages.moveFailed', { name, message }),
      tone: 'error',
    }),
  });
}
