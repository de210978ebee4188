/**
 * A paginated data table (SPEC.md sections 2, 4 and 9): the CRM screens (labels, stages,
 * divisions, customers, quick replies) each run one. It starts on page index 0 and fetches again
 * whenever the page or the payload (filters, search, sort) changes; a newer request aborts the
 * one in flight. While a page loads the previous rows stay (under the web's overlay). A failure
 * keeps them too and announces `table.failed` with the error's message, for a toast. An empty
 * page past the first (a delete emptied the last page) steps back a page and fetches again.
 *
 * SPEC.md section 9's query rules (`queryRules.ts`, the SDK's `queryDefaults`): a failed fetch is
 * tried once more before the table fails; `table.resync` (the socket is back after a drop; the
 * web's DataTable sends it on the connection's `resync`) fetches the current page again, also
 * while one is in flight (unless the input turns `refetchOnReconnect` off). The window coming
 * back into focus is no event of the table: it never refetches on focus.
 *
 * Live changes (a socket event about a row) need no fetch: `table.patch` changes the rows shown in
 * place with a function of them (a row replaced, a new one put first, a deleted one left out), and
 * a page that was loading meanwhile is patched the same way when it arrives, so the change is not
 * lost to an answer the server wrote before it. A patch that leaves a page with no rows fetches it
 * again; one that gives an empty page a row shows it.
 *
 * Rows come from `fetchPage`; `fetchActPage(client)` makes one from the SDK's `fetchTablePage`.
 * The machine is generic: `createTableMachine<Row, Payload>()`; `tableMachine` is the untyped one.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  canNext,
  canPrev,
  fetchTablePage,
  pageWindow,
  TABLE_INITIAL_PAGE_INDEX,
  TABLE_PAGE_SIZE,
} from '@sapa/sdk';
import type { ActClient, ActName, ActPayload, PageRow } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import { mayRetry, queryRules } from './queryRules.ts';
import type { QueryRules } from './queryRules.ts';

/** What the table asks its source for: a zero-based page of the payload's rows. */
export interface TablePageRequest<Payload> {
  page: number;
  payload: Payload;
  /** Aborted when a newer request replaces this one (or the table goes away). */
  signal: AbortSignal;
}

/** One page as the source answers it. A non-null `error` (as `fetchTablePage` answers) is a failure. */
export interface TablePageAnswer<Row> {
  data: Row[];
  total_page: number;
  error?: Error | null;
}

/**
 * A live change of the rows shown: the rows to show instead, from those shown and where they are.
 * Pure, and harmless to apply twice (it is applied again to a page that was loading).
 */
export type TablePatch<Row> = (rows: readonly Row[], where: { pageIndex: number; pageSize: number }) => Row[];

/** Where a table's pages come from. Rejecting is a failure too. */
export type FetchPage<Row, Payload> = (request: TablePageRequest<Payload>) => Promise<TablePageAnswer<Row>>;

export interface TableInput<Row, Payload> {
  fetchPage: FetchPage<Row, Payload>;
  /** The act's fields, filters, search and sort: whatever the source sends besides the page. */
  payload: Payload;
  /** Rows per page the source answers, for row numbers. Default 10. */
  pageSize?: number;
  /** Overrides of SPEC.md's query rules (retry once, refetch on reconnect, not on focus). */
  query?: Partial<QueryRules>;
}

export interface TableContext<Row, Payload> {
  fetchPage: FetchPage<Row, Payload>;
  payload: Payload;
  pageSize: number;
  /** The page shown, or being fetched (zero-based). */
  pageIndex: number;
  /** The rows of the last page that arrived; kept while the next one loads or fails. */
  rows: Row[];
  /** How many pages the source has, as last answered (0 before the first answer). */
  totalPage: number;
  /** The message of the last failure (state `failed`), `null` once a page arrives. */
  error: string | null;
  query: QueryRules;
  /** Failed tries of the request being made (0 on each new request). */
  failures: number;
  /** Live changes that came while a page loaded: applied to it too when it arrives. */
  patches: TablePatch<Row>[];
}

