import type { z } from 'zod';
import {
  changeShellSchema,
  changeValueShellSchema,
  knownMessageSchema,
  KNOWN_MESSAGE_TYPES,
  otherMessageSchema,
  statusSchema,
  templateCategoryValueSchema,
  templateStatusValueSchema,
  unixSecondsSchema,
  webhookEnvelopeSchema,
  whatsAppErrorSchema,
  type SenderContactPayload,
  type StatusPayload,
  type WhatsAppErrorPayload,
} from './webhookSchema.ts';
import type {
  AdReferral,
  InboundMessageContent,
  MessageContext,
  MessageEvent,
  StatusEvent,
  TemplateCategoryEvent,
  TemplateStatusEvent,
  WebhookEvent,
  WebhookOrigin,
  WhatsAppError,
} from './types.ts';

type KnownMessage = z.output<typeof knownMessageSchema>;
type OtherMessage = z.output<typeof otherMessageSchema>;
type SenderContact = SenderContactPayload;

export interface ParseWebhookOptions {
  /**
   * When the delivery arrived. A message or status dated later is dated then instead: a sender's
   * clock far ahead (year 5138) must not keep a 24-hour window open for ever.
   */
  receivedAt?: Date;
}

/**
 * Turns one webhook delivery (the parsed JSON body, after the signature check) into a flat list
 * of events in delivery order. Never throws: a part that fails the schema becomes an `invalid`
 * event, so one bad change, message or status never drops the good ones beside it.
 */
export function parseWebhook(json: unknown, options: ParseWebhookOptions = {}): WebhookEvent[] {
  const envelope = webhookEnvelopeSchema.safeParse(json);
  if (!envelope.success) return [invalid('body', envelope.error)];
  const clock: Clock = { receivedAt: options.receivedAt };
  const events: WebhookEvent[] = [];
  envelope.data.entry.forEach((entry, entryIndex) => {
    const time = unixSecondsSchema.safeParse(entry.time);
    const entryTime = time.success ? eventTime(clock, time.data) : undefined;
    entry.changes.forEach((change, changeIndex) => {
      const at = `entry[${entryIndex}].changes[${changeIndex}]`;
      events.push(...parseChange(clock, { wabaId: entry.id, time: entryTime }, change, at));
    });
  });
  return events;
}

interface Clock {
  receivedAt: Date | undefined;
}

/** What a change knows of its entry: the WABA, and `entry.time` when it was sent. */
interface Entry {
  wabaId: string;
  time: Date | undefined;
}

function parseChange(clock: Clock, entry: Entry, raw: unknown, at: string): WebhookEvent[] {
  const { wabaId } = entry;
  const change = changeShellSchema.safeParse(raw);
  if (!change.success) return [invalid(at, change.error)];
  if (change.data.field === 'message_template_status_update') {
    return [templateStatusEvent(clock, entry, change.data.value, at)];
  }
  if (change.data.field === 'template_category_update') {
    return [templateCategoryEvent(clock, entry, change.data.value, at)];
  }
  if (change.data.field !== 'messages') return [{ kind: 'ignored', field: change.data.field, at }];
  const value = changeValueShellSchema.safeParse(change.data.value);
  if (!value.success) return [invalid(`${at}.value`, value.error)];
  const { metadata, contacts = [], messages = [], statuses = [], errors = [] } = value.data;
  const origin: WebhookOrigin = {
    wabaId,
    phoneNumberId: metadata.phone_number_id,
    displayPhoneNumber: metadata.display_phone_number,
  };
  const events: WebhookEvent[] = [];
  messages.forEach((message, index) => {
    events.push(parseMessage(clock, origin, contacts, message, `${at}.value.messages[${index}]`));
  });
  statuses.forEach((status, index) => {
    const parsed = statusSchema.safeParse(status);
    const where = `${at}.value.statuses[${index}]`;
    events.push(parsed.success ? toStatusEvent(clock, origin, parsed.data) : invalid(where, parsed.error));
  });
  if (errors.length > 0) {
    const parsed = whatsAppErrorSchema.array().safeParse(errors);
    events.push(
      parsed.success
        ? { kind: 'error', ...origin, errors: parsed.data.map(toError) }
        : invalid(`${at}.value.errors`, parsed.error),
    );
  }
  return events;
}

function parseMessage(
  clock: Clock,
  origin: WebhookOrigin,
  contacts: SenderContact[],
  raw: unknown,
  at: string,
): WebhookEvent {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
  if (typeof type === 'string' && KNOWN_MESSAGE_TYPES.includes(type)) {
    const parsed = knownMessageSchema.safeParse(raw);
    if (!parsed.success) return invalid(at, parsed.error);
    return toMessageEvent(clock, origin, contacts, parsed.data, knownContent(parsed.data));
  }
  const parsed = otherMessageSchema.safeParse(raw);
  if (!parsed.success) return invalid(at, parsed.error);
  return toMessageEvent(clock, origin, contacts, parsed.data, unsupported(parsed.data, parsed.data.type));
}

