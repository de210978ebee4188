import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatDate } from '@sapa/sdk';
import type { Project, ProjectMember } from '@sapa/sdk';
import { fetchActPage } from '@sapa/machines/table';
import {
  memberPermissions,
  memberRowActions,
  membersMachine,
  projectOwnership,
  selectMembersDialog,
  selectMemberTable,
  selectPermissionEditor,
  type MemberPermissions,
} from '@sapa/machines/team';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.tsx';
import { ConfirmDeleteDialog } from '../crm/ConfirmDeleteDialog.tsx';
import { CrmHeading, CrmPage, CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { PermissionEditorDialog } from '../permissions/PermissionEditor.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { InvitesPanel } from './InvitesPanel.tsx';
import * as css from './members.css.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The project area's texts are not loaded with the app.
loadTeamTexts();

type MembersActor = ActorRefFrom<typeof membersMachine>;

/** The screen opens for a member who may see the members or the invites. */
interface MembersScreen extends MemberPermissions {
  members: boolean;
}

function screenPermissions(permissions: readonly string[]): MembersScreen {
  const may = memberPermissions(permissions);
  return { ...may, members: may.view, view: may.view || may.viewInvites };
}

/**
 * `/project/user/{key}`: the project's members and its invite codes, in two tabs. Members: a
 * paginated table with a search (name, masked phone, role or template, joined), Edit permissions
 * (`project.user.set_permission`; the owner's row only for the owner), Hand over ownership (the
 * owner, on another member's row) and Remove (`project.user.hapus`; never the owner) per row, as
 * `memberRowActions` says. Invites: see InvitesPanel.
 */
export function MembersPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.project.user')}
      permissions={screenPermissions}
      noAccess={t('members.noAccess')}
    >
      {(project, may) => <Members project={project} may={may} />}
    </CrmPage>
  );
}

function Members({ project, may }: { project: Project; may: MembersScreen }) {
  const t = useT();
  return (
    <>
      <CrmHeading title={t('screen.project.user')} />
      <Tabs defaultSelectedKey={may.members ? 'members' : 'invites'}>
        <TabList aria-label={t('members.tabs')}>
          {may.members ? (
            <Tab id="members" data-testid="members-tab">
              {t('members.tab.members')}
            </Tab>
          ) : null}
          {may.viewInvites ? (
            <Tab id="invites" data-testid="invites-tab">
              {t('members.tab.invites')}
            </Tab>
          ) : null}
        </TabList>
        {may.members ? (
          <TabPanel id="members">
            <MembersPanel project={project} may={may} />
          </TabPanel>
        ) : null}
        {may.viewInvites ? (
          <TabPanel id="invites">
            <InvitesPanel project={project} may={may} />
          </TabPanel>
        ) : null}
      </Tabs>
    </>
  );
}

function MembersPanel({ project, may }: { project: Project; may: MemberPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'member_list'>(client));
  const actor = useActorRef(membersMachine, {
    input: { client, key: project.key, fetchPage, editor: project.permissions },
  });
  // The viewer's own keys may change live: the next editor follows them.
  useEffect(() => {
    actor.send({ type: 'members.editorChanged', permissions: project.permissions });
  }, [actor, project.permissions]);
  const table = useSelector(actor, selectMemberTable);
  const columns = useMemo(() => memberColumns(t, actor, may, project), [t, actor, may, project]);
  useAnnouncements(actor, {
    'members.permissionsSaved': ({ member }) => ({
      message: t('members.permissionsSaved', { name: member.name }),
    }),
    'members.removed': ({ member }) => ({ message: t('members.removed', { name: member.name }) }),
    'members.transferred': ({ member }) => ({ message: t('members.transferred', { name: member.name }) }),
  });
  return (
    <div className={css.panel}>
      <CrmSearch
        label={t('members.search')}
        placeholder={t('members.searchPlaceholder')}
        testId="member-search"
        onChange={(text) => actor.send({ type: 'members.search', text })}
      />
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(member) => member.userId}
          label={t('members.table')}
        />
      ) : null}
      <MemberDialogs actor={actor} />
    </div>
  );
}

