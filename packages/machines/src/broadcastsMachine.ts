/**
 * The broadcasts of `/crm/broadcast/{key}`. They are a paginated table: the machine runs it as
 * its child `table` (tableMachine over `broadcast_list`, 10 a page, newest first) and tells it
 * what to ask for. Regions side by side:
 *
 * - `query` (debouncedSearch.ts, plus the status filter): the status filter and the search, sent
 *   after a pause in the typing (the `delay` actor); each change goes to the table as its new
 *   payload (back to the first page);
 * - `live`: `broadcast.updated` changes its row in place (its progress, status, cost), and a
 *   broadcast just created goes first on the first page when it matches the filters;
 *   `broadcast.deleted` takes its row away (broadcastRules.ts). The table applies a change that
 *   came while a page loaded to that page too; `broadcasts.resync` (the connection is back after
 *   a drop) asks for the page shown again (SPEC.md section 9; never on window focus);
 * - `templates`: whether the project has an approved template, asked once when the empty table's
 *   advice needs it (`broadcasts.checkTemplates`) and again after a reconnection.
 *
 * "Broadcast baru" is a link (`crm.broadcast.add`, `selectCanAddBroadcast`); the composer is a
 * page of its own. `followBroadcasts` (followBroadcasts.ts) feeds the socket's events to it.
 */
