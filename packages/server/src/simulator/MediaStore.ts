import { createHash } from 'node:crypto';
import { newMediaId } from './ids.ts';

export interface MediaItem {
  id: string;
  mimeType: string;
  bytes: Uint8Array;
  /** Base64 SHA-256, as webhooks carry it. */
  sha256: string;
  filename?: string;
}

/** Media the simulated Meta holds: customers' attachments and the business's uploads, by media id. */
export class MediaStore {
  readonly #items = new Map<string, MediaItem>();

  add(bytes: Uint8Array, mimeType: string, filename?: string): MediaItem {
    const item: MediaItem = {
      id: newMediaId(),
      mimeType,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('base64'),
      ...(filename === undefined ? {} : { filename }),
    };
    this.#items.set(item.id, item);
    return item;
  }

  get(id: string): MediaItem | undefined {
    return this.#items.get(id);
  }
}

/** The download URL of a media id, in the shape of Meta's lookaside URLs, on the simulator's base URL. */
export function mediaDownloadUrl(baseUrl: string, mediaId: string, nowMs: number): string {
  return `${baseUrl}/whatsapp_business/attachments/?mid=${mediaId}&ext=${Math.floor(nowMs / 1000)}&hash=ATsIMULATED`;
}

/** Small but real files for the customers' attachments, so the inbox can render them. */
export const SAMPLE_FILES = {
  image: {
    mimeType: 'image/png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  audio: { mimeType: 'audio/ogg; codecs=opus', bytes: Buffer.from('OggS simulated voice note') },
  video: { mimeType: 'video/mp4', bytes: Buffer.from('simulated mp4 video') },
  document: { mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n% simulated invoice\n%%EOF\n') },
} as const;
