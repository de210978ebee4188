/** The normalised events `parseWebhook` turns a WhatsApp Cloud API webhook delivery into. */

/** Where a change came from: the business number it concerns. Route on `phoneNumberId`. */
export interface WebhookOrigin {
  /** WhatsApp Business Account id (`entry[].id`). */
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

/** An error object of Meta (on failed statuses, unsupported messages, system errors). */
export interface WhatsAppError {
  code: number;
  title?: string;
  message?: string;
  /** `error_data.details` (or the older top-level `details`): the useful text. */
  details?: string;
  href?: string;
}

/** Media an inbound message carries: download it with `GraphClient` (ids live 7 days). */
export interface InboundMedia {
  mediaId: string;
  mimeType: string;
  /** Base64 SHA-256 of the file, as Meta sends it. */
  sha256?: string;
  /** A short-lived download URL (rolling out since 2025-11); else `getMediaUrl(mediaId)`. */
  url?: string;
}

export interface SharedContact {
  name: { formattedName: string; firstName?: string; lastName?: string };
  company?: string;
  /** `phone` is free-form as stored on the user's phone; `waId` only when it is on WhatsApp. */
  phones: { phone?: string; waId?: string; type?: string }[];
  emails: { email?: string; type?: string }[];
}

export type InboundMessageContent =
  | { type: 'text'; body: string }
  | ({ type: 'image'; caption?: string } & InboundMedia)
  | ({ type: 'audio'; voice: boolean } & InboundMedia)
  | ({ type: 'video'; caption?: string } & InboundMedia)
  | ({ type: 'document'; caption?: string; filename?: string } & InboundMedia)
  | ({ type: 'sticker'; animated: boolean } & InboundMedia)
  | { type: 'contacts'; contacts: SharedContact[] }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string; url?: string }
  /** `emoji` absent (or empty on the wire) means the user removed their reaction. */
  | { type: 'reaction'; reactedWamid: string; emoji?: string }
  /** A tap on a reply button of an interactive message the business sent. */
  | { type: 'button_reply'; id: string; title: string }
  | { type: 'list_reply'; id: string; title: string; description?: string }
  /** A tap on a template's quick-reply button. */
  | { type: 'button'; text: string; payload?: string }
  /**
   * Anything else: `originalType` is the wire type (`unsupported`, `unknown`, or a type Meta added,
   * `interactive.<subtype>` for other interactive replies); `unsupportedType` is Meta's hint
   * (`edit`, `poll`, …).
   */
  | { type: 'unsupported'; originalType: string; unsupportedType?: string; errors: WhatsAppError[] };

/** `context`: a quoted reply, a forward or a product enquiry. */
export interface MessageContext {
  /** The wamid of the quoted message. */
  quotedWamid?: string;
  /** Who wrote the quoted message (digits as Meta sends them; the business number for our own). */
  quotedFrom?: string;
  forwarded: boolean;
  frequentlyForwarded: boolean;
  referredProduct?: { catalogId?: string; productRetailerId?: string };
}

/** A Click-to-WhatsApp ad the user came from. Keep `ctwaClid` with the conversation (Conversions API). */
export interface AdReferral {
  sourceUrl?: string;
  sourceId?: string;
  sourceType?: string;
  headline?: string;
  body?: string;
  mediaType?: string;
  imageUrl?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
  ctwaClid?: string;
  welcomeMessage?: string;
}

export interface MessageEvent extends WebhookOrigin {
  kind: 'message';
  /** The sender in E.164 (`+` and digits). */
  from: string;
  profileName?: string;
  /** Deduplicate on it: Meta retries deliveries for days. */
  wamid: string;
  timestamp: Date;
  message: InboundMessageContent;
  context?: MessageContext;
  referral?: AdReferral;
}

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed' | 'played';

export interface StatusEvent extends WebhookOrigin {
  kind: 'status';
  /** The wamid the send call returned. Deduplicate on wamid + status; order is not guaranteed. */
  wamid: string;
  /** E.164 for a user; a group id as Meta sends it when `recipientType` is `group`. */
  recipient: string;
  recipientType?: string;
  status: MessageStatus;
  timestamp: Date;
  conversation?: { id: string; expiresAt?: Date; originType?: string };
  pricing?: { billable?: boolean; pricingModel?: string; type?: string; category?: string };
  /** Set on `failed` (for example 131047 outside the 24-hour window); empty otherwise. */
  errors: WhatsAppError[];
  /** `biz_opaque_callback_data` echoed from the send. */
  callbackData?: string;
}

/** System or app-level errors delivered as `value.errors` (for example 130429, 131000). */
export interface ErrorEvent extends WebhookOrigin {
  kind: 'error';
  errors: WhatsAppError[];
}

/**
 * A template's review state changed (`message_template_status_update`): approved, rejected with
 * its reason, paused, disabled, deleted … `at` is the delivery's `entry.time` (the order of
 * events of one template; replays carry the same one).
 */
export interface TemplateStatusEvent {
  kind: 'template_status';
  /** The WhatsApp Business Account (`entry[].id`). */
  wabaId: string;
  at: Date;
  /** Meta's template id as a string (the webhook sends a number). */
  metaId: string;
  name: string;
  language: string;
  /** Meta's `event`: `APPROVED`, `REJECTED`, `PAUSED`, `DISABLED`, `PENDING_DELETION`, `DELETED`, `FLAGGED`, `REINSTATED` … */
  event: string;
  /** Meta's reason (`INVALID_FORMAT`, `TAG_CONTENT_MISMATCH` …); absent for `NONE` and `null`. */
  reason?: string;
  /** The template's category, when the event carries it (current versions do). */
  category?: string;
  /** `other_info.title` of a pause or lock (`FIRST_PAUSE`, `SECOND_PAUSE`, `UNPAUSE` …). */
  title?: string;
  /** The readable why: `rejection_info.reason` or `other_info.description`. */
  details?: string;
}

/**
 * A template's category changed (`template_category_update`): `completed` once Meta moved it
 * (from `previousCategory` to `category`); `impending` about a day before (it is `category` now
 * and becomes `correctCategory` at `effectiveAt`).
 */
export interface TemplateCategoryEvent {
  kind: 'template_category';
  wabaId: string;
  at: Date;
  metaId: string;
  name: string;
  language: string;
  stage: 'completed' | 'impending';
  /** The category it has now (Meta's `new_category`). */
  category: string;
  previousCategory?: string;
  correctCategory?: string;
  effectiveAt?: Date;
}

/** A change of another webhook field (account updates, quality…) this module does not read. */
export interface IgnoredEvent {
  kind: 'ignored';
  field: string;
  at: string;
}

/** A part of the delivery that failed the schema; `at` says where (`entry[0].changes[1].value.messages[0]`). */
export interface InvalidEvent {
  kind: 'invalid';
  at: string;
  reason: string;
}

export type WebhookEvent =
  | MessageEvent
  | StatusEvent
  | ErrorEvent
  | TemplateStatusEvent
  | TemplateCategoryEvent
  | IgnoredEvent
  | InvalidEvent;
