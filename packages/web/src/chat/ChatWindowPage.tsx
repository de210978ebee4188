import { useCallback, useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { accountsMachine, selectAccounts } from '@sapa/machines/team';
import { chatPermissions } from '@sapa/machines/inbox';
import type { Project } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { PreferenceControls } from '../components/PreferenceControls.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { chatPath } from '../routes.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { ConnectionStatus, DensityToggle } from './ChatTools.tsx';
import * as css from './chatWindow.css.ts';
import * as chat from './chat.css.ts';
import { loadTemplateTexts } from '../i18n/templateTexts.ts';

// Its template and outreach texts load with this screen, not with the app.
loadTemplateTexts();

/**
 * `/chat/{key}/{phone}`: one conversation full-window, outside the main layout (for notification
 * clicks and embedding): the same thread, composer and customer panel as the inbox.
 */
export function ChatWindowPage({ phone }: { phone: string }) {
  const t = useT();
  const { status, project, error, retry } = useProject();
  return (
    <main className={css.window} aria-labelledby="chat-window-title">
      <div className={chat.bar}>
        <h1 id="chat-window-title" className={chat.title}>
          {t('screen.chatWindow')}
        </h1>
        <ConnectionStatus />
        <DensityToggle />
        <PreferenceControls />
      </div>
      {status === 'loading' ? (
        <div className={chat.state}>
          <Spinner label={t('chat.project.loading')} />
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className={chat.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && !chatPermissions(project.permissions).view ? (
        <div className={chat.state}>
          <p>{t('chat.noAccess')}</p>
        </div>
      ) : null}
      {project !== null && chatPermissions(project.permissions).view ? (
        <Single project={project} phone={phone} />
      ) : null}
    </main>
  );
}

function Single({ project, phone }: { project: Project; phone: string }) {
  const { client, inbox, navigate } = useRuntime();
  const accountsActor = useActorRef(accountsMachine, { input: { client, key: project.key } });
  const accounts = useSelector(accountsActor, selectAccounts);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  useEffect(
    () => inbox.router.attachAccounts(project.key, accountsActor),
    [inbox.router, project.key, accountsActor],
  );
  const close = useCallback(() => navigate(chatPath(project.key)), [navigate, project.key]);
  return (
    <div className={css.panes}>
      <ConversationPane
        project={project}
        receiver={phone}
        list={null}
        accounts={accounts}
        composerRef={composerRef}
        onClose={close}
      />
    </div>
  );
}
