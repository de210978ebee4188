import { describe, expect, it } from 'vitest';
import { MarketingLimiter, PairLimiter, ThroughputLimiter } from './rateLimits.ts';

describe('ThroughputLimiter', () => {
  it('allows 80 sends in a second per number and refuses the 81st', () => {
    const limiter = new ThroughputLimiter(80);
    const results = Array.from({ length: 81 }, (_, index) => limiter.tryTake('pn', 1_000 + index * 10));
    expect(results.slice(0, 80).every(Boolean)).toBe(true);
    expect(results[80]).toBe(false);
    expect(limiter.tryTake('other', 1_800)).toBe(true);
    expect(limiter.tryTake('pn', 2_001)).toBe(true);
  });
});

describe('PairLimiter', () => {
  it('allows a burst, then one message per refill period to the same user', () => {
    const limiter = new PairLimiter({ pairBurst: 3, pairRefillMs: 6_000 });
    expect([1, 2, 3].map(() => limiter.tryTake('pn', 'u', 0))).toEqual([true, true, true]);
    expect(limiter.tryTake('pn', 'u', 1_000)).toBe(false);
    expect(limiter.tryTake('pn', 'other', 1_000)).toBe(true);
    expect(limiter.tryTake('pn', 'u', 6_500)).toBe(true);
    expect(limiter.tryTake('pn', 'u', 7_000)).toBe(false);
  });
});

describe('MarketingLimiter', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('lets a user receive the limit in a moving window, from any business, then refuses', () => {
    const limiter = new MarketingLimiter({ marketingPerUser: 2, marketingWindowMs: DAY });
    expect(limiter.tryTake('u', 0)).toBe(true);
    expect(limiter.tryTake('u', 1_000)).toBe(true);
    expect(limiter.tryTake('u', 2_000)).toBe(false);
    expect(limiter.tryTake('other', 2_000)).toBe(true);
    // The refusal was not counted: one slot frees when the first send leaves the window.
    expect(limiter.tryTake('u', DAY)).toBe(true);
    expect(limiter.tryTake('u', DAY + 500)).toBe(false);
  });

  it('never refuses without a limit (the default)', () => {
    const limiter = new MarketingLimiter({ marketingPerUser: null, marketingWindowMs: DAY });
    expect(Array.from({ length: 100 }, () => limiter.tryTake('u', 0)).every(Boolean)).toBe(true);
  });
});
