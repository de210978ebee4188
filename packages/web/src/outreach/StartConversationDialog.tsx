import { useEffect, useEffectEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectUser } from '@sapa/machines/auth';
import {
  selectStartAccountId,
  selectStartAccounts,
  selectStarted,
  selectStartError,
  selectStartPicker,
  selectStartStatus,
  startConversationMachine,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dialog } from '../components/dialog.css.ts';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { chatPath } from '../routes.ts';
import { useToasts } from '../toast/ToastRegion.tsx';
import type { WhatsAppAccount } from '@sapa/sdk';
import { TemplatePickerView, type PickerActor } from './TemplatePickerView.tsx';
import * as css from './outreach.css.ts';

/** Whom "Kirim pesan" reaches: a customer of the project, with what the values are filled from. */
export interface OutreachCustomer {
  id: string;
  name: string;
  phone: string;
  customFields: Readonly<Record<string, string>>;
}

export interface StartConversationDialogProps {
  projectKey: string;
  /** The customer to reach; null: the dialog is closed. */
  customer: OutreachCustomer | null;
  /** The number to start from (the open conversation's), when it can send. */
  accountId?: string | null;
  onClose(): void;
}

/**
 * "Kirim pesan" (startConversationMachine, mounted while open): pick one of the project's numbers
 * that can send, one of its approved templates, fill it, send (`conversation_start`); then the
 * conversation opens in the inbox, where it already is for everyone who may see it.
 */
export function StartConversationDialog(props: StartConversationDialogProps) {
  const t = useT();
  return (
    <ModalDialog
      title={t('outreach.start.title', { name: props.customer?.name ?? '' })}
      isOpen={props.customer !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      size="xl"
    >
      {props.customer === null ? null : <Starter {...props} customer={props.customer} />}
    </ModalDialog>
  );
}

function Starter({
  projectKey,
  customer,
  accountId,
  onClose,
}: StartConversationDialogProps & { customer: OutreachCustomer }) {
  const { client, session } = useRuntime();
  const agent = useSelector(session, selectUser)?.name;
  const actor = useActorRef(startConversationMachine, {
    input: {
      client,
      key: projectKey,
      customerId: customer.id,
      accountId: accountId ?? null,
      recipient: {
        name: customer.name,
        phone: customer.phone,
        ...(agent === undefined ? {} : { agent }),
        customFields: customer.customFields,
      },
    },
  });
  return <StarterView actor={actor} projectKey={projectKey} customerName={customer.name} onClose={onClose} />;
}

function StarterView({
  actor,
  projectKey,
  customerName,
  onClose,
}: {
  actor: ActorRefFrom<typeof startConversationMachine>;
  projectKey: string;
  customerName: string;
  onClose(): void;
}) {
  const t = useT();
  const { navigate } = useRuntime();
  const toasts = useToasts();
  const status = useSelector(actor, selectStartStatus);
  const accounts = useSelector(actor, selectStartAccounts);
  const accountId = useSelector(actor, selectStartAccountId);
  const error = useSelector(actor, selectStartError);
  const picker = useSelector(actor, selectStartPicker);
  const started = useSelector(actor, selectStarted);

  // Sent: say so and open the conversation.
  const onStarted = useEffectEvent((conversationId: string) => {
    toasts.show(t('outreach.start.sent', { name: customerName }), 'success');
    onClose();
    navigate(chatPath(projectKey, conversationId));
  });
  const startedId = started?.conversation.id ?? null;
  useEffect(() => {
    if (startedId !== null) onStarted(startedId);
  }, [startedId]);

  if (status === 'loading') return <Spinner label={t('outreach.start.loading')} />;
  if (status === 'failed' || status === 'noAccount')
    return (
      <div className={css.state} role="alert">
        <p>
          {status === 'failed'
            ? t('outreach.start.failed', { message: error?.message ?? '' })
            : t('outreach.start.noAccount')}
        </p>
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={onClose}>
            {t('common.close')}
          </Button>
          {status === 'failed' ? (
            <Button onPress={() => actor.send({ type: 'start.retry' })}>{t('common.retry')}</Button>
          ) : null}
        </div>
      </div>
    );
  if (picker === null) return null;
  return (
    <div className={css.start}>
      <p className={css.hint}>{t('outreach.start.explain')}</p>
      <NumberSelect
        picker={picker}
        accounts={accounts}
        accountId={accountId}
        onSelect={(id) => actor.send({ type: 'start.account', accountId: id })}
      />
      <TemplatePickerView picker={picker} projectKey={projectKey} onCancel={onClose} />
    </div>
  );
}

/** The number that sends: another one offers its own templates (not while a send is under way). */
function NumberSelect({
  picker,
  accounts,
  accountId,
  onSelect,
}: {
  picker: PickerActor;
  accounts: readonly WhatsAppAccount[];
  accountId: string | null;
  onSelect(id: string): void;
}) {
  const t = useT();
  const sending = useSelector(picker, (snapshot) => snapshot.hasTag('sending'));
  return (
    <div className={css.numberSelect}>
      <OptionSelect
        label={t('outreach.start.number')}
        options={accounts.map((account) => ({
          id: account.id,
          label: `${account.name} (${account.displayPhone})`,
        }))}
        selected={accountId ?? ''}
        isDisabled={sending || accounts.length < 2}
        onSelect={onSelect}
        testId="start-number"
      />
    </div>
  );
}
