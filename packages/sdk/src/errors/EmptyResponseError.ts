import { SapaError, sapaErrorKind } from './SapaError.ts';
import type { RequestInfo } from './SapaError.ts';

/** The server answered nothing (no body, `null` or `""`); SPEC.md section 8 names it 'Error'. */
export class EmptyResponseError extends SapaError {
  constructor(options: { request?: RequestInfo | undefined } = {}) {
    super('EmptyResponseError', 'Error', options);
  }
}

export function isEmptyResponseError(value: unknown): value is EmptyResponseError {
  return sapaErrorKind(value) === 'EmptyResponseError';
}
