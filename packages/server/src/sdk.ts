/**
 * Everything the server takes from the SDK, in one place: the act contract, phone rules and the
 * message catalogue.
 */
export { acts, isActName, normalizePhone, messages, pickLocale, translate } from '@sapa/sdk';
export type {
  ActAccess,
  ActDefinition,
  ActFailure,
  ActName,
  ActOutput,
  ActParsed,
  Acts,
  FailureReason,
  Locale,
  MessageKey,
  MessageParams,
  OtpChallenge,
  SignedIn,
  User,
} from '@sapa/sdk';
