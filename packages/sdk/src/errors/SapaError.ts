/**
 * The base of every error the SDK throws. Each subclass stamps a brand under a registered symbol,
 * so the type guards recognise errors thrown by another copy of the SDK or from another realm
 * (an iframe, a worker's structured clone aside), where `instanceof` would fail.
 */
const brand = Symbol.for('@sapa/sdk/error');

export type SapaErrorKind = 'ApiError' | 'EmptyResponseError' | 'HttpError' | 'NetworkError';

/** The request an error came from. */
export interface RequestInfo {
  method: string;
  url: string;
}

export abstract class SapaError extends Error {
  /** The request that failed, when the error came from the act client. */
  readonly request: RequestInfo | undefined;

  protected constructor(
    kind: SapaErrorKind,
    message: string,
    options: { request?: RequestInfo | undefined; cause?: unknown } = {},
  ) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    Object.defineProperty(this, brand, { value: kind, enumerable: false });
    this.name = kind;
    this.request = options.request;
  }
}

/** The brand of `value` when it is an SDK error, whatever its realm or copy of the SDK. */
export function sapaErrorKind(value: unknown): SapaErrorKind | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kind = (value as { [brand]?: unknown })[brand];
  return typeof kind === 'string' ? (kind as SapaErrorKind) : undefined;
}

export function isSapaError(value: unknown): value is SapaError {
  return sapaErrorKind(value) !== undefined;
}