export type TableEvent<Payload, Row = unknown> =
  /** Go to a page (zero-based); ignored for the current page or one that does not exist. */
  | { type: 'table.page'; index: number }
  | { type: 'table.next' }
  | { type: 'table.prev' }
  /** New filters, search or sort: back to page 0 and fetch (ignored when equal to the current one). */
  | { type: 'table.payload'; payload: Payload }
  /** Fetch the current page again (after a create, edit or delete). */
  | { type: 'table.refresh' }
  /** Fetch the page that failed again. */
  | { type: 'table.retry' }
  /** The connection is back after a drop: fetch the page shown (or being fetched) again. */
  | { type: 'table.resync' }
  /** Live: change the rows shown in place, without a fetch (see `TablePatch`). */
  | { type: 'table.patch'; patch: TablePatch<Row> };

/** Announced when a page fails: the web shows `message` in an error toast. */
export type TableEmitted = { type: 'table.failed'; message: string };

export type TableStatus = 'loading' | 'ready' | 'empty' | 'failed';

/** A page link of the pager: its zero-based index, its 1-based number, whether it is shown. */
export interface TablePageLink {
  index: number;
  number: number;
  current: boolean;
}

/** A page source over the act client: `fetchTablePage` with the request's page and signal. */
export function fetchActPage<N extends ActName>(
  client: Pick<ActClient, 'page'>,
): FetchPage<PageRow<N>, ActPayload<N>> {
  return ({ page, payload, signal }) => fetchTablePage(client, payload, { page, signal });
}

