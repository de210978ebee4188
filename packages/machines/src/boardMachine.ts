/**
 * The pipeline board of `/crm/stage/{key}` (the "Papan" tab): a column per stage in board order,
 * then the customers in no stage, each with its first cards and its total (`stage_board`).
 * Three regions run side by side:
 *
 * - `data`: loading, ready or failed (with retry). A fetch again (`board.refresh`, a search, a
 *   reconnect's `stage.resync`) keeps the columns shown until the answer arrives; moves still
 *   waiting for the server are laid over that answer.
 * - `moves`: with `crm.stage.edit` (`canMove`), a card dropped on another column (`board.move`)
 *   moves there at once, first in its column, the totals following; the moves are sent one
 *   after another (`customer_stage_set`). A refused move goes back to where it was (unless
 *   someone moved the card since) and is announced (`board.moveFailed`, for a toast).
 * - `search`: after a pause in the typing, the board is fetched again for the search.
 *
 * Live moves (`stage.moved`, anyone's, ours included) move a loaded card the same way; a card
 * or stage the board does not hold means the board is fetched again. During a fetch a live move
 * restarts it, so the answer is never older than the move.
 */
import { assign, emit, raise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { StageColumn } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import {
  findCard,
  hasColumn,
  knowsStage,
  moveCard,
  pendingIds,
  undoMove,
  withPending,
} from './boardColumns.ts';
import type { CardMove } from './boardColumns.ts';
import { loadBoard, setCustomerStage } from './stageActors.ts';
import type { StageRef } from './stageActors.ts';
import type { BoardContext, BoardEmitted, BoardEvent, BoardInput, BoardTag } from './boardTypes.ts';
import { delay } from './delay.ts';

export type { BoardContext, BoardEmitted, BoardEvent, BoardInput, BoardTag } from './boardTypes.ts';

type Move = { customerId: string; to: string | null };

export const boardMachine = setup({
  types: {} as {
    context: BoardContext;
    events: BoardEvent;
    input: BoardInput;
    emitted: BoardEmitted;
    tags: BoardTag;
    children: { board: 'loadBoard'; move: 'setCustomerStage'; pause: 'delay' };
  },
  actors: { loadBoard, setCustomerStage, delay },
  guards: {
    mayMove: ({ context }, params: Move) => {
      if (!context.canMove || !context.loaded) return false;
      const spot = findCard(context.columns, params.customerId);
      return spot !== null && spot.column !== params.to && hasColumn(context.columns, params.to);
    },
    /** A live move of a loaded card to a stage the board holds, and not where the card is. */
    movesLoadedCard: ({ context }, params: { customerId: string; stage: StageRef | null }) => {
      const spot = findCard(context.columns, params.customerId);
      return (
        spot !== null &&
        knowsStage(context.columns, params.stage) &&
        spot.column !== (params.stage?.id ?? null)
      );
    },
    /** A live move the board cannot show without a fresh answer. */
    needsFetch: ({ context }, params: { customerId: string; stage: StageRef | null }) =>
      findCard(context.columns, params.customerId) === null || !knowsStage(context.columns, params.stage),
    morePending: ({ context }) => context.pending.length > 1,
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
  },
  actions: {
    keepBoard: assign(({ context }, params: { columns: StageColumn[] }) => ({
      columns: withPending(params.columns, context.pending),
      loaded: true,
      error: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    queueMove: assign(({ context }, params: Move) => {
      const spot = findCard(context.columns, params.customerId);
      if (spot === null) return {};
      const since = params.to === null ? null : context.now().toISOString();
      const move: CardMove = { ...params, from: spot.column, index: spot.index, card: spot.card, since };
      return {
        columns: moveCard(context.columns, { ...params, since }),
        pending: [...context.pending, move],
      };
    }),
    confirmMove: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    undoMove: assign(({ context }) => {
      const [move, ...rest] = context.pending;
      return {
        columns: move === undefined ? context.columns : undoMove(context.columns, move),
        pending: rest,
      };
    }),
    announceFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'board.moveFailed' as const,
      name: context.pending[0]?.card.name ?? '',
      message: toFlowError(params.error).message,
    })),
    applyLive: assign(({ context }, params: { customerId: string; stage: StageRef | null }) => ({
      columns: moveCard(context.columns, {
        customerId: params.customerId,
        to: params.stage?.id ?? null,
        since: params.stage === null ? null : context.now().toISOString(),
      }),
    })),
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ search: context.searchText })),
    clearSearch: assign({ search: '', searchText: '' }),
    fetchAgain: raise({ type: 'board.refresh' }),
  },
}).createMachine({
  id: 'board',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    canMove: input.canMove,
    limit: input.limit ?? 20,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    now: input.now ?? (() => new Date()),
    columns: [],
    loaded: false,
    error: null,
    search: '',
    searchText: '',
    pending: [],
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      on: { 'board.refresh': '.loading', 'stage.resync': '.loading' },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'board',
            src: 'loadBoard',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              limit: context.limit,
              search: context.search,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'keepBoard', params: ({ event }) => ({ columns: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: { 'stage.moved': { target: 'loading', reenter: true } },
        },
        ready: {
          on: {
            'stage.moved': [
              {
                guard: { type: 'movesLoadedCard', params: ({ event }) => event },
                actions: { type: 'applyLive', params: ({ event }) => event },
              },
              { guard: { type: 'needsFetch', params: ({ event }) => event }, target: 'loading' },
            ],
          },
        },
        failed: { on: { 'board.retry': 'loading' } },
      },
    },
    moves: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'board.move': {
              guard: { type: 'mayMove', params: ({ event }) => event },
              target: 'saving',
              actions: { type: 'queueMove', params: ({ event }) => event },
            },
          },
        },
        saving: {
          tags: ['moving'],
          invoke: {
            id: 'move',
            src: 'setCustomerStage',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              customerId: context.pending[0]?.customerId ?? '',
              stageId: context.pending[0]?.to ?? null,
            }),
            onDone: [
              { guard: 'morePending', target: 'saving', reenter: true, actions: 'confirmMove' },
              { target: 'idle', actions: 'confirmMove' },
            ],
            onError: [
              {
                guard: 'morePending',
                target: 'saving',
                reenter: true,
                actions: [
                  { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
                  'undoMove',
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
                  'undoMove',
                ],
              },
            ],
          },
          on: {
            'board.move': {
              guard: { type: 'mayMove', params: ({ event }) => event },
              actions: { type: 'queueMove', params: ({ event }) => event },
            },
          },
        },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'board.search': [
          {
            guard: { type: 'clearsSearch', params: ({ event }) => event },
            target: '.idle',
            actions: ['clearSearch', 'fetchAgain'],
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
            src: 'delay',
            input: ({ context }) => ({
              ms: context.searchDebounceMs,
              event: { type: 'board.searchSettled' as const },
            }),
          },
          on: { 'board.searchSettled': { target: 'idle', actions: ['applySearch', 'fetchAgain'] } },
        },
      },
    },
  },
});