function toMessageEvent(
  clock: Clock,
  origin: WebhookOrigin,
  contacts: SenderContact[],
  message: KnownMessage | OtherMessage,
  content: InboundMessageContent,
): MessageEvent {
  const digits = message.from.replace(/^\+/, '');
  // The sender's profile: the contact with the same wa_id, else the only one in the change (whose
  // wa_id, when Meta leaves it out, is the message's `from`).
  const contact =
    contacts.find((candidate) => candidate.wa_id === digits) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const profileName = contact?.profile?.name;
  return {
    kind: 'message',
    ...origin,
    from: `+${digits}`,
    ...(profileName ? { profileName } : {}),
    wamid: message.id,
    timestamp: eventTime(clock, message.timestamp),
    message: content,
    ...(message.context ? { context: toContext(message.context) } : {}),
    ...(message.referral ? { referral: toReferral(message.referral) } : {}),
  };
}

function knownContent(message: KnownMessage): InboundMessageContent {
  switch (message.type) {
    case 'text':
      return { type: 'text', body: message.text.body };
    case 'image':
      return { type: 'image', ...media(message.image), ...optional('caption', message.image.caption) };
    case 'audio':
      return { type: 'audio', ...media(message.audio), voice: message.audio.voice === true };
    case 'video':
      return { type: 'video', ...media(message.video), ...optional('caption', message.video.caption) };
    case 'document':
      return {
        type: 'document',
        ...media(message.document),
        ...optional('caption', message.document.caption),
        ...optional('filename', message.document.filename),
      };
    case 'sticker':
      return { type: 'sticker', ...media(message.sticker), animated: message.sticker.animated === true };
    case 'contacts':
      return {
        type: 'contacts',
        contacts: message.contacts.map((contact) => ({
          name: {
            formattedName: contact.name.formatted_name,
            ...optional('firstName', contact.name.first_name),
            ...optional('lastName', contact.name.last_name),
          },
          ...optional('company', contact.org?.company),
          phones: (contact.phones ?? []).map((phone) => ({
            ...optional('phone', phone.phone),
            ...optional('waId', phone.wa_id),
            ...optional('type', phone.type),
          })),
          emails: (contact.emails ?? []).map((email) => ({
            ...optional('email', email.email),
            ...optional('type', email.type),
          })),
        })),
      };
    case 'location': {
      const { latitude, longitude, name, address, url } = message.location;
      return {
        type: 'location',
        latitude,
        longitude,
        ...optional('name', name),
        ...optional('address', address),
        ...optional('url', url),
      };
    }
    case 'reaction':
      return {
        type: 'reaction',
        reactedWamid: message.reaction.message_id,
        // Meta omits the emoji on removal; an empty string has been seen too.
        ...(message.reaction.emoji ? { emoji: message.reaction.emoji } : {}),
      };
    case 'interactive': {
      const interactive = message.interactive;
      if ('button_reply' in interactive) {
        return {
          type: 'button_reply',
          id: interactive.button_reply.id,
          title: interactive.button_reply.title,
        };
      }
      if ('list_reply' in interactive) {
        const { id, title, description } = interactive.list_reply;
        return { type: 'list_reply', id, title, ...optional('description', description) };
      }
      return unsupported(message, `interactive.${interactive.type}`);
    }
    case 'button':
      return { type: 'button', text: message.button.text, ...optional('payload', message.button.payload) };
  }
}

function unsupported(message: KnownMessage | OtherMessage, originalType: string): InboundMessageContent {
  const hint = 'unsupported' in message ? message.unsupported?.type : undefined;
  return {
    type: 'unsupported',
    originalType,
    ...optional('unsupportedType', hint),
    errors: (message.errors ?? []).map(toError),
  };
}

function media(payload: {
  id: string;
  mime_type: string;
  sha256?: string | undefined;
  url?: string | undefined;
}) {
  return {
    mediaId: payload.id,
    mimeType: payload.mime_type,
    ...optional('sha256', payload.sha256),
    ...optional('url', payload.url),
  };
}

function toContext(context: NonNullable<KnownMessage['context']>): MessageContext {
  const product = context.referred_product;
  return {
    ...optional('quotedWamid', context.id),
    ...optional('quotedFrom', context.from),
    forwarded: context.forwarded === true,
    frequentlyForwarded: context.frequently_forwarded === true,
    ...(product
      ? {
          referredProduct: {
            ...optional('catalogId', product.catalog_id),
            ...optional('productRetailerId', product.product_retailer_id),
          },
        }
      : {}),
  };
}

function toReferral(referral: NonNullable<KnownMessage['referral']>): AdReferral {
  return {
    ...optional('sourceUrl', httpUrl(referral.source_url)),
    ...optional('sourceId', referral.source_id),
    ...optional('sourceType', referral.source_type),
    ...optional('headline', referral.headline),
    ...optional('body', referral.body),
    ...optional('mediaType', referral.media_type),
    ...optional('imageUrl', referral.image_url),
    ...optional('videoUrl', referral.video_url),
    ...optional('thumbnailUrl', referral.thumbnail_url),
    ...optional('ctwaClid', referral.ctwa_clid),
    ...optional('welcomeMessage', referral.welcome_message?.text),
  };
}

