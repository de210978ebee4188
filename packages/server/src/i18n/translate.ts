/** The SDK's one message catalogue: the server answers `msg` in the caller's language from it. */
export { pickLocale, translate } from '../sdk.ts';
export type { Locale, MessageKey, MessageParams } from '../sdk.ts';
