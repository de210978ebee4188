import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

const sample = (name: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`./samples/${name}`, import.meta.url)));

/**
 * Small but real files for the customers' attachments, so the inbox renders and plays them: a
 * 240×180 JPEG photo, a 1.2 s Opus voice note, a 1.5 s H.264/AAC clip and a one-page PDF
 * (generated once with ffmpeg; see samples/README.md).
 */
export const SAMPLE_FILES = {
  image: { mimeType: 'image/jpeg', bytes: sample('photo.jpg') },
  audio: { mimeType: 'audio/ogg; codecs=opus', bytes: sample('voice.ogg') },
  video: { mimeType: 'video/mp4', bytes: sample('clip.mp4') },
  document: { mimeType: 'application/pdf', bytes: sample('invoice.pdf') },
} as const;
