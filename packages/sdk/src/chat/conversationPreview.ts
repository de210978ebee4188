/**
 * The one-line preview of a conversation's last message in the recent-conversations list
 * (SPEC.md section 3). Literally as the spec says: jpeg/png/webp -> image icon + 'Image' (jpg is
 * not in that list, so a jpg previews as a file with its filename, although the thread renders it
 * as an image); ogg -> 'Audio'; mp4 -> 'Video'; vcard -> the contact name; text -> the caption;
 * anything else -> the filename. A template message (issue 15) previews as its rendered body, like
 * a text. The icon names a glyph for the web app to draw.
 */
import type { ChatAttachment } from './types.ts';

export type PreviewIcon = 'image' | 'audio' | 'video' | 'contact' | 'file';

export interface ConversationPreview {
  icon: PreviewIcon | null;
  text: string;
}

const previewImageTypes: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);

/** The last path segment of a URL, decoded: the filename fallback when a file has none. */
function urlFilename(url: string | null | undefined): string {
  if (!url) return '';
  const name = url.split(/[?#]/, 1)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

export function conversationPreview(attachment: ChatAttachment): ConversationPreview {
  const type = attachment.type.toLowerCase();
  if (previewImageTypes.has(type)) return { icon: 'image', text: 'Image' };
  switch (type) {
    case 'ogg':
      return { icon: 'audio', text: 'Audio' };
    case 'mp4':
      return { icon: 'video', text: 'Video' };
    case 'vcard':
      return { icon: 'contact', text: attachment.name || attachment.phone || '' };
    case 'text':
      return { icon: null, text: attachment.caption ?? '' };
    // A template message (issue 15): its rendered body.
    case 'template':
      return { icon: null, text: attachment.caption ?? '' };
    default:
      return { icon: 'file', text: attachment.filename || urlFilename(attachment.url) };
  }
}
