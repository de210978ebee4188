import { useEffect, useRef, useState } from 'react';
import type { Actor, ActorRefFrom } from 'xstate';
import { Form } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import { BROADCAST_DEFAULT_RATE, BROADCAST_RATE_MAX, formatDate, formatDateTime } from '@sapa/sdk';
import type { MessageKey, Project, WhatsAppAccount } from '@sapa/sdk';
import type { accountFormMachine } from '@sapa/machines/team';
import {
  accountPermissions,
  accountsMachine,
  selectAccountDraft,
  selectAccountForm,
  selectAccountFormErrors,
  selectAccountVerifying,
  selectAccounts,
  selectAccountsStatus,
  selectAddedAccount,
  selectChangeOf,
  type AccountField,
  type AccountPermissions,
} from '@sapa/machines/team';
import { Alert } from '../components/Alert.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import * as layout from '../layout/layout.css.ts';
import { TemplatesPanel } from '../templates/TemplatesPanel.tsx';
import { AccountHelp } from './AccountHelp.tsx';
import { messagingLimitKey, qualityTone } from './accountFacts.ts';
import * as css from './accounts.css.ts';
import { loadTemplateTexts } from '../i18n/templateTexts.ts';

// Its template and outreach texts load with this screen, not with the app.
loadTemplateTexts();

type AccountsActor = Actor<typeof accountsMachine>;
type AccountFormActor = ActorRefFrom<typeof accountFormMachine>;

const statusLabels: Record<WhatsAppAccount['status'], MessageKey> = {
  connected: 'account.status.connected',
  disconnected: 'account.status.disconnected',
  logged_out: 'account.status.logged_out',
};

/**
 * `/project/account/{key}`: the project's WhatsApp numbers as Meta verified them (verified name,
 * quality rating, messaging tier, broadcast rate, status, when checked), kept live; adding a
 * number (Meta is asked first), reading one from Meta again, renaming it, a new access token, its
 * broadcast rate (Meta's default of 80 a second unless set), logging it out and
 * deleting it, each with its permission (accountsMachine); and, for `project.account.view`, the
 * Templates tab of each number's WhatsApp Business Account (TemplatesPanel).
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
  useEffect(() => inbox.router.attachAccounts(project.key, actor), [inbox.router, project.key, actor]);
  if (!may.view) return <p className={css.empty}>{t('account.noAccess')}</p>;
  if (!may.templates) return <Numbers actor={actor} may={may} timeZone={project.timeZone} />;
  return (
    <Tabs defaultSelectedKey="numbers">
      <TabList aria-label={t('account.tabs')}>
        <Tab id="numbers" data-testid="accounts-tab">
          {t('account.tab.numbers')}
        </Tab>
        <Tab id="templates" data-testid="templates-tab">
          {t('account.tab.templates')}
        </Tab>
      </TabList>
      <TabPanel id="numbers">
        <div className={css.tabPanel}>
          <Numbers actor={actor} may={may} timeZone={project.timeZone} />
        </div>
      </TabPanel>
      <TabPanel id="templates">
        <div className={css.tabPanel}>
          <TemplatesPanel project={project} accounts={actor} may={may} />
        </div>
      </TabPanel>
    </Tabs>
  );
}

function Numbers({
  actor,
  may,
  timeZone,
}: {
  actor: AccountsActor;
  may: AccountPermissions;
  timeZone: string;
}) {
  const t = useT();
  const status = useSelector(actor, selectAccountsStatus);
  const accounts = useSelector(actor, selectAccounts);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const form = useSelector(actor, selectAccountForm);
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
            <AccountCard key={account.id} account={account} actor={actor} may={may} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
      {may.add && form !== undefined ? (
        <div className={css.addRow}>
          <div className={css.addColumn}>
            <AddedNotice actor={actor} />
            <AddAccount form={form} />
          </div>
          <AccountHelp />
        </div>
      ) : null}
    </>
  );
}

/** A quality rating as a coloured chip. */
function QualityChip({ account }: { account: WhatsAppAccount }) {
  const t = useT();
  return (
    <span className={css.toneChip({ tone: qualityTone(account.qualityRating), dot: true })}>
      {t(`account.quality.${account.qualityRating}`)}
    </span>
  );
}

