import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDate } from '@sapa/sdk';
import type { ProjectSummary } from '@sapa/sdk';
import {
  firstScreenPath,
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
} from '@sapa/machines/team';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as layout from '../layout/layout.css.ts';
import * as css from './projects.css.ts';

export type ProjectListActor = ReturnType<typeof useActorRef<typeof projectListMachine>>;

/** `/project/list`: the user's projects and the form to create one (projectListMachine). */
export function ProjectListPage() {
  const t = useT();
  const { client } = useRuntime();
  const actor = useActorRef(projectListMachine, { input: { client } });
  const status = useSelector(actor, selectProjectListStatus);
  const projects = useSelector(actor, selectProjects);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  // A new project remounts the form, so it starts empty again.
  const created = useSelector(actor, (snapshot) => snapshot.context.created?.key ?? '');

  return (
    <section className={css.page} aria-labelledby="screen-title">
      <h1 id="screen-title" className={layout.pageTitle}>
        {t('screen.project.list')}
      </h1>
      {status === 'loading' ? <Spinner label={t('project.list.loading')} /> : null}
      {status === 'error' ? (
        <div className={css.state}>
          <p role="alert" className={layout.formError}>
            {t('project.list.error')} {error?.message}
          </p>
          <Button onPress={() => actor.send({ type: 'projects.retry' })}>{t('project.list.retry')}</Button>
        </div>
      ) : null}
      {status === 'empty' ? <p className={css.empty}>{t('project.list.empty')}</p> : null}
      {status === 'ready' ? <ProjectList projects={projects} /> : null}
      {status === 'empty' || status === 'ready' ? <CreateProjectForm key={created} actor={actor} /> : null}
    </section>
  );
}

function ProjectList({ projects }: { projects: ProjectSummary[] }) {
  const t = useT();
  return (
    <ul className={css.list} aria-label={t('project.list.label')}>
      {projects.map((project) => (
        <li key={project.key} className={css.item}>
          <Link href={firstScreenPath(project.permissions, project.key) ?? '/'} className={css.name}>
            {project.name}
          </Link>
          <p className={css.meta}>
            {t('project.list.key', { key: project.key })} · {t(`project.role.${project.role}`)}
          </p>
          <p className={css.meta}>
            {t('project.list.created', { date: formatDate(project.createdAt, project.timeZone) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The create-project form (`projects.create`); the home page shows it in a dialog. */
export function CreateProjectForm({ actor, framed = true }: { actor: ProjectListActor; framed?: boolean }) {
  const t = useT();
  const fieldError = useFieldError();
  const [name, setName] = useState('');
  // Creating, or the list not loaded yet (loading, failed): the machine takes no create then.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('creating') || !snapshot.hasTag('ready'));
  const nameError = useSelector(actor, (snapshot) => snapshot.context.fieldErrors.name);
  const createError = useSelector(actor, (snapshot) => snapshot.context.createError);
  const form = (
    <>
      <Form
        className={css.createRow}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'projects.create', name });
        }}
      >
        <div className={css.createField}>
          <TextField
            label={t('project.create.name')}
            name="name"
            value={name}
            onChange={setName}
            error={fieldError(nameError)}
          />
        </div>
        <Button type="submit" isDisabled={busy}>
          {t('project.create.submit')}
        </Button>
      </Form>
      <FormError
        message={createError ? t('project.create.failed', { message: createError.message }) : null}
      />
    </>
  );
  if (!framed) return form;
  return (
    <section className={css.createCard} aria-labelledby="create-project-title">
      <h2 id="create-project-title" className={css.createTitle}>
        {t('project.create.title')}
      </h2>
      {form}
    </section>
  );
}
