/**
 * The `/project/list` screen: the caller's projects (`project_list`), with retry when loading
 * fails, and the create-project form (`project_create`), whose new project joins the list.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller, Project } from './sdk.ts';
import type { ProjectSummary } from '@sapa/sdk';
import { checkProjectName, serverFieldErrors } from './validation.ts';
import type { FieldErrors, ProjectField } from './validation.ts';

export interface ProjectListInput {
  client: ActCaller;
}

export interface ProjectListContext {
  client: ActCaller;
  /** The caller's projects, newest first, with their unread messages and WhatsApp numbers. */
  projects: ProjectSummary[];
  /** Why the list could not be loaded (state `failed`). */
  error: FlowError | null;
  /** The name being created (state `creating`). */
  name: string;
  fieldErrors: FieldErrors<ProjectField>;
  /** Why the last create failed, when it was not a field's fault. */
  createError: FlowError | null;
  /** The project created last; the web resets its form when it changes. */
  created: Project | null;
}

export type ProjectListEvent = { type: 'projects.retry' } | { type: 'projects.create'; name: string };

export type ProjectListTag = 'loading' | 'busy' | 'error' | 'ready' | 'creating';
export type ProjectListStatus = 'loading' | 'error' | 'empty' | 'ready';

const PROJECT_FIELDS: readonly ProjectField[] = ['name'];

/** project_list: the caller's projects with the caller's permissions in each. */
export const loadProjects = fromPromise<ProjectSummary[], { client: ActCaller }>(
  async ({ input }) => (await input.client.act('project_list', {})).data,
);

/** project_create: the new project, owned by the caller. */
export const createProject = fromPromise<Project, { client: ActCaller; name: string }>(
  async ({ input }) => (await input.client.act('project_create', { name: input.name })).data,
);

export const projectListMachine = setup({
  types: {} as {
    context: ProjectListContext;
    events: ProjectListEvent;
    input: ProjectListInput;
    children: { list: 'loadProjects'; create: 'createProject' };
    tags: ProjectListTag;
  },
  actors: { loadProjects, createProject },
  guards: {
    nameValid: (_, params: { name: string }) => checkProjectName(params).ok,
  },
  actions: {
    keepProjects: assign((_, params: { projects: ProjectSummary[] }) => ({
      projects: params.projects,
      error: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    acceptName: assign((_, params: { name: string }) => ({
      name: params.name.trim(),
      fieldErrors: {},
      createError: null,
    })),
    showNameError: assign((_, params: { name: string }) => {
      const checked = checkProjectName(params);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, createError: null };
    }),
    addProject: assign(({ context }, params: { project: Project }) => ({
      // A new project has nothing unread and no WhatsApp number yet.
      projects: [
        { ...params.project, unreadCount: 0, accounts: { total: 0, connected: 0 } },
        ...context.projects.filter((p) => p.key !== params.project.key),
      ],
      created: params.project,
      name: '',
    })),
    showCreateError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, PROJECT_FIELDS);
      return {
        fieldErrors,
        createError: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
  },
}).createMachine({
  id: 'projectList',
  context: ({ input }) => ({
    client: input.client,
    projects: [],
    error: null,
    name: '',
    fieldErrors: {},
    createError: null,
    created: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'list',
        src: 'loadProjects',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepProjects', params: ({ event }) => ({ projects: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'projects.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      on: {
        'projects.create': [
          {
            guard: { type: 'nameValid', params: ({ event }) => event },
            target: 'creating',
            actions: { type: 'acceptName', params: ({ event }) => event },
          },
          { actions: { type: 'showNameError', params: ({ event }) => event } },
        ],
      },
    },
    creating: {
      tags: ['ready', 'creating', 'busy'],
      invoke: {
        id: 'create',
        src: 'createProject',
        input: ({ context }) => ({ client: context.client, name: context.name }),
        onDone: {
          target: 'ready',
          actions: { type: 'addProject', params: ({ event }) => ({ project: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showCreateError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ProjectListSnapshot = SnapshotFrom<typeof projectListMachine>;

/** What the screen shows: a spinner, the error with retry, the empty state, or the list. */
export function selectProjectListStatus(snapshot: ProjectListSnapshot): ProjectListStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('error')) return 'error';
  return snapshot.context.projects.length === 0 ? 'empty' : 'ready';
}

/** The projects to list (newest first). */
export function selectProjects(snapshot: ProjectListSnapshot): ProjectSummary[] {
  return snapshot.context.projects;
}
