/**
 * WhatsApp message templates (issue 15): what a WhatsApp Business Account (WABA) keeps at Meta,
 * as Sapa stores, edits, picks and sends them. Variables are positional (`{{1}}`, `{{2}}` …),
 * numbered from 1 in order of first appearance; the rules that check and render them live in
 * `../templates/` and run the same in the editor, the picker and the server.
 */

export const templateCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** The languages a template is written in here (Meta's codes). */
export const templateLanguages = ['id', 'en'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

/**
 * Meta's review states: `PENDING` until reviewed, then `APPROVED` or `REJECTED`; an approved one
 * may be `PAUSED` (low quality, for hours) and then `DISABLED`. Only `APPROVED` can be sent.
 */
export const templateStatuses = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'LIMIT_EXCEEDED',
] as const;
export type TemplateStatus = (typeof templateStatuses)[number];

export const templateHeaderFormats = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type TemplateHeaderFormat = (typeof templateHeaderFormats)[number];

/**
 * The header: text (at most one variable, `{{1}}`, with its example) or a media kind whose file
 * is chosen when the template is sent (`exampleUrl`: the sample Meta reviews; a public https link).
 */
export type TemplateHeader =
  | { format: 'TEXT'; text: string; example: string | null }
  | { format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; exampleUrl: string | null };

/**
 * A button: a quick reply (its text comes back as the customer's reply), a link (`url` may end
 * with one variable, `{{1}}`, filled at send time; `example` is a full sample link), or a phone
 * number to call (E.164).
 */
export type TemplateButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example: string | null }
  | { type: 'PHONE_NUMBER'; text: string; phoneNumber: string };

/** What the editor builds and `template_create` submits. */
export interface TemplateDraft {
  /** Lowercase letters, digits and underscores (Meta's rule), at most 512. */
  name: string;
  language: TemplateLanguage;
  category: TemplateCategory;
  header: TemplateHeader | null;
  /** With `{{1}}` … `{{n}}`; at most 1,024 characters. */
  body: string;
  /** One example per body variable, in order (`bodyExamples[0]` for `{{1}}`). */
  bodyExamples: string[];
  footer: string | null;
  buttons: TemplateButton[];
}

/** A template of one WABA as Sapa knows it (Meta's answer, kept up to date by webhooks and sync). */
export interface MessageTemplate extends Omit<TemplateDraft, 'language'> {
  id: string;
  /** The WhatsApp account (number) it was read or created through. */
  accountId: string;
  wabaId: string;
  /** Meta's template id (a string, as the API answers it). */
  metaId: string;
  /** Meta's language code (`id`, `en`, `en_US` …); those Sapa writes are `TemplateLanguage`. */
  language: string;
  status: TemplateStatus;
  /** Why Meta rejected, paused or disabled it (`INVALID_FORMAT`, `TAG_CONTENT_MISMATCH` …). */
  reason: string | null;
  /** The category Meta moved it from, when it recategorised it. */
  previousCategory: TemplateCategory | null;
  updatedAt: string;
}

/**
 * What a template send fills: one value per body variable (in order), the header's text
 * variable, the file of a media header (a gallery item or upload, by its stored id), and the
 * URL button's suffix.
 */
export interface TemplateValues {
  body: string[];
  header?: string | undefined;
  headerMediaId?: string | undefined;
  buttonUrl?: string | undefined;
}

/**
 * A template message as the thread shows it, stored with the message when it was sent (the
 * rendered body is the message's `caption`; a media header's file is its `url`).
 */
export interface SentTemplate {
  templateId: string | null;
  name: string;
  language: string;
  category: TemplateCategory;
  header: { format: TemplateHeaderFormat; text: string | null } | null;
  footer: string | null;
  buttons: { type: TemplateButton['type']; text: string }[];
}

/** What Meta bills a message as (a status webhook's `pricing`), kept for the balance. */
export interface MessagePricing {
  billable: boolean;
  /** `PMP` (per message). */
  pricingModel: string;
  /** `marketing`, `utility`, `authentication`, `service` … as Meta sends it. */
  category: string;
  /** `regular`, `free_customer_service`, `free_entry_point` (absent on older webhooks). */
  type: string | null;
}

/** A number's quality as Meta rates it. */
export type QualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
