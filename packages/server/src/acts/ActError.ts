import type { FailureReason } from '../sdk.ts';
import type { MessageKey } from '../i18n/translate.ts';

export interface ActErrorOptions {
  /** The text to answer; defaults to `error.<reason>`. */
  msgKey?: MessageKey;
  /** Facts for the client (`attemptsLeft`, `retryAfter`); also fill the text's placeholders. */
  data?: Record<string, string | number>;
  /** Field errors, already translated. */
  errors?: Record<string, string>;
}

/** Thrown by handlers (and the dispatcher) to answer `{ code: "0", reason, msg }`. */
export class ActError extends Error {
  readonly reason: FailureReason;
  readonly options: ActErrorOptions;

  constructor(reason: FailureReason, options: ActErrorOptions = {}) {
    super(reason);
    this.name = 'ActError';
    this.reason = reason;
    this.options = options;
  }
}

export function isActError(error: unknown): error is ActError {
  return error instanceof ActError;
}
