import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { followProject, projectMachine, selectProject, selectProjectStatus } from '@sapa/machines/team';
import type { FlowError } from '@sapa/machines/auth';
import type { ProjectStatus } from '@sapa/machines/team';
import type { Project } from '@sapa/sdk';
import { useRuntime } from '../RuntimeProvider.tsx';

type ProjectActor = Actor<typeof projectMachine>;

const ProjectContext = createContext<ProjectActor | null>(null);

/**
 * The project a screen is about (`project_get`), shared by the screen, the sidebar and the route
 * guard; the socket's `project.permissions`, `project.updated` and `project.removed` reach it live,
 * and after a dropped connection it is fetched again (`project.resync`).
 */
export function ProjectScope({ projectKey, children }: { projectKey: string; children: ReactNode }) {
  return (
    <ProjectActorScope key={projectKey} projectKey={projectKey}>
      {children}
    </ProjectActorScope>
  );
}

function ProjectActorScope({ projectKey, children }: { projectKey: string; children: ReactNode }) {
  const { client, realtime, inbox } = useRuntime();
  const actor = useActorRef(projectMachine, { input: { client, key: projectKey } });
  useEffect(() => followProject(realtime, projectKey, actor), [realtime, projectKey, actor]);
  // Back online after a drop: fetch what may have changed meanwhile (permissions, name, removal).
  useEffect(() => {
    const subscription = inbox.resyncs.on('resync', () => actor.send({ type: 'project.resync' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  return <ProjectContext.Provider value={actor}>{children}</ProjectContext.Provider>;
}

export interface ProjectView {
  status: ProjectStatus;
  project: Project | null;
  error: FlowError | null;
  retry(): void;
}

/** The project of the enclosing `ProjectScope`, or `null` outside any. */
export function useProjectActor(): ProjectActor | null {
  return useContext(ProjectContext);
}

export function useProject(): ProjectView {
  const actor = useContext(ProjectContext);
  if (!actor) throw new Error('useProject needs a <ProjectScope>');
  const status = useSelector(actor, selectProjectStatus);
  const project = useSelector(actor, selectProject);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return { status, project, error, retry: () => actor.send({ type: 'project.retry' }) };
}
