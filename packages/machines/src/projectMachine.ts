/**
 * One project as its screens need it (`project_get`): its name, time zone and the viewer's
 * permissions, which decide what the screens show (the server decides what they may do). A key
 * that does not exist and a project of another team answer the same `not_found`.
 *
 * Live (`followProject`): `project.permissions` replaces the viewer's permissions (menus and
 * buttons follow without a reload) and, when it says so, their role (the project was handed over
 * to them or by them), `project.updated` the name and time zone, and
 * `project.removed` ends in `removed` (the member was removed, left, or the project was deleted):
 * the screens of the project close.
 *
 * `project.resync` (the socket is back after a drop) fetches the project again while its screens
 * keep showing, so a change missed offline still arrives; a project gone meanwhile ends in
 * `removed`.
 *
 * `project.closing` marks that this tab itself is leaving or deleting the project (the leave
 * dialog and the settings' delete send it as their act starts, and `closing: false` if it fails):
 * the removal that follows is then this tab's own doing, and the app goes home instead of telling
 * the member what happened (`selectClosedHere`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller, Project } from './sdk.ts';
import type { PermissionKey, ServerEventName, ServerToClientEvents } from '@sapa/sdk';

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
  /** Why the viewer is no longer in the project (state `removed`). */
  removal: ProjectRemoval | null;
  /** This tab is leaving or deleting the project (`project.closing`). */
  closingHere: boolean;
}

export type ProjectRemoval = 'removed' | 'left' | 'deleted';

export type ProjectEvent =
  | { type: 'project.retry' }
  | { type: 'project.permissions'; permissions: PermissionKey[]; role?: Project['role'] }
  | { type: 'project.updated'; name: string; timeZone: string }
  | { type: 'project.removed'; reason: ProjectRemoval }
  /** This tab started (`true`) or failed (`false`) to leave or delete the project. */
  | { type: 'project.closing'; closing: boolean }
  /** The socket is back after a drop: fetch the project again (what may have changed meanwhile). */
  | { type: 'project.resync' };
export type ProjectTag = 'loading' | 'ready' | 'error' | 'removed';
export type ProjectStatus = 'loading' | 'ready' | 'failed' | 'removed';

/** project_get: the project with the viewer's role and permissions in it. */
export const loadProject = fromPromise<Project, { client: ActCaller; key: string }>(
  async ({ input, signal }) => (await input.client.act('project_get', { key: input.key }, { signal })).data,
);

export const projectMachine = setup({
  types: {} as {
    context: ProjectContext;
    events: ProjectEvent;
    input: ProjectInput;
    children: { project: 'loadProject'; refresh: 'loadProject' };
    tags: ProjectTag;
  },
  actors: { loadProject },
  guards: {
    isNotFound: (_, params: { error: unknown }) => reasonOf(params.error) === 'not_found',
  },
  actions: {
    keepProject: assign((_, params: { project: Project }) => ({ project: params.project, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    setPermissions: assign(
      ({ context }, params: { permissions: PermissionKey[]; role?: Project['role'] | undefined }) => ({
        project: context.project && {
          ...context.project,
          permissions: params.permissions,
          role: params.role ?? context.project.role,
        },
      }),
    ),
    rename: assign(({ context }, params: { name: string; timeZone: string }) => ({
      project: context.project && { ...context.project, name: params.name, timeZone: params.timeZone },
    })),
    keepRemoval: assign((_, params: { reason: ProjectRemoval }) => ({ removal: params.reason })),
    markClosing: assign((_, params: { closing: boolean }) => ({ closingHere: params.closing })),
  },
}).createMachine({
  id: 'project',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    project: null,
    error: null,
    removal: null,
    closingHere: false,
  }),
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
    ready: {
      tags: ['ready'],
      on: {
        'project.permissions': {
          actions: {
            type: 'setPermissions',
            params: ({ event }) => ({ permissions: event.permissions, role: event.role }),
          },
        },
        'project.closing': {
          actions: { type: 'markClosing', params: ({ event }) => ({ closing: event.closing }) },
        },
        'project.updated': {
          actions: {
            type: 'rename',
            params: ({ event }) => ({ name: event.name, timeZone: event.timeZone }),
          },
        },
      },
      initial: 'current',
      states: {
        current: { on: { 'project.resync': 'refreshing' } },
        // Back online after a drop: what changed meanwhile (permissions, name) is fetched again
        // while the screens keep showing; gone meanwhile (`not_found`), the member is out.
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'loadProject',
            input: ({ context }) => ({ client: context.client, key: context.key }),
            onDone: {
              target: 'current',
              actions: { type: 'keepProject', params: ({ event }) => ({ project: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: '#project.removed',
                actions: { type: 'keepRemoval', params: { reason: 'removed' as const } },
              },
              { target: 'current' },
            ],
          },
        },
      },
    },
    removed: { tags: ['removed'] },
  },
  on: {
    'project.removed': {
      target: '.removed',
      actions: { type: 'keepRemoval', params: ({ event }) => ({ reason: event.reason }) },
    },
  },
});

export type ProjectSnapshot = SnapshotFrom<typeof projectMachine>;

export function selectProjectStatus(snapshot: ProjectSnapshot): ProjectStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.hasTag('removed')) return 'removed';
  return 'loading';
}

export function selectProject(snapshot: ProjectSnapshot): Project | null {
  return snapshot.context.project;
}

/** The viewer left or deleted the project from this tab: the app goes home rather than say so. */
export function selectClosedHere(snapshot: ProjectSnapshot): boolean {
  return snapshot.hasTag('removed') && snapshot.context.closingHere;
}

/** Who hears that a tab starts or fails to leave or delete its project (the project actor). */
export interface ProjectClosingTarget {
  send(event: { type: 'project.closing'; closing: boolean }): void;
}

/** The project's events on the one real-time connection, as far as `followProject` needs them. */
export interface ProjectEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
}

/**
 * Hands the socket's events about project `key` to its project actor (`project.permissions`,
 * `project.updated`, `project.removed`); answers the function that stops.
 */
export function followProject(
  source: ProjectEventSource,
  key: string,
  target: { send(event: ProjectEvent): void },
): () => void {
  const offs = [
    source.on('project.permissions', (event) => {
      if (event.key === key)
        target.send({
          type: 'project.permissions',
          permissions: event.permissions,
          ...(event.role === undefined ? {} : { role: event.role }),
        });
    }),
    source.on('project.updated', (event) => {
      if (event.key === key)
        target.send({ type: 'project.updated', name: event.name, timeZone: event.timeZone });
    }),
    source.on('project.removed', (event) => {
      if (event.key === key) target.send({ type: 'project.removed', reason: event.reason });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
