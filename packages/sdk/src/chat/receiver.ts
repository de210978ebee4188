/**
 * The `receiver` of `/crm/chat/{key}/{receiver}` and the `phone` of `/chat/{key}/{phone}`
 * (SPEC.md section 2): the customer's phone as digits. A viewer who may not see phone numbers
 * (`crm.chat.show_user_contact_detail` off) gets the conversation's id instead, so the address
 * bar never shows what the screen masks. `conversation_find` takes either.
 */
import type { ConversationSummary } from '../contract/chatTypes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route segment naming a conversation for this viewer. */
export function receiverOf(
  conversation: Pick<ConversationSummary, 'id' | 'customer'>,
  seesContactDetail: boolean,
): string {
  if (!seesContactDetail) return conversation.id;
  const digits = conversation.customer.phone.replace(/\D/g, '');
  return digits === '' ? conversation.id : digits;
}

/** Whether a route segment names the conversation (its id, or its customer's phone digits). */
export function isReceiverOf(
  receiver: string,
  conversation: Pick<ConversationSummary, 'id' | 'customer'>,
): boolean {
  if (UUID.test(receiver)) return receiver.toLowerCase() === conversation.id.toLowerCase();
  const digits = receiver.replace(/\D/g, '').replace(/^0/, '62');
  return digits !== '' && digits === conversation.customer.phone.replace(/\D/g, '');
}

/** True when a receiver is a conversation id rather than a phone. */
export function isConversationId(receiver: string): boolean {
  return UUID.test(receiver);
}
