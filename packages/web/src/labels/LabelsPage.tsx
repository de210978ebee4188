import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project } from '@sapa/sdk';
import { fetchActPage } from '@sapa/machines/table';
import {
  labelPermissions,
  labelsMachine,
  selectLabelsDialog,
  selectLabelTable,
  type LabelPermissions,
} from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { CrmHeading, CrmPage, CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { CrudDeleteDialog } from '../crm/crudDialogs.tsx';
import { LabelFormDialog } from './LabelFormDialog.tsx';
import { LabelTable } from './LabelTable.tsx';
import type { LabelsActor } from './types.ts';

/**
 * `/crm/label/{key}`: the project's labels in a paginated, sortable table with a search, and,
 * each with its permission, adding, editing and deleting one (labelsMachine, which runs the
 * table and fetches its page again after each change).
 */
export function LabelsPage() {
  const t = useT();
  return (
    <CrmPage title={t('screen.crm.label')} permissions={labelPermissions} noAccess={t('labels.noAccess')}>
      {(project, may) => <Labels project={project} may={may} />}
    </CrmPage>
  );
}

function Labels({ project, may }: { project: Project; may: LabelPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'label_list'>(client));
  const actor = useActorRef(labelsMachine, { input: { client, key: project.key, fetchPage } });
  const table = useSelector(actor, selectLabelTable);
  useAnnouncements(actor, {
    'labels.saved': ({ label, created }) => ({
      message: t(created ? 'labels.added' : 'labels.changed', { name: label.name }),
    }),
    'labels.deleted': ({ name }) => ({ message: t('labels.deleted', { name }) }),
  });
  return (
    <>
      <CrmHeading
        title={t('screen.crm.label')}
        add={
          may.add
            ? {
                text: t('labels.add'),
                testId: 'label-add',
                onPress: () => actor.send({ type: 'labels.add' }),
              }
            : null
        }
      />
      <CrmSearch
        label={t('labels.search')}
        placeholder={t('labels.searchPlaceholder')}
        testId="label-search"
        onChange={(text) => actor.send({ type: 'labels.search', text })}
      />
      {table ? <LabelTable actor={actor} table={table} may={may} timeZone={project.timeZone} /> : null}
      <LabelDialogs actor={actor} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), or a delete to confirm. */
function LabelDialogs({ actor }: { actor: LabelsActor }) {
  const dialog = useSelector(actor, selectLabelsDialog);
  if (dialog === 'form') return <LabelFormDialog actor={actor} />;
  if (dialog === 'confirmingDelete' || dialog === 'deleting')
    return (
      <CrudDeleteDialog
        actor={actor}
        prefix="labels"
        params={(label) => ({ name: label.name, count: label.customers })}
        confirmTestId="label-delete-confirm"
      />
    );
  return null;
}
