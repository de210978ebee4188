import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An opaque, unguessable id for a challenge: 24 random bytes, base64url. */
export function newChallengeId(): string {
  return randomBytes(24).toString('base64url');
}

/** SHA-256 hex of a high-entropy secret (session tokens); what the database keeps. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A one-time code of `length` digits from a secure source. */
export function newOtpCode(length = 6): string {
  return randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** HMAC-SHA-256 of a short code under its challenge's own salt. */
export function hashCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
