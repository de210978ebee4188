/**
 * The header's project switcher: the open project's name; its menu lists the user's projects
 * (`project_list`, loaded when the menu opens), each opening the first screen the member may
 * see there, "All projects" (home) and "Leave project" (asks first; `leaveProjectMachine`), which
 * the owner does not see: they hand the project over first (`projectOwnership`).
 */
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  firstScreenPath,
  leaveProjectMachine,
  projectListMachine,
  projectOwnership,
  selectLeaveStatus,
  selectProjectListStatus,
  selectProjects,
} from '@sapa/machines/team';
import type { Project } from '@sapa/sdk';
import { Dropdown, DropdownItem, DropdownSeparator } from '../components/Dropdown.tsx';
import { ConfirmDeleteDialog } from '../crm/ConfirmDeleteDialog.tsx';
import { Svg } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import * as css from './frame.css.ts';

const ChevronIcon = () => (
  <Svg size={14}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export function ProjectSwitcher({ project }: { project: Project }) {
  const t = useT();
  const { navigate } = useRuntime();
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Dropdown
        label={t('frame.switchProject', { name: project.name })}
        placement="bottom start"
        triggerClassName={css.switcher}
        trigger={
          <>
            <span className={css.switcherName}>{project.name}</span>
            <ChevronIcon />
          </>
        }
      >
        <ProjectChoices current={project.key} />
        <DropdownSeparator />
        <DropdownItem id="all-projects" onAction={() => navigate('/')}>
          {t('frame.allProjects')}
        </DropdownItem>
        {projectOwnership(project).leave ? (
          <DropdownItem id="leave-project" onAction={() => setLeaving(true)}>
            {t('frame.leave')}
          </DropdownItem>
        ) : null}
      </Dropdown>
      {leaving ? <LeaveProjectDialog project={project} onClose={() => setLeaving(false)} /> : null}
    </>
  );
}

/** Asks before the member leaves the project; left, the app goes home. */
function LeaveProjectDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const t = useT();
  const { client, navigate } = useRuntime();
  const projectActor = useProjectActor();
  const actor = useActorRef(leaveProjectMachine, {
    input: { client, key: project.key, project: projectActor },
  });
  const status = useSelector(actor, selectLeaveStatus);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useEffect(() => {
    if (status === 'left') navigate('/');
    if (status === 'left' || status === 'cancelled') onClose();
  }, [status, navigate, onClose]);
  return (
    <ConfirmDeleteDialog
      title={t('frame.leaveTitle', { name: project.name })}
      body={t('frame.leaveBody')}
      error={error ? t('frame.leaveFailed', { message: error.message }) : null}
      busy={status === 'leaving'}
      confirmText={status === 'leaving' ? t('frame.leaving') : t('frame.leaveConfirm')}
      confirmTestId="project-leave-confirm"
      onConfirm={() => actor.send({ type: 'leave.confirm' })}
      onCancel={() => actor.send({ type: 'leave.cancel' })}
    />
  );
}

/** Mounted with the open menu: loads the projects then. */
function ProjectChoices({ current }: { current: string }) {
  const t = useT();
  const { client, navigate } = useRuntime();
  const actor = useActorRef(projectListMachine, { input: { client } });
  const status = useSelector(actor, selectProjectListStatus);
  const projects = useSelector(actor, selectProjects);
  if (status === 'loading')
    return (
      <DropdownItem id="loading" isDisabled>
        {t('home.loading')}
      </DropdownItem>
    );
  if (status === 'error')
    return (
      <DropdownItem id="retry" onAction={() => actor.send({ type: 'projects.retry' })}>
        {t('home.error')} {t('home.retry')}
      </DropdownItem>
    );
  return (
    <>
      {projects
        .filter((each) => each.key !== current)
        .map((each) => (
          <DropdownItem
            key={each.key}
            id={`project-${each.key}`}
            textValue={each.name}
            onAction={() => navigate(firstScreenPath(each.permissions, each.key) ?? '/')}
          >
            {each.name}
          </DropdownItem>
        ))}
    </>
  );
}
