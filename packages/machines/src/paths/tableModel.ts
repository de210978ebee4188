/**
 * The table machine's test model: the customers of project k1abcdefgh, three pages of them
 * (one row each, so paths stay short). The user pages with Next, Prev and the last page's link,
 * searches for "kosong" (nothing matches) and clears it, refreshes, and retries after a failure;
 * a failed page is tried once more before the table fails, and the connection coming back
 * (`table.resync`) fetches the page shown again.
 * The source answers the way `fetchTablePage` does: a failure is an empty page with an `error`.
 * Live changes patch the rows in place: every row shown deleted (the page is fetched again), a new
 * customer put first on an empty first page; scenarios rename a row while the page loads (the
 * arriving page is renamed too), while it shows and after a failure.
 * Scenarios cover what the graph's own events leave out: a newer request aborting the one in
 * flight, and a delete that empties the last page.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { tableMachine } from '../tableMachine.ts';
import type { FetchPage, TableContext, TableEmitted, TablePageAnswer, TablePatch } from '../tableMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

export interface Customer {
  id: string;
  name: string;
}

export interface CustomerQuery {
  key: string;
  search: string;
}

export const TOTAL_PAGES = 3;
export const firstQuery: CustomerQuery = { key: 'k1abcdefgh', search: '' };
export const noMatch: CustomerQuery = { key: 'k1abcdefgh', search: 'kosong' };
export const refused = apiError('forbidden', 'Anda tidak punya akses.');

const names = ['Budi', 'Sari', 'Wati'];

/** The row of page `page` (zero-based). */
export function customersOf(page: number): Customer[] {
  return [{ id: `c${page + 1}`, name: names[page] ?? `Pelanggan ${page + 1}` }];
}

export interface PageRequest {
  page: number;
  payload: CustomerQuery;
  signal: AbortSignal;
  /** Waiting, answered by the test, or aborted by the table. */
  state: 'open' | 'answered' | 'aborted';
}

/** A page source whose requests wait until the test answers them, and that records aborts. */
export interface FakePages {
  fetchPage: FetchPage<Customer, CustomerQuery>;
  /** Every request, in order. */
  readonly requests: PageRequest[];
  /** Requests neither answered nor aborted. */
  pending(): PageRequest[];
  /**
   * Answers the newest open request (a failure as `fetchTablePage` answers it: an empty page
   * with its `error`). Throws when an older request is still open: a newer one must abort it.
   */
  answer(outcome: { output: TablePageAnswer<Customer> } | { error: unknown }): void;
}

export function createFakePages(effects: string[] = []): FakePages {
  const requests: PageRequest[] = [];
  const resolvers = new Map<PageRequest, (answer: TablePageAnswer<Customer>) => void>();
  const pending = () => requests.filter((request) => request.state === 'open');
  return {
    requests,
    fetchPage: ({ page, payload, signal }) =>
      new Promise((resolve, reject) => {
        const request: PageRequest = { page, payload, signal, state: 'open' };
        requests.push(request);
        resolvers.set(request, resolve);
        signal.addEventListener('abort', () => {
          if (request.state !== 'open') return;
          request.state = 'aborted';
          effects.push(`the request for page ${page + 1} is aborted`);
          reject(signal.reason);
        });
      }),
    pending,
    answer(outcome) {
      const waiting = pending();
      const newest = waiting.pop();
      if (newest === undefined) throw new Error('No page request to answer');
      if (waiting.length > 0) throw new Error(`Page ${waiting[0]?.page} is still in flight`);
      newest.state = 'answered';
      resolvers.get(newest)?.(
        'output' in outcome ? outcome.output : { data: [], total_page: 0, error: outcome.error as Error },
      );
    },
  };
}

const worlds = new WeakMap<World, FakePages>();

export function fakePagesOf(world: World): FakePages {
  const pages = worlds.get(world);
  if (pages === undefined) throw new Error('No fake page source in this world');
  return pages;
}

