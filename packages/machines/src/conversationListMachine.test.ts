import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  conversationListMachine,
  selectAccountFilter,
  selectConversations,
  selectDivisionFilter,
  selectFilter,
  selectHasMore,
  selectLabelFilter,
  selectListStatus,
  selectSearch,
  selectSelectedId,
  selectStageFilter,
  selectTotalUnread,
} from './conversationListMachine.ts';
import {
  adjacentConversation,
  applyLiveUpdate,
  compareConversations,
  isCurrentAnswer,
  markOpened,
  matchesView,
  mergeConversations,
  removeConversation,
  sortConversations,
  totalUnread,
} from './conversationListMerge.ts';
import type { ConversationSummary, ListView } from './conversationListMerge.ts';
import {
  c1,
  c1read,
  c2,
  c2moved,
  c3,
  c3out,
  c4new,
  c4sales,
  createFakePageClient,
  ghost,
  OTHER_ACCOUNT,
  USER_ID,
  VIP_LABEL,
  DEAL_STAGE,
  SALES_DIVISION,
} from './paths/conversationListModel.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

const ids = (list: readonly ConversationSummary[]) => list.map((item) => item.id);
const all: ListView = { filter: 'all', search: '', userId: USER_ID };

modelSuite('conversationList', (get) => {
  it('never shows an answer of a superseded request, nor a conversation twice', () => {
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const list = step.snapshot.context['conversations'] as ConversationSummary[];
        expect(ids(list)).not.toContain('ghost');
        expect(new Set(ids(list)).size).toBe(list.length);
        expect(ids(list)).toEqual(ids(sortConversations(list)));
      }
  });

  it('appends the next page once, keeping a moved conversation at its live position', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.page', 'xstate.done.actor.more']);
    expect(runs.length).toBeGreaterThan(0);
    const moved = get().runs.flatMap(({ run }) =>
      run.steps.filter((step, i) => {
        const before = run.steps[i - 1]?.snapshot.context['conversations'] as
          ConversationSummary[] | undefined;
        return step.event.type === 'xstate.done.actor.more' && before?.[0]?.id === 'c2';
      }),
    );
    expect(moved.length).toBeGreaterThan(0);
    for (const step of moved)
      expect(ids(step.snapshot.context['conversations'] as ConversationSummary[]).slice(0, 3)).toEqual([
        'c2',
        'c1',
        'c3',
      ]);
  });

  it('asks conversation_list with the query of the moment, page by page', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'conversation_list'),
    );
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 0, filter: 'all' },
    });
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 1, filter: 'all' },
    });
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 0, filter: 'unread' },
    });
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 0, filter: 'all', search: 'sari' },
    });
  });

  it('a removed conversation leaves the list, and the open one closes', () => {
    const runs = runsThrough(get(), ['list.conversationRemoved']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const step of run.steps.filter((s) => s.event.type === 'list.conversationRemoved')) {
        const removed = String(step.event['conversationId']);
        expect(ids(step.snapshot.context['conversations'] as ConversationSummary[])).not.toContain(removed);
        expect(step.snapshot.context['selectedId']).not.toBe(removed);
      }
  });

  it('keeps to one WhatsApp number when asked, and asks conversation_list for it', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'conversation_list'),
    );
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 0, filter: 'all', accountId: OTHER_ACCOUNT },
    });
    const runs = runsThrough(get(), ['list.account', 'xstate.done.actor.page']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const index = run.steps.findIndex((s) => s.event.type === 'list.account');
      const after = run.steps.slice(index).find((s) => s.event.type === 'xstate.done.actor.page');
      const list = after?.snapshot.context['conversations'] as ConversationSummary[];
      if (after?.snapshot.context['accountId'] === OTHER_ACCOUNT)
        expect(list.filter((item) => item.accountId !== OTHER_ACCOUNT)).toEqual([]);
    }
  });

  it('keeps to customers carrying a label, asks conversation_list for it, and inserts nothing live', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'conversation_list'),
    );
    expect(calls).toContainEqual({
      name: 'conversation_list',
      fields: { key: 'k1', page: 0, filter: 'all', labelId: VIP_LABEL },
    });
    const runs = runsThrough(get(), ['list.label', 'xstate.done.actor.page', 'list.conversationUpdated']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const [index, step] of run.steps.entries()) {
        if (step.event.type !== 'list.conversationUpdated' || step.snapshot.context['labelId'] === null)
          continue;
        const before = run.steps[index - 1]?.snapshot.context['conversations'] as ConversationSummary[];
        expect(ids(step.snapshot.context['conversations'] as ConversationSummary[])).toEqual(ids(before));
      }
  });

  it('a failed next page keeps the list and offers list.loadMore again', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.more']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const index = run.steps.findIndex((step) => step.event.type === 'xstate.error.actor.more');
      const step = run.steps[index];
      const before = run.steps[index - 1];
      expect(step?.snapshot.context['conversations']).toEqual(before?.snapshot.context['conversations']);
      expect(step?.snapshot.can({ type: 'list.loadMore' })).toBe(true);
    }
  });
});

