import { useEffect } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project, QuickReply } from '@sapa/sdk';
import {
  fetchActPage,
  quickReplyMachine,
  quickReplyPermissions,
  samePayload,
  selectQuickReplyDialog,
  selectQuickReplyPayload,
  type QuickReplyListPayload,
  type QuickReplyPermissions,
  type TableActorRef,
} from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useTable } from '../table/useTable.ts';
import { useToasts } from '../toast/ToastRegion.tsx';
import { DeleteQuickReplyDialog } from './DeleteQuickReplyDialog.tsx';
import { QuickReplyFormDialog } from './QuickReplyFormDialog.tsx';
import { QuickReplyTable } from './QuickReplyTable.tsx';
import type { QuickReplyActor } from './types.ts';
import * as css from './quickReplies.css.ts';

/**
 * `/crm/quick-reply/{key}`: the project's quick replies in a paginated table (tableMachine) with
 * a search, and, each with its permission, adding, editing and deleting one (quickReplyMachine).
 */
export function QuickReplyPage() {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const may = project === null ? null : quickReplyPermissions(project.permissions);
  return (
    <section className={css.page} aria-labelledby="screen-title">
      {status === 'loading' ? <Spinner label={t('chat.project.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p>{error?.message}</p>
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {project !== null && may !== null && !may.view ? (
        <>
          <h1 id="screen-title" className={css.title}>
            {t('screen.crm.quickReply')}
          </h1>
          <p className={css.muted}>{t('quickReply.noAccess')}</p>
        </>
      ) : null}
      {project !== null && may?.view ? <QuickReplies key={project.key} project={project} may={may} /> : null}
    </section>
  );
}

function QuickReplies({ project, may }: { project: Project; may: QuickReplyPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(quickReplyMachine, { input: { client, key: project.key } });
  const payload = useSelector(actor, selectQuickReplyPayload, samePayload);
  const table = useTable<QuickReply, QuickReplyListPayload>(
    fetchActPage<'quick_reply_list'>(client),
    payload,
  );
  useAnnouncements(actor, table);
  return (
    <>
      <div className={css.head}>
        <h1 id="screen-title" className={css.title}>
          {t('screen.crm.quickReply')}
        </h1>
        {may.add ? (
          <Button data-testid="quick-reply-add" onPress={() => actor.send({ type: 'quickReply.add' })}>
            {t('quickReply.add')}
          </Button>
        ) : null}
      </div>
      <SearchField
        aria-label={t('quickReply.search')}
        onChange={(text) => actor.send({ type: 'quickReply.search', text })}
      >
        <Input
          className={css.search}
          placeholder={t('quickReply.searchPlaceholder')}
          data-testid="quick-reply-search"
        />
      </SearchField>
      <QuickReplyTable actor={actor} table={table} may={may} timeZone={project.timeZone} />
      <QuickReplyDialogs actor={actor} projectKey={project.key} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), or a delete to confirm. */
function QuickReplyDialogs({ actor, projectKey }: { actor: QuickReplyActor; projectKey: string }) {
  const dialog = useSelector(actor, selectQuickReplyDialog);
  if (dialog === 'form') return <QuickReplyFormDialog actor={actor} projectKey={projectKey} />;
  if (dialog === 'delete') return <DeleteQuickReplyDialog actor={actor} />;
  return null;
}

/** After a save or a delete: the table fetches its page again, and a toast says what happened. */
function useAnnouncements(actor: QuickReplyActor, table: TableActorRef<QuickReply, QuickReplyListPayload>) {
  const t = useT();
  const toasts = useToasts();
  useEffect(() => {
    const subscriptions = [
      actor.on('quickReply.saved', ({ reply, created }) => {
        table.send({ type: 'table.refresh' });
        toasts.show(
          t(created ? 'quickReply.added' : 'quickReply.changed', { shortcut: reply.shortcut }),
          'success',
        );
      }),
      actor.on('quickReply.deleted', () => {
        table.send({ type: 'table.refresh' });
        toasts.show(t('quickReply.deleted'), 'success');
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, table, toasts, t]);
}
