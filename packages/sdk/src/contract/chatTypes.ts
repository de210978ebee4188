/**
 * Shapes of the inbox that travel in acts and real-time events. The message `type` values are
 * SPEC.md section 3's: jpeg, png, webp, jpg, ogg, mp4, vcard, text, or any other (a generic file).
 */

import type { MessagePricing, QualityRating, SentTemplate } from './templateTypes.ts';
import type { OptOutVia } from './crmTypes.ts';

export type AccountStatus = 'connected' | 'disconnected' | 'logged_out';

export interface WhatsAppAccount {
  id: string;
  name: string;
  /** Meta's phone number id (the webhook's `metadata.phone_number_id`). */
  phoneNumberId: string;
  /** The number customers see, E.164, as Meta answered it when the number was added. */
  displayPhone: string;
  /** The business name Meta verified for the number; `null` for numbers added before Sapa asked Meta. */
  verifiedName: string | null;
  /** The WhatsApp Business Account the number belongs to (its templates); `null` for numbers added before issue 15. */
  wabaId: string | null;
  /** Meta's quality rating of the number, as last read. */
  qualityRating: QualityRating;
  /** Meta's messaging limit tier (`TIER_250`, `TIER_2K`, `TIER_10K`, `TIER_100K`, `TIER_UNLIMITED`), as last read. */
  messagingLimit: string | null;
  /** When Sapa last read the number from Meta (added, or `account_refresh`). */
  checkedAt: string | null;
  /**
   * Broadcast messages a second it sends (1 to `BROADCAST_RATE_MAX`); `null`: Meta's default,
   * `BROADCAST_DEFAULT_RATE` (80). Higher rates need Meta to have upgraded the number.
   */
  broadcastRate: number | null;
  status: AccountStatus;
  createdAt: string;
}

export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

/**
 * The automation rule that did something ("Otomatis · <rule>"): sent a message, moved a
 * customer's stage. Once the rule is deleted its name is gone (`ruleName` null: "Otomatis"); a
 * message keeps its id, a stage move loses it too (`ruleId` null).
 */
export interface AutomationRuleRef {
  ruleId: string | null;
  ruleName: string | null;
}
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
  /**
   * Where the file loads from: Sapa's own signed `/media/…` address for files received from
   * customers or uploaded by agents, or the link an agent sent.
   */
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
  /** A template message (`type` `template`): how it was built; its rendered body is `caption`. */
  template: SentTemplate | null;
  /** What Meta bills it as, from its status webhooks (outbound only, once Meta said). */
  pricing: MessagePricing | null;
  /**
   * The broadcast that sent it (outbound), or that it answers (a customer's reply to one); its
   * results are at `/crm/broadcast/{key}/{id}`.
   */
  broadcast: { id: string; name: string } | null;
  /** The automation rule that sent it (outbound, `senderId` null then): an auto-reply, a follow-up step. */
  automation: AutomationRuleRef | null;
  createdAt: string;
}

/** The click-to-WhatsApp ad a conversation came from (its first message's `referral`). */
export interface ConversationReferral {
  headline: string | null;
  sourceType: string | null;
  sourceUrl: string | null;
}

export interface ConversationCustomer {
  id: string;
  /** What agents call them (the WhatsApp profile name until renamed). */
  name: string;
  /** E.164; masked (`+62812****789`) for a viewer without `crm.chat.show_user_contact_detail`. */
  phone: string;
  /** The WhatsApp profile name last seen. */
  waName: string | null;
  /** When they opted out of broadcasts (`null`: they receive them), and how. */
  optedOutAt: string | null;
  optedOutVia: OptOutVia | null;
  /** First contact. */
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  accountId: string;
  customer: ConversationCustomer;
  /** The newest message's seq (0 for none). */
  lastSeq: number;
  lastMessage: Pick<ThreadMessage, 'type' | 'caption' | 'filename' | 'name' | 'direction' | 'status'> | null;
  lastMessageAt: string | null;
  unread: number;
  assignedTo: string | null;
  /** The division (team) the conversation is assigned to. */
  division: { id: string; name: string; color: string } | null;
  /** When the 24-hour customer service window closes (null: closed, only templates may be sent). */
  windowClosesAt: string | null;
  /** Until when Meta's free entry point (72 hours, a conversation from a click-to-WhatsApp ad) lasts; null: none. */
  freeEntryUntil: string | null;
  /** Its number was deleted from the project: the conversation stays readable, nothing can be sent. */
  accountDeleted: boolean;
  /** The click-to-WhatsApp ad of the first message that carried one. */
  referral: ConversationReferral | null;
}

/** A member a conversation can be assigned to (holds `crm.chat.send`). */
export interface ChatAgent {
  id: string;
  name: string;
}

/** What `POST /upload/{key}` stored, as `media_get` answers it. */
export interface MediaFile {
  id: string;
  /** The message type it is sent as: jpeg, png, webp, ogg, mp4, or the file's extension. */
  type: string;
  mimeType: string;
  filename: string;
  /** Bytes. */
  size: number;
  /** Where the browser loads it (signed, valid for at least 7 days). */
  url: string;
}

/**
 * What a project holds against its storage quota (`gallery_usage`): its stored files plus the
 * declared length of its unfinished uploads, and the quota, in bytes (`storageUsageOf` words them).
 */
export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** A file kept in the project's gallery (`/crm/gallery/{key}`), reusable in chats. */
export interface GalleryItem extends MediaFile {
  /** image, audio, video or document (`mediaKindOf`). */
  kind: 'image' | 'audio' | 'video' | 'document';
  /** ISO time it was added. */
  createdAt: string;
  /** The member who added it (`null` once they left). */
  createdBy: { id: string; name: string } | null;
}
