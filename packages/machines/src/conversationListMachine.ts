/**
 * The inbox's conversation list (`/crm/chat/{key}`): pages of `conversation_list` (newest
 * activity first), live merge and re-sort from socket events, unread counts, the `all` /
 * `unread` / `mine` filters, optional WhatsApp-number, label, stage and division filters and a debounced search. Superseded requests are dropped: each
 * request is an invoke that a newer one stops, and every answer names the query it answers.
 * SPEC.md section 9's query rules (`queryRules.ts`): a failed first page is tried once more
 * before the list fails, and `list.resync` (the connection is back) fetches page 0 again; the
 * window's focus is no event of the list.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  applyLiveUpdate,
  isCurrentAnswer,
  markOpened,
  mergeConversations,
  removeConversation,
  totalUnread,
} from './conversationListMerge.ts';
import type { ConversationFilter, ConversationQuery, ConversationSummary } from './conversationListMerge.ts';
import { mayRetry, queryRules } from './queryRules.ts';
import type { QueryRules } from './queryRules.ts';
import type { ActCaller } from './sdk.ts';
import { delay } from './delay.ts';

export interface ConversationListInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  /** The signed-in user, for the `mine` filter (null: `mine` matches nothing live). */
  userId?: string | null;
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
  /** Overrides of SPEC.md's query rules (retry once, refetch on reconnect). */
  query?: Partial<QueryRules>;
}

export interface ConversationListContext {
  client: ActCaller;
  key: string;
  userId: string | null;
  searchDebounceMs: number;
  /** Loaded conversations, newest activity first (ties by id), each once. */
  conversations: ConversationSummary[];
  /** The last page loaded (zero-based). */
  page: number;
  /** Pages the server has for the current filter and search. */
  totalPage: number;
  filter: ConversationFilter;
  /** Only this WhatsApp number's conversations (null: every number). */
  accountId: string | null;
  /** Only customers carrying this label (null: any). */
  labelId: string | null;
  /** Only customers in this stage (null: any). */
  stageId: string | null;
  /** Only conversations of this division (null: any). */
  divisionId: string | null;
  /** The search the list shows ('' for none). */
  search: string;
  /** The search typed, waiting for the debounce (equals `search` once applied). */
  searchText: string;
  selectedId: string | null;
  /** Why the first page failed (state `failed`). */
  error: FlowError | null;
  /** Why the last next page failed (state `ready.moreFailed`). */
  moreError: FlowError | null;
  query: QueryRules;
  /** Failed tries of the first page being loaded (0 on each new request). */
  failures: number;
  /**
   * The agent reached the end of the list while a refetch of its first page ran (or a refetch
   * replaced the next page in flight): the next page loads once the refetch is done.
   */
  moreWanted: boolean;
}

/** One page of `conversation_list`, with the query it answers. */
export interface ConversationPage {
  query: ConversationQuery;
  conversations: ConversationSummary[];
  totalPage: number;
}

export type ConversationListEvent =
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'list.filter'; filter: ConversationFilter }
  | { type: 'list.account'; accountId: string | null }
  | { type: 'list.label'; labelId: string | null }
  | { type: 'list.stage'; stageId: string | null }
  | { type: 'list.division'; divisionId: string | null }
  | { type: 'list.search'; text: string }
  /** Sent by the `delay` actor after the search's pause (tests send it themselves). */
  | { type: 'list.searchSettled' }
  | { type: 'list.conversationUpdated'; conversation: ConversationSummary }
  | { type: 'list.messageArrived'; conversationId: string }
  | { type: 'list.select'; conversationId: string }
  /** The open conversation was closed (the agent went back to the list). */
  | { type: 'list.deselect' }
  /** The viewer may no longer see this conversation (socket `conversation.removed`). */
  | { type: 'list.conversationRemoved'; conversationId: string }
  | { type: 'list.resync' };

export type ConversationListTag = 'loading' | 'busy' | 'error' | 'ready' | 'loadingMore' | 'moreFailed';
export type ConversationListStatus = 'loading' | 'ready' | 'failed';

/** conversation_list: one page for a query; `total_page` rides beside `data` in the answer. */
export const loadConversations = fromPromise<
  ConversationPage,
  { client: ActCaller; key: string; query: ConversationQuery }
