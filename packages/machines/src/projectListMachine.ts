/**
 * The caller's projects (`project_list`; the home page's cards, `/project/list`, the project
 * switcher), with retry when loading fails, and the create-project form (`project_create`),
 * whose new project joins the list.
 *
 * `projects.refresh` (something a card shows changed: a message, a read conversation, a number's
 * status, or the socket is back after a drop) fetches the list again while it keeps showing
 * (`refreshing`). Refreshes asked for meanwhile are folded into one more fetch after it, so a
 * burst of messages costs two calls, not one per message. `projects.balance` (a project's balance
 * changed: `billing.updated`) changes that card's balance in place, for a member who sees it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller, Project } from './sdk.ts';
import { can } from '@sapa/sdk';
import type { ProjectSummary, ServerEventName, ServerToClientEvents } from '@sapa/sdk';
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
  /** A refresh was asked for while one ran: fetch once more after it. */
  stale: boolean;
}

export type ProjectListEvent =
  | { type: 'projects.retry' }
  | { type: 'projects.create'; name: string }
  /** What the cards show may have changed: fetch the list again. */
  | { type: 'projects.refresh' }
  /** A project's balance changed (`billing.updated`): its card shows the new one. */
  | { type: 'projects.balance'; key: string; balance: number };

export type ProjectListTag = 'loading' | 'busy' | 'error' | 'ready' | 'creating';
export type ProjectListStatus = 'loading' | 'error' | 'empty' | 'ready';

const PROJECT_FIELDS: readonly ProjectField[] = ['name'];

/** project_list: the caller's projects with the caller's permissions in each. */
export const loadProjects = fromPromise<ProjectSummary[], { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('project_list', {}, { signal })).data,
);

/** project_create: the new project, owned by the caller. */
export const createProject = fromPromise<Project, { client: ActCaller; name: string }>(
  async ({ input, signal }) =>
    (await input.client.act('project_create', { name: input.name }, { signal })).data,
);

/** A valid name starts creating (a refresh under way is dropped); an invalid one shows why. */
const createTransitions = [
  {
    guard: { type: 'nameValid', params: ({ event }: { event: { name: string } }) => event },
    target: '#projectList.creating',
    actions: { type: 'acceptName', params: ({ event }: { event: { name: string } }) => event },
  },
  { actions: { type: 'showNameError', params: ({ event }: { event: { name: string } }) => event } },
] as const;

export const projectListMachine = setup({
  types: {} as {
    context: ProjectListContext;
    events: ProjectListEvent;
    input: ProjectListInput;
    children: { list: 'loadProjects'; refresh: 'loadProjects'; create: 'createProject' };
    tags: ProjectListTag;
  },
  actors: { loadProjects, createProject },
  guards: {
    nameValid: (_, params: { name: string }) => checkProjectName(params).ok,
    stale: ({ context }) => context.stale,
  },
  actions: {
    keepProjects: assign((_, params: { projects: ProjectSummary[] }) => ({
      projects: params.projects,
      error: null,
    })),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
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
      // A new project has nothing unread, no WhatsApp number and nothing in its balance yet.
      projects: [
        {
          ...params.project,
          unreadCount: 0,
          accounts: { total: 0, connected: 0 },
          balance: can(params.project.permissions, 'project.billing.view') ? 0 : null,
        },
        ...context.projects.filter((p) => p.key !== params.project.key),
      ],
      created: params.project,
      name: '',
    })),
    // Only a card that shows a balance (the member sees billing) takes the new one.
    setBalance: assign(({ context }, params: { key: string; balance: number }) => ({
      projects: context.projects.map((project) =>
        project.key === params.key && project.balance !== null
          ? { ...project, balance: params.balance }
          : project,
      ),
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
    stale: false,
  }),
  initial: 'loading',
  on: {
    'projects.balance': { actions: { type: 'setBalance', params: ({ event }) => event } },
  },
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
        'projects.create': createTransitions,
        'projects.refresh': 'refreshing',
      },
    },
    refreshing: {
      tags: ['ready'],
      entry: 'clearStale',
      invoke: {
        id: 'refresh',
        src: 'loadProjects',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          {
            guard: 'stale',
            target: 'refreshing',
            reenter: true,
            actions: { type: 'keepProjects', params: ({ event }) => ({ projects: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'keepProjects', params: ({ event }) => ({ projects: event.output }) },
          },
        ],
        // The cards keep what they showed; the next change asks again.
        onError: 'ready',
      },
      on: {
        'projects.refresh': { actions: 'markStale' },
        'projects.create': createTransitions,
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

/** The socket's events, as far as `followProjectCards` needs them. */
export interface ProjectCardsEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
}

/** The socket's events that change what a project card shows. */
const cardEvents = [
  'message.new',
  'conversation.updated',
  'conversation.removed',
  'account.status',
  'project.updated',
  'project.permissions',
  'project.removed',
] as const satisfies readonly ServerEventName[];

/**
 * Sends `projects.refresh` to the list whenever the socket says something a card shows changed
 * (the machine folds bursts into one more fetch), and `projects.balance` when a project's balance
 * did (`billing.updated`, which carries it); answers the function that stops.
 */
export function followProjectCards(
  source: ProjectCardsEventSource,
  target: {
    send(
      event: { type: 'projects.refresh' } | { type: 'projects.balance'; key: string; balance: number },
    ): void;
  },
): () => void {
  const refresh = () => target.send({ type: 'projects.refresh' });
  const offs = cardEvents.map((event) => source.on(event, refresh));
  offs.push(
    source.on('billing.updated', (event) =>
      target.send({ type: 'projects.balance', key: event.key, balance: event.billing.balance }),
    ),
  );
  return () => {
    for (const off of offs) off();
  };
}
