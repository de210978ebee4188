/** Shared types of the simulator. */

/** A business number the simulator plays Meta for. */
export interface SimulatorAccount {
  phoneNumberId: string;
  /** Digits as Meta shows them in `metadata.display_phone_number` (a leading `+` is dropped). */
  displayPhone: string;
  /** The Bearer token Graph API calls for this number must carry. */
  accessToken: string;
  /** WhatsApp Business Account id (`entry[].id`); derived from the phone number id when absent. */
  wabaId?: string;
  /** The business name Meta verified for the number (`verified_name`); default `Sapa Simulator`. */
  verifiedName?: string;
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
}

export const DEFAULT_LIMITS: SimulatorLimits = { messagesPerSecond: 80, pairBurst: 45, pairRefillMs: 6_000 };

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
