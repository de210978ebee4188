/**
 * The pipeline board's test model: Budi in Prospek, Sari in Penawaran (4 customers, one loaded)
 * and Wati in no stage. The agent drags Budi to Penawaran (the server confirms or refuses: the
 * card goes back, with a toast), drags Wati to Prospek while Budi's move is still on its way,
 * fetches again meanwhile (the moves stay laid over the answer), searches "sari" (the pause
 * never ends by itself: the model sends `board.searchSettled`). Live moves arrive: Sari to Deal
 * (her card moves, the totals follow), a customer the board has not loaded (a fresh board),
 * a reconnect. Superseded `stage_board` calls are answered first, and never show.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { StageColumn } from '@sapa/sdk';
import { boardMachine } from '../boardMachine.ts';
import { undoMove } from '../boardColumns.ts';
import type { BoardContext, BoardEmitted } from '../boardMachine.ts';
import { createFakeClient } from './fakes.ts';
import type { FakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import {
  board,
  budiMoved,
  deal,
  MOVE_TIME,
  penawaran,
  prospek,
  refOf,
  refused,
  sariBoard,
  stageKey,
  UNLOADED_CUSTOMER,
} from './stageFixtures.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): BoardContext {
  return snapshot.context as BoardContext;
}

/** Each column as `name:cards/total`. */
export function boardText(columns: readonly StageColumn[]): string {
  return columns
    .map(
      (column) =>
        `${column.stage?.name ?? 'Tanpa tahap'}:${column.cards.map((c) => c.name).join('+')}/${column.total}`,
    )
    .join(' ');
}

const pristine = boardText(board);

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    loaded: c.loaded,
    error: c.error?.reason ?? null,
    search: [c.search, c.searchText],
    columns: boardText(c.columns),
    pending: c.pending.map((move) => `${move.card.name}>${move.to ?? 'none'}`),
  });
}

export const moveBudi: AnyEventObject = { type: 'board.move', customerId: 'c1', to: penawaran.id };
export const moveWati: AnyEventObject = { type: 'board.move', customerId: 'c3', to: prospek.id };
export const sariToDeal: AnyEventObject = { type: 'stage.moved', customerId: 'c2', stage: refOf(deal) };
export const unloadedMoved: AnyEventObject = {
  type: 'stage.moved',
  customerId: UNLOADED_CUSTOMER,
  stage: refOf(prospek),
};

const firstBoard: AnyEventObject = { type: 'xstate.done.actor.board', output: board };

/**
 * What the server answers: for "sari" her board; else the board shown without the moves still
 * waiting (the server has the confirmed ones), or the first board when the full board is not shown.
 */
function answerFor(c: BoardContext): AnyEventObject {
  if (c.search === 'sari') return { type: 'xstate.done.actor.board', output: sariBoard };
  const shown = c.columns.reduce((sum, column) => sum + column.cards.length, 0);
  const server = c.loaded && shown === 3 ? [...c.pending].reverse().reduce(undoMove, c.columns) : board;
  return { type: 'xstate.done.actor.board', output: server };
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const out: AnyEventObject[] = [];
  const saving = snapshot.matches({ moves: 'saving' });
  const ready = snapshot.matches({ data: 'ready' });
  if (snapshot.matches({ data: 'loading' }))
    out.push(answerFor(c), { type: 'xstate.error.actor.board', error: networkError });
  if (snapshot.matches({ data: 'failed' })) out.push({ type: 'board.retry' });
  if (saving)
    out.push(
      { type: 'xstate.done.actor.move', output: budiMoved(penawaran) },
      { type: 'xstate.error.actor.move', error: refused },
    );
  if (ready && saving && c.pending.length === 1) out.push(moveWati, { type: 'board.refresh' });
  if (snapshot.matches({ search: 'debouncing' }))
    out.push({ type: 'board.searchSettled' }, { type: 'board.search', text: '' });
  if (ready && !saving && snapshot.matches({ search: 'idle' })) {
    if (c.search !== '') out.push({ type: 'board.search', text: '' });
    else if (boardText(c.columns) !== pristine) out.push({ type: 'board.refresh' });
    else
      out.push(
        moveBudi,
        sariToDeal,
        unloadedMoved,
        { type: 'stage.resync' },
        {
          type: 'board.search',
          text: ' sari ',
        },
      );
  }
  return out;
}

