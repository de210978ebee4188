import { describe, expect, it } from 'vitest';
import { PairLimiter, ThroughputLimiter } from './rateLimits.ts';

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
