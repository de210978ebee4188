/**
 * The project's labels (`/crm/label/{key}`). The labels themselves are a paginated table: the
 * machine runs it as its child `table` (tableMachine over `label_list`) and tells it what to ask
 * for. Two regions run side by side:
 *
 * - `query`: the table's sort (name, newest, customers) and its search, sent after a pause in the
 *   typing (`labelSearchPause`); each change goes to the table as its new payload;
 * - `dialog`: at most one of the form (a new label, or one being edited: name and colour,
 *   checked here, then `label_create` / `label_update`; the server's field errors land on their
 *   fields) and the delete (confirm, then `label_delete`). What is saved or deleted is announced
 *   (`labels.saved`, `labels.deleted`) and the table fetches its page again.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Label } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import {
  checkLabel,
  LABEL_FIELDS,
  labelPalette,
  labelSearchPause,
  labelTablePayload,
  removeLabel,
  saveLabel,
} from './labelActors.ts';
import type { LabelField, LabelSort, LabelTablePayload } from './labelActors.ts';
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

export type { LabelForm, LabelsContext, LabelsEmitted, LabelsEvent, LabelsInput, LabelsTag };

type Context = LabelsContext;

function payload(context: Context): LabelTablePayload {
  return labelTablePayload(context.key, { sort: context.sort, search: context.search });
}

const closedForm = { form: null, fieldErrors: {}, formError: null } as const;

/** The field errors without `field`'s (it was just changed). */
function without(errors: FieldErrors<LabelField>, field: LabelField): FieldErrors<LabelField> {
  const { [field]: _changed, ...rest } = errors;
  return rest;
}

export const labelTableMachine = createTableMachine<Label, LabelTablePayload>();

export const labelsMachine = setup({
  types: {} as {
    context: LabelsContext;
    events: LabelsEvent;
    input: LabelsInput;
    children: { table: 'labelTable'; pause: 'labelSearchPause'; save: 'saveLabel'; remove: 'removeLabel' };
    tags: LabelsTag;
    emitted: LabelsEmitted;
  },
  actors: { labelTable: labelTableMachine, labelSearchPause, saveLabel, removeLabel },
  guards: {
    sortChanged: ({ context }, params: { sort: LabelSort }) => params.sort !== context.sort,
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
    formValid: ({ context }) => context.form !== null && checkLabel(context.form).ok,
  },
  actions: {
    // A search still waiting for its pause goes with the new sort.
    setSort: assign(({ context }, params: { sort: LabelSort }) => ({
      sort: params.sort,
      search: context.searchText,
    })),
    clearSearch: assign({ search: '', searchText: '' }),
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ search: context.searchText })),
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    openCreate: assign(() => ({ ...closedForm, form: { id: null, name: '', color: labelPalette[0] } })),
    openEdit: assign((_, params: { label: Label }) => ({
      ...closedForm,
      form: { id: params.label.id, name: params.label.name, color: params.label.color },
    })),
    setName: assign(({ context }, params: { name: string }) => ({
      form: context.form && { ...context.form, name: params.name },
      fieldErrors: without(context.fieldErrors, 'name'),
    })),
    setColor: assign(({ context }, params: { color: string }) => ({
      form: context.form && { ...context.form, color: params.color },
      fieldErrors: without(context.fieldErrors, 'color'),
    })),
    showFormErrors: assign(({ context }) => {
      const checked = checkLabel(context.form ?? { name: '', color: '' });
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, formError: null };
    }),
    startSave: assign({ fieldErrors: {}, formError: null }),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = serverFieldErrors(params.error, LABEL_FIELDS);
      return {
        fieldErrors: fields,
        formError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
    closeForm: assign(closedForm),
    announceSaved: emit(({ context }, params: { label: Label }) => ({
      type: 'labels.saved' as const,
      label: params.label,
      created: context.form?.id === null,
    })),
    askDelete: assign((_, params: { label: Label }) => ({ deleteTarget: params.label, deleteError: null })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'labels.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
    forgetDelete: assign({ deleteTarget: null, deleteError: null }),
  },
}).createMachine({
  id: 'labels',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    fetchPage: input.fetchPage,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    sort: 'name',
    search: '',
    searchText: '',
    ...closedForm,
    deleteTarget: null,
    deleteError: null,
  }),
  invoke: {
    id: 'table',
    src: 'labelTable',
    input: ({ context }) => ({ fetchPage: context.fetchPage, payload: payload(context) }),
  },
  type: 'parallel',
  states: {
    query: {
      initial: 'idle',
      on: {
        'labels.sort': {
          guard: { type: 'sortChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setSort', params: ({ event }) => event }, 'queryTable'],
        },
        'labels.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.idle',
            actions: ['clearSearch', 'queryTable'],
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
        // The labels shown so far stay until the search runs.
        debouncing: {
          invoke: {
            id: 'pause',
            src: 'labelSearchPause',
            input: ({ context }) => ({ ms: context.searchDebounceMs }),
          },
          on: { 'labels.searchSettled': { target: 'idle', actions: ['applySearch', 'queryTable'] } },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'labels.add': { target: 'form', actions: 'openCreate' },
            'labels.edit': { target: 'form', actions: { type: 'openEdit', params: ({ event }) => event } },
            'labels.delete': {
              target: 'confirmingDelete',
              actions: { type: 'askDelete', params: ({ event }) => event },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'labels.name': { actions: { type: 'setName', params: ({ event }) => event } },
                'labels.color': { actions: { type: 'setColor', params: ({ event }) => event } },
                'labels.submit': [
                  { guard: 'formValid', target: 'saving', actions: 'startSave' },
                  { actions: 'showFormErrors' },
                ],
                'labels.cancel': { target: '#labels.dialog.closed', actions: 'closeForm' },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'save',
                src: 'saveLabel',
                input: ({ context }) => {
                  const form = context.form ?? { id: null, name: '', color: '' };
                  const checked = checkLabel(form);
                  return {
                    client: context.client,
                    key: context.key,
                    id: form.id,
                    draft: checked.ok ? checked.value : form,
                  };
                },
                onDone: {
                  target: '#labels.dialog.closed',
                  actions: [
                    { type: 'announceSaved', params: ({ event }) => ({ label: event.output }) },
                    'closeForm',
                    'refreshTable',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        confirmingDelete: {
          on: {
            'labels.confirmDelete': 'deleting',
            'labels.cancel': { target: 'closed', actions: 'forgetDelete' },
          },
        },
        deleting: {
          tags: ['deleting'],
          invoke: {
            id: 'remove',
            src: 'removeLabel',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.deleteTarget?.id ?? '',
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceDeleted', params: ({ event }) => event.output },
                'forgetDelete',
                'refreshTable',
              ],
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

export function selectLabelForm(snapshot: LabelsSnapshot): LabelForm | null {
  return snapshot.context.form;
}

export function selectLabelSort(snapshot: LabelsSnapshot): LabelSort {
  return snapshot.context.sort;
}

/** The search as typed (the table follows it after the pause). */
export function selectLabelSearch(snapshot: LabelsSnapshot): string {
  return snapshot.context.searchText;
}
