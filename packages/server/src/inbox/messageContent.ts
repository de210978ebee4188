/**
 * How WhatsApp message kinds map to SPEC.md section 3's message types, both ways: inbound content
 * to stored fields, stored fields to a Graph API send body.
 */
import {
  audioMessage,
  contactsMessage,
  documentMessage,
  imageMessage,
  textMessage,
  videoMessage,
} from '../channels/whatsapp/index.ts';
import type { InboundMessageContent, MediaSource, SendMessageBody } from '../channels/whatsapp/index.ts';

/** The fields of a message row that describe its content. */
export interface MessageContent {
  type: string;
  caption: string | null;
  url: string | null;
  mediaId: string | null;
  filename: string | null;
  name: string | null;
  phone: string | null;
}

export const IMAGE_TYPES: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'jpg']);
/** Extensions that would read as another kind of message: such files are stored as `file`. */
const RESERVED_TYPES: ReadonlySet<string> = new Set(['text', 'vcard', 'template']);

/** A stored file's type as a message type: one that would read as another kind of message is `file`. */
export function fileMessageType(type: string): string {
  return RESERVED_TYPES.has(type) ? 'file' : type;
}

const empty: MessageContent = {
  type: 'text',
  caption: null,
  url: null,
  mediaId: null,
  filename: null,
  name: null,
  phone: null,
};

function imageType(mimeType: string): string {
  const subtype = mimeType.toLowerCase().split(';')[0]?.trim().split('/')[1];
  return subtype === 'jpeg' || subtype === 'png' || subtype === 'webp' ? subtype : 'jpg';
}

/** A file's own extension (lower case, letters and digits), else `file`. */
export function fileType(filename: string | undefined): string {
  const match = filename === undefined ? null : /\.([A-Za-z0-9]{1,16})$/.exec(filename);
  const extension = match?.[1]?.toLowerCase();
  return extension === undefined || RESERVED_TYPES.has(extension) ? 'file' : extension;
}

/** Stored fields of an inbound message; `null` for kinds that are not messages (reactions). */
export function inboundContent(message: InboundMessageContent): MessageContent | null {
  switch (message.type) {
    case 'text':
      return { ...empty, caption: message.body };
    case 'image':
      return {
        ...empty,
        type: imageType(message.mimeType),
        caption: message.caption ?? null,
        url: message.url ?? null,
        mediaId: message.mediaId,
      };
    case 'sticker':
      return { ...empty, type: 'webp', url: message.url ?? null, mediaId: message.mediaId };
    case 'audio':
      return { ...empty, type: 'ogg', url: message.url ?? null, mediaId: message.mediaId };
    case 'video':
      return {
        ...empty,
        type: 'mp4',
        caption: message.caption ?? null,
        url: message.url ?? null,
        mediaId: message.mediaId,
      };
    case 'document':
      return {
        ...empty,
        type: fileType(message.filename),
        caption: message.caption ?? null,
        filename: message.filename ?? 'file',
        url: message.url ?? null,
        mediaId: message.mediaId,
      };
    case 'contacts': {
      const contact = message.contacts[0];
      const phone = contact?.phones.find((entry) => entry.phone !== undefined || entry.waId !== undefined);
      return {
        ...empty,
        type: 'vcard',
        name: contact?.name.formattedName ?? null,
        phone: phone?.waId === undefined ? (phone?.phone ?? null) : `+${phone.waId.replace(/^\+/, '')}`,
      };
    }
    case 'location': {
      const place = [message.name, message.address].filter((part) => part !== undefined).join(', ');
      const link = `https://maps.google.com/?q=${message.latitude},${message.longitude}`;
      return { ...empty, caption: place === '' ? link : `${place}\n${link}` };
    }
    case 'button_reply':
    case 'list_reply':
      return { ...empty, caption: message.title };
    case 'button':
      return { ...empty, caption: message.text };
    case 'reaction':
    case 'unsupported':
      return null;
  }
}

/**
 * The Graph API body that sends a stored outbound message to `to`, quoting `replyTo` (a wamid).
 * Media go by `source` (a file uploaded to Meta, by id) when given, else by the message's link.
 * WhatsApp takes only JPEG and PNG as images, so a WebP goes as a document.
 */
export function sendBody(
  content: MessageContent,
  to: string,
  replyTo: string | null,
  source: MediaSource | null = null,
): SendMessageBody {
  const addressing = { to, ...(replyTo === null ? {} : { replyTo }) };
  const caption = content.caption === null || content.caption === '' ? {} : { caption: content.caption };
  const link: MediaSource = source ?? { link: content.url ?? '' };
  if (content.type === 'text') return textMessage({ ...addressing, body: content.caption ?? '' });
  if (content.type === 'vcard') {
    return contactsMessage({
      ...addressing,
      contacts: [
        {
          name: { formatted_name: content.name ?? '' },
          ...(content.phone === null ? {} : { phones: [{ phone: content.phone, type: 'CELL' }] }),
        },
      ],
    });
  }
  if (IMAGE_TYPES.has(content.type) && content.type !== 'webp') {
    return imageMessage({ ...addressing, media: link, ...caption });
  }
  if (content.type === 'mp4') return videoMessage({ ...addressing, media: link, ...caption });
  if (content.type === 'ogg') return audioMessage({ ...addressing, media: link });
  return documentMessage({
    ...addressing,
    media: link,
    ...(content.filename === null ? {} : { filename: content.filename }),
    ...caption,
  });
}
