/**
 * The stages table of `/crm/stage/{key}` besides the table itself (tableMachine runs the rows,
 * `stage_list` in board order). Three regions run side by side:
 *
 * - `search` (debouncedSearch.ts): after a pause in the typing (the `delay` actor) the machine
 *   announces the table's new payload (`stages.payload`);
 * - `dialog` (crudDialog.ts): at most one dialog: the form (a new stage, or one being edited: name and colour,
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
import { closedDialog, crudDialogActions, crudDialogGuards, crudDialogRegion } from './crudDialog.ts';
import { nameColorFields, nameColorSaveInput, nameColorServerErrors } from './nameColorForm.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import {
  checkStage,
  deleteStage,
  reorderStage,
  saveStage,
  stageListPayload,
  stagePalette,
} from './stageActors.ts';
import type { StageDraft, StageListPayload } from './stageActors.ts';
import type { StagesContext, StagesEmitted, StagesEvent, StagesInput, StagesTag } from './stagesTypes.ts';
import { delay } from './delay.ts';

export type { StagesContext, StagesEmitted, StagesEvent, StagesInput, StagesTag } from './stagesTypes.ts';

export function emptyStageDraft(): StageDraft {
  return { name: '', color: stagePalette[0] };
}

export const stagesMachine = setup({
  types: {} as {
    context: StagesContext;
    events: StagesEvent;
    input: StagesInput;
    emitted: StagesEmitted;
    tags: StagesTag;
    children: {
      pause: 'delay';
      save: 'saveStage';
      remove: 'deleteStage';
      reorder: 'reorderStage';
    };
  },
  actors: { delay, saveStage, deleteStage, reorderStage },
  guards: {
    ...searchGuards,
    ...crudDialogGuards(checkStage),
    /** The first stage of the board does not move up. */
    canMove: (_, params: { stage: Stage; direction: 'up' | 'down' }) =>
      params.direction === 'down' || params.stage.position > 0,
  },
  actions: {
    ...searchActions<StagesContext, StagesEvent>(),
    ...crudDialogActions<StagesContext, StagesEvent>({
      empty: emptyStageDraft,
      draftOf: (stage) => ({ name: stage.name, color: stage.color }),
      check: checkStage,
      serverErrors: nameColorServerErrors,
    }),
    announcePayload: emit(({ context }) => ({
      type: 'stages.payload' as const,
      payload: stageListPayload(context.key, context.search),
    })),
    announceSaved: emit(({ context }, params: { row: Stage }) => ({
      type: 'stages.saved' as const,
      stage: params.row,
      created: context.editing === null,
    })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'stages.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
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
    ...searchContext(input.searchDebounceMs),
    ...closedDialog(emptyStageDraft()),
    reorder: null,
  }),
  type: 'parallel',
  states: {
    search: searchRegion('stages', ['announcePayload']),
    dialog: crudDialogRegion({
      id: 'stages',
      prefix: 'stages',
      rowKey: 'stage',
      fields: nameColorFields('stages'),
      submit: 'stages.save',
      save: { src: 'saveStage', input: nameColorSaveInput },
      remove: 'deleteStage',
    }),
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
