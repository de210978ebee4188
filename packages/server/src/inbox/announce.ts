/**
 * Real-time announcements of the inbox, built once a change is known and published after the
 * transaction that made it has committed. Conversation events go to the members who may see the
 * conversation (Publisher.ts); `conversation.updated` carries a masked twin for members without
 * `crm.chat.show_user_contact_detail`.
 */
import type { ConversationRow, CustomerRow, MessageRow } from '../db/schema.ts';
import type { Published, Publisher } from '../realtime/Publisher.ts';
import type { ThreadMessage } from '../sdk.ts';
import { toConversationSummary } from './views.ts';
import type { SummaryParts } from './views.ts';

export type Announcement = Published;

export function announce(publisher: Publisher, announcements: readonly Announcement[]): void {
  for (const item of announcements) publisher.publish(item);
}

type Seen = Pick<ConversationRow, 'id' | 'assignedUserId' | 'divisionId'>;

const audienceOf = (key: string, conversation: Seen) => ({
  conversation: key,
  assignedUserId: conversation.assignedUserId,
  divisionId: conversation.divisionId,
});

export function messageNew(
  key: string,
  conversation: Seen,
  customer: Pick<CustomerRow, 'name'>,
  message: ThreadMessage,
): Published<'message.new'> {
  return {
    audience: audienceOf(key, conversation),
    event: 'message.new',
    payload: { key, conversationId: conversation.id, seq: message.seq, customerName: customer.name, message },
  };
}

export function messageUpdated(
  key: string,
  conversation: Seen,
  message: MessageRow,
): Published<'message.updated'> {
  return {
    audience: audienceOf(key, conversation),
    event: 'message.updated',
    payload: {
      key,
      conversationId: conversation.id,
      messageId: message.id,
      clientId: message.clientId,
      status: message.status,
      error: message.error,
      pricing: message.pricing,
    },
  };
}

function summaries(key: string, parts: SummaryParts, now: Date) {
  return {
    payload: { key, conversation: toConversationSummary(parts, { seesContactDetail: true }, now) },
    masked: { key, conversation: toConversationSummary(parts, { seesContactDetail: false }, now) },
  };
}

export function conversationUpdated(
  key: string,
  parts: SummaryParts,
  now: Date,
): Published<'conversation.updated'> {
  return {
    audience: audienceOf(key, parts.conversation),
    event: 'conversation.updated',
    ...summaries(key, parts, now),
  };
}

/**
 * Shows a conversation to one member who sees only their own and their divisions' conversations
 * and has just gained it (they joined its division): their list takes it in at once.
 */
export function conversationShown(
  key: string,
  userId: string,
  parts: SummaryParts,
  now: Date,
): Published<'conversation.updated'> {
  return {
    audience: { limitedMember: key, userId },
    event: 'conversation.updated',
    ...summaries(key, parts, now),
  };
}

/**
 * Tells a member who sees only their own and their divisions' conversations that this one is no
 * longer among them.
 */
export function conversationRemoved(
  key: string,
  userId: string,
  conversationId: string,
): Published<'conversation.removed'> {
  return {
    audience: { limitedMember: key, userId },
    event: 'conversation.removed',
    payload: { key, conversationId },
  };
}
