import { randomBytes, randomInt } from 'node:crypto';

/**
 * A fresh message id in Meta's form: `wamid.` and base64 of a small protobuf-like blob that
 * starts with the user's number (`HBgN…`, as in the fixtures). Unique per call.
 */
export function newWamid(waId: string): string {
  const number = Buffer.from(waId, 'utf8');
  const blob = Buffer.concat([
    Buffer.from([0x1c, 0x18, number.length]),
    number,
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, 0x12]),
    Buffer.from(randomBytes(9).toString('hex').toUpperCase(), 'utf8'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${blob.toString('base64')}`;
}

/** A media id as Meta issues them: 15 or 16 digits. */
export function newMediaId(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** `fbtrace_id` of a Graph error answer. */
export function newTraceId(): string {
  return randomBytes(16).toString('base64url').slice(0, 23);
}

/**
 * A template id as Meta issues them: 16 digits, below 2^53 (webhooks carry it as a JSON number,
 * so it must survive `Number`).
 */
export function newTemplateId(): string {
  return `${randomInt(1, 9)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
