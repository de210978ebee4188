import { useActorRef, useSelector } from '@xstate/react';
import type { Project, QuickReply } from '@sapa/sdk';
import { fetchActPage, samePayload } from '@sapa/machines/table';
import {
  quickReplyMachine,
  quickReplyPermissions,
  selectQuickReplyDialog,
  selectQuickReplyPayload,
  type QuickReplyListPayload,
  type QuickReplyPermissions,
} from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useTable } from '../table/useTable.ts';
import { CrmHeading, CrmPage, CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { CrudDeleteDialog } from '../crm/crudDialogs.tsx';
import { QuickReplyFormDialog } from './QuickReplyFormDialog.tsx';
import { QuickReplyTable } from './QuickReplyTable.tsx';
import type { QuickReplyActor } from './types.ts';

/**
 * `/crm/quick-reply/{key}`: the project's quick replies in a paginated table (tableMachine) with
 * a search, and, each with its permission, adding, editing and deleting one (quickReplyMachine).
 */
export function QuickReplyPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.quickReply')}
      permissions={quickReplyPermissions}
      noAccess={t('quickReply.noAccess')}
    >
      {(project, may) => <QuickReplies project={project} may={may} />}
    </CrmPage>
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
  // After a save or a delete: the table fetches its page again, and a toast says what happened.
  useAnnouncements(actor, {
    'quickReply.saved': ({ reply, created }) => {
      table.send({ type: 'table.refresh' });
      return {
        message: t(created ? 'quickReply.added' : 'quickReply.changed', { shortcut: reply.shortcut }),
      };
    },
    'quickReply.deleted': () => {
      table.send({ type: 'table.refresh' });
      return { message: t('quickReply.deleted') };
    },
  });
  return (
    <>
      <CrmHeading
        title={t('screen.crm.quickReply')}
        add={
          may.add
            ? {
                text: t('quickReply.add'),
                testId: 'quick-reply-add',
                onPress: () => actor.send({ type: 'quickReply.add' }),
              }
            : null
        }
      />
      <CrmSearch
        label={t('quickReply.search')}
        placeholder={t('quickReply.searchPlaceholder')}
        testId="quick-reply-search"
        onChange={(text) => actor.send({ type: 'quickReply.search', text })}
      />
      <QuickReplyTable actor={actor} table={table} may={may} timeZone={project.timeZone} />
      <QuickReplyDialogs actor={actor} projectKey={project.key} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), or a delete to confirm. */
function QuickReplyDialogs({ actor, projectKey }: { actor: QuickReplyActor; projectKey: string }) {
  const dialog = useSelector(actor, selectQuickReplyDialog);
  if (dialog === 'form') return <QuickReplyFormDialog actor={actor} projectKey={projectKey} />;
  if (dialog === 'delete')
    return (
      <CrudDeleteDialog
        actor={actor}
        prefix="quickReply"
        params={(reply) => ({ shortcut: reply.shortcut })}
        confirmTestId="quick-reply-delete-confirm"
      />
    );
  return null;
}