function tableWorld(): World {
  const effects: string[] = [];
  const pages = createFakePages(effects);
  const world: World = {
    input: { fetchPage: pages.fetchPage, payload: firstQuery },
    client: createFakeClient(),
    browser: null,
    effects,
  };
  worlds.set(world, pages);
  return world;
}

function contextOf(snapshot: AnyMachineSnapshot): TableContext<Customer, CustomerQuery> {
  return snapshot.context as TableContext<Customer, CustomerQuery>;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    page: c.pageIndex,
    totalPage: c.totalPage,
    rows: c.rows.map((row) => row.id),
    search: c.payload.search,
    error: c.error,
    failures: c.failures,
  });
}

/** Live changes, named (`label`) so that paths tell them apart. */
const renamed: TablePatch<Customer> = (rows) => rows.map((row) => ({ ...row, name: row.name.toUpperCase() }));
const allDeleted: TablePatch<Customer> = () => [];
const newFirst: TablePatch<Customer> = (rows, where) =>
  where.pageIndex === 0 && !rows.some((row) => row.id === 'c9')
    ? [{ id: 'c9', name: 'Dewi' }, ...rows]
    : [...rows];
const patch = (label: string, change: TablePatch<Customer>): AnyEventObject => ({
  type: 'table.patch',
  label,
  patch: change,
});
export const renameRows = patch('renamed', renamed);
const deleteRows = patch('allDeleted', allDeleted);
const addRow = patch('newFirst', newFirst);

const done = (output: TablePageAnswer<Customer>): AnyEventObject => ({
  type: 'xstate.done.actor.fetch',
  output,
});
const failed = (error: unknown): AnyEventObject => ({ type: 'xstate.error.actor.fetch', error });

/** The page the source answers for the table's request. */
function answerFor(c: TableContext<Customer, CustomerQuery>): TablePageAnswer<Customer> {
  return c.payload.search === noMatch.search
    ? { data: [], total_page: 0 }
    : { data: customersOf(c.pageIndex), total_page: TOTAL_PAGES };
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('loading')) return [done(answerFor(c)), failed(refused), failed(networkError)];
  if (snapshot.matches('failed')) return [{ type: 'table.retry' }, { type: 'table.resync' }];
  if (snapshot.matches('empty')) return [{ type: 'table.payload', payload: firstQuery }, addRow];
  const out: AnyEventObject[] = [{ type: 'table.next' }, { type: 'table.prev' }];
  if (c.pageIndex !== TOTAL_PAGES - 1) out.push({ type: 'table.page', index: TOTAL_PAGES - 1 });
  out.push({ type: 'table.payload', payload: noMatch }, { type: 'table.refresh' }, { type: 'table.resync' });
  if (!c.rows.some((row) => row.id === 'c9')) out.push(deleteRows);
  return out;
}

