import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { boardMachine, moveTargets, selectBoardStatus, selectPendingCards } from './boardMachine.ts';
import type { BoardEmitted } from './boardMachine.ts';
import { findCard, moveCard, undoMove, withPending } from './boardColumns.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { boardText } from './paths/boardModel.ts';
import {
  board,
  budi,
  budiMoved,
  deal,
  MOVE_TIME,
  penawaran,
  prospek,
  refOf,
  refused,
  stageKey,
  UNLOADED_CUSTOMER,
} from './paths/stageFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import { manualDelays } from './testing/delays.ts';

modelSuite('board', (get) => {
  it('moves a dragged card at once, and puts it back with a toast when the server refuses', () => {
    const runs = runsThrough(get(), ['board.move', 'xstate.error.actor.move']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const moved = run.steps.find((step) => step.event.type === 'board.move');
      expect(boardText((moved?.snapshot.context as { columns: typeof board }).columns)).toContain(
        'Prospek:/0 Penawaran:Budi+Sari/5',
      );
      const refusedStep = run.steps.find((step) => step.event.type === 'xstate.error.actor.move');
      expect(refusedStep?.effects).toEqual(['error toast "Anda tidak punya akses.": Budi\'s card goes back']);
    }
  });

  it('keeps the totals equal to what moved in and out', () => {
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const columns = (step.snapshot.context as { columns: typeof board }).columns;
        if (columns.length === 0) continue;
        const total = columns.reduce((sum, column) => sum + column.total, 0);
        const cards = columns.reduce((sum, column) => sum + column.cards.length, 0);
        expect(cards).toBeLessThanOrEqual(total);
        expect([6, 1]).toContain(total);
      }
  });

  it('sends each move once, in order', () => {
    for (const { run } of runsThrough(get(), ['board.move', 'board.move'])) {
      const sent = run.world.client.calls.filter((call) => call.name === 'customer_stage_set');
      expect(sent.map((call) => call.fields)).toEqual([
        { key: stageKey, customerId: 'c1', stageId: penawaran.id },
        { key: stageKey, customerId: 'c3', stageId: prospek.id },
      ]);
    }
  });
});

function start(canMove = true) {
  const client = createFakeClient();
  const delays = manualDelays();
  const actor = createActor(boardMachine.provide({ actors: { delay: delays.delay } }), {
    input: { client, key: stageKey, canMove, searchDebounceMs: 5, now: () => new Date(MOVE_TIME) },
  });
  const emitted: BoardEmitted[] = [];
  actor.on('board.moveFailed', (event) => emitted.push(event));
  actor.start();
  return { client, actor, emitted, delays };
}

async function loaded(canMove = true) {
  const started = start(canMove);
  started.client.settle('stage_board', { data: board });
  await flush();
  return started;
}

describe('board columns', () => {
  it('moves a card first into its new column, the totals following', () => {
    const moved = moveCard(board, { customerId: 'c1', to: deal.id, since: MOVE_TIME });
    expect(boardText(moved)).toBe('Prospek:/0 Penawaran:Sari/4 Deal:Budi/1 Tanpa tahap:Wati/1');
    expect(findCard(moved, 'c1')?.card.since).toBe(MOVE_TIME);
    expect(moved[1]).toBe(board[1]);
    expect(moveCard(board, { customerId: 'c1', to: prospek.id, since: null })).toEqual(board);
    expect(moveCard(board, { customerId: 'c1', to: 'gone', since: null })).toEqual(board);
  });

  it('undoes a refused move to the same place, unless the card moved on', () => {
    const move = {
      customerId: 'c2',
      from: penawaran.id,
      index: 0,
      to: deal.id,
      card: board[1]!.cards[0]!,
      since: MOVE_TIME,
    };
    const moved = moveCard(board, move);
    expect(undoMove(moved, move)).toEqual(board);
    const movedOn = moveCard(moved, { customerId: 'c2', to: null, since: null });
    expect(undoMove(movedOn, move)).toEqual(movedOn);
  });

  it('lays moves still on their way over a fresh answer', () => {
    const move = { customerId: 'c1', from: prospek.id, index: 0, to: deal.id, card: budi, since: MOVE_TIME };
    expect(boardText(withPending(board, [move]))).toBe(
      'Prospek:/0 Penawaran:Sari/4 Deal:Budi/1 Tanpa tahap:Wati/1',
    );
  });

  it('offers every other column as a move target', () => {
    expect(moveTargets(board, prospek.id).map((column) => column.stage?.name ?? null)).toEqual([
      'Penawaran',
      'Deal',
      null,
    ]);
  });
});

