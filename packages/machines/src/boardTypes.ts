/** The types of the pipeline board's statechart (boardMachine.ts). */
import type { StageColumn } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { CardMove } from './boardColumns.ts';
import type { StageFeedEvent } from './stageActors.ts';
import type { ActCaller } from './sdk.ts';

export interface BoardInput {
  client: ActCaller;
  key: string;
  /** Whether the viewer may move cards (`crm.stage.edit`); the server decides again. */
  canMove: boolean;
  /** Cards per column. Default 20. */
  limit?: number;
  /** Quiet time after the last keystroke before the search runs. Default 300. */
  searchDebounceMs?: number;
  /** The time a move happens (a card's new "since"). Default: now. */
  now?: () => Date;
}

export interface BoardContext {
  client: ActCaller;
  key: string;
  canMove: boolean;
  limit: number;
  searchDebounceMs: number;
  now: () => Date;
  /** The board as shown: the last answer with the moves since laid over it. */
  columns: StageColumn[];
  /** Whether an answer has arrived (the columns are the server's, not a placeholder). */
  loaded: boolean;
  /** Why the last fetch failed (`data.failed`). */
  error: FlowError | null;
  /** The search the board shows ('' for none), and the one typed (waiting for the pause). */
  search: string;
  searchText: string;
  /** Moves shown but not yet confirmed, oldest first; the first is the one being sent. */
  pending: CardMove[];
}

export type BoardEvent =
  | { type: 'board.retry' }
  /** Fetch the board again (keeps the columns shown meanwhile). */
  | { type: 'board.refresh' }
  | { type: 'board.search'; text: string }
  /** Sent by the search pause (tests send it themselves). */
  | { type: 'board.searchSettled' }
  /** A card dropped on a column, or picked in its "Pindahkan ke…" menu (`to`: null for no stage). */
  | { type: 'board.move'; customerId: string; to: string | null }
  | StageFeedEvent;

export type BoardEmitted = { type: 'board.moveFailed'; name: string; message: string };

export type BoardTag = 'loading' | 'moving';
