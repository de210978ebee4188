/**
 * WhatsApp access tokens at rest: each is sealed with AES-256-GCM before it is stored
 * (`wa_accounts.access_token` holds `enc:v1:<iv, tag and ciphertext, base64url>`) and opened only
 * where a Graph API call needs it. The key is `SAPA_SECRET_KEY` when set (keep it in the
 * deployment's secret store, away from the database); otherwise one is made once and kept in
 * `server_settings`, shared by every process like the media link key, which protects exports and
 * copies of the accounts table but not a copy of the whole database. A token stored before tokens
 * were sealed is read as it is and sealed at the next start (`sealStoredTokens`).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { serverSettings, waAccounts } from '../db/schema.ts';

const PREFIX = 'enc:v1:';
const SETTING = 'token_key';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TOKEN_KEY_BYTES = 32;

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealToken(key: Buffer, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The token as stored: opened, or as it is when stored before sealing. Throws on a wrong key. */
export function openToken(key: Buffer | null, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (key === null) throw new Error('a sealed access token needs the token key (not loaded)');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** `SAPA_SECRET_KEY` as a key: 32 bytes written as base64url, base64 or hex; `null` when it is not one. */
export function parseTokenKey(raw: string): Buffer | null {
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  return key.length === TOKEN_KEY_BYTES ? key : null;
}

/** The key kept in the database, made (once, by whichever process comes first) when missing. */
export async function loadTokenKey(db: Db, now: Date): Promise<Buffer> {
  await db
    .insert(serverSettings)
    .values({ key: SETTING, value: randomBytes(TOKEN_KEY_BYTES).toString('base64url'), createdAt: now })
    .onConflictDoNothing({ target: serverSettings.key });
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING)).limit(1);
  if (row === undefined) throw new Error('the token key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

/** Seals every token stored in the clear (numbers added before sealing); answers how many. */
export async function sealStoredTokens(db: Db, key: Buffer): Promise<number> {
  const plain = await queryRows<{ id: string; access_token: string }>(
    db,
    sql`select id, access_token from wa_accounts where access_token not like ${`${PREFIX}%`}`,
  );
  for (const row of plain) {
    // Only if still in the clear: another process may have sealed it meanwhile.
    await db
      .update(waAccounts)
      .set({ accessToken: sealToken(key, row.access_token) })
      .where(sql`${waAccounts.id} = ${row.id} and ${waAccounts.accessToken} = ${row.access_token}`);
  }
  return plain.length;
}
