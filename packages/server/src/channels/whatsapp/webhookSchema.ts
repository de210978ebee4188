import { z } from 'zod';

/**
 * Zod schemas of the WhatsApp Cloud API webhook (`object: "whatsapp_business_account"`).
 * Objects strip unknown keys, so fields Meta adds later pass; what the adapter relies on (ids,
 * numbers, timestamps, message payloads) is checked. `parseWebhook` applies them piece by piece
 * (envelope, change, each message and status) so one bad item never drops the others.
 */

/** Digits, as Meta sends `from`, `wa_id` and `recipient_id` (a leading `+` is tolerated). */
const phoneDigits = z.string().regex(/^\+?\d{5,20}$/, 'expected a phone number of digits');

/** Unix seconds; Meta sends a string of digits. */
export const unixSecondsSchema = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);

/** An error object, in the current shape (`message`, `error_data.details`) and the older one (`details`). */
export const whatsAppErrorSchema = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
  details: z.string().optional(),
  href: z.string().optional(),
});

/** The sender's profile in `value.contacts[]` (not the shared vCards of a contacts message). */
export const senderContactSchema = z.object({
  profile: z.object({ name: z.string().optional() }).optional(),
  // Meta's examples always carry it, but a contact without one must not cost the message.
  wa_id: z.string().optional(),
});

export const metadataSchema = z.object({
  display_phone_number: z.string(),
  phone_number_id: z.string().min(1),
});

export const contextSchema = z.object({
  from: z.string().optional(),
  id: z.string().optional(),
  forwarded: z.boolean().optional(),
  frequently_forwarded: z.boolean().optional(),
  referred_product: z
    .object({ catalog_id: z.string().optional(), product_retailer_id: z.string().optional() })
    .optional(),
});

/** Click-to-WhatsApp ad data. Every field is optional: a partial referral must not cost the message. */
export const referralSchema = z.object({
  source_url: z.string().optional(),
  source_id: z.string().optional(),
  source_type: z.string().optional(),
  headline: z.string().optional(),
  body: z.string().optional(),
  media_type: z.string().optional(),
  image_url: z.string().optional(),
  video_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  ctwa_clid: z.string().optional(),
  welcome_message: z.object({ text: z.string().optional() }).optional(),
});

const mediaFields = {
  id: z.string().min(1),
  mime_type: z.string().min(1),
  sha256: z.string().optional(),
  url: z.string().optional(),
};

const messageBase = {
  from: phoneDigits,
  id: z.string().min(1),
  timestamp: unixSecondsSchema,
  context: contextSchema.optional(),
  referral: referralSchema.optional(),
  errors: z.array(whatsAppErrorSchema).optional(),
};

const sharedContactSchema = z.object({
  name: z.object({
    formatted_name: z.string(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  }),
  org: z.object({ company: z.string().optional() }).optional(),
  phones: z
    .array(
      z.object({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() }),
    )
    .optional(),
  emails: z.array(z.object({ email: z.string().optional(), type: z.string().optional() })).optional(),
});

export const INTERACTIVE_REPLY_TYPES = ['button_reply', 'list_reply'] as const;

const interactiveSchema = z.union([
  z.object({
    type: z.literal('button_reply'),
    button_reply: z.object({ id: z.string(), title: z.string() }),
  }),
  z.object({
    type: z.literal('list_reply'),
    list_reply: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }),
  }),
  z.object({
    type: z.string().refine((type) => !(INTERACTIVE_REPLY_TYPES as readonly string[]).includes(type)),
  }),
]);

export const knownMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...messageBase, type: z.literal('text'), text: z.object({ body: z.string() }) }),
  z.object({
    ...messageBase,
    type: z.literal('image'),
    image: z.object({ ...mediaFields, caption: z.string().optional() }),
  }),
  z.object({
    ...messageBase,
    type: z.literal('audio'),
    audio: z.object({ ...mediaFields, voice: z.boolean().optional() }),
  }),
  z.object({
    ...messageBase,
    type: z.literal('video'),
    video: z.object({ ...mediaFields, caption: z.string().optional() }),
  }),
  z.object({
    ...messageBase,
    type: z.literal('document'),
    document: z.object({ ...mediaFields, caption: z.string().optional(), filename: z.string().optional() }),
  }),
  z.object({
    ...messageBase,
    type: z.literal('sticker'),
    sticker: z.object({ ...mediaFields, animated: z.boolean().optional() }),
  }),
  z.object({ ...messageBase, type: z.literal('contacts'), contacts: z.array(sharedContactSchema) }),
  z.object({
    ...messageBase,
    type: z.literal('location'),
    location: z.object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    }),
  }),
  z.object({
    ...messageBase,
    type: z.literal('reaction'),
    reaction: z.object({ message_id: z.string().min(1), emoji: z.string().optional() }),
  }),
  z.object({ ...messageBase, type: z.literal('interactive'), interactive: interactiveSchema }),
  z.object({
    ...messageBase,
    type: z.literal('button'),
    button: z.object({ payload: z.string().optional(), text: z.string() }),
  }),
]);

