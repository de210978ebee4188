/** Rows to the shapes acts and events carry (packages/sdk/src/contract/chatTypes.ts). */
import { httpUrl } from '../channels/whatsapp/index.ts';
import type { AccountRow, ConversationRow, CustomerRow, MessageRow } from '../db/schema.ts';
import type { MediaLinks } from '../media/mediaLinks.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import { CUSTOMER_SERVICE_WINDOW_MS } from '../sdk.ts';
import type { ConversationSummary, QualityRating, ThreadMessage, WhatsAppAccount } from '../sdk.ts';

/** The 24-hour customer service window. */
export const WINDOW_MS = CUSTOMER_SERVICE_WINDOW_MS;

export function toAccount(row: AccountRow): WhatsAppAccount {
  return {
    id: row.id,
    name: row.name,
    phoneNumberId: row.phoneNumberId,
    displayPhone: row.displayPhone,
    verifiedName: row.verifiedName,
    wabaId: row.wabaId,
    qualityRating: qualityRatingOf(row.qualityRating),
    messagingLimit: row.messagingLimit,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    broadcastRate: row.broadcastRate,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const QUALITY_RATINGS: ReadonlySet<string> = new Set(['GREEN', 'YELLOW', 'RED']);

/** Meta's rating as stored; anything else (`UNKNOWN`, `NA`, a new value) reads as unknown. */
function qualityRatingOf(value: string): QualityRating {
  return QUALITY_RATINGS.has(value) ? (value as QualityRating) : 'UNKNOWN';
}

export type ReplyRef = ThreadMessage['replyTo'];

/** What turning a row into a `ThreadMessage` needs: signed links to stored files, made `now`. */
export interface MessageView {
  links: MediaLinks;
  now: Date;
}

/** The broadcast a message was sent by or answers, as a thread shows it (`messages.broadcast_id`, named). */
export type BroadcastRef = ThreadMessage['broadcast'];

/** What names a message's broadcast and automation rule, looked up by the caller (a join). */
export interface MessageNames {
  broadcast?: BroadcastRef;
  /** The rule of `messages.automation_rule_id` (null: deleted). */
  rule?: { id: string; name: string } | null;
}

/**
 * A stored message as a thread shows it. `names` names the row's `broadcastId` and
 * `automationRuleId` (looked up by the caller); without them, a row of a broadcast is shown
 * without its tag and a rule's message as automation's without the rule's name.
 */
export function toThreadMessage(
  row: MessageRow,
  reply: ReplyRef,
  view: MessageView,
  names: MessageNames = {},
): ThreadMessage {
  const { broadcast = null, rule = null } = names;
  const ruleId = row.automationRuleId;
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    direction: row.direction,
    clientId: row.clientId,
    type: row.type,
    caption: row.caption,
    url: row.mediaFileId === null ? row.url : view.links.url(row.mediaFileId, view.now),
    filename: row.filename,
    name: row.name,
    phone: row.phone,
    replyTo: reply,
    status: row.status,
    error: row.error,
    senderId: row.senderUserId,
    template: row.template,
    pricing: row.pricing,
    broadcast: row.broadcastId === null || broadcast?.id !== row.broadcastId ? null : broadcast,
    automation: ruleId === null ? null : { ruleId, ruleName: rule?.id === ruleId ? rule.name : null },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who looks at a conversation: decides masking. */
export interface Viewer {
  /** `crm.chat.show_user_contact_detail`: full phone numbers. */
  seesContactDetail: boolean;
}

/** What a summary shows of the conversation's division (its row's `division_id`, looked up). */
export type DivisionTag = NonNullable<ConversationSummary['division']>;

/**
 * What a conversation's summary is built from: the conversation, its customer, its division (looked
 * up) and whether its number was deleted from the project.
 */
export interface SummaryParts {
  conversation: ConversationRow;
  customer: CustomerRow;
  division: DivisionTag | null;
  accountDeleted: boolean;
}

/** When the 24-hour customer service window closes, if it is open at `now`. */
export function windowClosesAt(conversation: Pick<ConversationRow, 'lastInboundAt'>, now: Date): Date | null {
  if (conversation.lastInboundAt === null) return null;
  const closesAt = conversation.lastInboundAt.getTime() + CUSTOMER_SERVICE_WINDOW_MS;
  return closesAt > now.getTime() ? new Date(closesAt) : null;
}

export function toConversationSummary(parts: SummaryParts, viewer: Viewer, now: Date): ConversationSummary {
  const { conversation, customer, division } = parts;
  const freeEntryUntil = conversation.freeEntryUntil;
  return {
    id: conversation.id,
    accountId: conversation.accountId,
    customer: {
      id: customer.id,
      name: customer.name,
      phone: viewer.seesContactDetail ? customer.phone : maskPhone(customer.phone),
      waName: customer.waName,
      optedOutAt: customer.optedOutAt?.toISOString() ?? null,
      optedOutVia: customer.optedOutAt === null ? null : customer.optedOutVia,
      createdAt: customer.createdAt.toISOString(),
    },
    lastSeq: conversation.lastSeq,
    lastMessage: conversation.lastMessage,
    lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
    unread: conversation.unread,
    assignedTo: conversation.assignedUserId,
    division: division === null ? null : { id: division.id, name: division.name, color: division.color },
    windowClosesAt: windowClosesAt(conversation, now)?.toISOString() ?? null,
    freeEntryUntil:
      freeEntryUntil !== null && freeEntryUntil.getTime() > now.getTime()
        ? freeEntryUntil.toISOString()
        : null,
    accountDeleted: parts.accountDeleted,
    referral:
      conversation.referral === null
        ? null
        : {
            headline: conversation.referral.headline ?? null,
            sourceType: conversation.referral.sourceType ?? null,
            // Rows stored before links were checked at the webhook may hold another scheme.
            sourceUrl: httpUrl(conversation.referral.sourceUrl) ?? null,
          },
  };
}
