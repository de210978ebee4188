import type { MessageKind } from './types.ts';

const kinds: Readonly<Record<string, MessageKind>> = {
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  jpg: 'image',
  ogg: 'audio',
  mp4: 'video',
  vcard: 'contact',
  text: 'text',
};

/**
 * How the full chat view renders an attachment type (SPEC.md section 3): jpeg, png, webp, jpg ->
 * image card; ogg -> audio player; mp4 -> video player; vcard -> contact card; text -> caption
 * only; anything else -> download link. Types compare case-insensitively.
 */
export function messageKind(type: string): MessageKind {
  return kinds[type.toLowerCase()] ?? 'file';
}