/** The `type`s with a payload the adapter understands; any other type is unsupported. */
export const KNOWN_MESSAGE_TYPES: readonly string[] = knownMessageSchema.options.map(
  (option) => option.shape.type.value,
);

/** A message of any other type (`unsupported`, the older `unknown`, and types Meta adds later). */
export const otherMessageSchema = z.object({
  ...messageBase,
  type: z.string().refine((type) => !KNOWN_MESSAGE_TYPES.includes(type), 'a known type without its payload'),
  unsupported: z.object({ type: z.string().optional() }).optional(),
});

export const inboundMessageSchema = z.union([knownMessageSchema, otherMessageSchema]);

export const STATUS_VALUES = ['sent', 'delivered', 'read', 'failed', 'played'] as const;

export const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(STATUS_VALUES),
  timestamp: unixSecondsSchema,
  recipient_id: z.string().min(1),
  recipient_type: z.string().optional(),
  conversation: z
    .object({
      id: z.string(),
      expiration_timestamp: unixSecondsSchema.optional(),
      origin: z.object({ type: z.string().optional() }).optional(),
    })
    .optional(),
  pricing: z
    .object({
      billable: z.boolean().optional(),
      pricing_model: z.string().optional(),
      type: z.string().optional(),
      category: z.string().optional(),
    })
    .optional(),
  errors: z.array(whatsAppErrorSchema).optional(),
  biz_opaque_callback_data: z.string().optional(),
});

/** `changes[].value` of the `messages` field, every array item checked. */
export const changeValueSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  metadata: metadataSchema,
  contacts: z.array(senderContactSchema).optional(),
  messages: z.array(inboundMessageSchema).optional(),
  statuses: z.array(statusSchema).optional(),
  errors: z.array(whatsAppErrorSchema).optional(),
});

/** The same value with its items left unchecked, so they can be checked one by one. */
export const changeValueShellSchema = changeValueSchema.extend({
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});

/** A whole delivery, every change and item checked (for the simulator and type inference). */
export const webhookPayloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      changes: z.array(z.object({ field: z.literal('messages'), value: changeValueSchema })),
    }),
  ),
});

/** Meta's template id: a JSON number in webhooks, a string in API answers; kept as a string. */
const templateIdSchema = z.union([
  z.number().int().nonnegative().transform(String),
  z.string().regex(/^\d{1,30}$/),
]);

/**
 * `changes[].value` of the `message_template_status_update` field (no `metadata`: it concerns the
 * WABA, `entry[].id`). `reason` is `NONE`, an enum value or `null`; `disable_info.disable_date`
 * comes as a number or a string.
 */
export const templateStatusValueSchema = z.object({
  event: z.string().min(1),
  message_template_id: templateIdSchema,
  message_template_name: z.string().min(1),
  message_template_language: z.string().min(1),
  reason: z.string().nullable().optional(),
  message_template_category: z.string().optional(),
  rejection_info: z
    .object({ reason: z.string().optional(), recommendation: z.string().optional() })
    .optional(),
  other_info: z.object({ title: z.string().optional(), description: z.string().optional() }).optional(),
  disable_info: z.object({ disable_date: unixSecondsSchema.optional() }).optional(),
});

/** `changes[].value` of the `template_category_update` field: completed, or impending (`correct_category`). */
export const templateCategoryValueSchema = z.object({
  message_template_id: templateIdSchema,
  message_template_name: z.string().min(1),
  message_template_language: z.string().min(1),
  previous_category: z.string().optional(),
  new_category: z.string().min(1),
  correct_category: z.string().optional(),
  category_update_timestamp: unixSecondsSchema.optional(),
});

/** A template webhook delivery, every change checked (for the simulator and its tests). */
export const templateWebhookPayloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      time: unixSecondsSchema,
      changes: z.array(
        z.discriminatedUnion('field', [
          z.object({ field: z.literal('message_template_status_update'), value: templateStatusValueSchema }),
          z.object({ field: z.literal('template_category_update'), value: templateCategoryValueSchema }),
        ]),
      ),
    }),
  ),
});

/**
 * The envelope with its changes left unchecked. `time` (unix seconds) dates template events; it
 * is checked where it is read, so an odd one never costs the messages beside it.
 */
export const webhookEnvelopeSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ id: z.string(), time: z.unknown().optional(), changes: z.array(z.unknown()) })),
});

export const changeShellSchema = z.object({ field: z.string(), value: z.unknown() });

export type WebhookPayload = z.input<typeof webhookPayloadSchema>;
export type TemplateWebhookPayload = z.input<typeof templateWebhookPayloadSchema>;
export type InboundMessagePayload = z.output<typeof knownMessageSchema>;
export type StatusPayload = z.output<typeof statusSchema>;
export type SenderContactPayload = z.output<typeof senderContactSchema>;
export type WhatsAppErrorPayload = z.output<typeof whatsAppErrorSchema>;
