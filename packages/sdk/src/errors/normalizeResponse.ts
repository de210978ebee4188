/**
 * The one place where answers and failures of the act endpoint become values or SDK errors
 * (SPEC.md section 8, DESIGN.md "The act protocol"):
 *
 * - an empty response (no body, `null`, `""`) -> `EmptyResponseError` with message 'Error';
 * - `code === '0'` -> `ApiError` (message = `msg`, with `reason`, `errors` and the whole response);
 * - anything else passes through unchanged;
 * - a non-2xx status -> `ApiError` when its body is `{ code: '0', msg }` (400, 413, 429), else `HttpError`;
 * - no usable answer (timeout, abort, fetch failure, non-JSON body) -> `NetworkError`.
 */
import type { ActFailure } from '../contract/envelope.ts';
import { ApiError } from './ApiError.ts';
import { EmptyResponseError } from './EmptyResponseError.ts';
import { HttpError } from './HttpError.ts';
import { NetworkError } from './NetworkError.ts';
import type { RequestInfo } from './SapaError.ts';

export function isEmptyResponse(body: unknown): body is null | undefined | '' {
  return body === undefined || body === null || body === '';
}

export function isActFailure(body: unknown): body is ActFailure {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { code?: unknown }).code === '0' &&
    typeof (body as { msg?: unknown }).msg === 'string'
  );
}

/**
 * Applies the rules of SPEC.md section 8 to a parsed 2xx body: returns it unchanged, or throws.
 * A `code: '0'` without a string `msg` still rejects, with message 'Error'.
 */
export function normalizeResponse<T>(body: unknown, request?: RequestInfo): T {
  if (isEmptyResponse(body)) throw new EmptyResponseError({ request });
  if (typeof body === 'object' && (body as { code?: unknown }).code === '0') {
    const failure = body as Partial<ActFailure>;
    const response = isActFailure(failure) ? failure : ({ ...failure, msg: 'Error' } as ActFailure);
    throw new ApiError(response, { request });
  }
  return body as T;
}

/** Parses a response's text: `undefined` when empty, the JSON value, or a `NetworkError`. */
export function parseResponseText(text: string, request: RequestInfo): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new NetworkError('invalid_body', request, cause);
  }
}

/** The error for a non-2xx answer, given its status and text. */
export function httpFailure(status: number, statusText: string, text: string, request: RequestInfo): Error {
  let body: unknown = text === '' ? undefined : text;
  try {
    if (text !== '') body = JSON.parse(text);
  } catch {
    // keep the raw text
  }
  if (isActFailure(body)) return new ApiError(body, { request, status });
  return new HttpError(status, statusText, body, request);
}

/** The error for a request that got no answer: a timeout, an abort or a failed fetch. */
export function transportFailure(cause: unknown, request: RequestInfo): NetworkError {
  const name = typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
  if (name === 'TimeoutError') return new NetworkError('timeout', request, cause);
  if (name === 'AbortError') return new NetworkError('aborted', request, cause);
  return new NetworkError('unreachable', request, cause);
}
