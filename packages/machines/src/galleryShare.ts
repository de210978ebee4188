/**
 * The "send in chat" part of the gallery machine's context, and how its steps change it: the
 * conversations found for a search, the one chosen, and the message being sent.
 */
import type { ConversationSummary } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';

export interface ShareContext {
  /** The search the picker shows ('' for none), and the one typed (waiting for the debounce). */
  search: string;
  searchText: string;
  /** The first page of `conversation_list` for the search. */
  conversations: ConversationSummary[];
  /** Where the file goes (kept after it was sent, for the link to the conversation). */
  chosen: ConversationSummary | null;
  /** The caption sent with the file, trimmed ('' for none). */
  caption: string;
  /** The send's client id: a retry after a failure sends the same message again. */
  clientId: string | null;
  /** Why the conversations could not be loaded, and why the last send failed. */
  error: FlowError | null;
  sendError: FlowError | null;
}

export function shareState(): ShareContext {
  return {
    search: '',
    searchText: '',
    conversations: [],
    chosen: null,
    caption: '',
    clientId: null,
    error: null,
    sendError: null,
  };
}

export function clearShareSearch(share: ShareContext): ShareContext {
  return { ...share, search: '', searchText: '', error: null };
}

export function typeShareSearch(share: ShareContext, text: string): ShareContext {
  return { ...share, searchText: text.trim() };
}

export function applyShareSearch(share: ShareContext): ShareContext {
  return { ...share, search: share.searchText, error: null };
}

/** The conversations found; a choice that is not among them any more is forgotten. */
export function keepTargets(share: ShareContext, conversations: ConversationSummary[]): ShareContext {
  const chosen = conversations.find((item) => item.id === share.chosen?.id) ?? null;
  return { ...share, conversations, chosen, error: null };
}

export function showTargetsError(share: ShareContext, error: unknown): ShareContext {
  return { ...share, error: toFlowError(error) };
}

export function chooseTarget(share: ShareContext, conversationId: string): ShareContext {
  return { ...share, chosen: share.conversations.find((item) => item.id === conversationId) ?? null };
}

export function startSend(share: ShareContext, caption: string, clientId: string): ShareContext {
  return { ...share, caption: caption.trim(), clientId, sendError: null };
}

export function showSendError(share: ShareContext, error: unknown): ShareContext {
  return { ...share, sendError: toFlowError(error) };
}

/** Back to the picker after a failed send: the next send is a new message. */
export function forgetSend(share: ShareContext): ShareContext {
  return { ...share, clientId: null, sendError: null };
}
