import { createHash, timingSafeEqual } from 'node:crypto';

/** The query of Meta's verification GET: `hub.mode`, `hub.verify_token`, `hub.challenge`. */
export type WebhookVerificationQuery = URLSearchParams | Readonly<Record<string, unknown>>;

export type WebhookVerification = { ok: true; challenge: string } | { ok: false };

/**
 * Meta's subscription handshake (GET on the callback URL). Answers `{ ok: true, challenge }` only
 * when `hub.mode` is `subscribe` and `hub.verify_token` equals the configured token (compared in
 * constant time); the route then replies 200 with the raw challenge as plain text, else 403.
 */
export function verifyWebhook(query: WebhookVerificationQuery, verifyToken: string): WebhookVerification {
  const mode = read(query, 'hub.mode');
  const token = read(query, 'hub.verify_token');
  const challenge = read(query, 'hub.challenge');
  if (mode !== 'subscribe' || token === undefined || challenge === undefined || challenge === '') {
    return { ok: false };
  }
  if (verifyToken === '' || !sameSecret(token, verifyToken)) return { ok: false };
  return { ok: true, challenge };
}

/** A single string value; repeated parameters (arrays) and other types count as absent. */
function read(query: WebhookVerificationQuery, name: string): string | undefined {
  if (query instanceof URLSearchParams) {
    const values = query.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  }
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/** Compares digests, so neither the content nor the length of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const left = createHash('sha256').update(given, 'utf8').digest();
  const right = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(left, right);
}