const answerStep: StepDriver = ({ world, event }) => {
  const fields = event as unknown as { output?: TablePageAnswer<Customer>; error?: unknown };
  fakePagesOf(world).answer(
    event.type.startsWith('xstate.done.') && fields.output !== undefined
      ? { output: fields.output }
      : { error: fields.error },
  );
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.fetch': {
      const output = fields['output'] as TablePageAnswer<Customer>;
      const rows = output.data.map((row) => row.name).join(', ') || 'no rows';
      return `the page arrives (${rows}, ${output.total_page} pages)`;
    }
    case 'xstate.error.actor.fetch':
      return `the page fails (${String((fields['error'] as { message: string }).message)})`;
    case 'table.page':
      return `the user opens page ${Number(fields['index']) + 1}`;
    case 'table.payload': {
      const search = (fields['payload'] as CustomerQuery).search;
      return search === '' ? 'the user clears the search' : `the user searches "${search}"`;
    }
    default:
      return (
        {
          'table.next': 'the user presses Next',
          'table.prev': 'the user presses Prev',
          'table.refresh': 'a row was saved or deleted (table.refresh)',
          'table.retry': 'the user retries',
          'table.resync': 'the connection comes back (table.resync)',
          'table.patch': {
            renamed: 'a row is renamed elsewhere (table.patch)',
            allDeleted: 'every row shown is deleted elsewhere (table.patch)',
            newFirst: 'a new customer Dewi comes live (table.patch)',
          }[String(fields['label'])],
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const rows = c.rows.map((row) => row.name).join(', ') || 'no rows';
  const search = c.payload.search === '' ? '' : ` for "${c.payload.search}"`;
  const where = `page ${c.pageIndex + 1}${c.totalPage > 0 ? ` of ${c.totalPage}` : ''}${search}`;
  if (snapshot.matches('empty')) return `empty${search}, shows "Data tidak ditemukan"`;
  if (snapshot.matches('failed')) return `failed on ${where}, keeps ${rows}, "${c.error ?? ''}"`;
  if (snapshot.matches('loading') && c.failures > 0) return `trying ${where} again: ${rows}`;
  return `${name} ${where}: ${rows}`;
}

export const tableModel: PathModel = {
  name: 'table',
  machine: tableMachine,
  serialize,
  starts: [{ label: 'the customers of project k1abcdefgh open', world: tableWorld }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) => ['xstate.done.actor.fetch', 'table.next'].includes(event.type)),
    toState: (snapshot) => snapshot.matches('ready') && contextOf(snapshot).pageIndex === TOTAL_PAGES - 1,
  },
  scenarios: [
    // A newer request aborts the one in flight: Next, then the last page's link, then a search.
    {
      start: 0,
      events: [
        done({ data: customersOf(0), total_page: TOTAL_PAGES }),
        { type: 'table.next' },
        { type: 'table.page', index: 2 },
        { type: 'table.payload', payload: noMatch },
        done({ data: [], total_page: 0 }),
      ],
    },
    // The last page's only row is deleted: the refresh answers an empty page 3 of 2, so the
    // table steps back to page 2.
    {
      start: 0,
      events: [
        done({ data: customersOf(0), total_page: TOTAL_PAGES }),
        { type: 'table.page', index: 2 },
        done({ data: customersOf(2), total_page: TOTAL_PAGES }),
        { type: 'table.refresh' },
        done({ data: [], total_page: 2 }),
        done({ data: customersOf(1), total_page: 2 }),
      ],
    },
    // The connection comes back: the page shown is fetched again, and so is a page in flight
    // (its request is aborted and made anew).
    {
      start: 0,
      events: [
        { type: 'table.resync' },
        done({ data: customersOf(0), total_page: TOTAL_PAGES }),
        { type: 'table.next' },
        done({ data: customersOf(1), total_page: TOTAL_PAGES }),
        { type: 'table.resync' },
        done({ data: customersOf(1), total_page: TOTAL_PAGES }),
      ],
    },
    // A row renamed live while the first page loads, once it shows, and after a failure: the
    // page that arrives is renamed too.
    {
      start: 0,
      events: [
        renameRows,
        done({ data: customersOf(0), total_page: TOTAL_PAGES }),
        renameRows,
        { type: 'table.next' },
        failed(networkError),
        failed(refused),
        renameRows,
      ],
    },
    // A failed page is tried once more; the second failure is the table's failure.
    {
      start: 0,
      events: [
        done({ data: customersOf(0), total_page: TOTAL_PAGES }),
        { type: 'table.next' },
        failed(networkError),
        failed(refused),
        { type: 'table.resync' },
        done({ data: customersOf(1), total_page: TOTAL_PAGES }),
      ],
    },
  ],
  actorActs: {},
  drivers: { 'xstate.done.actor.fetch': answerStep, 'xstate.error.actor.fetch': answerStep },
  observe: (actor, world) => {
    actor.on('table.failed', (emitted: TableEmitted) =>
      world.effects?.push(`error toast "${emitted.message}"`),
    );
  },
  describeEvent,
  describeState,
};
