/**
 * The quick replies screen (`/crm/quick-reply/{key}`) besides its table (tableMachine runs the
 * list). Two regions run side by side:
 *
 * - `search` (debouncedSearch.ts): the search field; after a pause in the typing (the `delay` actor) the
 *   search applies, and the table's payload (`selectQuickReplyPayload`) follows it;
 * - `dialog` (crudDialog.ts): at most one dialog at a time: the form (a new quick reply, or one being edited:
 *   shortcut, text, an optional file; checked here, saved with `quick_reply_create` or
 *   `quick_reply_update`, the server's field errors shown beside their fields), or a delete to
 *   confirm (`quick_reply_delete`, a refusal stays shown for a retry).
 *
 * Each save and delete is announced (`quickReply.saved`, `quickReply.deleted`): the web refreshes
 * the table and shows a toast.
 */
import { emit, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { QuickReply } from '@sapa/sdk';
import {
  closedDialog,
  crudDialogActions,
  crudDialogGuards,
  crudDialogRegion,
  editDraft,
} from './crudDialog.ts';
import type { CrudDialogContext, CrudDialogTag } from './crudDialog.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import type { SearchContext } from './debouncedSearch.ts';
import {
  checkQuickReply,
  deleteQuickReply,
  draftOf,
  emptyDraft,
  quickReplyListPayload,
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
import { delay } from './delay.ts';

export interface QuickReplyInput {
  client: ActCaller;
  key: string;
  /** Quiet time after the last keystroke before the search runs. Default 300. */
  searchDebounceMs?: number;
}

/** The search (debouncedSearch.ts) and the dialog (crudDialog.ts) of the screen. */
export interface QuickReplyContext
  extends SearchContext, CrudDialogContext<QuickReply, QuickReplyDraft, QuickReplyFieldErrors> {
  client: ActCaller;
  key: string;
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

export type QuickReplyTag = CrudDialogTag;

export const quickReplyMachine = setup({
  types: {} as {
    context: QuickReplyContext;
    events: QuickReplyEvent;
    input: QuickReplyInput;
    emitted: QuickReplyEmitted;
    tags: QuickReplyTag;
    children: { pause: 'delay'; save: 'saveQuickReply'; remove: 'deleteQuickReply' };
  },
  actors: { delay, saveQuickReply, deleteQuickReply },
  guards: { ...searchGuards, ...crudDialogGuards(checkQuickReply) },
  actions: {
    ...searchActions<QuickReplyContext, QuickReplyEvent>(),
    ...crudDialogActions<QuickReplyContext, QuickReplyEvent>({
      empty: emptyDraft,
      draftOf,
      check: checkQuickReply,
      serverErrors: quickReplyServerErrors,
    }),
    announceSaved: emit(({ context }, params: { row: QuickReply }) => ({
      type: 'quickReply.saved' as const,
      reply: params.row,
      created: context.editing === null,
    })),
    announceDeleted: emit((_, params: { id: string }) => ({
      type: 'quickReply.deleted' as const,
      id: params.id,
    })),
  },
}).createMachine({
  id: 'quickReply',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    ...searchContext(input.searchDebounceMs),
    ...closedDialog(emptyDraft()),
  }),
  type: 'parallel',
  states: {
    search: searchRegion('quickReply'),
    dialog: crudDialogRegion({
      id: 'quickReply',
      prefix: 'quickReply',
      rowKey: 'reply',
      fields: {
        'quickReply.shortcut': editDraft('shortcut', ({ value }: { value: string }) => ({ shortcut: value })),
        'quickReply.text': editDraft('text', ({ value }: { value: string }) => ({ text: value })),
        'quickReply.media': editDraft('mediaId', ({ media }: { media: QuickReplyMedia | null }) => ({
          media,
        })),
      },
      submit: 'quickReply.save',
      save: {
        src: 'saveQuickReply',
        input: ({ context }: { context: QuickReplyContext }) => ({
          client: context.client,
          key: context.key,
          save: { editing: context.editing, draft: context.draft },
        }),
      },
      remove: 'deleteQuickReply',
    }),
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