export type BoardSnapshot = SnapshotFrom<typeof boardMachine>;
export type BoardStatus = 'loading' | 'refreshing' | 'ready' | 'failed';

/** `loading` before the first answer; `refreshing` while a later fetch runs over the board shown. */
export function selectBoardStatus(snapshot: BoardSnapshot): BoardStatus {
  if (snapshot.matches({ data: 'failed' })) return 'failed';
  if (snapshot.matches({ data: 'loading' })) return snapshot.context.loaded ? 'refreshing' : 'loading';
  return 'ready';
}

export function selectBoardColumns(snapshot: BoardSnapshot): StageColumn[] {
  return snapshot.context.columns;
}

/** The search as typed (the board follows it after the pause). */
export function selectBoardSearch(snapshot: BoardSnapshot): string {
  return snapshot.context.searchText;
}

const pendingCache = new WeakMap<readonly CardMove[], ReadonlySet<string>>();

/** Customer ids whose move waits for the server (their cards show it). */
export function selectPendingCards(snapshot: BoardSnapshot): ReadonlySet<string> {
  const { pending } = snapshot.context;
  const cached = pendingCache.get(pending);
  if (cached !== undefined) return cached;
  const ids = pendingIds(pending);
  pendingCache.set(pending, ids);
  return ids;
}

/** The columns a card may move to from `from` (every other column), for its keyboard menu. */
export function moveTargets(columns: readonly StageColumn[], from: string | null): StageColumn[] {
  return columns.filter((column) => (column.stage?.id ?? null) !== from);
}