function start(options: { debounce?: number } = {}) {
  const client = createFakePageClient();
  const actor = createActor(conversationListMachine, {
    input: { client, key: 'k1', userId: USER_ID, searchDebounceMs: options.debounce ?? 300 },
  }).start();
  const answer = (rows: ConversationSummary[], totalPage = 1) =>
    client.settle('conversation_list', { data: { data: rows, total_page: totalPage } });
  return { client, actor, answer };
}

describe('conversation list machine', () => {
  it('loads the first page, then pages on until the last', async () => {
    const { actor, client, answer } = start();
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    answer([c1, c2], 2);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(selectListStatus(snapshot)).toBe('ready');
    expect(ids(selectConversations(snapshot))).toEqual(['c1', 'c2']);
    expect(selectHasMore(snapshot)).toBe(true);
    expect(selectTotalUnread(snapshot)).toBe(2);
    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'list.loadMore' }); // already loading: ignored
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 1, filter: 'all' } },
    ]);
    answer([c2, c3], 2);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c2', 'c3']);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.loadMore' });
    expect(client.pending()).toEqual([]);
  });

  it('tries a failed first page exactly once more, then fails with the error and retries', async () => {
    const { actor, client, answer } = start();
    client.settle('conversation_list', { error: networkError });
    await flush();
    // SPEC.md section 9: one more try before the failure shows.
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    expect(client.calls).toHaveLength(2);
    client.settle('conversation_list', { error: networkError });
    await flush();
    expect(client.calls).toHaveLength(2);
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ reason: 'network', message: 'Failed to fetch' });
    actor.send({ type: 'list.retry' });
    answer([c1]);
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
  });

  it('a filter restarts from page 0 and drops the answer of the request it replaced', async () => {
    const { actor, client, answer } = start();
    actor.send({ type: 'list.filter', filter: 'unread' });
    expect(selectFilter(actor.getSnapshot())).toBe('unread');
    answer([ghost], 9); // the first request's answer comes late
    await flush();
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    answer([c1, c3]);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c3']);
    expect(client.calls.map((call) => call.fields)).toEqual([
      { key: 'k1', page: 0, filter: 'all' },
      { key: 'k1', page: 0, filter: 'unread' },
    ]);
  });

  it('debounces the search, and an empty text clears it at once', async () => {
    vi.useFakeTimers();
    try {
      const { actor, client, answer } = start({ debounce: 300 });
      answer([c1, c2]);
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'list.search', text: 'sa' });
      await vi.advanceTimersByTimeAsync(200);
      actor.send({ type: 'list.search', text: 'sari ' });
      await vi.advanceTimersByTimeAsync(200);
      expect(selectSearch(actor.getSnapshot())).toBe('sari');
      expect(client.pending()).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(client.pending()).toEqual([
        { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all', search: 'sari' } },
      ]);
      answer([c1]);
      await vi.advanceTimersByTimeAsync(0);
      expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1']);
      actor.send({ type: 'list.conversationUpdated', conversation: c2moved });
      actor.send({ type: 'list.conversationUpdated', conversation: c4new });
      expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c4', 'c1']);
      actor.send({ type: 'list.search', text: '  ' });
      expect(selectSearch(actor.getSnapshot())).toBe('');
      expect(client.pending()).toEqual([
        { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('merges live updates, selects, and refetches page 0 for an unknown conversation or a resync', async () => {
    const { actor, client, answer } = start();
    answer([c1, c2, c3]);
    await flush();
    actor.send({ type: 'list.conversationUpdated', conversation: c2moved });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c2', 'c1', 'c3']);
    actor.send({ type: 'list.select', conversationId: 'c1' });
    expect(selectSelectedId(actor.getSnapshot())).toBe('c1');
    expect(selectTotalUnread(actor.getSnapshot())).toBe(2); // c2 1 + c3 1
    actor.send({ type: 'list.messageArrived', conversationId: 'c1' });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'list.messageArrived', conversationId: 'c4' });
    actor.send({ type: 'list.resync' });
    answer([ghost]); // superseded by the resync
    answer([c4new, c2moved]);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c4', 'c2', 'c1', 'c3']);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it("keeps paging after a resync deep in the list: page 0's bounded count does not end it", async () => {
    const { actor, client, answer } = start();
    answer([c1], 3);
    await flush();
    actor.send({ type: 'list.loadMore' });
    answer([c2], 4);
    await flush();
    actor.send({ type: 'list.loadMore' });
    answer([c3], 5);
    await flush();
    // The server counts a few pages past the asked one: page 0 answers 2 pages of at least 5.
    actor.send({ type: 'list.resync' });
    answer([c1], 2);
    await flush();
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.loadMore' });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 3, filter: 'all' } },
    ]);
  });

  it('reaching the end during a refetch, or a refetch replacing the next page, loads it after', async () => {
    const { actor, client, answer } = start();
    answer([c1], 3);
    await flush();
    // The end is reached while page 0 is refetched (a resync): kept, asked once the refetch is done.
    actor.send({ type: 'list.resync' });
    actor.send({ type: 'list.loadMore' });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
    ]);
    answer([c1], 3);
    await flush();
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 1, filter: 'all' } },
    ]);
    answer([c2], 3);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c2']);

    // A stranger's message refetches page 0 while page 2 loads: page 2 is asked again after it.
    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'list.messageArrived', conversationId: 'c9' });
    answer([c3], 3); // the page replaced: its answer is dropped
    answer([c1], 3);
    await flush();
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 2, filter: 'all' } },
    ]);
    answer([c3], 3);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c2', 'c3']);
    // The last page: nothing more is asked, wanted or not.
    actor.send({ type: 'list.resync' });
    actor.send({ type: 'list.loadMore' });
    answer([c1], 3);
    await flush();
    expect(client.pending()).toEqual([]);
  });

  it('removes a conversation taken away, closing it when open; deselect closes without removing', async () => {
    const { actor, answer } = start();
    answer([c1, c2, c3]);
    await flush();
    actor.send({ type: 'list.select', conversationId: 'c2' });
    actor.send({ type: 'list.conversationRemoved', conversationId: 'c2' });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c3']);
    expect(selectSelectedId(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'list.select', conversationId: 'c1' });
    actor.send({ type: 'list.conversationRemoved', conversationId: 'c3' });
    expect(selectSelectedId(actor.getSnapshot())).toBe('c1');
    actor.send({ type: 'list.deselect' });
    expect(selectSelectedId(actor.getSnapshot())).toBeNull();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1']);
  });

  it('an account filter restarts from page 0 and live updates of other numbers stay out', async () => {
    const { actor, client, answer } = start();
    answer([c1, c2]);
    await flush();
    actor.send({ type: 'list.account', accountId: 'a1' });
    actor.send({ type: 'list.account', accountId: 'a1' }); // unchanged: ignored
    expect(selectAccountFilter(actor.getSnapshot())).toBe('a1');
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all', accountId: 'a1' } },
    ]);
    answer([c1]);
    await flush();
    actor.send({ type: 'list.conversationUpdated', conversation: { ...c4new, accountId: OTHER_ACCOUNT } });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1']);
    actor.send({ type: 'list.account', accountId: null });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
    ]);
  });
});