>(async ({ input, signal }) => {
  const { filter, search, page } = input.query;
  const accountId = input.query.accountId ?? null;
  const labelId = input.query.labelId ?? null;
  const stageId = input.query.stageId ?? null;
  const divisionId = input.query.divisionId ?? null;
  const answer = await input.client.act(
    'conversation_list',
    {
      key: input.key,
      page,
      filter,
      ...(search === '' ? {} : { search }),
      ...(accountId === null ? {} : { accountId }),
      ...(labelId === null ? {} : { labelId }),
      ...(stageId === null ? {} : { stageId }),
      ...(divisionId === null ? {} : { divisionId }),
    },
    { signal },
  );
  const totalPage = (answer as { total_page?: unknown }).total_page;
  return {
    query: input.query,
    conversations: answer.data,
    totalPage: typeof totalPage === 'number' && Number.isFinite(totalPage) ? Math.max(0, totalPage) : 0,
  };
});

type Context = ConversationListContext;

function query(context: Context, page: number): ConversationQuery {
  return {
    filter: context.filter,
    search: context.search,
    accountId: context.accountId,
    labelId: context.labelId,
    stageId: context.stageId,
    divisionId: context.divisionId,
    page,
  };
}

function hasMore(context: Context): boolean {
  return context.page + 1 < context.totalPage;
}

function view(context: Context) {
  return {
    filter: context.filter,
    search: context.search,
    userId: context.userId,
    accountId: context.accountId,
    labelId: context.labelId,
    stageId: context.stageId,
    divisionId: context.divisionId,
  };
}

/** The open conversation reads as read: its new messages are being seen. */
function opened(context: Context, list: ConversationSummary[]): ConversationSummary[] {
  return context.selectedId === null ? list : markOpened(list, context.selectedId);
}

/** A new query starts from nothing: the next answer is page 0 of it. */
function freshList(): Pick<
  Context,
  'conversations' | 'page' | 'totalPage' | 'error' | 'moreError' | 'failures' | 'moreWanted'
> {
  return {
    conversations: [],
    page: 0,
    totalPage: 0,
    error: null,
    moreError: null,
    failures: 0,
    moreWanted: false,
  };
}

