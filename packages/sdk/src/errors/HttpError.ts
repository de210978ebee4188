import { SapaError, sapaErrorKind } from './SapaError.ts';
import type { RequestInfo } from './SapaError.ts';

/** The server answered a non-2xx status whose body is not an act failure. */
export class HttpError extends SapaError {
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, the raw text when it was not JSON, or `undefined` when empty. */
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown, request: RequestInfo) {
    const reason = statusText ? `${status} ${statusText}` : String(status);
    super('HttpError', `Request failed with status ${reason}: ${request.method} ${request.url}`, { request });
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return sapaErrorKind(value) === 'HttpError';
}