describe('conversation list label filter', () => {
  it('restarts from page 0 with labelId, drops the answer it replaced, and clears', async () => {
    const { actor, client, answer } = start();
    answer([c1, c2], 1);
    await flush();
    actor.send({ type: 'list.label', labelId: VIP_LABEL });
    actor.send({ type: 'list.label', labelId: VIP_LABEL }); // unchanged: ignored
    expect(selectLabelFilter(actor.getSnapshot())).toBe(VIP_LABEL);
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all', labelId: VIP_LABEL } },
    ]);
    answer([c1, c3], 1);
    await flush();
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c3']);
    actor.send({ type: 'list.conversationUpdated', conversation: c4new });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c1', 'c3']);
    actor.send({ type: 'list.label', labelId: null });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
    ]);
    expect(selectLabelFilter(actor.getSnapshot())).toBeNull();
  });

  it('tells answers for another label apart', () => {
    const base = { filter: 'all' as const, search: '', page: 0 };
    expect(isCurrentAnswer({ ...base, labelId: VIP_LABEL }, { ...base, labelId: null })).toBe(false);
    expect(isCurrentAnswer({ ...base, labelId: null }, base)).toBe(true);
  });
});

describe('conversation list stage filter', () => {
  it('restarts from page 0 with stageId, inserts nothing live under it, and clears', async () => {
    const { actor, client, answer } = start();
    answer([c1, c2], 1);
    await flush();
    actor.send({ type: 'list.stage', stageId: DEAL_STAGE });
    expect(selectStageFilter(actor.getSnapshot())).toBe(DEAL_STAGE);
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all', stageId: DEAL_STAGE } },
    ]);
    answer([c2], 1);
    await flush();
    actor.send({ type: 'list.conversationUpdated', conversation: c4new });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c2']);
    actor.send({ type: 'list.stage', stageId: null });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
    ]);
    const base = { filter: 'all' as const, search: '', page: 0 };
    expect(isCurrentAnswer({ ...base, stageId: DEAL_STAGE }, base)).toBe(false);
  });
});