function toStatusEvent(clock: Clock, origin: WebhookOrigin, status: StatusPayload): StatusEvent {
  const { conversation, pricing } = status;
  const isGroup = status.recipient_type === 'group';
  const recipientDigits = /^\+?\d+$/.test(status.recipient_id)
    ? status.recipient_id.replace(/^\+/, '')
    : undefined;
  return {
    kind: 'status',
    ...origin,
    wamid: status.id,
    recipient: !isGroup && recipientDigits !== undefined ? `+${recipientDigits}` : status.recipient_id,
    ...optional('recipientType', status.recipient_type),
    status: status.status,
    timestamp: eventTime(clock, status.timestamp),
    ...(conversation
      ? {
          conversation: {
            id: conversation.id,
            ...(conversation.expiration_timestamp !== undefined
              ? { expiresAt: fromUnixSeconds(conversation.expiration_timestamp) }
              : {}),
            ...optional('originType', conversation.origin?.type),
          },
        }
      : {}),
    ...(pricing
      ? {
          pricing: {
            ...optional('billable', pricing.billable),
            ...optional('pricingModel', pricing.pricing_model),
            ...optional('type', pricing.type),
            ...optional('category', pricing.category),
          },
        }
      : {}),
    errors: (status.errors ?? []).map(toError),
    ...optional('callbackData', status.biz_opaque_callback_data),
  };
}

/** Meta's `reason` when it says something: `NONE` and `null` say nothing. */
function templateReason(reason: string | null | undefined): string | undefined {
  return reason === null || reason === undefined || reason === '' || reason === 'NONE' ? undefined : reason;
}

function templateStatusEvent(clock: Clock, entry: Entry, raw: unknown, at: string): WebhookEvent {
  const parsed = templateStatusValueSchema.safeParse(raw);
  if (!parsed.success) return invalid(`${at}.value`, parsed.error);
  const value = parsed.data;
  const event: TemplateStatusEvent = {
    kind: 'template_status',
    wabaId: entry.wabaId,
    at: entry.time ?? clock.receivedAt ?? new Date(),
    metaId: value.message_template_id,
    name: value.message_template_name,
    language: value.message_template_language,
    event: value.event.toUpperCase(),
    ...optional('reason', templateReason(value.reason)),
    ...optional('category', value.message_template_category?.toUpperCase()),
    ...optional('title', value.other_info?.title),
    ...optional('details', value.rejection_info?.reason ?? value.other_info?.description),
  };
  return event;
}

function templateCategoryEvent(clock: Clock, entry: Entry, raw: unknown, at: string): WebhookEvent {
  const parsed = templateCategoryValueSchema.safeParse(raw);
  if (!parsed.success) return invalid(`${at}.value`, parsed.error);
  const value = parsed.data;
  const event: TemplateCategoryEvent = {
    kind: 'template_category',
    wabaId: entry.wabaId,
    at: entry.time ?? clock.receivedAt ?? new Date(),
    metaId: value.message_template_id,
    name: value.message_template_name,
    language: value.message_template_language,
    stage: value.correct_category === undefined ? 'completed' : 'impending',
    category: value.new_category.toUpperCase(),
    ...optional('previousCategory', value.previous_category?.toUpperCase()),
    ...optional('correctCategory', value.correct_category?.toUpperCase()),
    ...(value.category_update_timestamp === undefined
      ? {}
      : { effectiveAt: fromUnixSeconds(value.category_update_timestamp) }),
  };
  return event;
}

function toError(error: WhatsAppErrorPayload): WhatsAppError {
  return {
    code: error.code,
    ...optional('title', error.title),
    ...optional('message', error.message),
    ...optional('details', error.error_data?.details ?? error.details),
    ...optional('href', error.href),
  };
}

function fromUnixSeconds(value: string | number): Date {
  return new Date(Number(value) * 1000);
}

/** An event's own time, never later than the delivery's arrival. */
function eventTime(clock: Clock, value: string | number): Date {
  const time = fromUnixSeconds(value);
  const { receivedAt } = clock;
  return receivedAt !== undefined && time.getTime() > receivedAt.getTime() ? new Date(receivedAt) : time;
}

/** The URL when it is http(s), else nothing: an ad's link is shown as a link, so no `javascript:`. */
export function httpUrl(value: string | undefined): string | undefined {
  if (value === undefined || !URL.canParse(value)) return undefined;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:' ? value : undefined;
}

/** `{ [key]: value }` when the value is present, `{}` otherwise (exact optional properties). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

function invalid(at: string, error: z.ZodError): WebhookEvent {
  const reason = error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return { kind: 'invalid', at, reason };
}
