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

/** True for a `GraphRequestError`, also one from another copy of this module. */
export function isGraphRequestError(error: unknown): error is GraphRequestError {
  return error instanceof GraphRequestError || (error instanceof Error && error.name === 'GraphRequestError');
}
