/**
 * One project as its screens need it (`project_get`): its name, time zone and the viewer's
 * permissions, which decide what the screens show (the server decides what they may do). A key
 * that does not exist and a project of another team answer the same `not_found`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller, Project } from './sdk.ts';

export interface ProjectInput {
  client: ActCaller;
  key: string;
}

export interface ProjectContext {
  client: ActCaller;
  key: string;
  project: Project | null;
  /** Why the project could not be loaded (state `failed`). */
  error: FlowError | null;
}

export type ProjectEvent = { type: 'project.retry' };
export type ProjectTag = 'loading' | 'ready' | 'error';
export type ProjectStatus = 'loading' | 'ready' | 'failed';

/** project_get: the project with the viewer's role and permissions in it. */
export const loadProject = fromPromise<Project, { client: ActCaller; key: string }>(
  async ({ input }) => (await input.client.act('project_get', { key: input.key })).data,
);

export const projectMachine = setup({
  types: {} as {
    context: ProjectContext;
    events: ProjectEvent;
    input: ProjectInput;
    children: { project: 'loadProject' };
    tags: ProjectTag;
  },
  actors: { loadProject },
  actions: {
    keepProject: assign((_, params: { project: Project }) => ({ project: params.project, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
  },
}).createMachine({
  id: 'project',
  context: ({ input }) => ({ client: input.client, key: input.key, project: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'project',
        src: 'loadProject',
        input: ({ context }) => ({ client: context.client, key: context.key }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepProject', params: ({ event }) => ({ project: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { tags: ['error'], on: { 'project.retry': 'loading' } },
    ready: { tags: ['ready'] },
  },
});

export type ProjectSnapshot = SnapshotFrom<typeof projectMachine>;

export function selectProjectStatus(snapshot: ProjectSnapshot): ProjectStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('error')) return 'failed';
  return 'loading';
}

export function selectProject(snapshot: ProjectSnapshot): Project | null {
  return snapshot.context.project;
}
