import { useEffect, useEffectEvent, useMemo, useState, type RefObject } from 'react';
import type { Actor, ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { selectUser } from '@sapa/machines/auth';
import { CHAT_MAX_ATTACHMENTS, isReceiverOf } from '@sapa/sdk';
import type { Project, WhatsAppAccount } from '@sapa/sdk';
import {
  chatPermissions,
  openConversationMachine,
  selectAgents,
  selectCanAttach,
  selectConversation,
  selectConversations,
  selectOpenComposer,
  selectOpenRemoved,
  selectOpenStatus,
  selectOpenSummary,
  selectOpenThread,
  selectWindowOpen,
  type composerMachine,
  type conversationListMachine,
  type conversationMachine,
  type threadMachine,
  type Visibility,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { UploadTargetProvider, type UploadTarget } from '../uploads/UploadTarget.tsx';
import { useUploadQueue } from '../uploads/useUploadQueue.ts';
import { TemplatePickerDialog } from '../outreach/LazyTemplatePickerDialog.tsx';
import { Composer } from './Composer.tsx';
import { CustomerPanel } from './LazyCustomerPanel.tsx';
import { ThreadView } from './ThreadView.tsx';
import { linkTray } from './linkTray.ts';
import * as css from './chat.css.ts';

type ListActor = Actor<typeof conversationListMachine>;
type ConversationActor = ActorRefFrom<typeof conversationMachine>;
type ThreadActor = ActorRefFrom<typeof threadMachine>;
type ComposerActor = ActorRefFrom<typeof composerMachine>;
type OpenActor = ActorRefFrom<typeof openConversationMachine>;

const documentVisibility: Visibility = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export interface ConversationPaneProps {
  project: Project;
  receiver: string;
  /** The inbox's list (null in the full-window chat). */
  list: ListActor | null;
  accounts: readonly WhatsAppAccount[];
  composerRef: RefObject<HTMLTextAreaElement | null>;
  /** Leaves the conversation (back to the list, or after it was taken away). */
  onClose(): void;
}

/**
 * One open conversation (openConversationMachine): the receiver resolved (from the list, or
 * `conversation_find`), then its thread, composer and customer panel, wired together by the
 * machine. Renders two grid cells: the conversation and the panel. A member who may not reply
 * (`chatPermissions(...).send`: `crm.chat.send`) reads it: no composer, attachments, replies to
 * a message or marking it read; without `assign` the panel names the assignee instead of
 * offering the picker.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const t = useT();
  const { client, inbox, session } = useRuntime();
  const toasts = useToasts();
  const agent = useSelector(session, selectUser)?.name;
  const [known] = useState(() =>
    props.list === null
      ? null
      : (selectConversations(props.list.getSnapshot()).find((item) => isReceiverOf(props.receiver, item)) ??
        null),
  );
  const open = useActorRef(openConversationMachine, {
    input: {
      client,
      key: props.project.key,
      receiver: props.receiver,
      known,
      router: inbox.router,
      list: props.list,
      visibility: documentVisibility,
      marksRead: chatPermissions(props.project.permissions).send,
      ...(agent === undefined ? {} : { agent }),
    },
  });
  const status = useSelector(open, selectOpenStatus);
  const actor = useSelector(open, selectOpenSummary);
  const thread = useSelector(open, selectOpenThread);
  const composer = useSelector(open, selectOpenComposer);
  const removed = useSelector(open, selectOpenRemoved);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  // The server took the conversation away: say so and go back to the list.
  const onRemoved = useEffectEvent(() => {
    toasts.show(t('chat.conversation.removed'), 'info');
    props.onClose();
  });
  useEffect(() => {
    if (removed) onRemoved();
  }, [removed]);

  if (status === 'ready' && thread !== null && composer !== null)
    return <OpenConversation {...props} open={open} actor={actor} thread={thread} composer={composer} />;
  return (
    <section className={css.conversationPane({ open: true })} aria-label={t('chat.conversation.label')}>
      {status === 'loading' ? (
        <div className={css.empty}>
          <Spinner label={t('chat.conversation.loading')} />
        </div>
      ) : (
        <div className={css.empty} role="alert">
          <p>
            {status === 'missing'
              ? t('chat.conversation.missing')
              : t('chat.conversation.failed', { message: error?.message ?? '' })}
          </p>
          {status === 'failed' ? (
            <Button onPress={() => actor.send({ type: 'conversation.retry' })}>{t('common.retry')}</Button>
          ) : null}
          <Button tone="secondary" onPress={props.onClose}>
            {t('chat.conversation.back')}
          </Button>
        </div>
      )}
    </section>
  );
}

function OpenConversation(
  props: ConversationPaneProps & {
    open: OpenActor;
    actor: ConversationActor;
    thread: ThreadActor;
    composer: ComposerActor;
  },
) {
  const t = useT();
  const { mobile } = useRuntime();
  const { density } = usePreferences();
  const { actor, thread, composer, project, list, onClose } = props;
  // The attachment tray: up to CHAT_MAX_ATTACHMENTS files, each sent as its own message.
  const tray = useUploadQueue({
    projectKey: project.key,
    allowMultiple: true,
    maxFiles: CHAT_MAX_ATTACHMENTS,
  });
  useEffect(() => linkTray(composer, tray), [composer, tray]);
  const permissions = chatPermissions(project.permissions);
  const canAttach = useSelector(composer, selectCanAttach) && permissions.send;
  const uploadTarget = useMemo<UploadTarget>(
    () => ({
      enabled: canAttach,
      add: (sources) => composer.send({ type: 'composer.attachFiles', sources }),
    }),
    [canAttach, composer],
  );
  const conversation = useSelector(actor, selectConversation);
  const agents = useSelector(actor, selectAgents);
  const windowOpen = useSelector(actor, selectWindowOpen);
  const [panelShown, setPanelShown] = useState(false);

  if (conversation === null) return null;
  return (
    <>
      <section className={css.conversationPane({ open: true })} aria-labelledby="conversation-title">
        <header className={css.conversationHeader}>
          {list ? (
            <Button tone="ghost" size="sm" onPress={onClose} aria-label={t('chat.conversation.back')}>
              <span aria-hidden="true">←</span>
            </Button>
          ) : null}
          <div className={css.headerText}>
            <h2 id="conversation-title" className={css.headerName}>
              {conversation.customer.name}
            </h2>
            <span className={css.headerMeta}>
              {conversation.customer.phone}
              {windowOpen ? '' : ` · ${t('chat.panel.windowClosed')}`}
            </span>
          </div>
          <span className={css.onlyNarrow}>
            <Button
              tone="secondary"
              size="sm"
              aria-expanded={panelShown}
              onPress={() => setPanelShown((shown) => !shown)}
            >
              {panelShown ? t('chat.panel.hide') : t('chat.panel.show')}
            </Button>
          </span>
        </header>
        <div className={css.conversationBody}>
          <UploadTargetProvider target={uploadTarget}>
            <ThreadView
              thread={thread}
              timeZone={project.timeZone}
              compact={density === 'compact'}
              mobile={mobile}
              agents={agents}
              onReply={
                permissions.send ? (message) => composer.send({ type: 'composer.reply', message }) : undefined
              }
            />
            {permissions.send ? (
              <Composer
                composer={composer}
                tray={tray}
                projectKey={project.key}
                customer={conversation.customer}
                inputRef={props.composerRef}
                onPickTemplate={() => props.open.send({ type: 'open.pickTemplate' })}
              />
            ) : (
              <p className={css.readOnly} data-testid="composer-read-only">
                {t('chat.composer.readOnly')}
              </p>
            )}
          </UploadTargetProvider>
        </div>
        {permissions.send ? <TemplatePickerDialog open={props.open} projectKey={project.key} /> : null}
      </section>
      <div className={css.panelPane({ shown: panelShown })}>
        {panelShown ? (
          <span className={css.onlyNarrow}>
            <Button tone="ghost" size="sm" onPress={() => setPanelShown(false)}>
              {t('chat.panel.hide')}
            </Button>
          </span>
        ) : null}
        <CustomerPanel
          conversation={actor}
          accounts={props.accounts}
          timeZone={project.timeZone}
          canRename={permissions.rename}
          canAssign={permissions.assign}
          canSend={permissions.send}
        />
      </div>
    </>
  );
}
