/**
 * When a broadcast retries a recipient, and whether it should: Meta's error codes sorted into
 * transient (retry later) and final (record the reason), and the backoff schedules of its two
 * rate limits (whatsapp-cloud/README.md, "Rate limits").
 */

/** The pair rate limit's backoff never grows beyond 15 minutes. */
export const PAIR_RATE_BACKOFF_CAP_MS = 15 * 60_000;

/** A number's backoff (the throughput limit's and the others') never grows beyond 30 seconds. */
export const THROUGHPUT_BACKOFF_CAP_MS = 30_000;

function attemptIndex(attempt: number): number {
  return Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
}

/**
 * How long to wait before resending to a user after 131056 (pair rate limit): 4^X seconds, X the
 * attempt index from 0 (1 s, 4 s, 16 s, 64 s, 256 s, …) as Meta documents, at most
 * `PAIR_RATE_BACKOFF_CAP_MS`. Per recipient: other recipients go on meanwhile.
 */
export function pairRateBackoffMs(attempt: number): number {
  const x = attemptIndex(attempt);
  // 4^5 s is already past the cap; stopping there keeps the power small.
  return Math.min(PAIR_RATE_BACKOFF_CAP_MS, 4 ** Math.min(x, 5) * 1_000);
}

/**
 * How long the number waits after 130429 (throughput reached): Meta counts a number's sends per
 * second, so a refusal at the edge of a burst clears within a fraction of one. A quarter of a
 * second, doubling per consecutive refusal (250 ms, 500 ms, 1 s, 2 s, …), at most
 * `THROUGHPUT_BACKOFF_CAP_MS`. Per number: the engine slows the whole broadcast. (A full second
 * cost a 10,000-recipient broadcast about 5 s of its 130 at 80/s: bench/README.md, broadcast.)
 */
export function throughputBackoffMs(attempt: number): number {
  const x = attemptIndex(attempt);
  // 2^7 quarter seconds is already past the cap; stopping there keeps the power small.
  return Math.min(THROUGHPUT_BACKOFF_CAP_MS, 2 ** Math.min(x, 7) * 250);
}

/**
 * How long the number waits after Meta's other "too fast / try again" answers (131048, 4 and
 * 80007: rate limits counted over longer periods; 131057: the number is being upgraded, for up to
 * a minute; Meta's 5xx; a network failure): 1 s, doubling per consecutive refusal, at most
 * `THROUGHPUT_BACKOFF_CAP_MS`. Per number.
 */
export function numberBackoffMs(attempt: number): number {
  const x = attemptIndex(attempt);
  return Math.min(THROUGHPUT_BACKOFF_CAP_MS, 2 ** Math.min(x, 5) * 1_000);
}

/**
 * Why a recipient's send failed or waits, as the catalogue key of its text (the texts are added
 * with the screens).
 */
export type BroadcastFailureReason =
  | 'broadcasts.reason.throughput'
  | 'broadcasts.reason.pairRate'
  | 'broadcasts.reason.rateLimit'
  | 'broadcasts.reason.maintenance'
  | 'broadcasts.reason.metaUnavailable'
  | 'broadcasts.reason.network'
  | 'broadcasts.reason.marketingLimit'
  | 'broadcasts.reason.undeliverable'
  | 'broadcasts.reason.windowClosed'
  | 'broadcasts.reason.marketingStopped'
  | 'broadcasts.reason.templateParams'
  | 'broadcasts.reason.templateMissing'
  | 'broadcasts.reason.templateFormat'
  | 'broadcasts.reason.templatePaused'
  | 'broadcasts.reason.templateDisabled'
  | 'broadcasts.reason.accessDenied'
  | 'broadcasts.reason.accountBlocked'
  | 'broadcasts.reason.other';

/**
 * How a failed send is handled. `transient`: send again later, after `backoff`'s schedule
 * (`pair`: that recipient only, `pairRateBackoffMs`; `throughput`: the whole number,
 * `throughputBackoffMs`; `number`: the whole number, `numberBackoffMs`). `final`: the recipient
 * is failed with `reason`; `stopsBroadcast` when every other recipient would fail the same way
 * (the template or the number's access), so the engine pauses the broadcast instead of failing
 * thousands of recipients one by one.
 */
