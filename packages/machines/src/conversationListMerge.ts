/**
 * The pure rules of the conversation list: order (newest activity first), which conversations a
 * filter and search show, merging pages and live updates without duplicates, and telling a
 * current answer from a superseded one. `conversationListMachine` only calls these.
 */
import type { ConversationSummary } from '@sapa/sdk';

export type { ConversationSummary };

/** The list's filters, as `conversation_list` takes them. */
export type ConversationFilter = 'all' | 'unread' | 'mine';

/** What one `conversation_list` call asked for; its answer carries it back. */
export interface ConversationQuery {
  filter: ConversationFilter;
  /** The applied search ('' for none). */
  search: string;
  /** Only this WhatsApp number's conversations (left out or null: every number). */
  accountId?: string | null;
  /** Only customers carrying this label (left out or null: any). */
  labelId?: string | null;
  /** Only customers in this stage (left out or null: any). */
  stageId?: string | null;
  /** Only conversations of this division (left out or null: any). */
  divisionId?: string | null;
  /** Zero-based page. */
  page: number;
}

/** What decides whether a conversation belongs in the list. */
export interface ListView {
  filter: ConversationFilter;
  search: string;
  /** The signed-in user, for the `mine` filter. */
  userId: string | null;
  /** Only this WhatsApp number (left out or null: every number). */
  accountId?: string | null;
  /**
   * Only customers carrying this label (left out or null: any). A summary does not say which
   * labels its customer carries: under a label filter, new conversations come from the server.
   */
  labelId?: string | null;
  /** Only customers in this stage (left out or null: any); like labels, a summary does not say. */
  stageId?: string | null;
  /** Only conversations of this division (left out or null: any); a summary says its division. */
  divisionId?: string | null;
}

function timeOf(conversation: ConversationSummary): number {
  const time = conversation.lastMessageAt === null ? Number.NaN : Date.parse(conversation.lastMessageAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Newest `lastMessageAt` first (none last), then by id, so the order is total and stable. */
export function compareConversations(a: ConversationSummary, b: ConversationSummary): number {
  const byTime = timeOf(b) - timeOf(a);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function sortConversations(list: readonly ConversationSummary[]): ConversationSummary[] {
  return [...list].sort(compareConversations);
}

/**
 * Whether a conversation belongs under the filter and search: `unread` needs unread messages,
 * `mine` an assignment to the user, an account filter that number, a division filter that
 * division; a search needs the
 * customer's name or phone to contain it (case-insensitive). The server's search also matches
 * message words, so this only decides what live updates may insert.
 */
export function matchesView(conversation: ConversationSummary, view: ListView): boolean {
  const accountId = view.accountId ?? null;
  if (accountId !== null && conversation.accountId !== accountId) return false;
  const divisionId = view.divisionId ?? null;
  if (divisionId !== null && conversation.division?.id !== divisionId) return false;
  if (view.filter === 'unread' && conversation.unread <= 0) return false;
  if (view.filter === 'mine' && (view.userId === null || conversation.assignedTo !== view.userId))
    return false;
  const search = view.search.trim().toLowerCase();
  if (search === '') return true;
  const { name, phone } = conversation.customer;
  return name.toLowerCase().includes(search) || phone.toLowerCase().includes(search);
}

/** The fresher of two versions of one conversation: the higher `lastSeq`, else `onTie`. */
function fresher(
  current: ConversationSummary,
  incoming: ConversationSummary,
  onTie: 'current' | 'incoming',
): ConversationSummary {
  if (incoming.lastSeq !== current.lastSeq) return incoming.lastSeq > current.lastSeq ? incoming : current;
  return onTie === 'current' ? current : incoming;
}

/**
 * The list with a page merged in: each conversation once, in order. When both hold one, the
 * fresher version stays (higher `lastSeq`); on a tie `onTie` decides: `current` for a next
 * page (a conversation that moved since keeps its live position), `incoming` for a refetch of
 * page 0 (the server's word after a gap).
 */
export function mergeConversations(
  current: readonly ConversationSummary[],
  incoming: readonly ConversationSummary[],
  onTie: 'current' | 'incoming',
): ConversationSummary[] {
  const byId = new Map<string, ConversationSummary>();
  for (const conversation of current) byId.set(conversation.id, conversation);
  for (const conversation of incoming) {
    const known = byId.get(conversation.id);
    byId.set(conversation.id, known === undefined ? conversation : fresher(known, conversation, onTie));
  }
  return sortConversations([...byId.values()]);
}

export interface LiveContext {
  view: ListView;
  /** The open conversation stays listed even when it stops matching (it is being read). */
  selectedId: string | null;
  /** Every page is loaded: a new conversation may go anywhere, not only above the last row. */
  complete: boolean;
}

/**
 * A `conversation.updated` merged in: a listed conversation is replaced (unless the list holds
 * a fresher version) and re-sorted, or removed when it no longer matches; a new one is inserted
 * when it matches and falls within the loaded rows (below them it comes with a later page).
 */
export function applyLiveUpdate(
  list: readonly ConversationSummary[],
  conversation: ConversationSummary,
  live: LiveContext,
): ConversationSummary[] {
  const known = list.find((item) => item.id === conversation.id);
  const others = list.filter((item) => item.id !== conversation.id);
  const keeps = matchesView(conversation, live.view) || conversation.id === live.selectedId;
  if (known !== undefined) {
    if (fresher(known, conversation, 'incoming') === known) return [...list];
    return keeps ? sortConversations([...others, conversation]) : others;
  }
  if (!keeps || (live.view.labelId ?? null) !== null || (live.view.stageId ?? null) !== null)
    return [...list];
  const last = list[list.length - 1];
  const withinLoaded = live.complete || last === undefined || compareConversations(conversation, last) < 0;
  return withinLoaded ? sortConversations([...list, conversation]) : [...list];
}

/** The list with the opened conversation's unread count zeroed (it is read on the server too). */
export function markOpened(list: readonly ConversationSummary[], id: string): ConversationSummary[] {
  return list.map((item) => (item.id === id && item.unread !== 0 ? { ...item, unread: 0 } : item));
}

/** Whether an answer is for the request the list is waiting for; any other is superseded. */
export function isCurrentAnswer(answered: ConversationQuery, awaited: ConversationQuery): boolean {
  return (
    answered.filter === awaited.filter &&
    answered.search === awaited.search &&
    (answered.accountId ?? null) === (awaited.accountId ?? null) &&
    (answered.labelId ?? null) === (awaited.labelId ?? null) &&
    (answered.stageId ?? null) === (awaited.stageId ?? null) &&
    (answered.divisionId ?? null) === (awaited.divisionId ?? null) &&
    answered.page === awaited.page
  );
}

/** The list without a conversation the viewer may no longer see (`conversation.removed`). */
export function removeConversation(list: readonly ConversationSummary[], id: string): ConversationSummary[] {
  return list.filter((item) => item.id !== id);
}

/**
 * The conversation `step` rows after (1) or before (-1) the open one, for the next/previous
 * shortcuts: the first row when none is open (or the open one is not listed), and `null` past
 * either end.
 */
export function adjacentConversation(
  list: readonly ConversationSummary[],
  selectedId: string | null,
  step: 1 | -1,
): ConversationSummary | null {
  const index = selectedId === null ? -1 : list.findIndex((item) => item.id === selectedId);
  if (index === -1) return list[0] ?? null;
  return list[index + step] ?? null;
}

/** Unread messages across the loaded conversations. */
export function totalUnread(list: readonly ConversationSummary[]): number {
  return list.reduce((sum, item) => sum + Math.max(0, item.unread), 0);
}
