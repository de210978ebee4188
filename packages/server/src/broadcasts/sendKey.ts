/**
 * A broadcast recipient's idempotent send key: its message's client id, a name-based uuid (v5,
 * RFC 9562) of `broadcast:<recipientId>`, so the unique index on `messages.client_id` stores one
 * message per recipient however often its turn is taken. A recipient that `broadcast_retry` sends
 * again after a final failure gets a message of its own (`…:<attempt>`).
 */
import { createHash } from 'node:crypto';

/** The namespace of Sapa's broadcast send keys (a random uuid, fixed once). */
const NAMESPACE = '6f1d4b7e-2c0a-4f55-9a3e-8d1b6c2e9f04';

/** The name-based (SHA-1, version 5) uuid of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The client id of recipient `recipientId`'s message: its first (`round` 0), or after a retry. */
export function recipientClientId(recipientId: string, round = 0): string {
  return uuidV5(round === 0 ? `broadcast:${recipientId}` : `broadcast:${recipientId}:${round}`, NAMESPACE);
}