describe('conversation list division filter', () => {
  it('restarts from page 0 with divisionId, follows conversations put in and taken out live, and clears', async () => {
    const { actor, client, answer } = start();
    answer([c1, c2], 1);
    await flush();
    actor.send({ type: 'list.division', divisionId: SALES_DIVISION });
    actor.send({ type: 'list.division', divisionId: SALES_DIVISION }); // unchanged: ignored
    expect(selectDivisionFilter(actor.getSnapshot())).toBe(SALES_DIVISION);
    expect(client.pending()).toEqual([
      {
        name: 'conversation_list',
        fields: { key: 'k1', page: 0, filter: 'all', divisionId: SALES_DIVISION },
      },
    ]);
    answer([c3], 1);
    await flush();
    // Put in the division elsewhere: it shows at once; one in no division does not.
    actor.send({ type: 'list.conversationUpdated', conversation: c4new });
    actor.send({ type: 'list.conversationUpdated', conversation: c4sales });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c4', 'c3']);
    // Taken out of it: it goes.
    actor.send({ type: 'list.conversationUpdated', conversation: c3out });
    expect(ids(selectConversations(actor.getSnapshot()))).toEqual(['c4']);
    actor.send({ type: 'list.division', divisionId: null });
    expect(client.pending()).toEqual([
      { name: 'conversation_list', fields: { key: 'k1', page: 0, filter: 'all' } },
    ]);
    expect(selectDivisionFilter(actor.getSnapshot())).toBeNull();
  });

  it('tells answers for another division apart, and keeps to the division a summary names', () => {
    const base = { filter: 'all' as const, search: '', page: 0 };
    expect(isCurrentAnswer({ ...base, divisionId: SALES_DIVISION }, base)).toBe(false);
    expect(isCurrentAnswer({ ...base, divisionId: null }, base)).toBe(true);
    const sales = { ...all, divisionId: SALES_DIVISION };
    expect(matchesView(c3, sales)).toBe(true);
    expect(matchesView(c3out, sales)).toBe(false);
    expect(matchesView(c3out, all)).toBe(true);
  });
});

