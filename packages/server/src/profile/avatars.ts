/**
 * Users' pictures: a `data:` URL checked by content (JPEG, PNG or WebP, at most `AVATAR_MAX_BYTES`),
 * kept in `user_avatars` under a fresh random version that is part of its URL, so a new picture
 * has a new URL and the old one stops answering.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/openDatabase.ts';
import { userAvatars, users } from '../db/schema.ts';
import type { UserRow } from '../db/schema.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPE_LIST } from '../sdk.ts';

export const AVATAR_TYPES: ReadonlySet<string> = new Set(AVATAR_TYPE_LIST);

export type DecodedAvatar =
  | { ok: true; bytes: Buffer; contentType: string }
  | { ok: false; reason: 'file_too_large' | 'file_invalid_type' };

/** Decodes and checks a `data:` URL (the type it claims is ignored: the bytes decide). */
export async function decodeAvatar(dataUrl: string): Promise<DecodedAvatar> {
  const match = /^data:[^,]*?;base64,([A-Za-z0-9+/=\s]*)$/i.exec(dataUrl);
  if (match === null) return { ok: false, reason: 'file_invalid_type' };
  const bytes = Buffer.from(match[1] ?? '', 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) return { ok: false, reason: 'file_too_large' };
  if (bytes.length === 0) return { ok: false, reason: 'file_invalid_type' };
  const found = await fileTypeFromBuffer(bytes);
  if (found === undefined || !AVATAR_TYPES.has(found.mime)) return { ok: false, reason: 'file_invalid_type' };
  return { ok: true, bytes, contentType: found.mime };
}

/** Stores the picture under a new version and points the user at it; answers the user. */
export async function saveAvatar(
  db: Db,
  userId: string,
  avatar: { bytes: Buffer; contentType: string },
  now: Date,
): Promise<UserRow | undefined> {
  const version = randomBytes(16).toString('base64url');
  return db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, version, contentType: avatar.contentType, bytes: avatar.bytes, createdAt: now })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { version, contentType: avatar.contentType, bytes: avatar.bytes, createdAt: now },
      });
    const [row] = await tx
      .update(users)
      .set({ avatarVersion: version })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
}

export async function clearAvatar(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    const [row] = await tx.update(users).set({ avatarVersion: null }).where(eq(users.id, userId)).returning();
    return row;
  });
}

/** The picture at `/avatar/<userId>/<version>`, only while it is the current one. */
export async function findAvatar(
  db: Db,
  userId: string,
  version: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const [row] = await db
    .select({ bytes: userAvatars.bytes, contentType: userAvatars.contentType })
    .from(userAvatars)
    .where(and(eq(userAvatars.userId, userId), eq(userAvatars.version, version)))
    .limit(1);
  return row;
}