/** Payloads are data (filters, search, sort): equal when they serialise alike. */
export function samePayload(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The page to show after an empty answer on `pageIndex` > 0: one back, and no further than the last. */
export function pageAfterEmpty(pageIndex: number, totalPage: number): number {
  return Math.max(0, Math.min(pageIndex - 1, totalPage - 1));
}

/** The rows `patches` make of `rows`, on page `pageIndex`. */
export function patchRows<Row>(
  rows: readonly Row[],
  patches: readonly TablePatch<Row>[],
  where: { pageIndex: number; pageSize: number },
): Row[] {
  return patches.reduce<Row[]>((shown, patch) => patch(shown, where), [...rows]);
}

function pageCount(value: unknown): number {
  const count = Math.floor(Number(value));
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/**
 * A table machine typed for its rows and payload. Make one per screen at module level
 * (`createTableMachine<Label, LabelTablePayload>()`), or let the web's `useTable` make it.
 */
export function createTableMachine<Row, Payload>() {
  type Context = TableContext<Row, Payload>;
  type Answer = { data: Row[]; total_page: number };

  /** One page from the source; a page answered with an `error` rejects with that error. */
  const loadTablePage = fromPromise<
    Answer,
    { fetchPage: FetchPage<Row, Payload>; page: number; payload: Payload }
  >(async ({ input, signal }) => {
    const answer = await input.fetchPage({ page: input.page, payload: input.payload, signal });
    if (answer.error) throw answer.error;
    return { data: Array.isArray(answer.data) ? answer.data : [], total_page: pageCount(answer.total_page) };
  });

  return setup({
    types: {} as {
      context: Context;
      events: TableEvent<Payload, Row>;
      input: TableInput<Row, Payload>;
      emitted: TableEmitted;
      children: { fetch: 'loadTablePage' };
    },
    actors: { loadTablePage },
    guards: {
      pageExists: ({ context }, params: { index: number }) =>
        Number.isInteger(params.index) &&
        params.index !== context.pageIndex &&
        params.index >= 0 &&
        params.index < context.totalPage,
      canNext: ({ context }) => canNext(context.pageIndex, context.totalPage),
      canPrev: ({ context }) => canPrev(context.pageIndex),
      payloadChanged: ({ context }, params: { payload: Payload }) =>
        !samePayload(context.payload, params.payload),
      emptiedPastFirst: ({ context }, params: Answer) =>
        answered(context, params).length === 0 && context.pageIndex > 0,
      isEmpty: ({ context }, params: Answer) => answered(context, params).length === 0,
      patchEmpties: ({ context }, params: { patch: TablePatch<Row> }) =>
        patchRows(context.rows, [params.patch], context).length === 0,
      patchFills: ({ context }, params: { patch: TablePatch<Row> }) =>
        patchRows(context.rows, [params.patch], context).length > 0,
      mayRetry: ({ context }) => mayRetry(context.query, context.failures + 1),
      refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
    },
    actions: {
      goTo: assign((_, params: { index: number }) => ({ pageIndex: params.index, failures: 0 })),
      goBy: assign(({ context }, params: { step: 1 | -1 }) => ({
        pageIndex: context.pageIndex + params.step,
        failures: 0,
      })),
      usePayload: assign((_, params: { payload: Payload }) => ({
        payload: params.payload,
        pageIndex: TABLE_INITIAL_PAGE_INDEX,
        failures: 0,
      })),
      freshRequest: assign({ failures: 0 }),
      countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
      keepPage: assign(({ context }, params: Answer) => ({
        rows: answered(context, params),
        totalPage: params.total_page,
        error: null,
        failures: 0,
        patches: [],
      })),
      applyPatch: assign(({ context }, params: { patch: TablePatch<Row> }) => ({
        rows: patchRows(context.rows, [params.patch], context),
      })),
      keepPatch: assign(({ context }, params: { patch: TablePatch<Row> }) => ({
        patches: [...context.patches, params.patch],
      })),
      stepBack: assign(({ context }, params: Answer) => ({
        pageIndex: pageAfterEmpty(context.pageIndex, params.total_page),
        totalPage: params.total_page,
        failures: 0,
      })),
      keepError: assign((_, params: { message: string }) => ({ error: params.message, patches: [] })),
      announceFailure: emit((_, params: { message: string }) => ({
        type: 'table.failed' as const,
        message: params.message,
      })),
    },
  }).createMachine({
    id: 'table',
    context: ({ input }) => ({
      fetchPage: input.fetchPage,
      payload: input.payload,
      pageSize: input.pageSize ?? TABLE_PAGE_SIZE,
      pageIndex: TABLE_INITIAL_PAGE_INDEX,
      rows: [],
      totalPage: 0,
      error: null,
      query: queryRules(input.query),
      failures: 0,
      patches: [],
    }),
    initial: 'loading',
    // Each of these (re-)enters `loading`: the request in flight, if any, is stopped and aborted.
    on: {
      'table.page': {
        guard: { type: 'pageExists', params: ({ event }) => event },
        target: '.loading',
        actions: { type: 'goTo', params: ({ event }) => event },
      },
      'table.next': { guard: 'canNext', target: '.loading', actions: { type: 'goBy', params: { step: 1 } } },
      'table.prev': { guard: 'canPrev', target: '.loading', actions: { type: 'goBy', params: { step: -1 } } },
      'table.payload': {
        guard: { type: 'payloadChanged', params: ({ event }) => event },
        target: '.loading',
        actions: { type: 'usePayload', params: ({ event }) => event },
      },
      'table.refresh': { target: '.loading', actions: 'freshRequest' },
      'table.resync': { guard: 'refetchOnReconnect', target: '.loading', actions: 'freshRequest' },
    },
    states: {
      loading: {
        on: {
          'table.patch': {
            actions: [
              { type: 'applyPatch', params: ({ event }) => event },
              { type: 'keepPatch', params: ({ event }) => event },
            ],
          },
        },
        invoke: {
          id: 'fetch',
          src: 'loadTablePage',
          input: ({ context }) => ({
            fetchPage: context.fetchPage,
            page: context.pageIndex,
            payload: context.payload,
          }),
          onDone: [
            {
              guard: { type: 'emptiedPastFirst', params: ({ event }) => event.output },
              target: 'loading',
              reenter: true,
              actions: { type: 'stepBack', params: ({ event }) => event.output },
            },
            {
              guard: { type: 'isEmpty', params: ({ event }) => event.output },
              target: 'empty',
              actions: { type: 'keepPage', params: ({ event }) => event.output },
            },
            { target: 'ready', actions: { type: 'keepPage', params: ({ event }) => event.output } },
          ],
          onError: [
            // SPEC.md section 9: one more try before the failure shows.
            { guard: 'mayRetry', target: 'loading', reenter: true, actions: 'countFailure' },
            {
              target: 'failed',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) },
                { type: 'announceFailure', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          ],
        },
      },
      ready: {
        on: {
          'table.patch': [
            // Every row shown went (deleted): the page is fetched again (a later page steps back).
            {
              guard: { type: 'patchEmpties', params: ({ event }) => event },
              target: 'loading',
              actions: [{ type: 'applyPatch', params: ({ event }) => event }, 'freshRequest'],
            },
            { actions: { type: 'applyPatch', params: ({ event }) => event } },
          ],
        },
      },
      empty: {
        on: {
          'table.patch': {
            guard: { type: 'patchFills', params: ({ event }) => event },
            target: 'ready',
            actions: { type: 'applyPatch', params: ({ event }) => event },
          },
        },
      },
      failed: {
        on: {
          'table.retry': { target: 'loading', actions: 'freshRequest' },
          'table.patch': { actions: { type: 'applyPatch', params: ({ event }) => event } },
        },
      },
    },
  });
}

/** An answered page's rows with the live changes that came while it loaded. */
function answered<Row, Payload>(context: TableContext<Row, Payload>, answer: { data: Row[] }): Row[] {
  return context.patches.length === 0 ? answer.data : patchRows(answer.data, context.patches, context);
}

/** The message to show for a failure; `Error` when it has none (SPEC.md section 8). */
function messageOf(error: unknown): string {
  return toFlowError(error).message || 'Error';
}

/** The table machine over rows and payloads of any type (model paths, untyped callers). */
export const tableMachine = createTableMachine<unknown, unknown>();

export type TableMachine<Row, Payload> = ReturnType<typeof createTableMachine<Row, Payload>>;
export type TableActorRef<Row, Payload> = ActorRefFrom<TableMachine<Row, Payload>>;
export type TableSnapshot<Row, Payload> = SnapshotFrom<TableMachine<Row, Payload>>;

type AnyTableSnapshot = {
  value: unknown;
  context: Pick<TableContext<unknown, unknown>, 'pageIndex' | 'totalPage'>;
};

export function selectTableStatus(snapshot: AnyTableSnapshot): TableStatus {
  return snapshot.value as TableStatus;
}

/** Prev is disabled on the first page. */
export function selectCanPrev(snapshot: AnyTableSnapshot): boolean {
  return canPrev(snapshot.context.pageIndex);
}

/** Next is disabled on the last page, or when there are no pages. */
export function selectCanNext(snapshot: AnyTableSnapshot): boolean {
  return canNext(snapshot.context.pageIndex, snapshot.context.totalPage);
}

/** The pager's links: up to 5 pages around the current one (the SDK's `pageWindow`). */
export function selectPageLinks(snapshot: AnyTableSnapshot): TablePageLink[] {
  const { pageIndex, totalPage } = snapshot.context;
  return pageWindow(pageIndex, totalPage).map((index) => ({
    index,
    number: index + 1,
    current: index === pageIndex,
  }));
}

export function selectRows<Row, Payload>(snapshot: TableSnapshot<Row, Payload>): Row[] {
  return snapshot.context.rows;
}

export function selectTableError<Row, Payload>(snapshot: TableSnapshot<Row, Payload>): string | null {
  return snapshot.context.error;
}
