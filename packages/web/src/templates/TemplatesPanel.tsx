/**
 * The Templates tab of `/project/account/{key}`: pick a number (its WhatsApp Business Account
 * holds the templates), then its templates with their review status, category and reason, kept
 * live (templatesMachine); sync with Meta, delete (asked first) and "Buat template" (the editor),
 * each with its `project.account` key.
 */
import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDateTime } from '@sapa/sdk';
import type { MessageTemplate, Project, WhatsAppAccount } from '@sapa/sdk';
import type { accountsMachine } from '@sapa/machines/team';
import {
  selectAccounts,
  selectAccountsStatus,
  selectTemplateEditor,
  selectTemplates,
  selectTemplatesStatus,
  selectTemplatesSyncing,
  templatesMachine,
  type AccountPermissions,
} from '@sapa/machines/team';
import { Alert } from '../components/Alert.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as layout from '../layout/layout.css.ts';
import { templateLanguageKey, templateReasonKey, templateStatusTone } from '../accounts/accountFacts.ts';
import * as accountCss from '../accounts/accounts.css.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import * as css from './templates.css.ts';

type TemplatesActor = Actor<typeof templatesMachine>;

export function TemplatesPanel({
  project,
  accounts,
  may,
}: {
  project: Project;
  accounts: Actor<typeof accountsMachine>;
  may: AccountPermissions;
}) {
  const t = useT();
  const status = useSelector(accounts, selectAccountsStatus);
  const numbers = useSelector(accounts, selectAccounts);
  const [picked, setPicked] = useState<string | null>(null);
  if (status === 'loading') return <Spinner label={t('account.loading')} />;
  if (status === 'failed') return null;
  if (numbers.length === 0) return <p className={accountCss.empty}>{t('templates.noNumbers')}</p>;
  const account =
    numbers.find((number) => number.id === picked) ??
    numbers.find((number) => number.wabaId !== null) ??
    numbers[0];
  if (account === undefined) return null;
  return (
    <div className={css.panel}>
      {numbers.length > 1 ? (
        <div className={css.numberPicker}>
          <ChoiceField
            label={t('templates.number')}
            choices={numbers.map((number) => ({
              id: number.id,
              label: `${number.name} (${number.displayPhone})`,
            }))}
            value={account.id}
            onChange={setPicked}
            testId="templates-number"
          />
        </div>
      ) : null}
      {account.wabaId === null ? (
        <Alert tone="warning">
          <p className={css.muted}>{t('templates.noWaba', { name: account.name })}</p>
        </Alert>
      ) : (
        <Templates key={account.id} project={project} account={account} wabaId={account.wabaId} may={may} />
      )}
    </div>
  );
}

function Templates({
  project,
  account,
  wabaId,
  may,
}: {
  project: Project;
  account: WhatsAppAccount;
  wabaId: string;
  may: AccountPermissions;
}) {
  const { client, inbox } = useRuntime();
  const { locale } = usePreferences();
  const actor = useActorRef(templatesMachine, {
    input: { client, key: project.key, accountId: account.id, wabaId, language: locale },
  });
  useEffect(() => inbox.router.attachTemplates(project.key, actor), [inbox.router, project.key, actor]);
  const editor = useSelector(actor, selectTemplateEditor);
  if (editor !== undefined) return <TemplateEditor editor={editor} account={account} />;
  return <TemplateList actor={actor} account={account} may={may} timeZone={project.timeZone} />;
}