describe('board machine', () => {
  it('moves a card optimistically, sends the move, and keeps it once confirmed', async () => {
    const { client, actor } = await loaded();
    actor.send({ type: 'board.move', customerId: 'c1', to: deal.id });
    expect(boardText(actor.getSnapshot().context.columns)).toContain('Deal:Budi/1');
    expect(selectPendingCards(actor.getSnapshot()).has('c1')).toBe(true);
    expect(client.calls.at(-1)).toEqual({
      name: 'customer_stage_set',
      fields: { key: stageKey, customerId: 'c1', stageId: deal.id },
    });
    client.settle('customer_stage_set', { data: budiMoved(deal) });
    await flush();
    expect(boardText(actor.getSnapshot().context.columns)).toContain('Deal:Budi/1');
    expect(selectPendingCards(actor.getSnapshot()).size).toBe(0);
  });

  it('rolls a refused move back and announces it', async () => {
    const { client, actor, emitted } = await loaded();
    actor.send({ type: 'board.move', customerId: 'c1', to: null });
    expect(boardText(actor.getSnapshot().context.columns)).toContain('Tanpa tahap:Budi+Wati/2');
    client.settle('customer_stage_set', { error: refused });
    await flush();
    expect(actor.getSnapshot().context.columns).toEqual(board);
    expect(emitted).toEqual([{ type: 'board.moveFailed', name: 'Budi', message: 'Anda tidak punya akses.' }]);
  });

  it('moves nothing without crm.stage.edit, or to the column the card is in', async () => {
    const { client, actor } = await loaded(false);
    actor.send({ type: 'board.move', customerId: 'c1', to: deal.id });
    expect(client.calls.filter((call) => call.name === 'customer_stage_set')).toEqual([]);
    const other = await loaded();
    other.actor.send({ type: 'board.move', customerId: 'c1', to: prospek.id });
    expect(other.client.calls.filter((call) => call.name === 'customer_stage_set')).toEqual([]);
  });

  it('follows live moves, and fetches again for a card it has not loaded', async () => {
    const { client, actor } = await loaded();
    actor.send({ type: 'stage.moved', customerId: 'c2', stage: refOf(prospek) });
    expect(boardText(actor.getSnapshot().context.columns)).toBe(
      'Prospek:Sari+Budi/2 Penawaran:/3 Deal:/0 Tanpa tahap:Wati/1',
    );
    actor.send({ type: 'stage.moved', customerId: UNLOADED_CUSTOMER, stage: refOf(deal) });
    expect(selectBoardStatus(actor.getSnapshot())).toBe('refreshing');
    expect(client.calls.filter((call) => call.name === 'stage_board')).toHaveLength(2);
  });

  it('fetches the board again for a search after a pause', async () => {
    const { client, actor, delays } = await loaded();
    const before = client.calls.length;
    actor.send({ type: 'board.search', text: ' sari ' });
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'board.searchSettled' } }]);
    expect(client.calls).toHaveLength(before);
    delays.fire('board.searchSettled');
    expect(client.calls.at(-1)).toEqual({
      name: 'stage_board',
      fields: { key: stageKey, limit: 20, search: 'sari' },
    });
  });

  it('shows a failed first fetch with a retry', async () => {
    const { client, actor } = start();
    expect(selectBoardStatus(actor.getSnapshot())).toBe('loading');
    client.settle('stage_board', { error: networkError });
    await flush();
    expect(selectBoardStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'board.retry' });
    expect(selectBoardStatus(actor.getSnapshot())).toBe('loading');
  });
});
