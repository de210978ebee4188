/**
 * Everything the server takes from the SDK, in one place: the act contract, phone rules, the
 * permission tree and its checks, and the message catalogue.
 */
export {
  acts,
  allPermissionKeys,
  can,
  grantAll,
  isActName,
  normalizePhone,
  messages,
  parsePermissions,
  pickLocale,
  translate,
} from '@sapa/sdk';
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
  PermissionKey,
  Project,
  SignedIn,
  User,
  ServerEventName,
  ServerEventPayload,
  AccountStatus,
  ConversationSummary,
  MessageStatus,
  ThreadMessage,
  WhatsAppAccount,
} from '@sapa/sdk';
