/**
 * The quick replies screen (`/crm/quick-reply/{key}`) besides its table (tableMachine runs the
 * list). Two regions run side by side:
 *
 * - `search`: the search field; after a pause in the typing (`quickReplySearchPause`) the
 *   search applies, and the table's payload (`selectQuickReplyPayload`) follows it;
 * - `dialog`: at most one dialog at a time: the form (a new quick reply, or one being edited:
 *   shortcut, text, an optional file; checked here, saved with `quick_reply_create` or
 *   `quick_reply_update`, the server's field errors shown beside their fields), or a delete to
 *   confirm (`quick_reply_delete`, a refusal stays shown for a retry).
 *
 * Each save and delete is announced (`quickReply.saved`, `quickReply.deleted`): the web refreshes
 * the table and shows a toast.
 */
import { assign, emit, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { QuickReply } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  checkQuickReply,
  deleteQuickReply,
  draftOf,
  emptyDraft,
  quickReplyListPayload,
  quickReplySearchPause,
  quickReplyServerErrors,
  saveQuickReply,
} from './quickReplyForm.ts';
import type {
  QuickReplyDraft,
  QuickReplyFieldErrors,
  QuickReplyListPayload,
  QuickReplyMedia,
} from './quickReplyForm.ts';
import type { ActCaller } from './sdk.ts';

export interface QuickReplyInput {
  client: ActCaller;
  key: string;
  /** Quiet time after the last keystroke before the search runs. Default 300. */
  searchDebounceMs?: number;
}

export interface QuickReplyContext {
  client: ActCaller;
  key: string;
  searchDebounceMs: number;
  /** The search the table shows ('' for none), and the one typed (waiting for the pause). */
  search: string;
  searchText: string;
  /** The quick reply the form edits (`null`: a new one). */
  editing: QuickReply | null;
  draft: QuickReplyDraft;
  fieldErrors: QuickReplyFieldErrors;
  /** Why the last save failed, when it was not a field's fault. */
  saveError: FlowError | null;
  /** The quick reply asked to be deleted, and why that last failed. */
  deleteTarget: QuickReply | null;
  deleteError: FlowError | null;
}

export type QuickReplyEvent =
  | { type: 'quickReply.search'; text: string }
  /** Sent by the search pause (tests send it themselves). */
  | { type: 'quickReply.searchSettled' }
  /** "Tambah": the form opens empty. */
  | { type: 'quickReply.add' }
  /** The form opens with this quick reply (a row of the table). */
  | { type: 'quickReply.edit'; reply: QuickReply }
  | { type: 'quickReply.shortcut'; value: string }
  | { type: 'quickReply.text'; value: string }
  /** The file to go with it (from the gallery or an upload), or `null` for none. */
  | { type: 'quickReply.media'; media: QuickReplyMedia | null }
  | { type: 'quickReply.save' }
  /** The form or the delete dialog closes (not while it saves or deletes). */
  | { type: 'quickReply.cancel' }
  | { type: 'quickReply.delete'; reply: QuickReply }
  | { type: 'quickReply.confirmDelete' };

export type QuickReplyEmitted =
  | { type: 'quickReply.saved'; reply: QuickReply; created: boolean }
  | { type: 'quickReply.deleted'; id: string };

export type QuickReplyTag = 'form' | 'saving' | 'confirming' | 'deleting' | 'busy';

type Context = QuickReplyContext;

const closedDialog = {
  editing: null,
  draft: emptyDraft(),
  fieldErrors: {},
  saveError: null,
  deleteTarget: null,
  deleteError: null,
} as const satisfies Partial<Context>;

