import { useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { Form } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDate } from '@sapa/sdk';
import type { MessageKey, Project, WhatsAppAccount } from '@sapa/sdk';
import {
  accountPermissions,
  accountsMachine,
  selectAccounts,
  selectAccountsStatus,
  type AccountField,
  type AccountForm,
  type AccountPermissions,
} from '@sapa/machines/team';
import { type FieldErrors } from '@sapa/machines/auth';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import * as layout from '../layout/layout.css.ts';
import { AccountHelp } from './AccountHelp.tsx';
import * as css from './accounts.css.ts';

type AccountsActor = Actor<typeof accountsMachine>;

const NO_ERRORS: FieldErrors<AccountField> = {};

const statusLabels: Record<WhatsAppAccount['status'], MessageKey> = {
  connected: 'account.status.connected',
  disconnected: 'account.status.disconnected',
  logged_out: 'account.status.logged_out',
};

/**
 * `/project/account/{key}`: the project's WhatsApp numbers with live status (`account.status`),
 * and, each with its permission, adding a number, renaming one, giving it a new access token and
 * logging it out (accountsMachine).
 */
export function AccountsPage() {
  const t = useT();
  const { status, project, error, retry } = useProject();
  return (
    <section className={css.page} aria-labelledby="screen-title">
      <h1 id="screen-title" className={layout.pageTitle}>
        {t('screen.project.account')}
      </h1>
      {status === 'loading' ? <Spinner label={t('chat.project.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={layout.formError}>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null ? <Accounts key={project.key} project={project} /> : null}
    </section>
  );
}

function Accounts({ project }: { project: Project }) {
  const t = useT();
  const { client, inbox } = useRuntime();
  const may = accountPermissions(project.permissions);
  const actor = useActorRef(accountsMachine, { input: { client, key: project.key } });
  const status = useSelector(actor, selectAccountsStatus);
  const accounts = useSelector(actor, selectAccounts);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useEffect(() => inbox.router.attachAccounts(project.key, actor), [inbox.router, project.key, actor]);
  if (!may.view) return <p className={css.empty}>{t('account.noAccess')}</p>;
  return (
    <>
      {status === 'loading' ? <Spinner label={t('account.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={layout.formError}>{t('account.failed', { message: error?.message ?? '' })}</p>
          <Button onPress={() => actor.send({ type: 'accounts.retry' })}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {status === 'empty' ? <p className={css.empty}>{t('account.empty')}</p> : null}
      {status === 'ready' ? (
        <ul className={css.list} aria-label={t('account.list')}>
          {accounts.map((account) => (
            <AccountCard
              key={account.id}
              account={account}
              actor={actor}
              may={may}
              timeZone={project.timeZone}
            />
          ))}
        </ul>
      ) : null}
      {may.add && (status === 'ready' || status === 'empty') ? (
        <div className={css.addRow}>
          <AddAccount actor={actor} />
          <AccountHelp />
        </div>
      ) : null}
    </>
  );
}

/** Closes a form once the machine saved its change (`saved` grew). */
function useClosesOnSave(actor: AccountsActor, close: () => void) {
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved);
  const last = useRef(saved);
  useEffect(() => {
    if (saved === last.current) return;
    last.current = saved;
    close();
  }, [saved, close]);
}

function AccountCard({
  account,
  actor,
  may,
  timeZone,
}: {
  account: WhatsAppAccount;
  actor: AccountsActor;
  may: AccountPermissions;
  timeZone: string;
}) {
  const t = useT();
  const [dialogOpen, setDialogOpen] = useState<'rename' | 'token' | 'logout' | null>(null);
  // Saving or refreshing after a reconnection: the machine takes no change then, so none is offered.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const headingId = `account-${account.id}`;
  return (
    <li className={css.card} aria-labelledby={headingId}>
      <div className={css.cardHead}>
        <h2 id={headingId} className={css.name}>
          {account.name}
        </h2>
        <span className={css.status({ status: account.status })} role="status">
          {t(statusLabels[account.status])}
        </span>
      </div>
      <p className={css.meta}>{t('account.displayPhone', { phone: account.displayPhone })}</p>
      <p className={css.meta}>{t('account.phoneNumberIdValue', { id: account.phoneNumberId })}</p>
      <p className={css.meta}>{t('account.added', { date: formatDate(account.createdAt, timeZone) })}</p>
      {may.edit || may.logout ? (
        <div className={css.actions}>
          {may.edit ? (
            <>
              <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('rename')}>
                {t('account.rename')}
              </Button>
              <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('token')}>
                {t('account.newToken')}
              </Button>
            </>
          ) : null}
          {may.logout && account.status !== 'logged_out' ? (
            <Button size="sm" tone="ghost" isDisabled={busy} onPress={() => setDialogOpen('logout')}>
              {t('account.logout')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialogOpen === 'rename' ? (
        <ChangeDialog actor={actor} account={account} kind="rename" onClose={() => setDialogOpen(null)} />
      ) : null}
      {dialogOpen === 'token' ? (
        <ChangeDialog actor={actor} account={account} kind="token" onClose={() => setDialogOpen(null)} />
      ) : null}
      {dialogOpen === 'logout' ? (
        <LogoutDialog actor={actor} account={account} onClose={() => setDialogOpen(null)} />
      ) : null}
    </li>
  );
}

function ChangeDialog({
  actor,
  account,
  kind,
  onClose,
}: {
  actor: AccountsActor;
  account: WhatsAppAccount;
  kind: 'rename' | 'token';
  onClose(): void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const [value, setValue] = useState(kind === 'rename' ? account.name : '');
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  // Saving or refreshing after a reconnection: the machine takes no change then, so none is offered.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const close = () => {
    actor.send({ type: 'accounts.dismiss' });
    onClose();
  };
  useClosesOnSave(actor, onClose);
  return (
    <ModalDialog
      title={t(kind === 'rename' ? 'account.renameTitle' : 'account.tokenTitle', { name: account.name })}
      isOpen
      onOpenChange={(open) => (open ? null : close())}
    >
      <Form
        className={dialog.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send(
            kind === 'rename'
              ? { type: 'accounts.rename', id: account.id, name: value }
              : { type: 'accounts.renewToken', id: account.id, accessToken: value },
          );
        }}
      >
        {kind === 'rename' ? (
          <TextField
            label={t('account.name')}
            value={value}
            onChange={setValue}
            error={fieldError(fieldErrors.name)}
            autoFocus
          />
        ) : (
          <TextField
            label={t('account.accessToken')}
            value={value}
            onChange={setValue}
            error={fieldError(fieldErrors.accessToken)}
            revealable
            autoComplete="off"
            description={t('account.tokenHint')}
            autoFocus
          />
        )}
        <FormError
          message={changeError ? t('account.changeFailed', { message: changeError.message }) : null}
        />
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy}>
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}

function LogoutDialog({
  actor,
  account,
  onClose,
}: {
  actor: AccountsActor;
  account: WhatsAppAccount;
  onClose(): void;
}) {
  const t = useT();
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  // Saving or refreshing after a reconnection: the machine takes no change then, so none is offered.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const close = () => {
    actor.send({ type: 'accounts.dismiss' });
    onClose();
  };
  useClosesOnSave(actor, onClose);
  return (
    <ModalDialog
      title={t('account.logoutTitle', { name: account.name })}
      isOpen
      onOpenChange={(open) => (open ? null : close())}
    >
      <p className={css.meta}>{t('account.logoutBody')}</p>
      <FormError message={changeError ? t('account.changeFailed', { message: changeError.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button isDisabled={busy} onPress={() => actor.send({ type: 'accounts.logout', id: account.id })}>
          {t('account.logout')}
        </Button>
      </div>
    </ModalDialog>
  );
}

const EMPTY_FORM: AccountForm = { name: '', phoneNumberId: '', displayPhone: '', accessToken: '' };

function AddAccount({ actor }: { actor: AccountsActor }) {
  const t = useT();
  const fieldError = useFieldError();
  const [form, setForm] = useState(EMPTY_FORM);
  const change = useSelector(actor, (snapshot) => snapshot.context.change);
  const fieldErrors = useSelector(actor, (snapshot) =>
    change?.kind === 'create' ? snapshot.context.fieldErrors : NO_ERRORS,
  );
  const changeError = useSelector(actor, (snapshot) =>
    change?.kind === 'create' ? snapshot.context.changeError : null,
  );
  // Saving or refreshing after a reconnection: the machine takes no change then, so none is offered.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const created = useSelector(actor, (snapshot) =>
    snapshot.context.change?.kind === 'create' ? snapshot.context.saved : 0,
  );
  const last = useRef(created);
  useEffect(() => {
    if (created === last.current) return;
    last.current = created;
    setForm(EMPTY_FORM);
  }, [created]);
  const set = (field: keyof AccountForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  return (
    <section className={css.section} aria-labelledby="add-account-title">
      <h2 id="add-account-title" className={css.sectionTitle}>
        {t('account.add.title')}
      </h2>
      <Form
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'accounts.create', ...form });
        }}
      >
        <TextField
          label={t('account.name')}
          value={form.name}
          onChange={set('name')}
          error={fieldError(fieldErrors.name)}
        />
        <TextField
          label={t('account.phoneNumberId')}
          value={form.phoneNumberId}
          onChange={set('phoneNumberId')}
          inputMode="numeric"
          description={t('account.phoneNumberIdHint')}
          error={fieldError(fieldErrors.phoneNumberId)}
        />
        <TextField
          label={t('account.displayPhoneLabel')}
          type="tel"
          value={form.displayPhone}
          onChange={set('displayPhone')}
          placeholder={t('auth.phonePlaceholder')}
          error={fieldError(fieldErrors.displayPhone)}
        />
        <TextField
          label={t('account.accessToken')}
          value={form.accessToken}
          onChange={set('accessToken')}
          revealable
          autoComplete="off"
          description={t('account.accessTokenHint')}
          error={fieldError(fieldErrors.accessToken)}
        />
        <div className={css.formEnd}>
          <Button type="submit" isDisabled={busy}>
            {t('account.add.submit')}
          </Button>
        </div>
      </Form>
      <FormError message={changeError ? t('account.changeFailed', { message: changeError.message }) : null} />
    </section>
  );
}
