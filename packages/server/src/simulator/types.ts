/** Shared types of the simulator. */
import { createHash } from 'node:crypto';

/** A number's quality as Meta rates it (`quality_rating`). */
export type SimulatorQualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';

/**
 * A business portfolio's messaging limit (`whatsapp_business_manager_messaging_limit`): unique
 * users reached outside a customer service window in a moving 24 hours.
 */
export type SimulatorMessagingLimit = 'TIER_250' | 'TIER_2K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';

/** A business number the simulator plays Meta for. */
export interface SimulatorAccount {
  phoneNumberId: string;
  /** Digits as Meta shows them in `metadata.display_phone_number` (a leading `+` is dropped). */
  displayPhone: string;
  /** The Bearer token Graph API calls for this number must carry. */
  accessToken: string;
  /**
   * The WhatsApp Business Account (WABA) the number belongs to (`entry[].id` of its webhooks,
   * `GET /{waba-id}/phone_numbers`, its templates). Absent: one derived from the access token
   * (`wabaIdOf`), so the numbers of one token share a WABA and other tokens' numbers do not.
   */
  wabaId?: string;
  /** The business name Meta verified for the number (`verified_name`); default `Sapa Simulator`. */
  verifiedName?: string;
  /** `quality_rating`; default `GREEN`. */
  qualityRating?: SimulatorQualityRating;
  /** The messaging limit tier; default `TIER_250` (a new business portfolio's). */
  messagingLimit?: SimulatorMessagingLimit;
}

/** The WABA id of a number: its own, or a stable 15-digit id derived from its access token. */
export function wabaIdOf(account: SimulatorAccount): string {
  if (account.wabaId !== undefined) return account.wabaId;
  const digits = BigInt(`0x${createHash('sha256').update(account.accessToken).digest('hex').slice(0, 15)}`);
  return `1${String(digits % 10n ** 14n).padStart(14, '0')}`;
}

/** Milliseconds since the epoch; injected so tests move time (24-hour window, rate limits). */
export type Clock = () => number;

/** Meta's limits, overridable for tests. */
export interface SimulatorLimits {
  /** Sends per second per phone number id (Meta's default 80); beyond: 130429. */
  messagesPerSecond: number;
  /** Pair rate limit burst per (business number, user) (Meta: 45 in 6 s); beyond: 131056. */
  pairBurst: number;
  /** One more message to the same user is allowed every this many ms (Meta: 6 s). */
  pairRefillMs: number;
  /**
   * Per-user marketing limit: at most this many MARKETING templates reach one user (from any
   * business number) in `marketingWindowMs`; beyond, the send is accepted and then fails with a
   * 131049 `failed` status. `null` (default): no limit, as Meta's depends on the user's engagement.
   */
  marketingPerUser: number | null;
  /** The moving window of `marketingPerUser` (Meta: wait 24 h). */
  marketingWindowMs: number;
}

export const DEFAULT_LIMITS: SimulatorLimits = {
  messagesPerSecond: 80,
  pairBurst: 45,
  pairRefillMs: 6_000,
  marketingPerUser: null,
  marketingWindowMs: 24 * 60 * 60 * 1000,
};

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A free entry point (a customer who came from a Click-to-WhatsApp ad, answered in time) lasts 72 hours. */
export const FREE_ENTRY_POINT_MS = 72 * 60 * 60 * 1000;