export const conversationListMachine = setup({
  types: {} as {
    context: ConversationListContext;
    events: ConversationListEvent;
    input: ConversationListInput;
    children: { page: 'loadConversations'; more: 'loadConversations'; refresh: 'loadConversations' };
    tags: ConversationListTag;
  },
  actors: { loadConversations, delay },
  guards: {
    hasMore: ({ context }) => hasMore(context),
    moreWanted: ({ context }) => context.moreWanted && hasMore(context),
    filterChanged: ({ context }, params: { filter: ConversationFilter }) => params.filter !== context.filter,
    accountChanged: ({ context }, params: { accountId: string | null }) =>
      params.accountId !== context.accountId,
    labelChanged: ({ context }, params: { labelId: string | null }) => params.labelId !== context.labelId,
    stageChanged: ({ context }, params: { stageId: string | null }) => params.stageId !== context.stageId,
    divisionChanged: ({ context }, params: { divisionId: string | null }) =>
      params.divisionId !== context.divisionId,
    clearsSearch: ({ context }, params: { text: string }) =>
      params.text.trim() === '' && (context.search !== '' || context.searchText !== ''),
    searchChanged: ({ context }, params: { text: string }) =>
      params.text.trim() !== '' && params.text.trim() !== context.searchText,
    isUnknown: ({ context }, params: { conversationId: string }) =>
      !context.conversations.some((item) => item.id === params.conversationId),
    answersFirstPage: ({ context }, params: { page: ConversationPage }) =>
      isCurrentAnswer(params.page.query, query(context, 0)),
    answersNextPage: ({ context }, params: { page: ConversationPage }) =>
      isCurrentAnswer(params.page.query, query(context, context.page + 1)),
    mayRetry: ({ context }) => mayRetry(context.query, context.failures + 1),
    refetchOnReconnect: ({ context }) => context.query.refetchOnReconnect,
  },
  actions: {
    setFilter: assign((_, params: { filter: ConversationFilter }) => ({
      ...freshList(),
      filter: params.filter,
    })),
    setAccount: assign((_, params: { accountId: string | null }) => ({
      ...freshList(),
      accountId: params.accountId,
    })),
    setLabel: assign((_, params: { labelId: string | null }) => ({
      ...freshList(),
      labelId: params.labelId,
    })),
    setStage: assign((_, params: { stageId: string | null }) => ({
      ...freshList(),
      stageId: params.stageId,
    })),
    setDivision: assign((_, params: { divisionId: string | null }) => ({
      ...freshList(),
      divisionId: params.divisionId,
    })),
    clearSearch: assign(() => ({ ...freshList(), search: '', searchText: '' })),
    typeSearch: assign((_, params: { text: string }) => ({ searchText: params.text.trim() })),
    applySearch: assign(({ context }) => ({ ...freshList(), search: context.searchText })),
    /** Page 0 of a query: live updates that came in meanwhile are kept when fresher. */
    keepFirstPage: assign(({ context }, params: { page: ConversationPage }) => ({
      conversations: opened(
        context,
        mergeConversations(context.conversations, params.page.conversations, 'current'),
      ),
      page: 0,
      totalPage: params.page.totalPage,
      error: null,
      failures: 0,
    })),
    freshRequest: assign({ failures: 0 }),
    wantMore: assign({ moreWanted: true }),
    takeMore: assign({ moreWanted: false }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    appendPage: assign(({ context }, params: { page: ConversationPage }) => ({
      conversations: opened(
        context,
        mergeConversations(context.conversations, params.page.conversations, 'current'),
      ),
      page: params.page.query.page,
      totalPage: params.page.totalPage,
      moreError: null,
    })),
    mergeRefetch: assign(({ context }, params: { page: ConversationPage }) => ({
      conversations: opened(
        context,
        mergeConversations(context.conversations, params.page.conversations, 'incoming'),
      ),
      // `total_page` counts a bounded number of pages past page 0: a refetch of it never lowers
      // what the list knew (the next page's own answer corrects a list that shrank).
      totalPage: Math.max(params.page.totalPage, context.totalPage),
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    showMoreError: assign((_, params: { error: unknown }) => ({ moreError: toFlowError(params.error) })),
    mergeLive: assign(({ context }, params: { conversation: ConversationSummary }) => ({
      conversations: opened(
        context,
        applyLiveUpdate(context.conversations, params.conversation, {
          view: view(context),
          selectedId: context.selectedId,
          complete: !hasMore(context),
        }),
      ),
    })),
    select: assign(({ context }, params: { conversationId: string }) => ({
      selectedId: params.conversationId,
      conversations: markOpened(context.conversations, params.conversationId),
    })),
    deselect: assign({ selectedId: null }),
    remove: assign(({ context }, params: { conversationId: string }) => ({
      conversations: removeConversation(context.conversations, params.conversationId),
      selectedId: context.selectedId === params.conversationId ? null : context.selectedId,
    })),
  },
}).createMachine({
  id: 'conversationList',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    userId: input.userId ?? null,
    searchDebounceMs: input.searchDebounceMs ?? 300,
    query: queryRules(input.query),
    ...freshList(),
    filter: 'all',
    accountId: null,
    labelId: null,
    stageId: null,
    divisionId: null,
    search: '',
    searchText: '',
    selectedId: null,
  }),
  initial: 'loading',
  on: {
    'list.filter': {
      guard: { type: 'filterChanged', params: ({ event }) => event },
      target: '.loading',
      actions: { type: 'setFilter', params: ({ event }) => event },
    },
    'list.account': {
      guard: { type: 'accountChanged', params: ({ event }) => event },
      target: '.loading',
      actions: { type: 'setAccount', params: ({ event }) => event },
    },
    'list.label': {
      guard: { type: 'labelChanged', params: ({ event }) => event },
      target: '.loading',
      actions: { type: 'setLabel', params: ({ event }) => event },
    },
    'list.stage': {
      guard: { type: 'stageChanged', params: ({ event }) => event },
      target: '.loading',
      actions: { type: 'setStage', params: ({ event }) => event },
    },
    'list.division': {
      guard: { type: 'divisionChanged', params: ({ event }) => event },
      target: '.loading',
      actions: { type: 'setDivision', params: ({ event }) => event },
    },
    'list.search': [
      {
        guard: { type: 'clearsSearch', params: ({ event }) => event },
        target: '.loading',
        actions: 'clearSearch',
      },
      {
        guard: { type: 'searchChanged', params: ({ event }) => event },
        target: '.debouncing',
        actions: { type: 'typeSearch', params: ({ event }) => event },
      },
    ],
    'list.conversationUpdated': { actions: { type: 'mergeLive', params: ({ event }) => event } },
    'list.select': { actions: { type: 'select', params: ({ event }) => event } },
    'list.deselect': { actions: 'deselect' },
    'list.conversationRemoved': { actions: { type: 'remove', params: ({ event }) => event } },
  },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'page',
        src: 'loadConversations',
        input: ({ context }) => ({ client: context.client, key: context.key, query: query(context, 0) }),
        onDone: {
          guard: { type: 'answersFirstPage', params: ({ event }) => ({ page: event.output }) },
          target: 'ready',
          actions: { type: 'keepFirstPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: [
          // SPEC.md section 9: one more try before the failure shows.
          { guard: 'mayRetry', target: 'loading', reenter: true, actions: 'countFailure' },
          {
            target: 'failed',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'list.resync': {
          guard: 'refetchOnReconnect',
          target: 'loading',
          reenter: true,
          actions: 'freshRequest',
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'list.retry': { target: 'loading', actions: 'freshRequest' },
        'list.resync': { guard: 'refetchOnReconnect', target: 'loading', actions: 'freshRequest' },
      },
    },
    debouncing: {
      tags: ['loading'],
      invoke: {
        id: 'debounce',
        src: 'delay',
        input: ({ context }) => ({
          ms: context.searchDebounceMs,
          event: { type: 'list.searchSettled' as const },
        }),
      },
      on: { 'list.searchSettled': { target: 'loading', actions: 'applySearch' } },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'list.resync': { guard: 'refetchOnReconnect', target: '.refreshing' },
        'list.messageArrived': {
          guard: { type: 'isUnknown', params: ({ event }) => event },
          target: '.refreshing',
        },
      },
      states: {
        idle: {
          // The end of the list was reached while a refetch ran: the next page now.
          always: { guard: 'moreWanted', target: 'loadingMore' },
          on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['loadingMore', 'busy'],
          entry: 'takeMore',
          on: {
            // A refetch replaces the page in flight, which is asked for again after it.
            'list.resync': { guard: 'refetchOnReconnect', target: 'refreshing', actions: 'wantMore' },
            'list.messageArrived': {
              guard: { type: 'isUnknown', params: ({ event }) => event },
              target: 'refreshing',
              actions: 'wantMore',
            },
          },
          invoke: {
            id: 'more',
            src: 'loadConversations',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              query: query(context, context.page + 1),
            }),
            onDone: {
              guard: { type: 'answersNextPage', params: ({ event }) => ({ page: event.output }) },
              target: 'idle',
              actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'moreFailed',
              actions: { type: 'showMoreError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        moreFailed: {
          tags: ['moreFailed'],
          on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
        },
        refreshing: {
          tags: ['busy'],
          // Reaching the end meanwhile is kept: the next page loads after the refetch.
          on: { 'list.loadMore': { actions: 'wantMore' } },
          invoke: {
            id: 'refresh',
            src: 'loadConversations',
            input: ({ context }) => ({ client: context.client, key: context.key, query: query(context, 0) }),
            onDone: {
              guard: { type: 'answersFirstPage', params: ({ event }) => ({ page: event.output }) },
              target: 'idle',
              actions: { type: 'mergeRefetch', params: ({ event }) => ({ page: event.output }) },
            },
            // The list stays as it was; the next resync or message tries again.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type ConversationListSnapshot = SnapshotFrom<typeof conversationListMachine>;

/** The loaded conversations, newest activity first. */
export function selectConversations(snapshot: ConversationListSnapshot): ConversationSummary[] {
  return snapshot.context.conversations;
}

/** A spinner (first page, or a search waiting to run), the error with retry, or the list. */
export function selectListStatus(snapshot: ConversationListSnapshot): ConversationListStatus {
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.hasTag('loading')) return 'loading';
  return 'ready';
}

/** Unread messages across the loaded conversations. */
export function selectTotalUnread(snapshot: ConversationListSnapshot): number {
  return totalUnread(snapshot.context.conversations);
}

export function selectSelectedId(snapshot: ConversationListSnapshot): string | null {
  return snapshot.context.selectedId;
}

/** Whether `list.loadMore` would load another page (the list is ready and pages remain). */
export function selectHasMore(snapshot: ConversationListSnapshot): boolean {
  return snapshot.hasTag('ready') && hasMore(snapshot.context);
}

export function selectFilter(snapshot: ConversationListSnapshot): ConversationFilter {
  return snapshot.context.filter;
}

/** The WhatsApp number the list keeps to (null: every number). */
export function selectAccountFilter(snapshot: ConversationListSnapshot): string | null {
  return snapshot.context.accountId;
}

/** The search as typed (the list follows it after the debounce). */
export function selectSearch(snapshot: ConversationListSnapshot): string {
  return snapshot.context.searchText;
}

/** The label the list keeps to (null: any). */
export function selectLabelFilter(snapshot: ConversationListSnapshot): string | null {
  return snapshot.context.labelId;
}

/** The stage the list keeps to (null: any). */
export function selectStageFilter(snapshot: ConversationListSnapshot): string | null {
  return snapshot.context.stageId;
}

/** The division the list keeps to (null: any). */
export function selectDivisionFilter(snapshot: ConversationListSnapshot): string | null {
  return snapshot.context.divisionId;
}

/** How many of the WhatsApp-number, label, stage and division filters narrow the list (for the filter button's badge). */
export function selectRecordFilterCount(snapshot: ConversationListSnapshot): number {
  const { accountId, labelId, stageId, divisionId } = snapshot.context;
  return [accountId, labelId, stageId, divisionId].filter((id) => id !== null).length;
}
