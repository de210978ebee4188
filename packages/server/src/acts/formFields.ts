import type { MultipartValue } from '@fastify/multipart';

export class PayloadTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'SAPA_PAYLOAD_TOO_LARGE';
  constructor() {
    super('payload too large');
  }
}

function isField(value: unknown): value is MultipartValue<unknown> & { valueTruncated?: boolean } {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'field';
}

/**
 * Turns the parsed parts of a multipart body into plain `name -> value` fields (the last value
 * of a repeated name wins; files are left out). A value cut at the size limit, or fields adding
 * up to more than `limit` bytes, make the whole body too large.
 */
export function formFields(parts: Record<string, unknown>, limit: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  let total = 0;
  for (const [name, entry] of Object.entries(parts)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (!isField(part)) continue;
      if (part.valueTruncated === true) throw new PayloadTooLargeError();
      total += typeof part.value === 'string' ? Buffer.byteLength(part.value) : 0;
      if (total > limit) throw new PayloadTooLargeError();
      fields[name] = part.value;
    }
  }
  return fields;
}
