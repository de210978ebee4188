import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ActClient } from '@sapa/sdk';
import {
  createTableMachine,
  fetchActPage,
  pageAfterEmpty,
  samePayload,
  selectCanNext,
  selectCanPrev,
  selectPageLinks,
  selectRows,
  selectTableError,
  selectTableStatus,
} from './tableMachine.ts';
import type { TableEmitted } from './tableMachine.ts';
import {
  createFakePages,
  customersOf,
  fakePagesOf,
  firstQuery,
  noMatch,
  refused,
  TOTAL_PAGES,
} from './paths/tableModel.ts';
import type { Customer, CustomerQuery } from './paths/tableModel.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('table', (get) => {
  it('asks for the page and payload the table shows, and aborts every request it replaced', () => {
    let aborted = 0;
    for (const { run } of get().runs) {
      const requests = fakePagesOf(run.world).requests;
      expect(requests[0]).toMatchObject({ page: 0, payload: firstQuery });
      // Every request but the newest was answered or aborted: none is left in flight.
      for (const request of requests.slice(0, -1)) expect(request.state).not.toBe('open');
      aborted += requests.filter((request) => request.state === 'aborted').length;
      // The newest request is for the page and payload the table ends on.
      const { pageIndex, payload } = run.final.context as { pageIndex: number; payload: unknown };
      expect(requests.at(-1)).toMatchObject({ page: pageIndex, payload });
      // A run that ends while loading stops the table, which aborts that request.
      expect(requests.at(-1)?.state).toBe(run.final.matches('loading') ? 'aborted' : 'answered');
    }
    expect(aborted).toBeGreaterThan(0);
  });

  it('tries a failed page once more, then fails with an error toast of the second failure', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.fetch']);
    expect(runs.length).toBeGreaterThan(0);
    let failures = 0;
    for (const { run } of runs) {
      run.steps.forEach((step, index) => {
        if (step.event.type !== 'xstate.error.actor.fetch') return;
        const before = run.steps[index - 1]?.snapshot.context['failures'] ?? 0;
        if (before === 0) {
          // The first failure: a new request for the same page, no toast, no error shown.
          expect(step.snapshot.matches('loading')).toBe(true);
          expect(step.snapshot.context['failures']).toBe(1);
          expect(step.effects).toEqual([]);
          return;
        }
        failures += 1;
        const message = (step.event['error'] as { message: string }).message;
        expect(step.snapshot.matches('failed')).toBe(true);
        expect(step.effects).toContain(`error toast "${message}"`);
        expect(step.snapshot.context['error']).toBe(message);
      });
    }
    expect(failures).toBeGreaterThan(0);
  });

  it('fetches the page shown again when the connection comes back', () => {
    const runs = runsThrough(get(), ['table.resync']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const requests = fakePagesOf(run.world).requests;
      expect(requests.length).toBeGreaterThan(1);
      for (const step of run.steps.filter((s) => s.event.type === 'table.resync'))
        expect(step.snapshot.matches('loading')).toBe(true);
    }
  });

  it('keeps the previous rows while loading and after a failure', () => {
    // A live patch may take every row away meanwhile: those paths are the patch's test.
    const runs = runsThrough(get(), [
      'xstate.done.actor.fetch',
      'table.next',
      'xstate.error.actor.fetch',
    ]).filter(({ path }) => !path.steps.some((step) => step.event.type === 'table.patch'));
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.error.actor.fetch');
      expect(step?.snapshot.context['rows']).not.toEqual([]);
    }
  });

  it('patches rows live: a page that loaded meanwhile too, a page left empty is fetched again', () => {
    const renamedLoad = runsThrough(get(), ['table.patch', 'xstate.done.actor.fetch']).filter(
      ({ path }) => path.steps[1]?.event['label'] === 'renamed',
    );
    expect(renamedLoad.length).toBeGreaterThan(0);
    for (const { run } of renamedLoad) {
      const arrived = run.steps.find((s) => s.event.type === 'xstate.done.actor.fetch');
      expect(arrived?.snapshot.context['rows']).toEqual([{ id: 'c1', name: 'BUDI' }]);
      expect(arrived?.snapshot.context['patches']).toEqual([]);
    }
    const emptied = get().runs.flatMap(({ run }) =>
      run.steps.filter((s) => s.event.type === 'table.patch' && s.event['label'] === 'allDeleted'),
    );
    expect(emptied.length).toBeGreaterThan(0);
    for (const step of emptied) {
      expect(step.snapshot.matches('loading')).toBe(true);
      expect(step.effects).toEqual([]);
    }
    const added = get().runs.flatMap(({ run }) =>
      run.steps.filter((s) => s.event.type === 'table.patch' && s.event['label'] === 'newFirst'),
    );
    expect(added.length).toBeGreaterThan(0);
    for (const step of added) {
      expect(step.snapshot.matches('ready')).toBe(true);
      expect(step.snapshot.context['rows']).toEqual([{ id: 'c9', name: 'Dewi' }]);
    }
  });

  it('steps back a page when a delete empties the last page', () => {
    const stepped = get().runs.flatMap(({ run }) =>
      run.steps.filter((s) => s.event.type === 'xstate.done.actor.fetch' && s.snapshot.matches('loading')),
    );
    expect(stepped.length).toBeGreaterThan(0);
    for (const step of stepped) expect(step.snapshot.context['pageIndex']).toBe(1);
  });
});

