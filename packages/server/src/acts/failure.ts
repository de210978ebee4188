import type { ActFailure, FailureReason } from '../sdk.ts';
import { translate } from '../i18n/translate.ts';
import type { Locale } from '../i18n/translate.ts';
import type { ActErrorOptions } from './ActError.ts';

/** The `{ code: "0" }` envelope of a failure, its `msg` in the caller's language. */
export function failure(locale: Locale, reason: FailureReason, options: ActErrorOptions = {}): ActFailure {
  const body: ActFailure = {
    code: '0',
    msg: translate(locale, options.msgKey ?? `error.${reason}`, options.data),
    reason,
  };
  if (options.errors !== undefined) body.errors = options.errors;
  if (options.data !== undefined) body.data = options.data;
  return body;
}
