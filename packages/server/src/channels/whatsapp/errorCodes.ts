/**
 * WhatsApp Cloud API error codes the product reacts to (Graph error responses, failed statuses,
 * webhook errors). The list and meanings are in send-error.json's notes.
 */
export const WhatsAppErrorCode = {
  /** 401: access token expired or invalid. */
  accessTokenExpired: 190,
  /** 400: invalid parameter. */
  invalidParameter: 100,
  /** Throughput reached (80 messages/s per number by default): retry later. */
  rateLimitHit: 130429,
  /** Spam rate limit. */
  spamRateLimitHit: 131048,
  /** Pair rate limit: the same business number sent to the same user too fast (about 1 per 6 s). */
  pairRateLimitHit: 131056,
  /** Number in maintenance (throughput upgrade), for up to about a minute. */
  accountInMaintenance: 131057,
  /** Something went wrong (500): retry. */
  somethingWentWrong: 131000,
  /** Service unavailable (500): retry. */
  serviceUnavailable: 131016,
  /** The recipient cannot receive it (not on WhatsApp, old client, terms not accepted). */
  messageUndeliverable: 131026,
  /** Re-engagement message: the 24-hour customer service window is closed; only templates go out. */
  reEngagementMessage: 131047,
  /** Not delivered to keep the ecosystem healthy (per-user marketing limit). */
  ecosystemEngagement: 131049,
  /** The user stopped marketing messages. */
  userStoppedMarketing: 131050,
  /** An inbound message type the Cloud API does not support. */
  unsupportedMessageType: 131051,
  /** Inbound media could not be downloaded (for example over 100 MB). */
  mediaDownloadError: 131052,
  /** Outbound media could not be uploaded (bad or mismatched MIME type). */
  mediaUploadError: 131053,
  /** Template parameter count mismatch. */
  templateParamCountMismatch: 132000,
  /** Template name or language does not exist. */
  templateDoesNotExist: 132001,
  /** Template paused. */
  templatePaused: 132015,
} as const;

export type WhatsAppErrorCode = (typeof WhatsAppErrorCode)[keyof typeof WhatsAppErrorCode];

const RATE_LIMITS: ReadonlySet<number> = new Set([
  WhatsAppErrorCode.rateLimitHit,
  WhatsAppErrorCode.spamRateLimitHit,
  WhatsAppErrorCode.pairRateLimitHit,
  WhatsAppErrorCode.accountInMaintenance,
  4, // app rate limit
  80007, // WABA rate limit
]);

/** Codes that mean "too fast, try again later" (back off 4^x seconds for the pair limit). */
export function isRateLimitCode(code: number | undefined): boolean {
  return code !== undefined && RATE_LIMITS.has(code);
}
