/** The types of the stages table's statechart (stagesMachine.ts). */
import type { Stage } from '@sapa/sdk';
import type { CrudDialogContext, CrudDialogTag } from './crudDialog.ts';
import type { SearchContext } from './debouncedSearch.ts';
import type { StageDraft, StageFieldErrors, StageListPayload } from './stageActors.ts';
import type { ActCaller } from './sdk.ts';

export interface StagesInput {
  client: ActCaller;
  key: string;
  /** Quiet time after the last keystroke before the search runs. Default 300. */
  searchDebounceMs?: number;
}

/** The search (debouncedSearch.ts), the dialog (crudDialog.ts) and a move. */
export interface StagesContext extends SearchContext, CrudDialogContext<Stage, StageDraft, StageFieldErrors> {
  client: ActCaller;
  key: string;
  /** The stage being moved and where to (`order.moving`). */
  reorder: { stage: Stage; position: number } | null;
}

export type StagesEvent =
  | { type: 'stages.search'; text: string }
  /** Sent by the search pause (tests send it themselves). */
  | { type: 'stages.searchSettled' }
  /** "Tambah tahap": the form opens empty, with the palette's first colour. */
  | { type: 'stages.add' }
  /** The form opens with this stage (a row of the table). */
  | { type: 'stages.edit'; stage: Stage }
  | { type: 'stages.name'; value: string }
  | { type: 'stages.color'; value: string }
  | { type: 'stages.save' }
  /** The form or the delete dialog closes (not while it saves or deletes). */
  | { type: 'stages.cancel' }
  | { type: 'stages.delete'; stage: Stage }
  | { type: 'stages.confirmDelete' }
  /** One place earlier (`up`) or later (`down`) on the board. */
  | { type: 'stages.move'; stage: Stage; direction: 'up' | 'down' };

export type StagesEmitted =
  | { type: 'stages.payload'; payload: StageListPayload }
  | { type: 'stages.saved'; stage: Stage; created: boolean }
  | { type: 'stages.deleted'; id: string; name: string }
  | { type: 'stages.moved'; stage: Stage }
  | { type: 'stages.moveFailed'; name: string; message: string };

export type StagesTag = CrudDialogTag | 'moving';