/** Whose sends wait after a transient failure, and on which schedule (`broadcastBackoffMs`). */
export type BroadcastBackoff = 'pair' | 'throughput' | 'number';

export type BroadcastFailureKind =
  | { kind: 'transient'; reason: BroadcastFailureReason; backoff: BroadcastBackoff }
  | { kind: 'final'; reason: BroadcastFailureReason; stopsBroadcast: boolean };

const transient = (
  reason: BroadcastFailureReason,
  backoff: BroadcastBackoff = 'number',
): BroadcastFailureKind => ({ kind: 'transient', reason, backoff });
const final = (reason: BroadcastFailureReason, stopsBroadcast = false): BroadcastFailureKind => ({
  kind: 'final',
  reason,
  stopsBroadcast,
});

const KINDS: ReadonlyMap<number, BroadcastFailureKind> = new Map([
  // Too fast: wait and send again.
  [130429, transient('broadcasts.reason.throughput', 'throughput')],
  [131056, transient('broadcasts.reason.pairRate', 'pair')],
  [131057, transient('broadcasts.reason.maintenance')],
  [131048, transient('broadcasts.reason.rateLimit')],
  [4, transient('broadcasts.reason.rateLimit')],
  [80007, transient('broadcasts.reason.rateLimit')],
  // Meta's own trouble (HTTP 500): "retry".
  [1, transient('broadcasts.reason.metaUnavailable')],
  [2, transient('broadcasts.reason.metaUnavailable')],
  [131000, transient('broadcasts.reason.metaUnavailable')],
  [131016, transient('broadcasts.reason.metaUnavailable')],
  // This recipient: resending does not help (131049: not within 24 h; Meta says sooner fails again).
  [131049, final('broadcasts.reason.marketingLimit')],
  [131026, final('broadcasts.reason.undeliverable')],
  [131047, final('broadcasts.reason.windowClosed')],
  [131050, final('broadcasts.reason.marketingStopped')],
  // The template or the number: every recipient would fail alike.
  [132000, final('broadcasts.reason.templateParams', true)],
  [132001, final('broadcasts.reason.templateMissing', true)],
  [132012, final('broadcasts.reason.templateFormat', true)],
  [132015, final('broadcasts.reason.templatePaused', true)],
  [132016, final('broadcasts.reason.templateDisabled', true)],
  [0, final('broadcasts.reason.accessDenied', true)],
  [190, final('broadcasts.reason.accessDenied', true)],
  [10, final('broadcasts.reason.accessDenied', true)],
  [131031, final('broadcasts.reason.accountBlocked', true)],
  [368, final('broadcasts.reason.accountBlocked', true)],
]);

/**
 * How to handle a send that failed with Meta's error `code` (the Graph error's `code`, or a
 * `failed` status's `errors[0].code`); `null` when no Graph answer came (network error, time-out,
 * an HTTP 5xx without an error body), which is transient. Unknown codes are final (`other`).
 */
export function broadcastFailureKind(code: number | null): BroadcastFailureKind {
  if (code === null) return transient('broadcasts.reason.network');
  return KINDS.get(code) ?? final('broadcasts.reason.other');
}

/**
 * How long a transient failure waits before attempt `attempt + 1` (`attempt` from 0), or `null`
 * for a final one.
 */
export function broadcastRetryDelayMs(code: number | null, attempt: number): number | null {
  const failure = broadcastFailureKind(code);
  if (failure.kind === 'final') return null;
  return broadcastBackoffMs(failure.backoff, attempt);
}

/** The wait before attempt `attempt + 1` (`attempt` from 0) on `backoff`'s schedule. */
export function broadcastBackoffMs(backoff: BroadcastBackoff, attempt: number): number {
  if (backoff === 'pair') return pairRateBackoffMs(attempt);
  return backoff === 'throughput' ? throughputBackoffMs(attempt) : numberBackoffMs(attempt);
}
