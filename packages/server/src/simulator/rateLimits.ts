import type { SimulatorLimits } from './types.ts';

/** Meta's throughput limit: at most `perSecond` sends in any one-second window per phone number id. */
export class ThroughputLimiter {
  readonly #perSecond: number;
  readonly #sends = new Map<string, number[]>();

  constructor(perSecond: number) {
    this.#perSecond = perSecond;
  }

  /** Counts a send at `now` and answers whether it is within the limit (a refused one is not counted). */
  tryTake(phoneNumberId: string, now: number): boolean {
    const recent = (this.#sends.get(phoneNumberId) ?? []).filter((at) => at > now - 1_000);
    const allowed = recent.length < this.#perSecond;
    if (allowed) recent.push(now);
    this.#sends.set(phoneNumberId, recent);
    return allowed;
  }
}

/** Meta's pair rate limit: a token bucket per (business number, user), `pairBurst` deep, one token per `pairRefillMs`. */
export class PairLimiter {
  readonly #burst: number;
  readonly #refillMs: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limits: Pick<SimulatorLimits, 'pairBurst' | 'pairRefillMs'>) {
    this.#burst = limits.pairBurst;
    this.#refillMs = limits.pairRefillMs;
  }

  tryTake(phoneNumberId: string, waId: string, now: number): boolean {
    const key = `${phoneNumberId}:${waId}`;
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, at: now };
    const refilled = Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) / this.#refillMs);
    const allowed = refilled >= 1;
    this.#buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, at: now });
    return allowed;
  }
}

/**
 * Meta's per-user marketing template limit (131049): at most `marketingPerUser` marketing
 * templates reach one user in any `marketingWindowMs`, whatever business sent them. `null`: no
 * limit. A refused one is not counted.
 */
export class MarketingLimiter {
  readonly #perUser: number | null;
  readonly #windowMs: number;
  readonly #sends = new Map<string, number[]>();

  constructor(limits: Pick<SimulatorLimits, 'marketingPerUser' | 'marketingWindowMs'>) {
    this.#perUser = limits.marketingPerUser;
    this.#windowMs = limits.marketingWindowMs;
  }

  /** Counts a marketing template to `waId` at `now` and answers whether it is within the limit. */
  tryTake(waId: string, now: number): boolean {
    if (this.#perUser === null) return true;
    const recent = (this.#sends.get(waId) ?? []).filter((at) => at > now - this.#windowMs);
    const allowed = recent.length < this.#perUser;
    if (allowed) recent.push(now);
    this.#sends.set(waId, recent);
    return allowed;
  }
}
