/**
 * Everything the server takes from the SDK, in one place: the act contract, phone rules and the
 * error catalogue.
 */
export { acts, isActName } from '../../sdk/src/contract/acts.ts';
export type { ActName, ActParsed, ActOutput, Acts } from '../../sdk/src/contract/acts.ts';
export type { ActAccess, ActDefinition } from '../../sdk/src/contract/defineAct.ts';
export type { ActFailure, FailureReason } from '../../sdk/src/contract/envelope.ts';
export type { OtpChallenge, SignedIn, User } from '../../sdk/src/contract/types.ts';
export { normalizePhone } from '../../sdk/src/validation/phone.ts';
export { errors } from '../../sdk/src/i18n/messages/errors.ts';