/** Answers the newest call of `name`; older ones (stopped fetches) are answered first and dropped. */
export function settleNewest(name: 'stage_board' | 'customer_stage_get'): StepDriver {
  return ({ world, event }) => {
    const client: FakeClient = world.client;
    const waiting = client.pending().filter((call) => call.name === name);
    for (let i = 1; i < waiting.length; i++) client.settle(name, { data: [] });
    client.settle(
      name,
      event.type.startsWith('xstate.error.') ? { error: event['error'] } : { data: event['output'] },
    );
  };
}

function world(): World {
  const client = createFakeClient();
  return {
    client,
    browser: null,
    effects: [],
    input: { client, key: stageKey, canMove: true, now: () => new Date(MOVE_TIME) },
  };
}

/** The pause never ends by itself: the model sends `board.searchSettled`. */

function describeEmitted(emitted: BoardEmitted): string {
  return `error toast "${emitted.message}": ${emitted.name}'s card goes back`;
}

const names: Record<string, string> = {
  c1: 'Budi',
  c2: 'Sari',
  c3: 'Wati',
  [UNLOADED_CUSTOMER]: 'a customer not loaded',
};
const stageNames: Record<string, string> = {
  [prospek.id]: 'Prospek',
  [penawaran.id]: 'Penawaran',
  [deal.id]: 'Deal',
};

function describeEvent(event: AnyEventObject): string {
  const who = names[String(event['customerId'])] ?? '?';
  switch (event.type) {
    case 'xstate.done.actor.board':
      return `the board arrives (${boardText(event['output'] as StageColumn[])})`;
    case 'xstate.error.actor.board':
      return 'the board fails (network down)';
    case 'xstate.done.actor.move':
      return 'the server confirms the move';
    case 'xstate.error.actor.move':
      return `the server refuses the move (${(event['error'] as { message: string }).message})`;
    case 'board.move':
      return `the agent drags ${who} to ${stageNames[String(event['to'])] ?? 'Tanpa tahap'}`;
    case 'stage.moved': {
      const stage = event['stage'] as { name: string } | null;
      return `someone moves ${who} to ${stage?.name ?? 'no stage'} (live)`;
    }
    case 'board.search':
      return String(event['text']).trim() === ''
        ? 'the agent clears the search'
        : `the agent types "${String(event['text'])}"`;
    default:
      return (
        {
          'board.retry': 'the agent retries',
          'board.refresh': 'the board is fetched again',
          'board.searchSettled': 'the typing pauses (debounce)',
          'stage.resync': 'the socket comes back (resync)',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { data: string; moves: string; search: string };
  const notes = [
    c.search === '' ? '' : `search "${c.search}"`,
    c.pending.length === 0 ? '' : `waiting: ${c.pending.map((move) => move.card.name).join(', ')}`,
    c.error === null || value.data !== 'failed' ? '' : `shows "${c.error.message}"`,
  ].filter(Boolean);
  return `${value.data} / ${value.moves} / ${value.search}: ${c.loaded ? boardText(c.columns) : 'no board yet'}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

export const boardModel: PathModel = {
  name: 'board',
  machine: boardMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the board of project ${stageKey}, for an agent with crm.stage.edit`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['xstate.done.actor.board', 'board.move', 'xstate.error.actor.move'].includes(event.type),
      ),
    toState: (snapshot) =>
      snapshot.matches({ moves: 'idle' }) && ctx(snapshot).loaded && snapshot.matches({ data: 'ready' }),
  },
  scenarios: [
    // A live move during a fetch asks again; our own move's echo changes nothing.
    {
      start: 0,
      events: [
        sariToDeal,
        firstBoard,
        moveBudi,
        { type: 'stage.moved', customerId: 'c1', stage: refOf(penawaran) },
        { type: 'xstate.done.actor.move', output: budiMoved(penawaran) },
      ],
    },
    // A refused move goes back (the board looks as it did); a reconnect fetches again.
    {
      start: 0,
      events: [
        firstBoard,
        moveBudi,
        { type: 'xstate.error.actor.move', error: refused },
        { type: 'stage.resync' },
        firstBoard,
      ],
    },
    // Two moves on their way: the first refused goes back, the second still goes.
    {
      start: 0,
      events: [
        firstBoard,
        moveBudi,
        moveWati,
        { type: 'xstate.error.actor.move', error: refused },
        { type: 'xstate.done.actor.move', output: budiMoved(penawaran) },
      ],
    },
  ],
  actorActs: { board: 'stage_board', move: 'customer_stage_set' },
  drivers: {
    'xstate.done.actor.board': settleNewest('stage_board'),
    'xstate.error.actor.board': settleNewest('stage_board'),
  },
  observe: (actor, world) => {
    actor.on('board.moveFailed', (emitted: BoardEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
