/**
 * Signed links to stored files (`/media/<id>?e=<expiry>&s=<signature>`): a browser loads images
 * and players with plain `src` attributes, which carry no session token, so each link carries an
 * HMAC of the file id and an expiry instead. The expiry is rounded up to a whole day and lies 7 to
 * 8 days ahead, so the same file keeps the same link all day (the browser's cache holds) and a
 * page left open for a week still loads it. The key is shared by every process through the
 * database (`server_settings`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { serverSettings } from '../db/schema.ts';

const DAY_MS = 86_400_000;
const VALID_DAYS = 7;
const SETTING = 'media_link_key';

export class MediaLinks {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 16) throw new Error('the media link key needs at least 16 bytes');
    this.#key = key;
  }

  /** The expiry (seconds since the epoch) of links made at `now`. */
  static expiryAt(now: Date): number {
    return (Math.ceil(now.getTime() / DAY_MS) + VALID_DAYS) * (DAY_MS / 1000);
  }

  #sign(id: string, expiry: number): string {
    return createHmac('sha256', this.#key).update(`${id}.${expiry}`).digest('base64url');
  }

  /** The link to a stored file. */
  url(id: string, now: Date): string {
    const expiry = MediaLinks.expiryAt(now);
    return `/media/${id}?e=${expiry}&s=${this.#sign(id, expiry)}`;
  }

  /** Whether `expiry` and `signature` (as received) make a live link to `id`. */
  verify(id: string, expiry: unknown, signature: unknown, now: Date): boolean {
    if (typeof expiry !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expiry)) {
      return false;
    }
    const seconds = Number(expiry);
    if (seconds * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.#sign(id, seconds));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** The link key from the database, made (once, by whichever process comes first) when missing. */
export async function loadMediaLinks(db: Db, now: Date): Promise<MediaLinks> {
  await db
    .insert(serverSettings)
    .values({ key: SETTING, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing({ target: serverSettings.key });
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING)).limit(1);
  if (row === undefined) throw new Error('the media link key could not be stored');
  return new MediaLinks(Buffer.from(row.value, 'base64url'));
}
