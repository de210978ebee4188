/**
 * The project's labels (`/crm/label/{key}`). The labels themselves are a paginated table: the
 * machine runs it as its child `table` (tableMachine over `label_list`) and tells it what to ask
 * for. Two regions run side by side:
 *
 * - `query` (debouncedSearch.ts, plus the sort): the table's sort (name, newest, customers) and
 *   its search, sent after a pause in the typing (the `delay` actor); each change goes to the
 *   table as its new payload;
 * - `dialog` (crudDialog.ts): at most one of the form (a new label, or one being edited: name
 *   and colour, checked here, then `label_create` / `label_update`; the server's field errors
 *   land on their fields) and the delete (confirm, then `label_delete`). What is saved or deleted is announced
 *   (`labels.saved`, `labels.deleted`) and the table fetches its page again.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Label } from '@sapa/sdk';
import {
  closedDialog,
  crudDialogActions,
  crudDialogGuards,
  crudDialogRegion,
  editDraft,
} from './crudDialog.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import {
  checkLabel,
  LABEL_FIELDS,
  labelPalette,
  labelTablePayload,
  removeLabel,
  saveLabel,
} from './labelActors.ts';
import type { LabelDraft, LabelField, LabelSort, LabelTablePayload } from './labelActors.ts';
import type {
  LabelForm,
  LabelsContext,
  LabelsEmitted,
  LabelsEvent,
  LabelsInput,
  LabelsTag,
} from './labelsTypes.ts';
import { createTableMachine } from './tableMachine.ts';
import { serverFieldErrors } from './validation.ts';
import type { FieldErrors } from './validation.ts';
import { delay } from './delay.ts';

export type { LabelForm, LabelsContext, LabelsEmitted, LabelsEvent, LabelsInput, LabelsTag };

type Context = LabelsContext;

function payload(context: Context): LabelTablePayload {
  return labelTablePayload(context.key, { sort: context.sort, search: context.search });
}

function emptyLabelDraft(): LabelDraft {
  return { name: '', color: labelPalette[0] };
}

/** The form's errors by field (none: it may be saved). */
function labelErrors(draft: LabelDraft): FieldErrors<LabelField> {
  const checked = checkLabel(draft);
  return checked.ok ? {} : checked.fieldErrors;
}

export const labelTableMachine = createTableMachine<Label, LabelTablePayload>();

/** The search region; the sort joins its transitions. */
const labelSearch = searchRegion('labels', ['queryTable']);

export const labelsMachine = setup({
  types: {} as {
    context: LabelsContext;
    events: LabelsEvent;
    input: LabelsInput;
    children: { table: 'labelTable'; pause: 'delay'; save: 'saveLabel'; remove: 'removeLabel' };
    tags: LabelsTag;
    emitted: LabelsEmitted;
  },
  actors: { labelTable: labelTableMachine, delay, saveLabel, removeLabel },
  guards: {
    ...searchGuards,
    ...crudDialogGuards(labelErrors),
    sortChanged: ({ context }, params: { sort: LabelSort }) => params.sort !== context.sort,
  },
  actions: {
    ...searchActions<LabelsContext, LabelsEvent>(),
    ...crudDialogActions<LabelsContext, LabelsEvent>({
      empty: emptyLabelDraft,
      draftOf: (label) => ({ name: label.name, color: label.color }),
      check: labelErrors,
      serverErrors: (error) => serverFieldErrors(error, LABEL_FIELDS),
    }),
    // A search still waiting for its pause goes with the new sort.
    setSort: assign(({ context }, params: { sort: LabelSort }) => ({
      sort: params.sort,
      search: context.searchText,
    })),
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    announceSaved: emit(({ context }, params: { row: Label }) => ({
      type: 'labels.saved' as const,
      label: params.row,
      created: context.editing === null,
    })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'labels.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
  },
}).createMachine({
  id: 'labels',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    fetchPage: input.fetchPage,
    sort: 'name',
    ...searchContext(input.searchDebounceMs),
    ...closedDialog(emptyLabelDraft()),
  }),
  invoke: {
    id: 'table',
    src: 'labelTable',
    input: ({ context }) => ({ fetchPage: context.fetchPage, payload: payload(context) }),
  },
  type: 'parallel',
  states: {
    // The labels shown so far stay until the search runs.
    query: {
      ...labelSearch,
      on: {
        ...labelSearch.on,
        'labels.sort': {
          guard: { type: 'sortChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setSort', params: ({ event }) => event }, 'queryTable'],
        },
      },
    },
    dialog: crudDialogRegion({
      id: 'labels',
      prefix: 'labels',
      rowKey: 'label',
      fields: {
        'labels.name': editDraft('name', ({ name }: { name: string }) => ({ name })),
        'labels.color': editDraft('color', ({ color }: { color: string }) => ({ color })),
      },
      submit: 'labels.submit',
      save: {
        src: 'saveLabel',
        input: ({ context }: { context: LabelsContext }) => {
          const checked = checkLabel(context.draft);
          return {
            client: context.client,
            key: context.key,
            id: context.editing?.id ?? null,
            draft: checked.ok ? checked.value : context.draft,
          };
        },
      },
      remove: 'removeLabel',
      then: ['refreshTable'],
    }),
  },
});

export type LabelsSnapshot = SnapshotFrom<typeof labelsMachine>;
export type LabelsDialog = 'closed' | 'form' | 'confirmingDelete' | 'deleting';

/** The labels table (the child the DataTable shows); undefined only once the machine stopped. */
export function selectLabelTable(snapshot: LabelsSnapshot) {
  return snapshot.children.table;
}

/** What is open over the table: nothing, the form, the delete (asked, running). */
export function selectLabelsDialog(snapshot: LabelsSnapshot): LabelsDialog {
  if (snapshot.matches({ dialog: 'form' })) return 'form';
  if (snapshot.matches({ dialog: 'confirmingDelete' })) return 'confirmingDelete';
  if (snapshot.matches({ dialog: 'deleting' })) return 'deleting';
  return 'closed';
}

/** The open form's label: its id (null for a new one), name and colour as typed; null when closed. */
export function selectLabelForm(snapshot: LabelsSnapshot): LabelForm | null {
  if (!snapshot.hasTag('form')) return null;
  return { id: snapshot.context.editing?.id ?? null, ...snapshot.context.draft };
}

export function selectLabelSort(snapshot: LabelsSnapshot): LabelSort {
  return snapshot.context.sort;
}

/** The search as typed (the table follows it after the pause). */
export function selectLabelSearch(snapshot: LabelsSnapshot): string {
  return snapshot.context.searchText;
}
