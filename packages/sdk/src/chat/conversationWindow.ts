/**
 * The 24-hour customer service window of WhatsApp (DESIGN.md "Channels"): free-form messages can
 * be sent only while it is open, that is within 24 hours of the customer's last message. The
 * server computes when it closes (`windowClosesAt`); the inbox asks whether it is still open now.
 */
import type { ConversationSummary } from '../contract/chatTypes.ts';

/** True while a free-form message can reach the customer. */
export function isWindowOpen(conversation: Pick<ConversationSummary, 'windowClosesAt'>, now: Date): boolean {
  if (conversation.windowClosesAt === null) return false;
  const closes = Date.parse(conversation.windowClosesAt);
  return Number.isFinite(closes) && closes > now.getTime();
}

/** Milliseconds until the window closes (0 when closed): when to look again. */
export function windowRemainingMs(
  conversation: Pick<ConversationSummary, 'windowClosesAt'>,
  now: Date,
): number {
  if (conversation.windowClosesAt === null) return 0;
  const closes = Date.parse(conversation.windowClosesAt);
  return Number.isFinite(closes) ? Math.max(0, closes - now.getTime()) : 0;
}