function MemberDialogs({ actor }: { actor: MembersActor }) {
  const t = useT();
  const dialog = useSelector(actor, selectMembersDialog);
  const editor = useSelector(actor, selectPermissionEditor);
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  const removeError = useSelector(actor, (snapshot) => snapshot.context.removeError);
  const removing = useSelector(actor, (snapshot) => snapshot.hasTag('removing'));
  const transferError = useSelector(actor, (snapshot) => snapshot.context.transferError);
  const transferring = useSelector(actor, (snapshot) => snapshot.hasTag('transferring'));
  if (dialog === 'editor' && editor !== undefined)
    return <PermissionEditorDialog actor={editor} onCancel={() => actor.send({ type: 'members.cancel' })} />;
  if (dialog === 'remove' && target !== null)
    return (
      <ConfirmDeleteDialog
        title={t('members.removeTitle', { name: target.name })}
        body={t('members.removeBody', { name: target.name })}
        error={removeError ? t('members.removeFailed', { message: removeError.message }) : null}
        busy={removing}
        confirmText={removing ? t('members.removing') : t('members.removeConfirm')}
        confirmTestId="member-remove-confirm"
        onConfirm={() => actor.send({ type: 'members.confirmRemove' })}
        onCancel={() => actor.send({ type: 'members.cancel' })}
      />
    );
  if (dialog === 'transfer' && target !== null)
    return (
      <ConfirmDeleteDialog
        title={t('members.transferTitle', { name: target.name })}
        body={t('members.transferBody', { name: target.name })}
        error={transferError ? t('members.transferFailed', { message: transferError.message }) : null}
        busy={transferring}
        confirmText={transferring ? t('members.transferring') : t('members.transferConfirm')}
        confirmTestId="member-transfer-confirm"
        onConfirm={() => actor.send({ type: 'members.confirmTransfer' })}
        onCancel={() => actor.send({ type: 'members.cancel' })}
      />
    );
  return null;
}

function roleText(t: Translate, member: ProjectMember): string {
  const template = member.template ? t(`template.${member.template}`) : t('members.custom');
  if (member.role !== 'owner') return template;
  // "Project owner · Owner" says one thing twice; a trimmed owner shows what they kept.
  return member.template === 'owner' ? t('members.owner') : `${t('members.owner')} · ${template}`;
}

function memberColumns(
  t: Translate,
  actor: MembersActor,
  may: MemberPermissions,
  project: Project,
): ColumnDef<ProjectMember>[] {
  const { timeZone } = project;
  const rowMay = (member: ProjectMember) => memberRowActions(project, member);
  const columns: ColumnDef<ProjectMember>[] = [
    {
      id: 'name',
      header: t('members.column.name'),
      size: 220,
      cell: ({ row }) => (
        <span className={css.nameCell}>
          <span data-testid="member-name">
            {row.original.name}{' '}
            {row.original.self ? <span className={css.muted}>{t('members.you')}</span> : null}
          </span>
        </span>
      ),
    },
    {
      id: 'phone',
      header: t('members.column.phone'),
      size: 160,
      cell: ({ row }) => <span className={css.muted}>{row.original.maskedPhone}</span>,
    },
    {
      id: 'role',
      header: t('members.column.role'),
      size: 180,
      cell: ({ row }) => <span data-testid="member-role">{roleText(t, row.original)}</span>,
    },
    {
      id: 'joined',
      header: t('members.column.joined'),
      size: 140,
      cell: ({ row }) => formatDate(row.original.joinedAt, timeZone),
    },
  ];
  return withRowActions(columns, {
    header: t('members.column.actions'),
    edit: {
      allowed: may.setPermissions,
      shownFor: (member) => rowMay(member).edit,
      text: t('members.editPermissions'),
      label: (member) => t('members.editPermissionsLabel', { name: member.name }),
      testId: 'member-permissions',
      icon: 'permissions',
      onPress: (member) => actor.send({ type: 'members.editPermissions', member }),
    },
    other: {
      allowed: projectOwnership(project).transfer,
      shownFor: (member) => rowMay(member).transfer,
      text: t('members.transfer'),
      label: (member) => t('members.transferLabel', { name: member.name }),
      testId: 'member-transfer',
      icon: 'owner',
      onPress: (member) => actor.send({ type: 'members.transfer', member }),
    },
    remove: {
      allowed: may.remove,
      shownFor: (member) => rowMay(member).remove,
      text: t('members.remove'),
      label: (member) => t('members.removeLabel', { name: member.name }),
      testId: 'member-remove',
      onPress: (member) => actor.send({ type: 'members.remove', member }),
    },
  });
}
