/**
 * Shapes of the inbox that travel in acts and real-time events. The message `type` values are
 * SPEC.md section 3's: jpeg, png, webp, jpg, ogg, mp4, vcard, text, or any other (a generic file).
 */

export type AccountStatus = 'connected' | 'disconnected' | 'logged_out';

export interface WhatsAppAccount {
  id: string;
  name: string;
  /** Meta's phone number id (the webhook's `metadata.phone_number_id`). */
  phoneNumberId: string;
  /** The number customers see, E.164. */
  displayPhone: string;
  status: AccountStatus;
  createdAt: string;
}

export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
export type MessageDirection = 'in' | 'out';

export interface ThreadMessage {
  id: string;
  conversationId: string;
  /** Position in the conversation, from 1, without gaps. */
  seq: number;
  direction: MessageDirection;
  /** The sender's id for the send that created it (outbound only). */
  clientId: string | null;
  type: string;
  caption: string | null;
  url: string | null;
  filename: string | null;
  /** Contact card (vcard) name and phone. */
  name: string | null;
  phone: string | null;
  /** The message this one replies to. */
  replyTo: { id: string; type: string; caption: string | null; filename: string | null } | null;
  status: MessageStatus;
  error: { code: number; title: string } | null;
  /** The agent who sent it (outbound only). */
  senderId: string | null;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  accountId: string;
  customer: { id: string; name: string; phone: string };
  /** The newest message's seq (0 for none). */
  lastSeq: number;
  lastMessage: Pick<ThreadMessage, 'type' | 'caption' | 'filename' | 'name' | 'direction' | 'status'> | null;
  lastMessageAt: string | null;
  unread: number;
  assignedTo: string | null;
  /** When the 24-hour customer service window closes (null: closed, only templates may be sent). */
  windowClosesAt: string | null;
}
