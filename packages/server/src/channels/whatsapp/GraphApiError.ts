import { isRateLimitCode } from './errorCodes.ts';

export interface GraphApiErrorFields {
  /** HTTP status of the answer. */
  status: number;
  method: string;
  /** The URL called, without query string (it may hold ids, never the token). */
  url: string;
  /** Graph's `error.code` (for example 131056); undefined when the body was not a Graph error. */
  code: number | undefined;
  type: string | undefined;
  /** Deprecated by Meta since v16.0 but still seen; do not rely on it. */
  errorSubcode: number | undefined;
  fbtraceId: string | undefined;
  /** `error.error_data.details`: the useful text. */
  details: string | undefined;
  /** The parsed body (or its text when it was not JSON). */
  body: unknown;
}

/** A non-2xx answer of the Graph API, with Meta's error envelope parsed. */
export class GraphApiError extends Error implements GraphApiErrorFields {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly code: number | undefined;
  readonly type: string | undefined;
  readonly errorSubcode: number | undefined;
  readonly fbtraceId: string | undefined;
  readonly details: string | undefined;
  readonly body: unknown;

  constructor(message: string, fields: GraphApiErrorFields) {
    super(message);
    this.name = 'GraphApiError';
    this.status = fields.status;
    this.method = fields.method;
    this.url = fields.url;
    this.code = fields.code;
    this.type = fields.type;
    this.errorSubcode = fields.errorSubcode;
    this.fbtraceId = fields.fbtraceId;
    this.details = fields.details;
    this.body = fields.body;
  }

  /** 130429, 131056 and the other "too fast" codes: retry later, the request itself is fine. */
  get isRateLimit(): boolean {
    return isRateLimitCode(this.code);
  }
}

/** True for a `GraphApiError`, also one from another copy of this module. */
export function isGraphApiError(error: unknown): error is GraphApiError {
  return error instanceof GraphApiError || (error instanceof Error && error.name === 'GraphApiError');
}
