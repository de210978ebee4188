import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs every webhook POST with (lower case, as Node exposes headers). */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' };

const HEADER_FORMAT = /^sha256=([0-9a-fA-F]{64})$/;

/** `sha256=<lowercase hex HMAC-SHA256>` of the raw body bytes, keyed with the App Secret. */
export function sign(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${hmac(rawBody, appSecret).toString('hex')}`;
}

/**
 * Checks `X-Hub-Signature-256` against the RAW request body (before any JSON parsing: a
 * re-serialised body does not match). A string body is taken as its UTF-8 bytes. A missing,
 * repeated or malformed header and an empty app secret never pass.
 */
export function verifySignature(
  rawBody: Uint8Array | string,
  header: string | readonly string[] | undefined,
  appSecret: string,
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, reason: 'missing' };
  if (typeof header !== 'string') return { ok: false, reason: 'malformed' };
  const match = HEADER_FORMAT.exec(header.trim());
  const hex = match?.[1];
  if (hex === undefined) return { ok: false, reason: 'malformed' };
  if (appSecret === '') return { ok: false, reason: 'mismatch' };
  const given = Buffer.from(hex, 'hex');
  const expected = hmac(rawBody, appSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true };
}

function hmac(rawBody: Uint8Array | string, appSecret: string): Buffer {
  const hash = createHmac('sha256', appSecret);
  if (typeof rawBody === 'string') hash.update(rawBody, 'utf8');
  else hash.update(rawBody);
  return hash.digest();
}
