/**
 * The Templates tab of `/project/account/{key}`: the message templates of one number's WhatsApp
 * Business Account (`template_list`, by name then language), kept live (`template.updated` ->
 * `templates.updated`, `template.deleted` -> `templates.deleted`, a fresh list after a
 * reconnection). The first list of a number that has none is read from Meta at once
 * (`template_sync`), as is any later "Sinkronkan"; a template is deleted at Meta and here
 * (`template_delete`; the web asks first); "Buat template" runs the editor
 * (templateEditorMachine, the `editor` child) and lists what it submitted. One change at a time.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { MessageTemplate, TemplateLanguage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { templateEditorMachine } from './templateEditorMachine.ts';

export interface TemplatesInput {
  client: ActCaller;
  key: string;
  /** The number whose WABA's templates are shown. */
  accountId: string;
  /** Its WhatsApp Business Account: live changes of that WABA's templates belong here. */
  wabaId: string | null;
  /** The language a new template starts in (the owner's). */
  language?: TemplateLanguage;
}

export interface TemplatesContext {
  client: ActCaller;
  key: string;
  accountId: string;
  wabaId: string | null;
  language: TemplateLanguage;
  /** By name, then language. */
  templates: MessageTemplate[];
  /** Why the list could not be loaded (state `failed`). */
  error: FlowError | null;
  /** Why the last sync with Meta failed. */
  syncError: FlowError | null;
  /** The template being deleted, or the last one whose delete failed (with `deleteError`). */
  deleting: MessageTemplate | null;
  deleteError: FlowError | null;
  /** The template the editor submitted last (shown as just created). */
  created: MessageTemplate | null;
}

export type TemplatesEvent =
  | { type: 'templates.retry' }
  | { type: 'templates.resync' }
  | { type: 'templates.sync' }
  | { type: 'templates.delete'; id: string }
  | { type: 'templates.create' }
  /** Live: a template of this WABA was created, reviewed, paused, recategorised (`template.updated`). */
  | { type: 'templates.updated'; template: MessageTemplate }
  /** Live: a template was deleted (`template.deleted`). */
  | { type: 'templates.deleted'; templateId: string }
  /** Forgets the last sync's or delete's failure. */
  | { type: 'templates.dismiss' };

export type TemplatesTag = 'loading' | 'error' | 'ready' | 'syncing' | 'busy';
export type TemplatesStatus = 'loading' | 'failed' | 'empty' | 'ready';

type AccountRef = { client: ActCaller; key: string; accountId: string };

/** template_list: the WABA's templates as last read from Meta. */
export const loadTemplates = fromPromise<MessageTemplate[], AccountRef>(async ({ input, signal }) => {
  const { client, key, accountId } = input;
  return (await client.act('template_list', { key, accountId }, { signal })).data;
});

/** template_sync: every template of the WABA read from Meta again, page by page. */
export const syncTemplates = fromPromise<MessageTemplate[], AccountRef>(async ({ input, signal }) => {
  const { client, key, accountId } = input;
  return (await client.act('template_sync', { key, accountId }, { signal })).data;
});

/** template_delete: at Meta, then here. */
export const deleteTemplate = fromPromise<{ id: string }, AccountRef & { id: string }>(
  async ({ input, signal }) => {
    const { client, key, accountId, id } = input;
    return (await client.act('template_delete', { key, accountId, id }, { signal })).data;
  },
);

type Context = TemplatesContext;

function byNameThenLanguage(a: MessageTemplate, b: MessageTemplate): number {
  return a.name === b.name ? a.language.localeCompare(b.language) : a.name.localeCompare(b.name);
}

function withTemplate(list: readonly MessageTemplate[], template: MessageTemplate): MessageTemplate[] {
  return [...list.filter((item) => item.id !== template.id), template].sort(byNameThenLanguage);
}

/** Whether a template announced for the project belongs to this number's WABA. */
function belongs(context: Context, template: MessageTemplate): boolean {
  return context.wabaId === null
    ? template.accountId === context.accountId
    : template.wabaId === context.wabaId;
}

