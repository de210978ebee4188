/**
 * A seek asked for before the player knows its media's length (metadata not loaded yet) is
 * kept, and applied once the metadata arrives, unless it is older than 5,000 ms by then
 * (SPEC.md section 9: pending seek expiry): a late load does not jump somewhere the agent no
 * longer expects.
 */
import { MEDIA_PENDING_SEEK_EXPIRY_MS } from '@sapa/sdk';

export interface PendingSeek {
  /** Keep a seek to `seconds`, asked at `now` (ms). A newer request replaces an older one. */
  request(seconds: number, now: number): void;
  /** The seek to apply now (metadata loaded at `now`), or null when none or expired; clears it. */
  take(now: number): number | null;
  /** Whether a seek is waiting (whatever its age). */
  readonly waiting: boolean;
}

export function createPendingSeek(expiryMs: number = MEDIA_PENDING_SEEK_EXPIRY_MS): PendingSeek {
  let pending: { seconds: number; at: number } | null = null;
  return {
    request(seconds, now) {
      pending = Number.isFinite(seconds) && seconds >= 0 ? { seconds, at: now } : null;
    },
    take(now) {
      const seek = pending;
      pending = null;
      if (seek === null || now - seek.at > expiryMs) return null;
      return seek.seconds;
    },
    get waiting() {
      return pending !== null;
    },
  };
}
