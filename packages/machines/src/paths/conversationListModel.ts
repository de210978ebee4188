/**
 * The conversation list's test model: a server of three conversations answered two per page
 * (page 1 overlaps page 0 by one row, as when a new conversation pushes rows down), live
 * updates that move, insert and un-read conversations, filters (by number, by label: Sari and
 * Dewi carry the VIP label; by stage: Budi is in Deal; by division: Dewi is in Penjualan), a
 * search, and a debounce the
 * model settles itself. When several `conversation_list` calls are waiting, the older ones
 * are superseded: the drivers answer them first with a ghost row that must never show.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { conversationListMachine } from '../conversationListMachine.ts';
import type { ConversationPage } from '../conversationListMachine.ts';
import { matchesView } from '../conversationListMerge.ts';
import type { ConversationQuery, ConversationSummary } from '../conversationListMerge.ts';
import type { ActCallOptions, ActInput, ActName, ActResult } from '../sdk.ts';
import { createFakeClient } from './fakes.ts';
import type { FakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { silentDelay } from '../delay.ts';

function conversation(
  id: string,
  name: string,
  minute: number,
  extra: Partial<ConversationSummary> = {},
): ConversationSummary {
  return {
    id,
    accountId: 'a1',
    customer: {
      id: `cu-${id}`,
      name,
      phone: `+62812000${minute.toString().padStart(4, '0')}`,
      waName: name,
      optedOutAt: null,
      optedOutVia: null,
      createdAt: '2025-02-01T08:00:00Z',
    },
    lastSeq: minute,
    lastMessage: {
      type: 'text',
      caption: `Halo dari ${name}`,
      filename: null,
      name: null,
      direction: 'in',
      status: 'delivered',
    },
    lastMessageAt: `2025-03-01T10:${minute.toString().padStart(2, '0')}:00Z`,
    unread: 0,
    assignedTo: null,
    division: null,
    windowClosesAt: '2025-03-02T10:00:00Z',
    freeEntryUntil: null,
    accountDeleted: false,
    referral: null,
    ...extra,
  };
}

/** The server's conversations, newest first. */
export const c1 = conversation('c1', 'Sari', 5, { unread: 2, assignedTo: 'u1' });
export const c2 = conversation('c2', 'Budi', 3);
/** A division of the project, where Dewi's conversation (c3) is. */
export const SALES_DIVISION = '0d1e0000-0000-4000-8000-000000000001';
const salesRef = { id: SALES_DIVISION, name: 'Penjualan', color: '#1e88e5' };
export const c3 = conversation('c3', 'Dewi', 1, { unread: 1, assignedTo: 'u2', division: salesRef });
/** Dewi's conversation taken out of its division. */
export const c3out: ConversationSummary = { ...c3, division: null };
/** Budi writes again: c2 moves to the top with one unread. */
export const c2moved: ConversationSummary = {
  ...c2,
  lastSeq: 4,
  lastMessageAt: '2025-03-01T10:10:00Z',
  unread: 1,
};
/** A customer writing for the first time. */
export const c4new = conversation('c4', 'Sarina', 20, { unread: 1 });
/** The same new conversation, put in Penjualan. */
export const c4sales: ConversationSummary = { ...c4new, division: salesRef };
/** Another agent read Sari's messages. */
export const c1read: ConversationSummary = { ...c1, unread: 0 };
/** What a superseded request answers: it must never reach the list. */
export const ghost = conversation('ghost', 'Hantu', 59, { unread: 9 });

export const USER_ID = 'u1';
/** A second WhatsApp number of the project, with no conversations. */
export const OTHER_ACCOUNT = 'a2';
/** A label of the project, carried by Sari (c1) and Dewi (c3). */
export const VIP_LABEL = '7a1b0000-0000-4000-8000-000000000001';
const carriesVip = new Set(['c1', 'c3']);
/** A stage of the project, where Budi (c2) is. */
export const DEAL_STAGE = '5a9e0000-0000-4000-8000-000000000003';
const server = [c1, c2, c3];

/** The model server's answer: two rows a page, page 1 starting at the second row. */
export function serverPage(query: ConversationQuery): ConversationPage {
  const rows = server.filter(
    (item) =>
      matchesView(item, { ...query, userId: USER_ID }) &&
      ((query.labelId ?? null) === null || carriesVip.has(item.id)) &&
      ((query.stageId ?? null) === null || item.id === 'c2'),
  );
  const conversations = query.page === 0 ? rows.slice(0, 2) : rows.slice(1);
  return { query, conversations, totalPage: rows.length > 2 ? 2 : rows.length > 0 ? 1 : 0 };
}