export const templatesMachine = setup({
  types: {} as {
    context: TemplatesContext;
    events: TemplatesEvent;
    input: TemplatesInput;
    tags: TemplatesTag;
    children: {
      list: 'loadTemplates';
      refresh: 'loadTemplates';
      sync: 'syncTemplates';
      remove: 'deleteTemplate';
      editor: 'templateEditor';
    };
  },
  actors: { loadTemplates, syncTemplates, deleteTemplate, templateEditor: templateEditorMachine },
  guards: {
    none: (_, params: { templates: MessageTemplate[] }) => params.templates.length === 0,
    known: ({ context }, params: { id: string }) => context.templates.some((item) => item.id === params.id),
    belongs: ({ context }, params: { template: MessageTemplate }) => belongs(context, params.template),
    created: (_, params: { output: MessageTemplate | null }) => params.output !== null,
  },
  actions: {
    keepTemplates: assign((_, params: { templates: MessageTemplate[] }) => ({
      templates: [...params.templates].sort(byNameThenLanguage),
      error: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    putTemplate: assign(({ context }, params: { template: MessageTemplate }) => ({
      templates: withTemplate(context.templates, params.template),
    })),
    dropTemplate: assign(({ context }, params: { id: string }) => ({
      templates: context.templates.filter((item) => item.id !== params.id),
      created: context.created?.id === params.id ? null : context.created,
    })),
    startSync: assign({ syncError: null }),
    showSyncError: assign((_, params: { error: unknown }) => ({ syncError: toFlowError(params.error) })),
    startDelete: assign(({ context }, params: { id: string }) => ({
      deleting: context.templates.find((item) => item.id === params.id) ?? null,
      deleteError: null,
    })),
    forgetDeleting: assign({ deleting: null }),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    keepCreated: assign(({ context }, params: { template: MessageTemplate }) => ({
      templates: withTemplate(context.templates, params.template),
      created: params.template,
    })),
    dismiss: assign({ syncError: null, deleteError: null, deleting: null }),
  },
}).createMachine({
  id: 'templates',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    accountId: input.accountId,
    wabaId: input.wabaId,
    language: input.language ?? 'id',
    templates: [],
    error: null,
    syncError: null,
    deleting: null,
    deleteError: null,
    created: null,
  }),
  initial: 'loading',
  on: {
    'templates.updated': {
      guard: { type: 'belongs', params: ({ event }) => event },
      actions: { type: 'putTemplate', params: ({ event }) => event },
    },
    'templates.deleted': {
      actions: { type: 'dropTemplate', params: ({ event }) => ({ id: event.templateId }) },
    },
  },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'list',
        src: 'loadTemplates',
        input: ({ context }) => ({ client: context.client, key: context.key, accountId: context.accountId }),
        onDone: [
          // Nothing read from Meta yet (a number just added): read it now.
          {
            guard: { type: 'none', params: ({ event }) => ({ templates: event.output }) },
            target: '#templates.ready.syncing',
            actions: { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'templates.resync': { target: 'loading', reenter: true } },
    },
    failed: {
      tags: ['error'],
      on: { 'templates.retry': 'loading', 'templates.resync': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'templates.resync': 'refreshing',
            'templates.sync': { target: 'syncing', actions: 'startSync' },
            'templates.delete': {
              guard: { type: 'known', params: ({ event }) => event },
              target: 'deleting',
              actions: { type: 'startDelete', params: ({ event }) => event },
            },
            'templates.create': 'editing',
            'templates.dismiss': { actions: 'dismiss' },
          },
        },
        syncing: {
          tags: ['syncing', 'busy'],
          invoke: {
            id: 'sync',
            src: 'syncTemplates',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              accountId: context.accountId,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'showSyncError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refresh',
            src: 'loadTemplates',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              accountId: context.accountId,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
            },
            // The list stays as it was; the next reconnection tries again.
            onError: 'idle',
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'deleteTemplate',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              accountId: context.accountId,
              id: context.deleting?.id ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'dropTemplate', params: ({ event }) => ({ id: event.output.id }) },
                'forgetDeleting',
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        editing: {
          invoke: {
            id: 'editor',
            src: 'templateEditor',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              accountId: context.accountId,
              language: context.language,
            }),
            onDone: [
              {
                guard: { type: 'created', params: ({ event }) => ({ output: event.output }) },
                target: 'idle',
                actions: {
                  type: 'keepCreated',
                  params: ({ event }) => ({ template: event.output as MessageTemplate }),
                },
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

export type TemplatesSnapshot = SnapshotFrom<typeof templatesMachine>;

export function selectTemplatesStatus(snapshot: TemplatesSnapshot): TemplatesStatus {
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.hasTag('loading')) return 'loading';
  return snapshot.context.templates.length === 0 ? 'empty' : 'ready';
}

export function selectTemplates(snapshot: TemplatesSnapshot): MessageTemplate[] {
  return snapshot.context.templates;
}

/** The editor while "Buat template" is open. */
export function selectTemplateEditor(snapshot: TemplatesSnapshot) {
  return snapshot.children.editor;
}

/** Whether Meta is being read (the first time or on "Sinkronkan"). */
export function selectTemplatesSyncing(snapshot: TemplatesSnapshot): boolean {
  return snapshot.hasTag('syncing');
}
