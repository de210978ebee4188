/**
 * The thread's message rules, without XState: merging stored messages by `seq` (never twice),
 * statuses that only move forward, the sequence gaps that call for a catch-up, and the display
 * order (stored messages by `seq`, then the local pending sends in the order they were made).
 */
import type { FlowError } from './actError.ts';
import type { MessageStatus, ThreadMessage } from '@sapa/sdk';

export type { MessageStatus, ThreadMessage };

/**
 * What `thread.send` carries: the `message_send` fields the agent chose. A file uploaded to
 * `POST /upload/{key}` goes by `mediaId`; its `type`, `url` and `filename` (from `media_get`)
 * are kept for showing the pending send, and only `mediaId`, `caption` and `replyTo` are sent.
 */
export interface ThreadDraft {
  type: string;
  caption?: string;
  url?: string;
  filename?: string;
  mediaId?: string;
  /** Contact card (vcard) name and phone. */
  name?: string;
  phone?: string;
  /** The id of the message this one replies to. */
  replyTo?: string;
}

/** A status the server reported for a send before its stored message reached the thread. */
export interface ServerStatus {
  messageId: string;
  status: MessageStatus;
  error: ThreadMessage['error'];
}

/** A send the server has not answered yet: shown at once, under its client-generated id. */
export interface PendingMessage {
  clientId: string;
  draft: ThreadDraft;
  /** `sending`: queued or in flight (retries included). `failed`: waits for resend or discard. */
  status: 'sending' | 'failed';
  /** Attempts made so far for this send (a resend starts again from 0). */
  attempts: number;
  /** Why it failed (status `failed`), with the server's message when the server refused it. */
  error: FlowError | null;
  createdAt: string;
  /** A status update that arrived for it before its stored message did. */
  serverStatus: ServerStatus | null;
}

/** One row of the thread: a stored message, or a local pending send. */
export type ThreadItem =
  { kind: 'message'; message: ThreadMessage } | { kind: 'pending'; pending: PendingMessage };

const RANK: Record<MessageStatus, number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** True when `next` may replace `current`: pending < sent < delivered < read, and failed wins. */
export function isStatusForward(current: MessageStatus, next: MessageStatus): boolean {
  return RANK[next] > RANK[current];
}

/** `message` with `update`'s status when that moves it forward, else unchanged. */
export function withStatus(
  message: ThreadMessage,
  update: { status: MessageStatus; error: ThreadMessage['error'] },
): ThreadMessage {
  return isStatusForward(message.status, update.status)
    ? { ...message, status: update.status, error: update.error }
    : message;
}

/** The newest stored `seq` (0 when there is none). */
export function lastSeqOf(messages: readonly ThreadMessage[]): number {
  return messages[messages.length - 1]?.seq ?? 0;
}

/**
 * The highest `seq` reached from the oldest loaded message without a hole: a catch-up asks for
 * what comes after it. Equal to `lastSeqOf` when nothing is missing.
 */
export function contiguousSeqOf(messages: readonly ThreadMessage[]): number {
  const first = messages[0];
  if (first === undefined) return 0;
  let seq = first.seq;
  for (const message of messages.slice(1)) {
    if (message.seq !== seq + 1) break;
    seq = message.seq;
  }
  return seq;
}

/** True when a message is missing between the oldest loaded one and the newest. */
export function hasGap(messages: readonly ThreadMessage[]): boolean {
  return contiguousSeqOf(messages) < lastSeqOf(messages);
}

/**
 * `incoming` merged into `messages`: one entry per id, ordered by `seq`. A message seen twice
 * keeps the more advanced status of the two.
 */
export function mergeMessages(
  messages: readonly ThreadMessage[],
  incoming: readonly ThreadMessage[],
): ThreadMessage[] {
  if (incoming.length === 0) return messages as ThreadMessage[];
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(
      message.id,
      known === undefined
        ? message
        : withStatus({ ...message, status: known.status, error: known.error }, message),
    );
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * Stored messages joining the thread: merged by `seq`, and each one that answers a pending
 * send (same `clientId`) takes that send's place, with any status reported for it meanwhile.
 */
export function receiveMessages(
  state: { messages: readonly ThreadMessage[]; outbox: readonly PendingMessage[] },
  incoming: readonly ThreadMessage[],
): { messages: ThreadMessage[]; outbox: PendingMessage[] } {
  const answered = new Map<string, PendingMessage>();
  for (const pending of state.outbox) answered.set(pending.clientId, pending);
  const stored = incoming.map((message) => {
    const pending = message.clientId === null ? undefined : answered.get(message.clientId);
    const early = pending?.serverStatus;
    return early && early.messageId === message.id ? withStatus(message, early) : message;
  });
  const clientIds = new Set(
    incoming.flatMap((message) => (message.clientId === null ? [] : [message.clientId])),
  );
  return {
    messages: mergeMessages(state.messages, stored),
    outbox: state.outbox.filter((pending) => !clientIds.has(pending.clientId)),
  };
}

/** A status update applied to the stored message it names, or kept on the pending send it answers. */
export function applyStatus(
  state: { messages: readonly ThreadMessage[]; outbox: readonly PendingMessage[] },
  update: ServerStatus & { clientId: string | null },
): { messages: ThreadMessage[]; outbox: PendingMessage[] } {
  const messages = state.messages as ThreadMessage[];
  const outbox = state.outbox as PendingMessage[];
  if (messages.some((message) => message.id === update.messageId)) {
    return {
      messages: messages.map((message) =>
        message.id === update.messageId ? withStatus(message, update) : message,
      ),
      outbox,
    };
  }
  if (update.clientId === null) return { messages, outbox };
  return {
    messages,
    outbox: outbox.map((pending) => {
      if (pending.clientId !== update.clientId) return pending;
      const before = pending.serverStatus;
      if (before && !isStatusForward(before.status, update.status)) return pending;
      return {
        ...pending,
        serverStatus: { messageId: update.messageId, status: update.status, error: update.error },
      };
    }),
  };
}

/** The rows to render, oldest first: stored messages by `seq`, then pending sends in send order. */
export function threadItems(
  messages: readonly ThreadMessage[],
  outbox: readonly PendingMessage[],
): ThreadItem[] {
  return [
    ...messages.map((message): ThreadItem => ({ kind: 'message', message })),
    ...outbox.map((pending): ThreadItem => ({ kind: 'pending', pending })),
  ];
}

/** The `message_send` fields of a draft: a stored file goes by `mediaId` (the file decides the rest). */
export function sendFields(draft: ThreadDraft): Omit<ThreadDraft, 'type'> & { type?: string } {
  if (draft.mediaId === undefined) return draft;
  return {
    mediaId: draft.mediaId,
    ...(draft.caption === undefined || draft.caption.trim() === '' ? {} : { caption: draft.caption }),
    ...(draft.replyTo === undefined ? {} : { replyTo: draft.replyTo }),
  };
}
