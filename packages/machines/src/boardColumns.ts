/**
 * The pipeline board's columns as data (boardMachine.ts runs them): where a card is, moving a
 * card between columns with the totals following, a move still waiting for the server laid over
 * a fresh answer, and undoing a move the server refused. Pure functions: nothing is changed in
 * place, a column that does not change keeps its identity.
 */
import type { StageCard, StageColumn } from '@sapa/sdk';
import type { StageRef } from './stageActors.ts';

/** A column's stage id: `null` for the customers in no stage. */
export function columnId(column: StageColumn): string | null {
  return column.stage?.id ?? null;
}

/** A move of one card: where it was (and at which place) and where it goes. */
export interface CardMove {
  customerId: string;
  from: string | null;
  /** The card's place in its column before the move (a rollback puts it back there). */
  index: number;
  to: string | null;
  /** The card as it was (its old `since`). */
  card: StageCard;
  /** When it entered `to` (`null` for no stage). */
  since: string | null;
}

export interface CardSpot {
  column: string | null;
  index: number;
  card: StageCard;
}

/** Where a customer's card is on the board, if it is loaded. */
export function findCard(columns: readonly StageColumn[], customerId: string): CardSpot | null {
  for (const column of columns) {
    const index = column.cards.findIndex((card) => card.customerId === customerId);
    const card = column.cards[index];
    if (card !== undefined) return { column: columnId(column), index, card };
  }
  return null;
}

export function hasColumn(columns: readonly StageColumn[], stageId: string | null): boolean {
  return columns.some((column) => columnId(column) === stageId);
}

/**
 * The columns with the card taken out of its column and put at `index` of column `to` (default
 * first: the newest move comes first), each total following. Unchanged when the card is not on
 * the board, is already in `to`, or `to` is not a column.
 */
export function moveCard(
  columns: readonly StageColumn[],
  move: { customerId: string; to: string | null; since: string | null; index?: number },
): StageColumn[] {
  const spot = findCard(columns, move.customerId);
  if (spot === null || spot.column === move.to || !hasColumn(columns, move.to)) return [...columns];
  const card: StageCard = { ...spot.card, since: move.since };
  return columns.map((column) => {
    const id = columnId(column);
    if (id === spot.column)
      return {
        ...column,
        cards: column.cards.filter((item) => item.customerId !== move.customerId),
        total: Math.max(0, column.total - 1),
      };
    if (id !== move.to) return column;
    const cards = [...column.cards];
    cards.splice(Math.min(move.index ?? 0, cards.length), 0, card);
    return { ...column, cards, total: column.total + 1 };
  });
}

/** A fresh answer with the moves still waiting for the server laid over it, in order. */
export function withPending(columns: readonly StageColumn[], pending: readonly CardMove[]): StageColumn[] {
  return pending.reduce<StageColumn[]>(
    (board, move) => moveCard(board, { customerId: move.customerId, to: move.to, since: move.since }),
    [...columns],
  );
}

/**
 * Undoes a refused move: the card goes back to its place in its old column, with its old
 * `since`, unless it has moved on since (someone else's move arrived): then it stays.
 */
export function undoMove(columns: readonly StageColumn[], move: CardMove): StageColumn[] {
  const spot = findCard(columns, move.customerId);
  if (spot === null || spot.column !== move.to) return [...columns];
  return moveCard(columns, {
    customerId: move.customerId,
    to: move.from,
    since: move.card.since,
    index: move.index,
  });
}

/** The stage a live move names exists on the board (a stage made since needs a fresh board). */
export function knowsStage(columns: readonly StageColumn[], stage: StageRef | null): boolean {
  return hasColumn(columns, stage?.id ?? null);
}

/** Customer ids of the cards whose move waits for the server. */
export function pendingIds(pending: readonly CardMove[]): ReadonlySet<string> {
  return new Set(pending.map((move) => move.customerId));
}
