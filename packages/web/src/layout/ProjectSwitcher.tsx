/**
 * The header's project switcher: the open project's name; its menu lists the user's projects
 * (`project_list`, loaded when the menu opens), each opening the first screen the member may
 * see there, and "All projects" (home).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { firstScreenPath, projectListMachine, selectProjectListStatus, selectProjects } from '@sapa/machines';
import type { Project } from '@sapa/sdk';
import { Dropdown, DropdownItem, DropdownSeparator } from '../components/Dropdown.tsx';
import { Svg } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './frame.css.ts';

const ChevronIcon = () => (
  <Svg size={14}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export function ProjectSwitcher({ project }: { project: Project }) {
  const t = useT();
  const { navigate } = useRuntime();
  return (
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
    </Dropdown>
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