function TemplateList({
  actor,
  account,
  may,
  timeZone,
}: {
  actor: TemplatesActor;
  account: WhatsAppAccount;
  may: AccountPermissions;
  timeZone: string;
}) {
  const t = useT();
  const status = useSelector(actor, selectTemplatesStatus);
  const templates = useSelector(actor, selectTemplates);
  const syncing = useSelector(actor, selectTemplatesSyncing);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const syncError = useSelector(actor, (snapshot) => snapshot.context.syncError);
  const deleteError = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const deleting = useSelector(actor, (snapshot) => snapshot.context.deleting);
  const created = useSelector(actor, (snapshot) => snapshot.context.created);
  const [confirming, setConfirming] = useState<MessageTemplate | null>(null);
  const listId = `templates-${account.id}`;
  return (
    <section className={css.panel} aria-labelledby={listId}>
      <div className={css.toolbar}>
        <div className={css.editorHead}>
          <h2 id={listId} className={css.editorTitle}>
            {t('templates.list', { name: account.name })}
          </h2>
          <p className={css.muted}>
            {t('templates.numberValue', { name: account.displayPhone, waba: account.wabaId ?? '' })}
          </p>
        </div>
        <div className={css.toolbarActions}>
          {syncing ? (
            <span className={css.syncing} role="status">
              <Spinner label={t('templates.syncing')} />
              <span className={css.muted}>{t('templates.syncing')}</span>
            </span>
          ) : null}
          {may.templates ? (
            <Button tone="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'templates.sync' })}>
              {t('templates.sync')}
            </Button>
          ) : null}
          {may.createTemplate ? (
            <Button
              isDisabled={busy || status === 'loading' || status === 'failed'}
              onPress={() => actor.send({ type: 'templates.create' })}
            >
              {t('templates.create')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className={css.muted}>{t('templates.intro')}</p>
      {created !== null ? (
        <Alert tone="info">
          <p className={css.muted}>{t('templates.created', { name: created.name })}</p>
        </Alert>
      ) : null}
      {syncError !== null ? (
        <Alert tone="error" onDismiss={() => actor.send({ type: 'templates.dismiss' })}>
          <p className={css.muted}>{t('templates.syncFailed', { message: syncError.message })}</p>
        </Alert>
      ) : null}
      {deleteError !== null && deleting !== null ? (
        <Alert tone="error" onDismiss={() => actor.send({ type: 'templates.dismiss' })}>
          <p className={css.muted}>
            {t('templates.deleteFailed', { name: deleting.name, message: deleteError.message })}
          </p>
        </Alert>
      ) : null}
      {status === 'loading' ? <Spinner label={t('templates.loading')} /> : null}
      {status === 'failed' ? (
        <div className={accountCss.state} role="alert">
          <p className={layout.formError}>{t('templates.failed', { message: error?.message ?? '' })}</p>
          <Button onPress={() => actor.send({ type: 'templates.retry' })}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {status === 'empty' && !syncing ? <p className={accountCss.empty}>{t('templates.empty')}</p> : null}
      {status === 'ready' ? (
        <ul className={css.list} aria-labelledby={listId}>
          {templates.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              timeZone={timeZone}
              deleting={deleting?.id === template.id && deleteError === null}
              {...(may.deleteTemplate ? { onDelete: busy ? null : () => setConfirming(template) } : {})}
            />
          ))}
        </ul>
      ) : null}
      {confirming !== null ? (
        <ModalDialog
          title={t('templates.deleteTitle', { name: confirming.name })}
          isOpen
          onOpenChange={(open) => (open ? null : setConfirming(null))}
        >
          <p className={css.muted}>{t('templates.deleteBody')}</p>
          <div className={dialog.actions}>
            <Button tone="secondary" onPress={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              isDisabled={busy}
              onPress={() => {
                actor.send({ type: 'templates.delete', id: confirming.id });
                setConfirming(null);
              }}
            >
              {t('templates.delete')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}

function TemplateCard({
  template,
  timeZone,
  deleting,
  onDelete,
}: {
  template: MessageTemplate;
  timeZone: string;
  deleting: boolean;
  /** Absent without the permission; null while another change runs. */
  onDelete?: (() => void) | null;
}) {
  const t = useT();
  const languageKey = templateLanguageKey(template.language);
  const reasonKey = template.reason === null ? null : templateReasonKey(template.reason);
  const headingId = `template-${template.id}`;
  return (
    <li className={css.card} aria-labelledby={headingId} data-testid="template-card">
      <div className={css.cardHead}>
        <h3 id={headingId} className={css.templateName}>
          {template.name}
        </h3>
        <span
          className={accountCss.toneChip({ tone: templateStatusTone(template.status), dot: true })}
          role="status"
          data-testid="template-status"
        >
          {t(`templates.status.${template.status}`)}
        </span>
      </div>
      <div className={css.tags}>
        <span className={accountCss.toneChip({ tone: 'neutral' })}>
          {languageKey === null ? template.language : t(languageKey)}
        </span>
        <span className={accountCss.toneChip({ tone: 'neutral' })}>
          {t(`templates.category.${template.category}`)}
          {template.previousCategory !== null
            ? ` · ${t('templates.previousCategory', { category: t(`templates.category.${template.previousCategory}`) })}`
            : ''}
        </span>
      </div>
      {template.reason !== null && template.reason !== 'NONE' ? (
        <p className={css.reason}>
          {t('templates.reason', { reason: reasonKey === null ? template.reason : t(reasonKey) })}
        </p>
      ) : null}
      <p className={css.bodyPreview}>{template.body}</p>
      <div className={css.cardFoot}>
        <span className={css.muted}>
          {t('templates.updated', { date: formatDateTime(template.updatedAt, timeZone) })}
        </span>
        {onDelete !== undefined ? (
          <Button
            size="sm"
            tone="ghost"
            isDisabled={onDelete === null || deleting}
            aria-label={t('templates.deleteLabel', { name: template.name })}
            onPress={() => onDelete?.()}
          >
            {deleting ? t('templates.deleting') : t('templates.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
