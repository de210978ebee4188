import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import type { Division, Project } from '@sapa/sdk';
import {
  divisionPermissions,
  divisionsMachine,
  selectDivisionMembersActor,
  selectDivisionsDialog,
  selectDivisionTable,
  type DivisionPermissions,
} from '@sapa/machines/crm';
import { fetchActPage } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { ColorName } from '../crm/ColorChip.tsx';
import { CrudDeleteDialog } from '../crm/crudDialogs.tsx';
import { CrmHeading, CrmPage, CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { DivisionFormDialog } from './DivisionDialogs.tsx';
import { DivisionMembersDialog } from './DivisionMembersDialog.tsx';
import type { DivisionsActor } from './types.ts';
import * as css from './divisions.css.ts';

/**
 * `/crm/divisi/{key}`: the project's divisions (teams) in a paginated table with a search: name
 * and colour, members, conversations; each with its permission, adding, editing and deleting one,
 * and a division's members (divisionsMachine, which runs the table and fetches its page again
 * after each change).
 */
export function DivisionsPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.divisi')}
      permissions={divisionPermissions}
      noAccess={t('divisions.noAccess')}
    >
      {(project, may) => <Divisions project={project} may={may} />}
    </CrmPage>
  );
}

function Divisions({ project, may }: { project: Project; may: DivisionPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'division_list'>(client));
  const actor = useActorRef(divisionsMachine, {
    input: { client, key: project.key, fetchPage, canManageMembers: may.manageMembers },
  });
  const table = useSelector(actor, selectDivisionTable);
  const columns = useMemo(() => divisionColumns(t, actor, may), [t, actor, may]);
  useAnnouncements(actor, {
    'divisions.saved': ({ division, created }) => ({
      message: t(created ? 'divisions.added' : 'divisions.changed', { name: division.name }),
    }),
    'divisions.deleted': ({ name }) => ({ message: t('divisions.deleted', { name }) }),
  });
  return (
    <>
      <CrmHeading
        title={t('screen.crm.divisi')}
        add={
          may.add
            ? {
                text: t('divisions.add'),
                testId: 'division-add',
                onPress: () => actor.send({ type: 'divisions.add' }),
              }
            : null
        }
      />
      <CrmSearch
        label={t('divisions.search')}
        placeholder={t('divisions.searchPlaceholder')}
        testId="division-search"
        onChange={(text) => actor.send({ type: 'divisions.search', text })}
      />
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(division) => division.id}
          label={t('divisions.table')}
        />
      ) : null}
      <DivisionDialogs actor={actor} timeZone={project.timeZone} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), a delete to confirm, or a division's members. */
function DivisionDialogs({ actor, timeZone }: { actor: DivisionsActor; timeZone: string }) {
  const dialog = useSelector(actor, selectDivisionsDialog);
  const members = useSelector(actor, selectDivisionMembersActor);
  if (dialog === 'form') return <DivisionFormDialog actor={actor} />;
  if (dialog === 'delete')
    return (
      <CrudDeleteDialog
        actor={actor}
        prefix="divisions"
        params={(division) => ({ name: division.name, count: division.conversations })}
        confirmTestId="division-delete-confirm"
      />
    );
  if (dialog === 'members' && members !== undefined)
    return (
      <DivisionMembersDialog
        members={members}
        timeZone={timeZone}
        onClose={() => actor.send({ type: 'divisions.cancel' })}
      />
    );
  return null;
}

/**
 * Name (with its colour), members (with the button that opens them: the list for anyone who sees
 * the screen, adding and removing with `crm.divisi.add_user`), conversations, and Edit and Delete
 * for those who may (each button names its division).
 */
function divisionColumns(
  t: Translate,
  actor: DivisionsActor,
  may: DivisionPermissions,
): ColumnDef<Division>[] {
  const columns: ColumnDef<Division>[] = [
    {
      id: 'name',
      header: t('divisions.column.name'),
      size: 240,
      cell: ({ row }) => (
        <ColorName name={row.original.name} color={row.original.color} testId="division-name" />
      ),
    },
    {
      id: 'members',
      header: t('divisions.column.members'),
      size: 200,
      cell: ({ row }) => {
        const division = row.original;
        return (
          <span className={css.countCell}>
            <span data-testid="division-members">
              {t('divisions.memberCount', { count: division.members })}
            </span>
            <Button
              size="sm"
              tone="secondary"
              aria-label={t('divisions.membersLabel', { name: division.name })}
              data-testid="division-members-open"
              onPress={() => actor.send({ type: 'divisions.members', division })}
            >
              {t('divisions.members')}
            </Button>
          </span>
        );
      },
    },
    {
      id: 'conversations',
      header: t('divisions.column.conversations'),
      size: 140,
      cell: ({ row }) => (
        <span data-testid="division-conversations">
          {t('divisions.conversationCount', { count: row.original.conversations })}
        </span>
      ),
    },
  ];
  return withRowActions(columns, {
    header: t('divisions.column.actions'),
    edit: {
      allowed: may.edit,
      text: t('divisions.edit'),
      label: (division) => t('divisions.editLabel', { name: division.name }),
      testId: 'division-edit',
      onPress: (division) => actor.send({ type: 'divisions.edit', division }),
    },
    remove: {
      allowed: may.remove,
      text: t('divisions.delete'),
      label: (division) => t('divisions.deleteLabel', { name: division.name }),
      testId: 'division-delete',
      onPress: (division) => actor.send({ type: 'divisions.delete', division }),
    },
  });
}