function without(errors: QuickReplyFieldErrors, field: keyof QuickReplyFieldErrors): QuickReplyFieldErrors {
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

export const quickReplyMachine = setup({
  types: {} as {
    context: QuickReplyContext;
    events: QuickReplyEvent;
    input: QuickReplyInput;
    emitted: QuickReplyEmitted;
    tags: QuickReplyTag;
    children: { pause: 'quickReplySearchPause'; save: 'saveQuickReply'; remove: 'deleteQuickReply' };
  },
  actors: { quickReplySearchPause, saveQuickReply, deleteQuickReply },
  guards: {
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
    draftValid: ({ context }) => Object.keys(checkQuickReply(context.draft)).length === 0,
  },
  actions: {
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ search: context.searchText })),
    clearSearch: assign({ search: '', searchText: '' }),
    openNew: assign({ ...closedDialog }),
    openEdit: assign((_, params: { reply: QuickReply }) => ({
      ...closedDialog,
      editing: params.reply,
      draft: draftOf(params.reply),
    })),
    setShortcut: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, shortcut: params.value },
      fieldErrors: without(context.fieldErrors, 'shortcut'),
    })),
    setText: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, text: params.value },
      fieldErrors: without(context.fieldErrors, 'text'),
    })),
    setMedia: assign(({ context }, params: { media: QuickReplyMedia | null }) => ({
      draft: { ...context.draft, media: params.media },
      fieldErrors: without(context.fieldErrors, 'mediaId'),
    })),
    showCheckErrors: assign(({ context }) => ({
      fieldErrors: checkQuickReply(context.draft),
      saveError: null,
    })),
    startSave: assign({ fieldErrors: {}, saveError: null }),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = quickReplyServerErrors(params.error);
      return {
        fieldErrors: fields,
        saveError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
    announceSaved: emit(({ context }, params: { reply: QuickReply }) => ({
      type: 'quickReply.saved' as const,
      reply: params.reply,
      created: context.editing === null,
    })),
    askDelete: assign((_, params: { reply: QuickReply }) => ({
      ...closedDialog,
      deleteTarget: params.reply,
    })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceDeleted: emit((_, params: { id: string }) => ({
      type: 'quickReply.deleted' as const,
      id: params.id,
    })),
    close: assign({ ...closedDialog }),
  },
}).createMachine({
  id: 'quickReply',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    search: '',
    searchText: '',
    ...closedDialog,
  }),
  type: 'parallel',
  states: {
    search: {
      initial: 'idle',
      on: {
        'quickReply.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.idle',
            actions: 'clearSearch',
          },
          {
            guard: { type: 'searchChanged', params: ({ event }) => event },
            target: '.debouncing',
            actions: { type: 'typeSearch', params: ({ event }) => event },
          },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          invoke: {
            id: 'pause',
            src: 'quickReplySearchPause',
            input: ({ context }) => ({ ms: context.searchDebounceMs }),
          },
          on: {
            'quickReply.searchSettled': { target: 'idle', actions: 'applySearch' },
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'quickReply.add': { target: 'form', actions: 'openNew' },
            'quickReply.edit': {
              target: 'form',
              actions: { type: 'openEdit', params: ({ event }) => event },
            },
            'quickReply.delete': {
              target: 'confirmingDelete',
              actions: { type: 'askDelete', params: ({ event }) => event },
            },
          },
        },
        form: {
          tags: ['form'],
          initial: 'filling',
          states: {
            filling: {
              on: {
                'quickReply.shortcut': { actions: { type: 'setShortcut', params: ({ event }) => event } },
                'quickReply.text': { actions: { type: 'setText', params: ({ event }) => event } },
                'quickReply.media': { actions: { type: 'setMedia', params: ({ event }) => event } },
                'quickReply.save': [
                  { guard: 'draftValid', target: 'saving', actions: 'startSave' },
                  { actions: 'showCheckErrors' },
                ],
                'quickReply.cancel': { target: '#quickReply.dialog.closed', actions: 'close' },
              },
            },
            saving: {
              tags: ['saving', 'busy'],
              invoke: {
                id: 'save',
                src: 'saveQuickReply',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  save: { editing: context.editing, draft: context.draft },
                }),
                onDone: {
                  target: '#quickReply.dialog.closed',
                  actions: [
                    { type: 'announceSaved', params: ({ event }) => ({ reply: event.output }) },
                    'close',
                  ],
                },
                onError: {
                  target: 'filling',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        confirmingDelete: {
          tags: ['confirming'],
          on: {
            'quickReply.confirmDelete': 'deleting',
            'quickReply.cancel': { target: 'closed', actions: 'close' },
          },
        },
        deleting: {
          tags: ['confirming', 'deleting', 'busy'],
          invoke: {
            id: 'remove',
            src: 'deleteQuickReply',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.deleteTarget?.id ?? '',
            }),
            onDone: {
              target: 'closed',
              actions: [{ type: 'announceDeleted', params: ({ event }) => event.output }, 'close'],
            },
            onError: {
              target: 'confirmingDelete',
              actions: { type: 'showDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type QuickReplySnapshot = SnapshotFrom<typeof quickReplyMachine>;

/** Which dialog shows: none, the form, or the delete confirmation. */
export type QuickReplyDialog = 'closed' | 'form' | 'delete';

export function selectQuickReplyDialog(snapshot: QuickReplySnapshot): QuickReplyDialog {
  if (snapshot.hasTag('form')) return 'form';
  if (snapshot.hasTag('confirming')) return 'delete';
  return 'closed';
}

/** The table's payload for the search applied now. */
export function selectQuickReplyPayload(snapshot: QuickReplySnapshot): QuickReplyListPayload {
  return quickReplyListPayload(snapshot.context.key, snapshot.context.search);
}
