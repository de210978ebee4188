import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatDateTime, isRoleTemplate, roleTemplates } from '@sapa/sdk';
import type { Invite, Project } from '@sapa/sdk';
import { fetchActPage } from '@sapa/machines/table';
import {
  invitesMachine,
  selectInvitesDialog,
  selectInviteTable,
  type MemberPermissions,
} from '@sapa/machines/team';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import { ConfirmDeleteDialog } from '../crm/ConfirmDeleteDialog.tsx';
import { useAnnouncements } from '../crm/CrmPage.tsx';
import { fieldErrorText } from '../crm/crudDialogs.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import * as crmCss from '../crm/crm.css.ts';
import * as css from './members.css.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The project area's texts are not loaded with the app.
loadTeamTexts();

type InvitesActor = ActorRefFrom<typeof invitesMachine>;

async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * The invites tab: the project's invite codes (code, starting template, status, uses, expiry),
 * "Buat undangan" (`project.user.create_invite`) with a template, an optional expiry and use
 * limit, and per code Copy link and Revoke (invitesMachine).
 */
export function InvitesPanel({ project, may }: { project: Project; may: MemberPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'invite_list'>(client));
  const actor = useActorRef(invitesMachine, {
    input: { client, key: project.key, fetchPage, origin: window.location.origin, copy: copyToClipboard },
  });
  const table = useSelector(actor, selectInviteTable);
  const columns = useMemo(
    () => inviteColumns(t, actor, may, project.timeZone),
    [t, actor, may, project.timeZone],
  );
  useAnnouncements(actor, {
    'invites.created': ({ invite }) => ({ message: t('invites.created', { code: invite.code }) }),
    'invites.revoked': ({ invite }) => ({ message: t('invites.revoked', { code: invite.code }) }),
    'invites.copied': () => ({ message: t('invites.copied') }),
    'invites.copyFailed': ({ link }) => ({ message: t('invites.copyFailed', { link }), tone: 'error' }),
  });
  return (
    <div className={css.panel}>
      {may.createInvite ? (
        <div>
          <Button data-testid="invite-add" onPress={() => actor.send({ type: 'invites.add' })}>
            {t('invites.add')}
          </Button>
        </div>
      ) : null}
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(invite) => invite.id}
          label={t('invites.table')}
        />
      ) : null}
      <InviteDialogs actor={actor} />
    </div>
  );
}

function InviteDialogs({ actor }: { actor: InvitesActor }) {
  const t = useT();
  const dialogShown = useSelector(actor, selectInvitesDialog);
  const target = useSelector(actor, (snapshot) => snapshot.context.revokeTarget);
  const revokeError = useSelector(actor, (snapshot) => snapshot.context.revokeError);
  const revoking = useSelector(actor, (snapshot) => snapshot.hasTag('revoking'));
  if (dialogShown === 'form') return <InviteFormDialog actor={actor} />;
  if (dialogShown === 'revoke' && target !== null)
    return (
      <ConfirmDeleteDialog
        title={t('invites.revokeTitle', { code: target.code })}
        body={t('invites.revokeBody')}
        error={revokeError ? t('invites.revokeFailed', { message: revokeError.message }) : null}
        busy={revoking}
        confirmText={t('invites.revokeConfirm')}
        confirmTestId="invite-revoke-confirm"
        onConfirm={() => actor.send({ type: 'invites.confirmRevoke' })}
        onCancel={() => actor.send({ type: 'invites.cancel' })}
      />
    );
  return null;
}

function InviteFormDialog({ actor }: { actor: InvitesActor }) {
  const t = useT();
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const saveError = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  return (
    <ModalDialog
      title={t('invites.form.title')}
      isOpen
      onOpenChange={(open) => (open || saving ? null : actor.send({ type: 'invites.cancel' }))}
    >
      <form
        className={css.form}
        data-testid="invite-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'invites.create' });
        }}
      >
        <RadioGroup
          value={draft.template}
          isDisabled={saving}
          onChange={(value) => {
            if (isRoleTemplate(value)) actor.send({ type: 'invites.template', template: value });
          }}
        >
          <Label className={css.legend}>{t('invites.form.template')}</Label>
          <div className={css.radios}>
            {roleTemplates.map((template) => (
              <Radio
                key={template}
                value={template}
                className={css.radio}
                data-testid={`invite-template-${template}`}
              >
                {t(`template.${template}`)}
              </Radio>
            ))}
          </div>
          <span className={css.muted}>{t('invites.form.templateHint')}</span>
        </RadioGroup>
        <TextField
          label={t('invites.form.expires')}
          description={t('invites.form.expiresHint')}
          inputMode="numeric"
          value={draft.expiresInHours}
          error={fieldErrorText(t, errors.expiresInHours)}
          isDisabled={saving}
          onChange={(value) => actor.send({ type: 'invites.expiresInHours', value })}
        />
        <TextField
          label={t('invites.form.maxUses')}
          description={t('invites.form.maxUsesHint')}
          inputMode="numeric"
          value={draft.maxUses}
          error={fieldErrorText(t, errors.maxUses)}
          isDisabled={saving}
          onChange={(value) => actor.send({ type: 'invites.maxUses', value })}
        />
        <FormError message={saveError ? t('invites.form.failed', { message: saveError.message }) : null} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={() => actor.send({ type: 'invites.cancel' })}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="invite-create" isDisabled={saving}>
            {saving ? t('invites.form.creating') : t('invites.form.create')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function inviteColumns(
  t: Translate,
  actor: InvitesActor,
  may: MemberPermissions,
  timeZone: string,
): ColumnDef<Invite>[] {
  return [
    {
      id: 'code',
      header: t('invites.column.code'),
      size: 170,
      cell: ({ row }) => (
        <span className={css.code} data-testid="invite-code">
          {row.original.code}
        </span>
      ),
    },
    {
      id: 'template',
      header: t('invites.column.template'),
      size: 130,
      cell: ({ row }) => t(`template.${row.original.template}`),
    },
    {
      id: 'status',
      header: t('invites.column.status'),
      size: 130,
      cell: ({ row }) => (
        <span data-testid="invite-status">{t(`invites.status.${row.original.status}`)}</span>
      ),
    },
    {
      id: 'uses',
      header: t('invites.column.uses'),
      size: 130,
      cell: ({ row }) => {
        const { uses, maxUses } = row.original;
        return maxUses === null
          ? t('invites.usesUnlimited', { uses })
          : t('invites.usesOf', { uses, max: maxUses });
      },
    },
    {
      id: 'expires',
      header: t('invites.column.expires'),
      size: 170,
      cell: ({ row }) =>
        row.original.expiresAt === null
          ? t('invites.never')
          : formatDateTime(row.original.expiresAt, timeZone),
    },
    {
      id: 'actions',
      header: t('invites.column.actions'),
      size: 220,
      cell: ({ row }) => {
        const invite = row.original;
        return (
          <span className={crmCss.rowActions}>
            <Button
              size="sm"
              tone="secondary"
              aria-label={t('invites.copyLabel', { code: invite.code })}
              data-testid="invite-copy"
              onPress={() => actor.send({ type: 'invites.copy', invite })}
            >
              {t('invites.copy')}
            </Button>
            {may.createInvite && invite.status === 'active' ? (
              <Button
                size="sm"
                tone="ghost"
                aria-label={t('invites.revokeLabel', { code: invite.code })}
                data-testid="invite-revoke"
                onPress={() => actor.send({ type: 'invites.revoke', invite })}
              >
                {t('invites.revoke')}
              </Button>
            ) : null}
          </span>
        );
      },
    },
  ];
}
