import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Form } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { formatDate, formatDateTime, initials } from '@sapa/sdk';
import type { WhatsAppAccount } from '@sapa/sdk';
import {
  selectAgents,
  selectConversation,
  selectWindowOpen,
  type conversationMachine,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { StartConversationDialog } from '../outreach/LazyStartConversationDialog.tsx';
import { CustomerOptOut } from '../customers/CustomerOptOut.tsx';
import { CustomerDivision } from './CustomerDivision.tsx';
import { CustomerLabels } from './CustomerLabels.tsx';
import { CustomerStage } from './CustomerStage.tsx';
import { CustomerFollowUps } from './LazyCustomerFollowUps.tsx';
import { OptionSelect } from './OptionSelect.tsx';
import * as css from './customerPanel.css.ts';

type ConversationActor = ActorRefFrom<typeof conversationMachine>;

const NOBODY = 'nobody';

/**
 * The customer of the open conversation: name (renamed with `crm.chat.rename_client`), phone as
 * the server gives it (masked without `show_user_contact_detail`), WhatsApp profile name, the
 * number it came in on, first contact, the ad it came from, whether they opted out of broadcasts
 * (reversible with `crm.customer.edit`), its labels, its stage, its pending follow-ups (each
 * cancellable by the conversation's agent or with `crm.autofu.edit`), its division,
 * its assignee (picked with `crm.chat.assign`, else only named) and its window; "Kirim pesan"
 * (`crm.chat.send`) reaches the customer with a template through any number that can send.
 */
export function CustomerPanel({
  conversation: actor,
  accounts,
  timeZone,
  canRename,
  canAssign,
  canSend,
}: {
  conversation: ConversationActor;
  accounts: readonly WhatsAppAccount[];
  timeZone: string;
  canRename: boolean;
  /** The assignee picker (`crm.chat.assign`); without it the assignee is only named. */
  canAssign: boolean;
  /** "Kirim pesan" (`crm.chat.send`). */
  canSend: boolean;
}) {
  const t = useT();
  const [reaching, setReaching] = useState(false);
  const conversation = useSelector(actor, selectConversation);
  const agents = useSelector(actor, selectAgents);
  const windowOpen = useSelector(actor, selectWindowOpen);
  const assigning = useSelector(actor, (snapshot) => snapshot.hasTag('assigning'));
  const assignError = useSelector(actor, (snapshot) => snapshot.context.assignError);
  const agentsError = useSelector(actor, (snapshot) => snapshot.context.agentsError);
  const projectKey = useSelector(actor, (snapshot) => snapshot.context.key);
  if (conversation === null) return null;
  const { customer } = conversation;
  const account = accounts.find((item) => item.id === conversation.accountId);
  const options = [
    { id: NOBODY, label: t('chat.panel.unassigned') },
    ...(agents ?? []).map((agent) => ({ id: agent.id, label: agent.name })),
  ];
  return (
    <aside className={css.panel} aria-labelledby="customer-panel-title">
      <h2 id="customer-panel-title" className={css.heading}>
        {t('chat.panel.title')}
      </h2>
      <div className={css.identity}>
        <span className={css.avatar} aria-hidden="true">
          {initials(customer.name) || '?'}
        </span>
        <p className={css.name}>{customer.name}</p>
      </div>
      {canRename ? <RenameCustomer actor={actor} current={customer.name} /> : null}
      {canSend ? (
        <div className={css.renameActions}>
          <Button
            size="sm"
            tone="secondary"
            onPress={() => setReaching(true)}
            data-testid="panel-send-message"
          >
            {t('outreach.start.action')}
          </Button>
        </div>
      ) : null}
      <StartConversationDialog
        projectKey={projectKey}
        customer={
          reaching ? { id: customer.id, name: customer.name, phone: customer.phone, customFields: {} } : null
        }
        accountId={conversation.accountId}
        onClose={() => setReaching(false)}
      />
      <dl className={css.facts}>
        <Fact term={t('chat.panel.phone')}>{customer.phone}</Fact>
        <Fact term={t('chat.panel.waName')}>{customer.waName ?? '—'}</Fact>
        <Fact term={t('chat.panel.account')}>
          {account ? `${account.name} (${account.displayPhone})` : '—'}
        </Fact>
        <Fact term={t('chat.panel.firstContact')}>{formatDate(customer.createdAt, timeZone)}</Fact>
        {conversation.referral?.headline ? (
          <Fact term={t('chat.panel.referral')}>
            {conversation.referral.sourceUrl ? (
              <a href={conversation.referral.sourceUrl} target="_blank" rel="noopener noreferrer">
                {conversation.referral.headline}
              </a>
            ) : (
              conversation.referral.headline
            )}
          </Fact>
        ) : null}
        <Fact term={t('chat.panel.window')}>
          <span className={css.windowBadge({ open: windowOpen })}>
            {windowOpen && conversation.windowClosesAt
              ? t('chat.panel.windowOpenUntil', {
                  time: formatDateTime(conversation.windowClosesAt, timeZone),
                })
              : t('chat.panel.windowClosed')}
          </span>
        </Fact>
      </dl>
      <CustomerOptOut
        customerId={customer.id}
        name={customer.name}
        state={{ optedOutAt: customer.optedOutAt, optedOutVia: customer.optedOutVia }}
        timeZone={timeZone}
      />
      <CustomerLabels projectKey={projectKey} customerId={customer.id} />
      <CustomerStage customerId={customer.id} timeZone={timeZone} />
      <CustomerFollowUps projectKey={projectKey} customerId={customer.id} timeZone={timeZone} />
      <CustomerDivision conversation={conversation} />
      {canAssign ? (
        <OptionSelect
          label={t('chat.panel.assignee')}
          options={options}
          selected={conversation.assignedTo ?? NOBODY}
          isDisabled={agents === null || assigning}
          onSelect={(id) => actor.send({ type: 'conversation.assign', userId: id === NOBODY ? null : id })}
        />
      ) : (
        <dl className={css.facts}>
          <Fact term={t('chat.panel.assignee')}>
            {conversation.assignedTo === null
              ? t('chat.panel.unassigned')
              : (agents?.find((agent) => agent.id === conversation.assignedTo)?.name ?? '—')}
          </Fact>
        </dl>
      )}
      {agentsError ? (
        <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'conversation.loadAgents' })}>
          {t('chat.panel.agentsRetry')}
        </Button>
      ) : null}
      {assignError ? (
        <p className={css.error} role="alert">
          {t('chat.panel.assignFailed', { message: assignError.message })}
        </p>
      ) : null}
    </aside>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={css.fact}>
      <dt className={css.term}>{term}</dt>
      <dd className={css.value}>{children}</dd>
    </div>
  );
}

