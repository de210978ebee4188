import type { ActFailure, FailureReason } from '../contract/envelope.ts';
import { SapaError, sapaErrorKind } from './SapaError.ts';
import type { RequestInfo } from './SapaError.ts';

/**
 * The server answered the act with `code: "0"` (SPEC.md section 8). `message` is the server's
 * `msg`, already in the caller's language; `data` is the response's data and `response` the whole
 * response.
 */
export class ApiError extends SapaError {
  /** Machine-readable cause; `undefined` when the server did not say. */
  readonly reason: FailureReason | undefined;
  /** Field errors keyed by field name (empty when none). */
  readonly errors: Record<string, string>;
  /** The response's `data`: extra facts such as `attemptsLeft` or `retryAfter`; empty when none. */
  readonly data: Record<string, unknown>;
  /** The whole response body, as received. */
  readonly response: ActFailure;
  /** HTTP status of the response: 200 for act failures, 4xx for protocol ones (400, 413, 429). */
  readonly status: number;

  constructor(response: ActFailure, options: { request?: RequestInfo | undefined; status?: number } = {}) {
    super('ApiError', response.msg, { request: options.request });
    this.reason = response.reason;
    this.errors = response.errors ?? {};
    this.data = response.data ?? {};
    this.response = response;
    this.status = options.status ?? 200;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return sapaErrorKind(value) === 'ApiError';
}
