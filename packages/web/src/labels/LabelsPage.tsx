import { useEffect, useState } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { Project } from '@sapa/sdk';
import {
  fetchActPage,
  labelPermissions,
  labelsMachine,
  selectLabelsDialog,
  selectLabelTable,
  type LabelPermissions,
} from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { useToasts } from '../toast/ToastRegion.tsx';
import { DeleteLabelDialog } from './DeleteLabelDialog.tsx';
import { LabelFormDialog } from './LabelFormDialog.tsx';
import { LabelTable } from './LabelTable.tsx';
import type { LabelsActor } from './types.ts';
import * as css from './labels.css.ts';

/**
 * `/crm/label/{key}`: the project's labels in a paginated, sortable table with a search, and,
 * each with its permission, adding, editing and deleting one (labelsMachine, which runs the
 * table and fetches its page again after each change).
 */
export function LabelsPage() {
  const t = useT();
  const { status, project, error, retry } = useProject();
  const may = project === null ? null : labelPermissions(project.permissions);
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
            {t('screen.crm.label')}
          </h1>
          <p className={css.muted}>{t('labels.noAccess')}</p>
        </>
      ) : null}
      {project !== null && may?.view ? <Labels key={project.key} project={project} may={may} /> : null}
    </section>
  );
}

function Labels({ project, may }: { project: Project; may: LabelPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'label_list'>(client));
  const actor = useActorRef(labelsMachine, { input: { client, key: project.key, fetchPage } });
  const table = useSelector(actor, selectLabelTable);
  useAnnouncements(actor);
  return (
    <>
      <div className={css.head}>
        <h1 id="screen-title" className={css.title}>
          {t('screen.crm.label')}
        </h1>
        {may.add ? (
          <Button data-testid="label-add" onPress={() => actor.send({ type: 'labels.add' })}>
            {t('labels.add')}
          </Button>
        ) : null}
      </div>
      <SearchField
        aria-label={t('labels.search')}
        onChange={(text) => actor.send({ type: 'labels.search', text })}
      >
        <Input
          className={css.search}
          placeholder={t('labels.searchPlaceholder')}
          data-testid="label-search"
        />
      </SearchField>
      {table ? <LabelTable actor={actor} table={table} may={may} timeZone={project.timeZone} /> : null}
      <LabelDialogs actor={actor} />
    </>
  );
}

/** One dialog at a time: the form (new or edit), or a delete to confirm. */
function LabelDialogs({ actor }: { actor: LabelsActor }) {
  const dialog = useSelector(actor, selectLabelsDialog);
  if (dialog === 'form') return <LabelFormDialog actor={actor} />;
  if (dialog === 'confirmingDelete' || dialog === 'deleting') return <DeleteLabelDialog actor={actor} />;
  return null;
}

/** Toasts for what the machine announces: a label added or saved, a label deleted. */
function useAnnouncements(actor: LabelsActor) {
  const t = useT();
  const toasts = useToasts();
  useEffect(() => {
    const subscriptions = [
      actor.on('labels.saved', ({ label, created }) =>
        toasts.show(t(created ? 'labels.added' : 'labels.changed', { name: label.name }), 'success'),
      ),
      actor.on('labels.deleted', ({ name }) => toasts.show(t('labels.deleted', { name }), 'success')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, toasts, t]);
}