/**
 * The fake client, answering pages as the SDK does (`total_page` beside `data`): settle
 * `conversation_list` with `{ data: { data: rows, total_page } }`.
 */
export function createFakePageClient(): FakeClient {
  const inner = createFakeClient();
  return {
    get calls() {
      return inner.calls;
    },
    get signals() {
      return inner.signals;
    },
    pending: () => inner.pending(),
    settle: (name, outcome) => inner.settle(name, outcome),
    async act<N extends ActName>(
      name: N,
      fields: ActInput<N>,
      options?: ActCallOptions,
    ): Promise<ActResult<N>> {
      const answer = await inner.act(name, fields, options);
      return { code: answer.code, msg: answer.msg, ...(answer.data as object) } as ActResult<N>;
    },
  };
}

/** The debounce never fires by itself: the model sends `list.searchSettled`. */

type Ctx = {
  conversations: ConversationSummary[];
  filter: ConversationQuery['filter'];
  accountId: string | null;
  labelId: string | null;
  stageId: string | null;
  divisionId: string | null;
  search: string;
  searchText: string;
  page: number;
  totalPage: number;
  failures: number;
  selectedId: string | null;
  error: { reason: string } | null;
  moreError: { reason: string } | null;
  moreWanted: boolean;
};

function ctx(snapshot: AnyMachineSnapshot): Ctx {
  return snapshot.context as Ctx;
}

function current(snapshot: AnyMachineSnapshot, page: number): ConversationQuery {
  const { filter, search, accountId, labelId, stageId, divisionId } = ctx(snapshot);
  return { filter, search, accountId, labelId, stageId, divisionId, page };
}

function rows(list: ConversationSummary[]): string {
  return list.map((item) => `${item.id}${item.unread > 0 ? `(${item.unread})` : ''}`).join(' ');
}

/** Identity in the graph: where it is, the query, the paging and the rows with their unread. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    q: [c.filter, c.search, c.searchText, c.accountId, c.labelId, c.stageId, c.divisionId],
    pages: [c.page, c.totalPage],
    rows: rows(c.conversations),
    selected: c.selectedId,
    errors: [c.error?.reason ?? null, c.moreError?.reason ?? null],
    failures: c.failures,
    more: c.moreWanted,
  });
}

const live = (conversation: ConversationSummary): AnyEventObject => ({
  type: 'list.conversationUpdated',
  conversation,
});

/** The events the graph tries, by state (a small set keeps the graph finite and readable). */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const out: AnyEventObject[] = [];
  if (snapshot.matches('loading'))
    out.push(
      { type: 'xstate.done.actor.page', output: serverPage(current(snapshot, 0)) },
      { type: 'xstate.error.actor.page', error: networkError },
      { type: 'list.resync' },
    );
  if (snapshot.matches('failed')) out.push({ type: 'list.retry' }, { type: 'list.resync' });
  if (snapshot.matches('debouncing'))
    out.push({ type: 'list.searchSettled' }, { type: 'list.search', text: '' });
  if (snapshot.matches({ ready: 'loadingMore' }))
    out.push(
      { type: 'xstate.done.actor.more', output: serverPage(current(snapshot, c.page + 1)) },
      { type: 'xstate.error.actor.more', error: networkError },
    );
  if (snapshot.matches({ ready: 'refreshing' }))
    out.push(
      { type: 'xstate.done.actor.refresh', output: serverPage(current(snapshot, 0)) },
      { type: 'xstate.error.actor.refresh', error: networkError },
    );
  if (snapshot.matches('ready')) {
    out.push({ type: 'list.loadMore' }, { type: 'list.resync' });
    const plain =
      c.filter === 'all' &&
      c.search === '' &&
      c.accountId === null &&
      c.labelId === null &&
      c.stageId === null &&
      c.divisionId === null;
    if (plain && c.selectedId === null)
      out.push(
        { type: 'list.account', accountId: OTHER_ACCOUNT },
        { type: 'list.label', labelId: VIP_LABEL },
        { type: 'list.stage', stageId: DEAL_STAGE },
        { type: 'list.division', divisionId: SALES_DIVISION },
        { type: 'list.conversationRemoved', conversationId: 'c2' },
      );
    if (c.accountId !== null) out.push({ type: 'list.account', accountId: null });
    // A new conversation under a label filter waits for the server's answer (no label on a summary).
    if (c.labelId !== null) out.push({ type: 'list.label', labelId: null }, live(c4new));
    // The same under a stage filter (no stage on a summary either).
    if (c.stageId !== null) out.push({ type: 'list.stage', stageId: null }, live(c4new));
    // A summary says its division: one put in it shows at once, one taken out goes.
    if (c.divisionId !== null)
      out.push({ type: 'list.division', divisionId: null }, live(c4sales), live(c3out), live(c4new));
    if (c.selectedId !== null)
      out.push({ type: 'list.deselect' }, { type: 'list.conversationRemoved', conversationId: c.selectedId });
    if (plain) {
      out.push(
        { type: 'list.filter', filter: 'unread' },
        { type: 'list.search', text: ' sari ' },
        live(c2moved),
        live(c4new),
        { type: 'list.messageArrived', conversationId: 'c9' },
        { type: 'list.select', conversationId: 'c1' },
      );
    }
    if (c.filter === 'unread') out.push({ type: 'list.filter', filter: 'all' }, live(c1read));
    if (c.search !== '') out.push({ type: 'list.search', text: '' }, live(c4new));
  }
  return out;
}