const customerTable = createTableMachine<Customer, CustomerQuery>();

function start(payload: CustomerQuery = firstQuery) {
  const effects: string[] = [];
  const pages = createFakePages(effects);
  const toasts: string[] = [];
  const actor = createActor(customerTable, { input: { fetchPage: pages.fetchPage, payload } });
  actor.on('table.failed', (event: TableEmitted) => toasts.push(event.message));
  actor.start();
  return { pages, actor, effects, toasts };
}

/** Answers the newest request with page `page` of `total` pages and lets the actor react. */
async function answerPage(pages: ReturnType<typeof createFakePages>, page: number, total = TOTAL_PAGES) {
  pages.answer({ output: { data: customersOf(page), total_page: total } });
  await flush();
}

describe('table rules', () => {
  it('starts on page index 0 and reads loading, ready, empty and failed', async () => {
    const { pages, actor, toasts } = start();
    expect(pages.requests.map((r) => r.page)).toEqual([0]);
    expect(selectTableStatus(actor.getSnapshot())).toBe('loading');
    await answerPage(pages, 0);
    expect(selectTableStatus(actor.getSnapshot())).toBe('ready');
    expect(selectRows(actor.getSnapshot())).toEqual(customersOf(0));

    actor.send({ type: 'table.payload', payload: noMatch });
    pages.answer({ output: { data: [], total_page: 0 } });
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('empty');
    expect(selectRows(actor.getSnapshot())).toEqual([]);

    actor.send({ type: 'table.refresh' });
    pages.answer({ error: refused });
    await flush();
    // SPEC.md section 9: one more try before the failure shows.
    expect(selectTableStatus(actor.getSnapshot())).toBe('loading');
    expect(toasts).toEqual([]);
    pages.answer({ error: refused });
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('failed');
    expect(selectTableError(actor.getSnapshot())).toBe('Anda tidak punya akses.');
    expect(toasts).toEqual(['Anda tidak punya akses.']);
  });

  it('retries a failed fetch exactly once, then shows the failure; a retry tries twice again', async () => {
    let calls = 0;
    const toasts: string[] = [];
    const actor = createActor(customerTable, {
      input: {
        payload: firstQuery,
        fetchPage: () => {
          calls += 1;
          return Promise.reject(networkError);
        },
      },
    });
    actor.on('table.failed', (event) => toasts.push(event.message));
    actor.start();
    await flush();
    expect(calls).toBe(2);
    expect(selectTableStatus(actor.getSnapshot())).toBe('failed');
    expect(toasts).toEqual(['Failed to fetch']);
    actor.send({ type: 'table.retry' });
    await flush();
    expect(calls).toBe(4);
    expect(toasts).toEqual(['Failed to fetch', 'Failed to fetch']);
  });

  it('follows the query rules of its input: no retry, no refetch on reconnect', async () => {
    const pages = createFakePages();
    const actor = createActor(customerTable, {
      input: {
        payload: firstQuery,
        fetchPage: pages.fetchPage,
        query: { retry: 0, refetchOnReconnect: false },
      },
    });
    actor.start();
    pages.answer({ error: refused });
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'table.resync' });
    // Proven by a later event: the retry makes the second request, the resync made none.
    actor.send({ type: 'table.retry' });
    expect(pages.requests).toHaveLength(2);
  });

  it('refetches the page shown on reconnect, from ready, empty and failed alike', async () => {
    const { pages, actor } = start();
    await answerPage(pages, 0);
    actor.send({ type: 'table.next' });
    await answerPage(pages, 1);
    actor.send({ type: 'table.resync' });
    expect(selectTableStatus(actor.getSnapshot())).toBe('loading');
    expect(selectRows(actor.getSnapshot())).toEqual(customersOf(1));
    await answerPage(pages, 1);
    expect(pages.requests.map((r) => r.page)).toEqual([0, 1, 1]);
    actor.send({ type: 'table.payload', payload: noMatch });
    pages.answer({ output: { data: [], total_page: 0 } });
    await flush();
    actor.send({ type: 'table.resync' });
    expect(pages.requests.at(-1)).toMatchObject({ page: 0, payload: noMatch, state: 'open' });
  });

  it('fails on a rejected request too, keeping the rows, and retries the same page', async () => {
    const pages = createFakePages();
    let reject = true;
    const toasts: string[] = [];
    const actor = createActor(customerTable, {
      input: {
        payload: firstQuery,
        fetchPage: (request) => (reject ? Promise.reject(networkError) : pages.fetchPage(request)),
      },
    });
    actor.on('table.failed', (event) => toasts.push(event.message));
    actor.start();
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('failed');
    expect(toasts).toEqual(['Failed to fetch']);
    reject = false;
    actor.send({ type: 'table.retry' });
    expect(pages.requests.map((r) => r.page)).toEqual([0]);
    await answerPage(pages, 0);
    expect(selectTableError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'table.next' });
    reject = true;
    actor.send({ type: 'table.refresh' });
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('failed');
    expect(selectRows(actor.getSnapshot())).toEqual(customersOf(0));
    expect(actor.getSnapshot().context.pageIndex).toBe(1);
  });

  it('disables Prev on the first page and Next on the last page or with no pages', async () => {
    const { pages, actor } = start();
    // Before the first answer there are no pages.
    expect(selectCanPrev(actor.getSnapshot())).toBe(false);
    expect(selectCanNext(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'table.next' });
    actor.send({ type: 'table.prev' });
    expect(pages.requests).toHaveLength(1);

    await answerPage(pages, 0);
    expect(selectCanNext(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'table.prev' });
    expect(pages.requests).toHaveLength(1);

    actor.send({ type: 'table.page', index: 2 });
    await answerPage(pages, 2);
    expect(selectCanPrev(actor.getSnapshot())).toBe(true);
    expect(selectCanNext(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'table.next' });
    expect(pages.requests.map((r) => r.page)).toEqual([0, 2]);

    actor.send({ type: 'table.prev' });
    await answerPage(pages, 1);
    expect(pages.requests.map((r) => r.page)).toEqual([0, 2, 1]);
  });

  it('ignores links to the current page, to pages that do not exist, and an unchanged payload', async () => {
    const { pages, actor } = start();
    await answerPage(pages, 0);
    for (const index of [0, -1, 3, 1.5]) actor.send({ type: 'table.page', index });
    actor.send({ type: 'table.payload', payload: { ...firstQuery } });
    expect(pages.requests).toHaveLength(1);
    expect(selectTableStatus(actor.getSnapshot())).toBe('ready');
  });

  it('aborts the request in flight when a newer one starts', async () => {
    const { pages, actor, effects } = start();
    await answerPage(pages, 0);
    actor.send({ type: 'table.next' });
    actor.send({ type: 'table.page', index: 2 });
    actor.send({ type: 'table.payload', payload: noMatch });
    const [first, next, last, search] = pages.requests;
    expect(first?.signal.aborted).toBe(false);
    expect([next?.signal.aborted, last?.signal.aborted, search?.signal.aborted]).toEqual([true, true, false]);
    expect(search).toMatchObject({ page: 0, payload: noMatch });
    expect(effects).toEqual(['the request for page 2 is aborted', 'the request for page 3 is aborted']);
    // Only the newest request's answer counts.
    pages.answer({ output: { data: [], total_page: 0 } });
    await flush();
    expect(selectTableStatus(actor.getSnapshot())).toBe('empty');
  });

  it('aborts the request in flight on a refresh and when the table stops', async () => {
    const { pages, actor } = start();
    actor.send({ type: 'table.refresh' });
    expect(pages.requests.map((r) => r.signal.aborted)).toEqual([true, false]);
    actor.stop();
    expect(pages.requests[1]?.signal.aborted).toBe(true);
  });

  it('steps back a page when a delete empties the last page', async () => {
    const { pages, actor } = start();
    await answerPage(pages, 0);
    actor.send({ type: 'table.page', index: 2 });
    await answerPage(pages, 2);
    actor.send({ type: 'table.refresh' });
    pages.answer({ output: { data: [], total_page: 2 } });
    await flush();
    expect(pages.requests.map((r) => r.page)).toEqual([0, 2, 2, 1]);
    expect(selectTableStatus(actor.getSnapshot())).toBe('loading');
    expect(selectRows(actor.getSnapshot())).toEqual(customersOf(2));
    await answerPage(pages, 1, 2);
    expect(selectTableStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCanNext(actor.getSnapshot())).toBe(false);
  });

  it('lists up to 5 page links around the current page', async () => {
    const { pages, actor } = start();
    pages.answer({ output: { data: customersOf(0), total_page: 10 } });
    await flush();
    expect(selectPageLinks(actor.getSnapshot()).map((link) => link.number)).toEqual([1, 2, 3, 4, 5]);
    actor.send({ type: 'table.page', index: 9 });
    expect(selectPageLinks(actor.getSnapshot())).toEqual([
      { index: 5, number: 6, current: false },
      { index: 6, number: 7, current: false },
      { index: 7, number: 8, current: false },
      { index: 8, number: 9, current: false },
      { index: 9, number: 10, current: true },
    ]);
  });

  it('uses the act client through fetchTablePage', async () => {
    const calls: unknown[] = [];
    const client: Pick<ActClient, 'page'> = {
      page: (payload, page) => {
        calls.push({ payload, page });
        return Promise.resolve({ code: '1', msg: 'OK', data: [], total_page: 0 });
      },
    };
    const fetchPage = fetchActPage<'gallery_list'>(client);
    const answer = await fetchPage({
      page: 2,
      payload: { act: 'gallery_list', key: 'k1' },
      signal: new AbortController().signal,
    });
    expect(answer).toEqual({ data: [], total_page: 0, error: null });
    expect(calls).toEqual([{ payload: { act: 'gallery_list', key: 'k1' }, page: 2 }]);
  });
});

describe('table helpers', () => {
  it('compares payloads by value', () => {
    expect(samePayload({ search: 'a', page: 1 }, { search: 'a', page: 1 })).toBe(true);
    expect(samePayload({ search: 'a' }, { search: 'b' })).toBe(false);
  });

  it('steps back one page after an empty page, no further than the last one', () => {
    expect(pageAfterEmpty(2, 2)).toBe(1);
    expect(pageAfterEmpty(5, 2)).toBe(1);
    expect(pageAfterEmpty(3, 0)).toBe(0);
    expect(pageAfterEmpty(1, 5)).toBe(0);
  });
});