function limitText(t: Translate, limit: string | null): string {
  const key = messagingLimitKey(limit);
  return key === null ? (limit ?? '') : t(key);
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

type CardDialog = 'rename' | 'token' | 'waba' | 'rate' | 'logout' | 'delete';

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
  const [dialogOpen, setDialogOpen] = useState<CardDialog | null>(null);
  // Saving or refreshing after a reconnection: the machine takes no change then, so none is offered.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const change = useSelector(actor, (snapshot) => selectChangeOf(snapshot, account.id));
  const changeError = useSelector(actor, (snapshot) =>
    snapshot.context.change?.accountId === account.id && snapshot.context.change.kind === 'refresh'
      ? snapshot.context.changeError
      : null,
  );
  const headingId = `account-${account.id}`;
  return (
    <li className={css.card} aria-labelledby={headingId} data-testid="account-card">
      <div className={css.cardHead}>
        <h2 id={headingId} className={css.name}>
          {account.name}
        </h2>
        <span className={css.status({ status: account.status })} role="status">
          {t(statusLabels[account.status])}
        </span>
      </div>
      <dl className={css.facts} aria-label={t('account.facts')}>
        <dt className={css.factTerm}>{t('account.fact.verifiedName')}</dt>
        <dd className={`${css.factValue} ${css.verifiedName}`}>
          {account.verifiedName ?? t('account.notVerified')}
        </dd>
        <dt className={css.factTerm}>{t('account.fact.phone')}</dt>
        <dd className={css.factValue}>{account.displayPhone}</dd>
        <dt className={css.factTerm}>{t('account.fact.quality')}</dt>
        <dd className={css.factValue}>
          <QualityChip account={account} />
        </dd>
        <dt className={css.factTerm}>{t('account.fact.limit')}</dt>
        <dd className={css.factValue}>{limitText(t, account.messagingLimit)}</dd>
        <dt className={css.factTerm}>{t('account.fact.rate')}</dt>
        <dd className={css.factValue} data-testid="account-rate">
          {account.broadcastRate === null
            ? t('account.rateDefault', { rate: BROADCAST_DEFAULT_RATE })
            : t('account.rateValue', { rate: account.broadcastRate })}
        </dd>
        <dt className={css.factTerm}>{t('account.fact.waba')}</dt>
        <dd className={css.factValue}>{account.wabaId ?? t('account.noWaba')}</dd>
        <dt className={css.factTerm}>{t('account.fact.phoneNumberId')}</dt>
        <dd className={css.factValue}>{account.phoneNumberId}</dd>
        <dt className={css.factTerm}>{t('account.fact.checked')}</dt>
        <dd className={css.factValue}>
          {account.checkedAt === null
            ? t('account.neverChecked')
            : formatDateTime(account.checkedAt, timeZone)}
        </dd>
      </dl>
      <p className={css.meta}>{t('account.added', { date: formatDate(account.createdAt, timeZone) })}</p>
      {changeError ? (
        <p className={layout.formError} role="alert">
          {t('account.changeFailed', { message: changeError.message })}
        </p>
      ) : null}
      {may.refresh || may.edit || may.logout || may.remove ? (
        <div className={css.actions}>
          {may.refresh ? (
            <Button
              size="sm"
              tone="secondary"
              isDisabled={busy}
              onPress={() => actor.send({ type: 'accounts.refresh', id: account.id })}
            >
              {change === 'refresh' ? t('account.refreshing') : t('account.refresh')}
            </Button>
          ) : null}
          {may.edit ? (
            <>
              <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('rename')}>
                {t('account.rename')}
              </Button>
              <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('token')}>
                {t('account.newToken')}
              </Button>
              {account.wabaId === null ? (
                <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('waba')}>
                  {t('account.setWaba')}
                </Button>
              ) : null}
              <Button size="sm" tone="secondary" isDisabled={busy} onPress={() => setDialogOpen('rate')}>
                {t('account.setRate')}
              </Button>
            </>
          ) : null}
          {may.logout && account.status !== 'logged_out' ? (
            <Button size="sm" tone="ghost" isDisabled={busy} onPress={() => setDialogOpen('logout')}>
              {t('account.logout')}
            </Button>
          ) : null}
          {may.remove ? (
            <Button size="sm" tone="ghost" isDisabled={busy} onPress={() => setDialogOpen('delete')}>
              {t('account.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialogOpen === 'rename' || dialogOpen === 'token' || dialogOpen === 'waba' || dialogOpen === 'rate' ? (
        <ChangeDialog actor={actor} account={account} kind={dialogOpen} onClose={() => setDialogOpen(null)} />
      ) : null}
      {dialogOpen === 'logout' || dialogOpen === 'delete' ? (
        <ConfirmDialog
          actor={actor}
          account={account}
          kind={dialogOpen}
          onClose={() => setDialogOpen(null)}
        />
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
  kind: 'rename' | 'token' | 'waba' | 'rate';
  onClose(): void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const [value, setValue] = useState(
    kind === 'rename' ? account.name : kind === 'rate' ? (account.broadcastRate?.toString() ?? '') : '',
  );
  const titles = {
    rename: 'account.renameTitle',
    token: 'account.tokenTitle',
    waba: 'account.wabaTitle',
    rate: 'account.rateTitle',
  } as const;
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
      title={t(titles[kind], { name: account.name })}
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
              : kind === 'waba'
                ? { type: 'accounts.setWaba', id: account.id, wabaId: value }
                : kind === 'rate'
                  ? { type: 'accounts.setRate', id: account.id, rate: value }
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
        ) : kind === 'rate' ? (
          <TextField
            label={t('account.rate')}
            value={value}
            onChange={setValue}
            error={
              fieldErrors.broadcastRate === undefined
                ? null
                : 'key' in fieldErrors.broadcastRate
                  ? t(fieldErrors.broadcastRate.key, { max: BROADCAST_RATE_MAX })
                  : fieldErrors.broadcastRate.message
            }
            description={t('account.rateHint', { rate: BROADCAST_DEFAULT_RATE, max: BROADCAST_RATE_MAX })}
            placeholder={String(BROADCAST_DEFAULT_RATE)}
            inputMode="numeric"
            autoComplete="off"
            data-testid="account-rate-input"
            autoFocus
          />
        ) : kind === 'waba' ? (
          <TextField
            label={t('account.wabaId')}
            value={value}
            onChange={setValue}
            error={fieldError(fieldErrors.wabaId)}
            description={t('account.wabaIdHint')}
            inputMode="numeric"
            autoComplete="off"
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

/** Logging a number out or deleting it: said plainly, then confirmed. */
function ConfirmDialog({
  actor,
  account,
  kind,
  onClose,
}: {
  actor: AccountsActor;
  account: WhatsAppAccount;
  kind: 'logout' | 'delete';
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
  const logout = kind === 'logout';
  return (
    <ModalDialog
      title={t(logout ? 'account.logoutTitle' : 'account.deleteTitle', { name: account.name })}
      isOpen
      onOpenChange={(open) => (open ? null : close())}
    >
      <p className={css.meta}>{t(logout ? 'account.logoutBody' : 'account.deleteBody')}</p>
      <FormError message={changeError ? t('account.changeFailed', { message: changeError.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button
          isDisabled={busy}
          onPress={() => actor.send({ type: logout ? 'accounts.logout' : 'accounts.delete', id: account.id })}
        >
          {t(logout ? 'account.logout' : 'account.delete')}
        </Button>
      </div>
    </ModalDialog>
  );
}

/** What Meta verified of the number the form added last. */
function AddedNotice({ actor }: { actor: AccountsActor }) {
  const t = useT();
  const added = useSelector(actor, selectAddedAccount);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (added === null || dismissed === added.id) return null;
  return (
    <Alert tone="info" title={t('account.add.verified')} onDismiss={() => setDismissed(added.id)}>
      <p className={css.helpText} data-testid="account-verified">
        {t('account.add.verifiedBody', {
          name: added.name,
          phone: added.displayPhone,
          verifiedName: added.verifiedName ?? added.name,
          quality: t(`account.quality.${added.qualityRating}`),
          limit: limitText(t, added.messagingLimit),
        })}
      </p>
    </Alert>
  );
}

const FIELDS: ReadonlyArray<{
  field: AccountField;
  label: MessageKey;
  hint?: MessageKey;
  secret?: boolean;
}> = [
  { field: 'name', label: 'account.name' },
  { field: 'wabaId', label: 'account.wabaId', hint: 'account.wabaIdHint' },
  { field: 'phoneNumberId', label: 'account.phoneNumberId', hint: 'account.phoneNumberIdHint' },
  { field: 'accessToken', label: 'account.accessToken', hint: 'account.accessTokenHint', secret: true },
];

/** The verification form of a new number (accountFormMachine, run by accountsMachine). */
function AddAccount({ form }: { form: AccountFormActor }) {
  const t = useT();
  const fieldError = useFieldError();
  const draft = useSelector(form, selectAccountDraft);
  const errors = useSelector(form, selectAccountFormErrors);
  const verifying = useSelector(form, selectAccountVerifying);
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
          form.send({ type: 'accountForm.submit' });
        }}
      >
        {FIELDS.map(({ field, label, hint, secret }) => (
          <TextField
            key={field}
            label={t(label)}
            value={draft[field]}
            onChange={(value) => form.send({ type: 'accountForm.change', field, value })}
            error={fieldError(errors.fields[field])}
            {...(hint ? { description: t(hint) } : {})}
            {...(field === 'wabaId' || field === 'phoneNumberId' ? { inputMode: 'numeric' as const } : {})}
            {...(secret ? { revealable: true, autoComplete: 'off' } : {})}
          />
        ))}
        <div className={css.formEnd}>
          <Button type="submit" isDisabled={verifying}>
            {verifying ? t('account.add.verifying') : t('account.add.submit')}
          </Button>
        </div>
      </Form>
      <FormError
        message={errors.error ? t('account.changeFailed', { message: errors.error.message }) : null}
      />
    </section>
  );
}