/** Answers superseded calls with the ghost page, then the current one with the step's outcome. */
const settleCurrent: StepDriver = ({ world, event }) => {
  const { client } = world;
  while (client.pending().filter((call) => call.name === 'conversation_list').length > 1)
    client.settle('conversation_list', { data: { data: [ghost], total_page: 9 } });
  if (event.type.startsWith('xstate.done.')) {
    const page = event['output'] as ConversationPage;
    client.settle('conversation_list', { data: { data: page.conversations, total_page: page.totalPage } });
  } else client.settle('conversation_list', { error: event['error'] });
};

const drivers: Record<string, StepDriver> = {};
for (const id of ['page', 'more', 'refresh'])
  for (const outcome of ['done', 'error']) drivers[`xstate.${outcome}.actor.${id}`] = settleCurrent;

function world(): World {
  const client = createFakePageClient();
  return { client, browser: null, input: { client, key: 'k1', userId: USER_ID } };
}

function stateName(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

const names: Record<string, string> = {
  page: 'the first page',
  more: 'the next page',
  refresh: 'the refetch',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = names[settled[2]] ?? settled[2];
    if (settled[1] === 'error') return `${what} fails (network down)`;
    const page = event['output'] as ConversationPage;
    return `${what} arrives: ${rows(page.conversations) || 'nothing'} (${page.totalPage} page(s))`;
  }
  const conversation = event['conversation'] as ConversationSummary | undefined;
  switch (event.type) {
    case 'list.conversationUpdated':
      return `conversation ${conversation?.id ?? '?'} is updated live (unread ${conversation?.unread ?? '?'}${conversation?.division ? `, in ${conversation.division.name}` : ''})`;
    case 'list.messageArrived':
      return `a message arrives in unknown conversation ${String(event['conversationId'])}`;
    case 'list.select':
      return `the agent opens ${String(event['conversationId'])}`;
    case 'list.filter':
      return `the agent filters "${String(event['filter'])}"`;
    case 'list.account':
      return event['accountId'] === null
        ? 'the agent shows every number again'
        : `the agent keeps to number ${String(event['accountId'])}`;
    case 'list.label':
      return event['labelId'] === null
        ? 'the agent shows every label again'
        : 'the agent keeps to customers labelled VIP';
    case 'list.stage':
      return event['stageId'] === null
        ? 'the agent shows every stage again'
        : 'the agent keeps to customers in Deal';
    case 'list.division':
      return event['divisionId'] === null
        ? 'the agent shows every division again'
        : 'the agent keeps to conversations of Penjualan';
    case 'list.deselect':
      return 'the agent closes the open conversation';
    case 'list.conversationRemoved':
      return `conversation ${String(event['conversationId'])} is taken away (assigned to someone else)`;
    case 'list.search':
      return String(event['text']).trim() === ''
        ? 'the agent clears the search'
        : `the agent types "${String(event['text'])}"`;
    case 'list.searchSettled':
      return 'the typing pauses (debounce)';
    case 'list.loadMore':
      return 'the agent scrolls to the end (list.loadMore)';
    case 'list.retry':
      return 'the agent retries';
    case 'list.resync':
      return 'the connection comes back (list.resync)';
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const query = `${c.filter}${c.search === '' ? '' : `, search "${c.search}"`}${c.accountId === null ? '' : `, number ${c.accountId}`}${c.labelId === null ? '' : ', label VIP'}${c.stageId === null ? '' : ', stage Deal'}${c.divisionId === null ? '' : ', division Penjualan'}`;
  const error =
    c.error !== null && snapshot.matches('failed')
      ? `, shows "${String((c.error as { message?: unknown }).message)}"`
      : '';
  return `${stateName(snapshot)} [${query}] rows ${rows(c.conversations) || '(none)'}, page ${c.page + 1}/${c.totalPage}${c.selectedId === null ? '' : `, open ${c.selectedId}`}${error}`;
}

export const conversationListModel: PathModel = {
  name: 'conversationList',
  machine: conversationListMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: 'the inbox opens (project k1, agent u1)', world }],
  events,
  simple: {
    events: (snapshot) => {
      const c = ctx(snapshot);
      if (snapshot.matches('loading'))
        return [{ type: 'xstate.done.actor.page', output: serverPage(current(snapshot, 0)) }];
      if (snapshot.matches({ ready: 'loadingMore' }))
        return [{ type: 'xstate.done.actor.more', output: serverPage(current(snapshot, c.page + 1)) }];
      return snapshot.matches('ready') ? [{ type: 'list.loadMore' }, live(c2moved)] : [];
    },
    toState: (snapshot) => snapshot.matches({ ready: 'idle' }) && ctx(snapshot).page === 1,
  },
  scenarios: [
    {
      // The first page fails twice (tried once more, then failed); the connection comes back
      // while failed, while loading, and while idle.
      start: 0,
      events: [
        { type: 'xstate.error.actor.page', error: networkError },
        { type: 'xstate.error.actor.page', error: networkError },
        { type: 'list.resync' },
        { type: 'list.resync' },
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'list.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
      ],
    },
    {
      // Two filters while loading: only the last request's answer counts.
      start: 0,
      events: [
        { type: 'list.filter', filter: 'unread' },
        { type: 'list.filter', filter: 'mine' },
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'mine', search: '', page: 0 }) },
      ],
    },
    {
      // A refetch supersedes a next page; a known conversation's message needs no refetch.
      start: 0,
      events: [
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'list.loadMore' },
        { type: 'list.resync' },
        { type: 'list.messageArrived', conversationId: 'c1' },
        { type: 'list.messageArrived', conversationId: 'c9' },
        { type: 'xstate.done.actor.refresh', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'list.loadMore' },
        { type: 'xstate.error.actor.more', error: networkError },
        { type: 'list.loadMore' },
        { type: 'xstate.done.actor.more', output: serverPage({ filter: 'all', search: '', page: 1 }) },
      ],
    },
    {
      // A stranger's message refetches page 0 while the next page loads, and the agent reaches
      // the end again during the refetch: the next page is asked for again once it is done.
      start: 0,
      events: [
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'list.loadMore' },
        { type: 'list.messageArrived', conversationId: 'c9' },
        { type: 'list.loadMore' },
        { type: 'xstate.done.actor.refresh', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'xstate.done.actor.more', output: serverPage({ filter: 'all', search: '', page: 1 }) },
      ],
    },
    {
      // Under a label filter a new conversation stays out until the server lists it.
      start: 0,
      events: [
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'all', search: '', page: 0 }) },
        { type: 'list.label', labelId: VIP_LABEL },
        {
          type: 'xstate.done.actor.page',
          output: serverPage({ filter: 'all', search: '', labelId: VIP_LABEL, page: 0 }),
        },
        live(c4new),
        { type: 'list.label', labelId: null },
      ],
    },
    {
      // Typing restarts the debounce; the search waits for the pause.
      start: 0,
      events: [
        { type: 'list.search', text: 'sa' },
        { type: 'list.search', text: 'sari' },
        { type: 'list.searchSettled' },
        { type: 'xstate.done.actor.page', output: serverPage({ filter: 'all', search: 'sari', page: 0 }) },
      ],
    },
  ],
  actorActs: { page: 'conversation_list', more: 'conversation_list', refresh: 'conversation_list' },
  drivers,
  describeEvent,
  describeState,
};
