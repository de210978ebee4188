import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { receiverOf } from '@sapa/sdk';
import type { Project } from '@sapa/sdk';
import { accountsMachine, selectAccounts, selectAccountsStatus } from '@sapa/machines/team';
import {
  adjacentConversation,
  chatPermissions,
  conversationListMachine,
  firstRunSteps,
  selectConversations,
  selectSelectedId,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { chatPath } from '../routes.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { ConnectionStatus, DensityToggle, NotificationButton, ShortcutsDialog } from './ChatTools.tsx';
import { isTextField, shortcutOf } from './shortcuts.ts';
import * as css from './chat.css.ts';
import { loadTemplateTexts } from '../i18n/templateTexts.ts';

// Its template and outreach texts load with this screen, not with the app.
loadTemplateTexts();

/**
 * `/crm/chat/{key}` and `/crm/chat/{key}/{receiver}`: the team inbox. The project decides what
 * the viewer may see (`crm.chat.view`) and the receiver form (phone digits with
 * `show_user_contact_detail`, else the conversation id).
 */
export function ChatPage({ receiver }: { receiver: string | null }) {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  return (
    <section className={css.page} aria-labelledby="chat-title">
      <div className={css.bar}>
        <h1 id="chat-title" className={css.title}>
          {t('screen.crm.chat')}
        </h1>
        <ConnectionStatus />
        <NotificationButton />
        <DensityToggle />
        <span className={css.onlyWide}>
          <Button size="sm" tone="ghost" onPress={openHelp} aria-keyshortcuts="?">
            {t('chat.shortcuts.open')}
          </Button>
        </span>
      </div>
      {status === 'loading' ? (
        <div className={css.state}>
          <Spinner label={t('chat.project.loading')} />
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && !chatPermissions(project.permissions).view ? (
        <div className={css.state}>
          <p>{t('chat.noAccess')}</p>
        </div>
      ) : null}
      {project !== null && chatPermissions(project.permissions).view ? (
        <Inbox key={project.key} project={project} receiver={receiver} onHelp={openHelp} />
      ) : null}
      <ShortcutsDialog isOpen={helpOpen} onOpenChange={setHelpOpen} />
    </section>
  );
}

function Inbox({ project, receiver, onHelp }: { project: Project; receiver: string | null; onHelp(): void }) {
  const t = useT();
  const { client, session, inbox, navigate } = useRuntime();
  const userId = useSelector(session, (snapshot) => snapshot.context.user?.id ?? null);
  const list = useActorRef(conversationListMachine, { input: { client, key: project.key, userId } });
  const accountsActor = useActorRef(accountsMachine, { input: { client, key: project.key } });
  const accounts = useSelector(accountsActor, selectAccounts);
  const searchRef = useRef<HTMLInputElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const { seesContactDetail } = chatPermissions(project.permissions);

  useEffect(() => inbox.router.attachList(project.key, list), [inbox.router, project.key, list]);
  useEffect(
    () => inbox.router.attachAccounts(project.key, accountsActor),
    [inbox.router, project.key, accountsActor],
  );

  const close = useCallback(() => navigate(chatPath(project.key)), [navigate, project.key]);
  const focusComposer = useCallback(() => composerRef.current?.focus(), []);

  // The inbox's keys (see shortcuts.ts); the dialog lists them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event, isTextField(document.activeElement));
      if (action === null) return;
      event.preventDefault();
      if (action === 'search') searchRef.current?.focus();
      else if (action === 'composer') focusComposer();
      else if (action === 'help') onHelp();
      else {
        const snapshot = list.getSnapshot();
        const next = adjacentConversation(
          selectConversations(snapshot),
          selectSelectedId(snapshot),
          action === 'next' ? 1 : -1,
        );
        if (next !== null) navigate(chatPath(project.key, receiverOf(next, seesContactDetail)));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [list, navigate, project.key, seesContactDetail, focusComposer, onHelp]);

  // No number yet (so no conversation): the first-run guide instead of an empty inbox.
  const accountsStatus = useSelector(accountsActor, selectAccountsStatus);
  // Whether there is any, not how many: a count would render the whole screen again with every
  // page the list takes in.
  const anyConversation = useSelector(list, (snapshot) => selectConversations(snapshot).length > 0);
  const firstRun = firstRunSteps({
    permissions: project.permissions,
    accounts: accountsStatus,
    anyConversation,
  });
  if (firstRun !== null && receiver === null) return <FirstRunGuide project={project} steps={firstRun} />;

  const open = receiver !== null;
  return (
    <div className={css.panes}>
      <section className={css.listPane({ open })} aria-label={t('chat.list.title')}>
        <ConversationList
          list={list}
          projectKey={project.key}
          timeZone={project.timeZone}
          accounts={accounts}
          seesContactDetail={seesContactDetail}
          searchRef={searchRef}
          onLeaveSearch={focusComposer}
        />
      </section>
      {receiver === null ? (
        <section className={css.conversationPane({ open: false })} aria-label={t('chat.conversation.label')}>
          <div className={css.empty}>
            <p className={css.emptyText}>{t('chat.conversation.none')}</p>
            <p className={css.headerMeta}>{t('chat.conversation.noneHint')}</p>
          </div>
        </section>
      ) : (
        <ConversationPane
          key={receiver}
          project={project}
          receiver={receiver}
          list={list}
          accounts={accounts}
          composerRef={composerRef}
          onClose={close}
        />
      )}
    </div>
  );
}
