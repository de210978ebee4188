/**
 * What a stored file is sent as on WhatsApp, and how large each kind may be (WhatsApp Cloud API
 * media limits: images 5 MB, audio and video 16 MB, documents 100 MB). The server decides a
 * file's MIME type from its content; these rules turn that type into the message `type` of
 * SPEC.md section 3 (jpeg, png, webp, ogg, mp4, or the file's extension) and its size limit.
 */

export type MediaKind = 'image' | 'audio' | 'video' | 'document';

export const MEDIA_MAX_BYTES: Readonly<Record<MediaKind, number>> = {
  image: 5_000_000,
  audio: 16_000_000,
  video: 16_000_000,
  document: 100_000_000,
};

const typeByMime: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'video/mp4': 'mp4',
};

const kindByMime: Readonly<Record<string, MediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'video/mp4': 'video',
  'video/3gpp': 'video',
};

/** The extension of a file name, lowercased, without the dot (`''` when none). */
export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return '';
  return filename.slice(dot + 1).toLowerCase();
}

/** How WhatsApp carries a file of this MIME type: image, audio, video or (anything else) document. */
export function mediaKindOf(mimeType: string): MediaKind {
  return kindByMime[mimeType.toLowerCase()] ?? 'document';
}

/**
 * The message type of a file: jpeg, png, webp, ogg or mp4 for those formats, otherwise the
 * extension of its name (a generic file), or `file` when it has none.
 */
export function messageTypeOf(mimeType: string, filename: string): string {
  const known = typeByMime[mimeType.toLowerCase()];
  if (known !== undefined) return known;
  const extension = fileExtension(filename)
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16);
  return extension === '' ? 'file' : extension;
}

/**
 * The MIME types WhatsApp carries as `kind` (image, audio, video). Documents are every other type,
 * so for `document` this answers the types that are NOT documents.
 */
export function mimeTypesOfKind(kind: MediaKind): string[] {
  const all = Object.keys(kindByMime);
  return kind === 'document' ? all : all.filter((mime) => kindByMime[mime] === kind);
}

/** The largest file of this MIME type WhatsApp takes, in bytes. */
export function maxMediaBytes(mimeType: string): number {
  return MEDIA_MAX_BYTES[mediaKindOf(mimeType)];
}
