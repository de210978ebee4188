import { SapaError, sapaErrorKind } from './SapaError.ts';
import type { RequestInfo } from './SapaError.ts';

/**
 * No usable answer: `timeout` (no answer in time), `aborted` (the caller's signal),
 * `unreachable` (fetch failed: offline, refused, DNS, CORS) or `invalid_body` (not JSON).
 * `cause` holds the original error.
 */
export type NetworkFailure = 'timeout' | 'aborted' | 'unreachable' | 'invalid_body';

const describe: Record<NetworkFailure, string> = {
  timeout: 'Request timed out',
  aborted: 'Request was aborted',
  unreachable: 'Request failed',
  invalid_body: 'Response is not JSON',
};

export class NetworkError extends SapaError {
  readonly failure: NetworkFailure;
  override readonly request: RequestInfo;

  constructor(failure: NetworkFailure, request: RequestInfo, cause: unknown) {
    super('NetworkError', `${describe[failure]}: ${request.method} ${request.url}`, { request, cause });
    this.failure = failure;
    this.request = request;
  }
}

export function isNetworkError(value: unknown): value is NetworkError {
  return sapaErrorKind(value) === 'NetworkError';
}
