/**
 * The stages table of `/crm/stage/{key}` besides the table itself (tableMachine runs the rows,
 * `stage_list` in board order). Three regions run side by side:
 *
 * - `search`: after a pause in the typing (`stagesSearchPause`) the machine announces the
 *   table's new payload (`stages.payload`);
 * - `dialog`: at most one dialog: the form (a new stage, or one being edited: name and colour,
 *   checked here, saved with `stage_create` / `stage_update`, the server's field errors beside
 *   their fields), or a delete to confirm (`stage_delete`; a refusal stays shown for a retry);
 * - `order`: one stage moved up or down at a time (`stage_update` with its new `position`).
 *
 * Each save, delete and move is announced (`stages.saved`, `stages.deleted`, `stages.moved`):
 * the web fetches the table's page again and shows a toast; a move that fails is announced as
 * `stages.moveFailed` with the server's message.
 */
import { assign, emit, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Stage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import {
  checkStage,
  deleteStage,
  reorderStage,
  saveStage,
  searchPause,
  stageListPayload,
  stagePalette,
  stageServerErrors,
} from './stageActors.ts';
import type { StageDraft, StageFieldErrors, StageListPayload } from './stageActors.ts';
import type { StagesContext, StagesEmitted, StagesEvent, StagesInput, StagesTag } from './stagesTypes.ts';

export type { StagesContext, StagesEmitted, StagesEvent, StagesInput, StagesTag } from './stagesTypes.ts';

type Context = StagesContext;

export function emptyStageDraft(): StageDraft {
  return { name: '', color: stagePalette[0] };
}

const closedDialog = {
  editing: null,
  draft: emptyStageDraft(),
  fieldErrors: {},
  saveError: null,
  deleteTarget: null,
  deleteError: null,
} as const satisfies Partial<Context>;

function without(errors: StageFieldErrors, field: keyof StageFieldErrors): StageFieldErrors {
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

export const stagesMachine = setup({
  types: {} as {
    context: StagesContext;
    events: StagesEvent;
    input: StagesInput;
    emitted: StagesEmitted;
    tags: StagesTag;
    children: {
      pause: 'stagesSearchPause';
      save: 'saveStage';
      remove: 'deleteStage';
      reorder: 'reorderStage';
    };
  },
  actors: { stagesSearchPause: searchPause('stages.searchSettled'), saveStage, deleteStage, reorderStage },
  guards: {
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
    draftValid: ({ context }) => Object.keys(checkStage(context.draft)).length === 0,
    /** The first stage of the board does not move up. */
    canMove: (_, params: { stage: Stage; direction: 'up' | 'down' }) =>
      params.direction === 'down' || params.stage.position > 0,
  },
  actions: {
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ search: context.searchText })),
    clearSearch: assign({ search: '', searchText: '' }),
    announcePayload: emit(({ context }) => ({
      type: 'stages.payload' as const,
      payload: stageListPayload(context.key, context.search),
    })),
    openNew: assign({ ...closedDialog }),
    openEdit: assign((_, params: { stage: Stage }) => ({
      ...closedDialog,
      editing: params.stage,
      draft: { name: params.stage.name, color: params.stage.color },
    })),
    setName: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, name: params.value },
      fieldErrors: without(context.fieldErrors, 'name'),
    })),
    setColor: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, color: params.value },
      fieldErrors: without(context.fieldErrors, 'color'),
    })),
    showCheckErrors: assign(({ context }) => ({ fieldErrors: checkStage(context.draft), saveError: null })),
    startSave: assign({ fieldErrors: {}, saveError: null }),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fields = stageServerErrors(params.error);
      return {
        fieldErrors: fields,
        saveError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      };
    }),
    announceSaved: emit(({ context }, params: { stage: Stage }) => ({
      type: 'stages.saved' as const,
      stage: params.stage,
      created: context.editing === null,
    })),
    askDelete: assign((_, params: { stage: Stage }) => ({ ...closedDialog, deleteTarget: params.stage })),
    showDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: toFlowError(params.error) })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'stages.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
    close: assign({ ...closedDialog }),
    startMove: assign((_, params: { stage: Stage; direction: 'up' | 'down' }) => ({
      reorder: {
        stage: params.stage,
        position: params.stage.position + (params.direction === 'up' ? -1 : 1),
      },
    })),
    announceMoved: emit((_, params: { stage: Stage }) => ({
      type: 'stages.moved' as const,
      stage: params.stage,
    })),
    announceMoveFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'stages.moveFailed' as const,
      name: context.reorder?.stage.name ?? '',
      message: toFlowError(params.error).message,
    })),
    endMove: assign({ reorder: null }),
  },
}).createMachine({
  id: 'stages',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    search: '',
    searchText: '',
    ...closedDialog,
    reorder: null,
  }),
  type: 'parallel',
  states: {
    search: {
      initial: 'idle',
      on: {
        'stages.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.idle',
            actions: ['clearSearch', 'announcePayload'],
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
            src: 'stagesSearchPause',
            input: ({ context }) => ({ ms: context.searchDebounceMs }),
          },
          on: { 'stages.searchSettled': { target: 'idle', actions: ['applySearch', 'announcePayload'] } },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'stages.add': { target: 'form', actions: 'openNew' },
            'stages.edit': { target: 'form', actions: { type: 'openEdit', params: ({ event }) => event } },
            'stages.delete': {
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
                'stages.name': { actions: { type: 'setName', params: ({ event }) => event } },
                'stages.color': { actions: { type: 'setColor', params: ({ event }) => event } },
                'stages.save': [
                  { guard: 'draftValid', target: 'saving', actions: 'startSave' },
                  { actions: 'showCheckErrors' },
                ],
                'stages.cancel': { target: '#stages.dialog.closed', actions: 'close' },
              },
            },
            saving: {
              tags: ['saving', 'busy'],
              invoke: {
                id: 'save',
                src: 'saveStage',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  editing: context.editing,
                  draft: context.draft,
                }),
                onDone: {
                  target: '#stages.dialog.closed',
                  actions: [
                    { type: 'announceSaved', params: ({ event }) => ({ stage: event.output }) },
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
            'stages.confirmDelete': 'deleting',
            'stages.cancel': { target: 'closed', actions: 'close' },
          },
        },
        deleting: {
          tags: ['confirming', 'deleting', 'busy'],
          invoke: {
            id: 'remove',
            src: 'deleteStage',
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
    order: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'stages.move': {
              guard: { type: 'canMove', params: ({ event }) => event },
              target: 'moving',
              actions: { type: 'startMove', params: ({ event }) => event },
            },
          },
        },
        moving: {
          tags: ['moving'],
          invoke: {
            id: 'reorder',
            src: 'reorderStage',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.reorder?.stage.id ?? '',
              position: context.reorder?.position ?? 0,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'announceMoved', params: ({ event }) => ({ stage: event.output }) },
                'endMove',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'announceMoveFailed', params: ({ event }) => ({ error: event.error }) },
                'endMove',
              ],
            },
          },
        },
      },
    },
  },
});

export type StagesSnapshot = SnapshotFrom<typeof stagesMachine>;

/** Which dialog shows: none, the form, or the delete confirmation. */
export type StagesDialog = 'closed' | 'form' | 'delete';

export function selectStagesDialog(snapshot: StagesSnapshot): StagesDialog {
  if (snapshot.hasTag('form')) return 'form';
  if (snapshot.hasTag('confirming')) return 'delete';
  return 'closed';
}

/** The table's payload for the search applied now. */
export function selectStagesPayload(snapshot: StagesSnapshot): StageListPayload {
  return stageListPayload(snapshot.context.key, snapshot.context.search);
}

/** The stage being moved up or down (its buttons wait), or null. */
export function selectReorderingId(snapshot: StagesSnapshot): string | null {
  return snapshot.context.reorder?.stage.id ?? null;
}