function RenameCustomer({ actor, current }: { actor: ConversationActor; current: string }) {
  const t = useT();
  const fieldError = useFieldError();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(current);
  const errors = useSelector(actor, (snapshot) => snapshot.context.renameErrors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.renameError);
  const renaming = useSelector(actor, (snapshot) => snapshot.hasTag('renaming'));
  // The form closes once the server took the name; it stays open with what went wrong.
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming && failure === null && Object.keys(errors).length === 0)
      setEditing(false);
    wasRenaming.current = renaming;
  }, [renaming, failure, errors]);
  if (!editing) {
    return (
      <div className={css.renameActions}>
        <Button
          size="sm"
          tone="secondary"
          onPress={() => {
            setName(current);
            setEditing(true);
          }}
        >
          {t('chat.panel.rename')}
        </Button>
      </div>
    );
  }
  return (
    <Form
      className={css.renameForm}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'conversation.rename', name });
      }}
    >
      <TextField
        label={t('chat.panel.newName')}
        value={name}
        onChange={setName}
        error={fieldError(errors.name)}
        autoFocus
      />
      {failure ? (
        <p className={css.error} role="alert">
          {t('chat.panel.renameFailed', { message: failure.message })}
        </p>
      ) : null}
      <div className={css.renameActions}>
        <Button size="sm" type="submit" isDisabled={renaming}>
          {t('common.save')}
        </Button>
        <Button size="sm" tone="ghost" onPress={() => setEditing(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
