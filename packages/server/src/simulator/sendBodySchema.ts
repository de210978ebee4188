import { z } from 'zod';

/**
 * What the simulated Graph API accepts on `POST /{phone-number-id}/messages`: the bodies of the
 * send-request-*.json fixtures (and of `sendRequest.ts`), checked as Meta checks them; unknown
 * extra fields pass.
 */
const mediaSource = z.union([z.looseObject({ id: z.string().min(1) }), z.looseObject({ link: z.url() })]);

const envelope = {
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\+?\d{5,20}$/, 'to must be a phone number'),
  context: z.looseObject({ message_id: z.string().min(1) }).optional(),
  /** Echoed on every status webhook of the message; Meta takes up to 512 characters. */
  biz_opaque_callback_data: z.string().max(512).optional(),
};

export const sendBodySchema = z.discriminatedUnion('type', [
  z.looseObject({
    ...envelope,
    type: z.literal('text'),
    text: z.looseObject({ body: z.string().min(1).max(4096) }),
  }),
  z.looseObject({ ...envelope, type: z.literal('image'), image: mediaSource }),
  z.looseObject({ ...envelope, type: z.literal('video'), video: mediaSource }),
  z.looseObject({ ...envelope, type: z.literal('audio'), audio: mediaSource }),
  z.looseObject({ ...envelope, type: z.literal('sticker'), sticker: mediaSource }),
  z.looseObject({ ...envelope, type: z.literal('document'), document: mediaSource }),
  z.looseObject({
    ...envelope,
    type: z.literal('contacts'),
    contacts: z.array(z.looseObject({ name: z.looseObject({ formatted_name: z.string().min(1) }) })).min(1),
  }),
  z.looseObject({
    ...envelope,
    type: z.literal('reaction'),
    reaction: z.looseObject({ message_id: z.string().min(1), emoji: z.string() }),
  }),
  z.looseObject({
    ...envelope,
    type: z.literal('location'),
    location: z.looseObject({ latitude: z.number(), longitude: z.number() }),
  }),
  z.looseObject({
    ...envelope,
    type: z.literal('interactive'),
    interactive: z.looseObject({ type: z.string() }),
  }),
  z.looseObject({
    ...envelope,
    type: z.literal('template'),
    template: z.looseObject({
      name: z.string().min(1),
      language: z.looseObject({ code: z.string().min(1) }),
    }),
  }),
]);

export type SendBody = z.output<typeof sendBodySchema>;
