import { describe, expect, it } from 'vitest';
import { BROADCAST_DEFAULT_RATE, BROADCAST_RATE_MAX } from './limits.ts';
import { broadcastRateOf, readBroadcastRate } from './rate.ts';

describe("a number's broadcast rate", () => {
  it('reads empty as the default and whole numbers within the limits as themselves', () => {
    expect(readBroadcastRate('  ')).toBeNull();
    expect(readBroadcastRate(' 200 ')).toBe(200);
    expect(readBroadcastRate('1.000')).toBe(1_000);
    expect(readBroadcastRate('1')).toBe(1);
    expect(readBroadcastRate(String(BROADCAST_RATE_MAX))).toBe(BROADCAST_RATE_MAX);
  });

  it('refuses zero, more than the limit, fractions and words', () => {
    for (const text of [
      '0',
      String(BROADCAST_RATE_MAX + 1),
      '2,5',
      '80/s',
      'delapan puluh',
      '-5',
      '99999999',
    ])
      expect(readBroadcastRate(text), text).toBe('invalid');
  });

  it("sends at Meta's default unless the number has its own rate", () => {
    expect(broadcastRateOf(null)).toBe(BROADCAST_DEFAULT_RATE);
    expect(broadcastRateOf(250)).toBe(250);
  });
});
