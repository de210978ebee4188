/**
 * The real-time events the server pushes over socket.io (DESIGN.md "Real-time"). Every event
 * that concerns a conversation carries its per-conversation `seq`, so a client that missed some
 * can ask for what came after the last `seq` it saw (`message_list` with `afterSeq`).
 */
import type { AccountStatus, ConversationSummary, MessageStatus, ThreadMessage } from './chatTypes.ts';
import type { Stage } from './crmTypes.ts';

export interface ServerToClientEvents {
  /** A message was stored in a conversation (inbound from a customer, or sent by an agent). */
  'message.new': (event: {
    key: string;
    conversationId: string;
    seq: number;
    /** The customer's name as agents call them (for notifications). */
    customerName: string;
    message: ThreadMessage;
  }) => void;
  /** A message's delivery status changed (sent, delivered, read, failed). */
  'message.updated': (event: {
    key: string;
    conversationId: string;
    messageId: string;
    clientId: string | null;
    status: MessageStatus;
    error: { code: number; title: string } | null;
  }) => void;
  /** A conversation's summary changed: last message, unread count, assignment. */
  'conversation.updated': (event: { key: string; conversation: ConversationSummary }) => void;
  /**
   * The receiver may no longer see a conversation (it was assigned to someone else): drop it
   * from the list and close it if open.
   */
  'conversation.removed': (event: { key: string; conversationId: string }) => void;
  /** A WhatsApp account connected, disconnected or was logged out. */
  'account.status': (event: { key: string; accountId: string; status: AccountStatus }) => void;
  /** A customer moved to another stage (the board, the chat's customer panel). */
  'customer.stage': (event: {
    key: string;
    customerId: string;
    stage: Pick<Stage, 'id' | 'name' | 'color'> | null;
  }) => void;
}

/** The client sends nothing but its handshake today; catch-up goes through acts. */
export type ClientToServerEvents = Record<string, never>;

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
