export type GraphRequestFailure = 'network' | 'timeout' | 'invalid_response';

/**
 * A Graph API call that got no usable answer: the connection failed, the timeout passed, or a
 * 2xx answer did not have the documented shape. The original error is the `cause`.
 */
export class GraphRequestError extends Error {
  readonly reason: GraphRequestFailure;
  readonly method: string;
  readonly url: string;

  constructor(
    reason: GraphRequestFailure,
    details: { method: string; url: string; message: string; cause?: unknown },
  ) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GraphRequestError';
    this.reason = reason;
    this.method = details.method;
    this.url = details.url;
  }
}

/** Connection failures that happen before a request can be written: it never reached the server. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether the failed call cannot have reached the Graph API: the host's name did not resolve or the
 * connection was refused. Any other failure (a timeout, a connection cut after the request was
 * written, an answer of the wrong shape) leaves open whether Meta acted on it.
 */
export function neverReachedServer(error: GraphRequestError): boolean {
  if (error.reason !== 'network') return false;
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
  }
  return false;
}

/** True for a `GraphRequestError`, also one from another copy of this module. */
export function isGraphRequestError(error: unknown): error is GraphRequestError {
  return error instanceof GraphRequestError || (error instanceof Error && error.name === 'GraphRequestError');
}