import { assign, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { broadcastStatuses } from '@sapa/sdk';
import type { BroadcastStatus, BroadcastSummary } from '@sapa/sdk';
import { broadcastPermissions, templateListAccess } from './broadcastAccess.ts';
import type { BroadcastPermissions } from './broadcastAccess.ts';
import { broadcastListPayload, loadApprovedTemplates } from './broadcastActors.ts';
import type { BroadcastListPayload } from './broadcastActors.ts';
import { broadcastDeletedPatch, broadcastUpdatedPatch } from './broadcastRules.ts';
import type { BroadcastListFilter } from './broadcastRules.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import type { SearchContext } from './debouncedSearch.ts';
import { delay } from './delay.ts';
import { mayCall, screenActAccess } from './projectAccess.ts';
import { queryRules } from './queryRules.ts';
import type { QueryRules } from './queryRules.ts';
import { createTableMachine } from './tableMachine.ts';
import type { FetchPage } from './tableMachine.ts';
import type { ActCaller } from './sdk.ts';

export interface BroadcastsInput {
  client: ActCaller;
  key: string;
  /** The viewer's permission keys in the project. */
  permissions: readonly string[];
  /** Where the table's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<BroadcastSummary, BroadcastListPayload>;
  /** Quiet time after the last keystroke before the search applies (default 300 ms). */
  searchDebounceMs?: number;
  /** Overrides of SPEC.md's query rules (one retry, refetch on reconnect). */
  query?: Partial<QueryRules>;
}

export interface BroadcastsContext extends SearchContext {
  client: ActCaller;
  key: string;
  may: BroadcastPermissions;
  /** The member may list the numbers and their templates (the empty table's advice). */
  mayListTemplates: boolean;
  fetchPage: FetchPage<BroadcastSummary, BroadcastListPayload>;
  query: QueryRules;
  /** The status filter (`null`: every status). */
  status: BroadcastStatus | null;
  /** Whether the project has an approved template (null: not asked, or not known). */
  approvedTemplates: boolean | null;
}

export type BroadcastsEvent =
  /** The status filter (`null` clears it). */
  | { type: 'broadcasts.status'; status: BroadcastStatus | null }
  /** The search box's text; it applies after a pause. */
  | { type: 'broadcasts.search'; text: string }
  /** Sent by the `pause` delay: the typing paused. */
  | { type: 'broadcasts.searchSettled' }
  /** "Hapus filter": every status, no search. */
  | { type: 'broadcasts.resetFilters' }
  /** Live (`broadcast.updated`): a broadcast of the project was created, changed or made progress. */
  | { type: 'broadcasts.updated'; broadcast: BroadcastSummary }
  /** Live (`broadcast.deleted`). */
  | { type: 'broadcasts.deleted'; broadcastId: string }
  /** The connection is back after a drop: ask again for what is shown. */
  | { type: 'broadcasts.resync' }
  /** The empty table's advice is shown: find out whether the project has an approved template. */
  | { type: 'broadcasts.checkTemplates' };

/** The filters the table follows and a live change is matched against. */
function listFilter(context: BroadcastsContext): BroadcastListFilter {
  return { status: context.status, search: context.search };
}

function payload(context: BroadcastsContext): BroadcastListPayload {
  return broadcastListPayload(context.key, listFilter(context));
}

function isStatus(value: string | null): value is BroadcastStatus | null {
  return value === null || (broadcastStatuses as readonly string[]).includes(value);
}

export const broadcastTableMachine = createTableMachine<BroadcastSummary, BroadcastListPayload>();

/** The search region; the status filter and "Hapus filter" join its transitions. */
const broadcastSearch = searchRegion('broadcasts', ['queryTable']);

export const broadcastsMachine = setup({
  types: {} as {
    context: BroadcastsContext;
    events: BroadcastsEvent;
    input: BroadcastsInput;
    children: { table: 'broadcastTable'; pause: 'delay'; templates: 'loadApprovedTemplates' };
  },
  actors: { broadcastTable: broadcastTableMachine, delay, loadApprovedTemplates },
  guards: {
    statusChanged: ({ context }, params: { status: BroadcastStatus | null }) =>
      isStatus(params.status) && params.status !== context.status,
    ...searchGuards,
    anyFilter: ({ context }) => context.status !== null || context.search !== '' || context.searchText !== '',
    refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
  },
  actions: {
    ...searchActions<BroadcastsContext, BroadcastsEvent>(),
    // A search still waiting for its pause goes with the new status.
    setStatus: assign(({ context }, params: { status: BroadcastStatus | null }) => ({
      status: params.status,
      search: context.searchText,
    })),
    resetFilters: assign({ status: null, search: '', searchText: '' }),
    // The table is a child: each of these only talks to it (the model's graph stubs them).
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    patchUpdated: sendTo('table', ({ context }, params: { broadcast: BroadcastSummary }) => ({
      type: 'table.patch' as const,
      patch: broadcastUpdatedPatch(params.broadcast, listFilter(context)),
    })),
    patchDeleted: sendTo('table', (_, params: { broadcastId: string }) => ({
      type: 'table.patch' as const,
      patch: broadcastDeletedPatch(params.broadcastId),
    })),
    resyncTable: sendTo('table', { type: 'table.resync' as const }),
    keepTemplates: assign((_, params: { approved: boolean | null }) => ({
      approvedTemplates: params.approved,
    })),
  },
}).createMachine({
  id: 'broadcasts',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    may: broadcastPermissions(input.permissions),
    mayListTemplates:
      mayCall(input.permissions, screenActAccess.account_list) &&
      mayCall(input.permissions, templateListAccess),
    fetchPage: input.fetchPage,
    query: queryRules(input.query),
    ...searchContext(input.searchDebounceMs),
    status: null,
    approvedTemplates: null,
  }),
  invoke: {
    id: 'table',
    src: 'broadcastTable',
    input: ({ context }) => ({
      fetchPage: context.fetchPage,
      payload: payload(context),
      query: context.query,
    }),
  },
  type: 'parallel',
  states: {
    // The broadcasts shown so far stay until the search runs.
    query: {
      ...broadcastSearch,
      on: {
        ...broadcastSearch.on,
        'broadcasts.status': {
          guard: { type: 'statusChanged', params: ({ event }) => event },
          target: '.idle',
          actions: [{ type: 'setStatus', params: ({ event }) => event }, 'queryTable'],
        },
        'broadcasts.resetFilters': {
          guard: 'anyFilter',
          target: '.idle',
          actions: ['resetFilters', 'queryTable'],
        },
      },
    },
    live: {
      on: {
        'broadcasts.updated': { actions: { type: 'patchUpdated', params: ({ event }) => event } },
        'broadcasts.deleted': { actions: { type: 'patchDeleted', params: ({ event }) => event } },
        'broadcasts.resync': { guard: 'refetchOnReconnect', actions: 'resyncTable' },
      },
    },
    templates: {
      initial: 'unknown',
      states: {
        unknown: { on: { 'broadcasts.checkTemplates': 'checking' } },
        checking: {
          invoke: {
            id: 'templates',
            src: 'loadApprovedTemplates',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              allowed: context.mayListTemplates,
            }),
            onDone: {
              target: 'known',
              actions: { type: 'keepTemplates', params: ({ event }) => ({ approved: event.output }) },
            },
          },
        },
        // Asked again after a reconnection: a template may have been approved meanwhile.
        known: { on: { 'broadcasts.resync': { guard: 'refetchOnReconnect', target: 'checking' } } },
      },
    },
  },
});

export type BroadcastsSnapshot = SnapshotFrom<typeof broadcastsMachine>;