describe('conversation list rules', () => {
  it('orders by newest activity, ties by id, conversations without messages last', () => {
    const tie = { ...c1, id: 'c0' };
    const silent = { ...c3, id: 'c9', lastMessageAt: null };
    expect(ids(sortConversations([silent, c3, c1, c2moved, tie]))).toEqual(['c2', 'c0', 'c1', 'c3', 'c9']);
    expect(compareConversations(c1, c1)).toBe(0);
  });

  it('re-sorts on update and removes what no longer matches', () => {
    const list = [c1, c2, c3];
    expect(ids(applyLiveUpdate(list, c2moved, { view: all, selectedId: null, complete: true }))).toEqual([
      'c2',
      'c1',
      'c3',
    ]);
    const unread: ListView = { ...all, filter: 'unread' };
    expect(
      ids(applyLiveUpdate([c1, c3], c1read, { view: unread, selectedId: null, complete: true })),
    ).toEqual(['c3']);
    // The open conversation stays while it is read.
    expect(
      ids(applyLiveUpdate([c1, c3], c1read, { view: unread, selectedId: 'c1', complete: true })),
    ).toEqual(['c1', 'c3']);
    // An older version never replaces a fresher one.
    expect(applyLiveUpdate([c2moved], c2, { view: all, selectedId: null, complete: true })).toEqual([
      c2moved,
    ]);
  });

  it('inserts a new conversation only when it matches and falls within the loaded rows', () => {
    const live = { view: all, selectedId: null, complete: false };
    expect(ids(applyLiveUpdate([c1, c2], c4new, live))).toEqual(['c4', 'c1', 'c2']);
    const old = { ...c4new, lastSeq: 1, lastMessageAt: '2025-03-01T09:00:00Z' };
    expect(ids(applyLiveUpdate([c1, c2], old, live))).toEqual(['c1', 'c2']);
    expect(ids(applyLiveUpdate([c1, c2], old, { ...live, complete: true }))).toEqual(['c1', 'c2', 'c4']);
    expect(ids(applyLiveUpdate([c1], c2, { ...live, view: { ...all, filter: 'unread' } }))).toEqual(['c1']);
    expect(applyLiveUpdate([c1, c2], c4new, live).filter((item) => item.id === 'c4')).toHaveLength(1);
    expect(ids(applyLiveUpdate(applyLiveUpdate([c1], c4new, live), c4new, live))).toEqual(['c4', 'c1']);
  });

  it('matches filters and the search on name or phone, case-insensitive', () => {
    expect(matchesView(c2, { ...all, filter: 'unread' })).toBe(false);
    expect(matchesView(c3, { ...all, filter: 'unread' })).toBe(true);
    expect(matchesView(c1, { ...all, filter: 'mine' })).toBe(true);
    expect(matchesView(c3, { ...all, filter: 'mine' })).toBe(false);
    expect(matchesView(c1, { filter: 'mine', search: '', userId: null })).toBe(false);
    expect(matchesView(c4new, { ...all, search: 'SARI' })).toBe(true);
    expect(matchesView(c2, { ...all, search: '0003' })).toBe(true);
    expect(matchesView(c2, { ...all, search: 'sari' })).toBe(false);
  });

  it('merges pages without duplicates, the fresher version winning', () => {
    expect(ids(mergeConversations([c2moved, c1], [c2, c3], 'current'))).toEqual(['c2', 'c1', 'c3']);
    expect(mergeConversations([c2moved, c1], [c2, c3], 'current')[0]).toBe(c2moved);
    expect(mergeConversations([c1], [c1read], 'incoming')).toEqual([c1read]);
    expect(mergeConversations([c1], [c1read], 'current')).toEqual([c1]);
    expect(mergeConversations([c2], [c2moved], 'current')[0]).toBe(c2moved);
  });

  it('tells the awaited answer from a superseded one', () => {
    const awaited = { filter: 'unread' as const, search: '', page: 0 };
    expect(isCurrentAnswer({ ...awaited }, awaited)).toBe(true);
    expect(isCurrentAnswer({ ...awaited, filter: 'all' }, awaited)).toBe(false);
    expect(isCurrentAnswer({ ...awaited, search: 'sa' }, awaited)).toBe(false);
    expect(isCurrentAnswer({ ...awaited, page: 1 }, awaited)).toBe(false);
  });

  it('steps to the next or previous conversation, from the first when none is open', () => {
    const list = [c1, c2, c3];
    expect(adjacentConversation(list, null, 1)?.id).toBe('c1');
    expect(adjacentConversation(list, null, -1)?.id).toBe('c1');
    expect(adjacentConversation(list, 'c1', 1)?.id).toBe('c2');
    expect(adjacentConversation(list, 'c2', -1)?.id).toBe('c1');
    expect(adjacentConversation(list, 'c3', 1)).toBeNull();
    expect(adjacentConversation(list, 'c1', -1)).toBeNull();
    expect(adjacentConversation(list, 'gone', 1)?.id).toBe('c1');
    expect(adjacentConversation([], null, 1)).toBeNull();
  });

  it('removes one conversation by id and matches the account filter', () => {
    expect(ids(removeConversation([c1, c2, c3], 'c2'))).toEqual(['c1', 'c3']);
    expect(matchesView(c1, { ...all, accountId: 'a1' })).toBe(true);
    expect(matchesView(c1, { ...all, accountId: OTHER_ACCOUNT })).toBe(false);
    expect(matchesView(c1, { ...all, accountId: null })).toBe(true);
    expect(
      isCurrentAnswer(
        { filter: 'all', search: '', page: 0 },
        { filter: 'all', search: '', accountId: null, page: 0 },
      ),
    ).toBe(true);
    expect(
      isCurrentAnswer(
        { filter: 'all', search: '', page: 0, accountId: 'a1' },
        { filter: 'all', search: '', page: 0 },
      ),
    ).toBe(false);
  });

  it('zeroes the opened conversation and counts unread', () => {
    expect(totalUnread([c1, c3])).toBe(3);
    expect(totalUnread(markOpened([c1, c3], 'c1'))).toBe(1);
  });
});
