/**
 * Bodies of `POST /{version}/{phone-number-id}/messages`, shaped exactly as Meta documents them
 * (see the send-request-*.json fixtures). Free-form types need an open 24-hour window; only
 * templates may open a conversation.
 */

/** Where a message goes and what it quotes. `to` may be E.164 (`+62…`) or digits; digits are sent. */
export interface Addressing {
  to: string;
  /** The wamid to quote (a contextual reply); not for reactions. */
  replyTo?: string;
}

/** Uploaded media by id (from `uploadMedia`) or hosted media by link, never both. */
export type MediaSource = { id: string } | { link: string };

export interface OutboundContact {
  name: { formatted_name: string; first_name?: string; last_name?: string };
  phones?: { phone: string; type?: string; wa_id?: string }[];
  emails?: { email: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url: string; type?: string }[];
  birthday?: string;
}

/** A template header's file: uploaded media by id or hosted media by link; a document may name its file. */
export type TemplateMedia = MediaSource & { filename?: string };

/**
 * A parameter of a template send: a variable's text (`parameter_name` only for a template with
 * named variables), a media header's file, or a quick-reply button's payload.
 */
export type TemplateParameter =
  | { type: 'text'; text: string; parameter_name?: string }
  | { type: 'image'; image: TemplateMedia }
  | { type: 'video'; video: TemplateMedia }
  | { type: 'document'; document: TemplateMedia }
  | { type: 'payload'; payload: string };

/**
 * A component of a template send: the header's or body's parameters, or a button's (`index` its
 * 0-based position among the template's buttons, as a string; `url` fills a link's suffix).
 */
export type TemplateComponent =
  | { type: 'header' | 'body'; parameters: TemplateParameter[] }
  | { type: 'button'; sub_type: 'url' | 'quick_reply'; index: string; parameters: TemplateParameter[] };

type Envelope = {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  to: string;
  context?: { message_id: string };
  /** Echoed on every status webhook of the message (`withCallbackData`). */
  biz_opaque_callback_data?: string;
};

export type SendMessageBody = Envelope &
  (
    | { type: 'text'; text: { preview_url?: boolean; body: string } }
    | { type: 'image'; image: MediaSource & { caption?: string } }
    | { type: 'video'; video: MediaSource & { caption?: string } }
    | { type: 'audio'; audio: MediaSource }
    | { type: 'sticker'; sticker: MediaSource }
    | { type: 'document'; document: MediaSource & { filename?: string; caption?: string } }
    | { type: 'contacts'; contacts: OutboundContact[] }
    | { type: 'reaction'; reaction: { message_id: string; emoji: string } }
    | {
        type: 'template';
        template: { name: string; language: { code: string }; components?: TemplateComponent[] };
      }
  );

export function textMessage(options: Addressing & { body: string; previewUrl?: boolean }): SendMessageBody {
  const text =
    options.previewUrl === undefined
      ? { body: options.body }
      : { preview_url: options.previewUrl, body: options.body };
  return { ...envelope(options), type: 'text', text };
}

export function imageMessage(
  options: Addressing & { media: MediaSource; caption?: string },
): SendMessageBody {
  return {
    ...envelope(options),
    type: 'image',
    image: { ...source(options.media), ...caption(options.caption) },
  };
}

export function videoMessage(
  options: Addressing & { media: MediaSource; caption?: string },
): SendMessageBody {
  return {
    ...envelope(options),
    type: 'video',
    video: { ...source(options.media), ...caption(options.caption) },
  };
}

export function audioMessage(options: Addressing & { media: MediaSource }): SendMessageBody {
  return { ...envelope(options), type: 'audio', audio: source(options.media) };
}

export function stickerMessage(options: Addressing & { media: MediaSource }): SendMessageBody {
  return { ...envelope(options), type: 'sticker', sticker: source(options.media) };
}

/** `filename` (with its extension) picks the icon the user sees. */
export function documentMessage(
  options: Addressing & { media: MediaSource; filename?: string; caption?: string },
): SendMessageBody {
  return {
    ...envelope(options),
    type: 'document',
    document: {
      ...source(options.media),
      ...(options.filename === undefined ? {} : { filename: options.filename }),
      ...caption(options.caption),
    },
  };
}

/** Shared contact cards. Meta's syntax for this type leaves out `recipient_type`, and so does this. */
export function contactsMessage(options: Addressing & { contacts: OutboundContact[] }): SendMessageBody {
  const { recipient_type: _individual, ...rest } = envelope(options);
  return { ...rest, type: 'contacts', contacts: options.contacts };
}

/** A reaction to `messageId`; an empty `emoji` removes it. Reactions cannot quote. */
export function reactionMessage(options: { to: string; messageId: string; emoji: string }): SendMessageBody {
  return {
    ...envelope({ to: options.to }),
    type: 'reaction',
    reaction: { message_id: options.messageId, emoji: options.emoji },
  };
}

/** An approved template: the only kind that may be sent outside the 24-hour window. */
export function templateMessage(
  options: Addressing & { name: string; languageCode: string; components?: TemplateComponent[] },
): SendMessageBody {
  return {
    ...envelope(options),
    type: 'template',
    template: {
      name: options.name,
      language: { code: options.languageCode },
      ...(options.components === undefined ? {} : { components: options.components }),
    },
  };
}

/** The longest `biz_opaque_callback_data` Meta takes. */
export const CALLBACK_DATA_MAX_LENGTH = 512;

/**
 * `body` with `biz_opaque_callback_data`: an arbitrary string Meta echoes on every status webhook
 * of the message (`statuses[].biz_opaque_callback_data`). The Cloud API has no idempotency key;
 * a sender that puts its own message id here can tell, from a status webhook, that a send whose
 * answer it never got went out after all.
 */
export function withCallbackData(body: SendMessageBody, data: string): SendMessageBody {
  if (data.length === 0 || data.length > CALLBACK_DATA_MAX_LENGTH) {
    throw new RangeError(`biz_opaque_callback_data must be 1 to ${CALLBACK_DATA_MAX_LENGTH} characters`);
  }
  return { ...body, biz_opaque_callback_data: data };
}

/** Positional body parameters `{{1}}`, `{{2}}`… as one `body` component. */
export function bodyParameters(...texts: string[]): TemplateComponent {
  return { type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) };
}

function envelope(options: Addressing): Envelope {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: options.to.replace(/^\+/, ''),
    ...(options.replyTo === undefined ? {} : { context: { message_id: options.replyTo } }),
  };
}

function source(media: MediaSource): MediaSource {
  return 'id' in media ? { id: media.id } : { link: media.link };
}

function caption(text: string | undefined): { caption?: string } {
  return text === undefined ? {} : { caption: text };
}
