import { describe, expect, it } from 'vitest';
import {
  PAIR_RATE_BACKOFF_CAP_MS,
  THROUGHPUT_BACKOFF_CAP_MS,
  broadcastBackoffMs,
  broadcastFailureKind,
  broadcastRetryDelayMs,
  numberBackoffMs,
  pairRateBackoffMs,
  throughputBackoffMs,
} from './backoff.ts';

describe('pairRateBackoffMs', () => {
  it('waits 4^X seconds, X from 0, as Meta documents for 131056', () => {
    expect([0, 1, 2, 3, 4].map(pairRateBackoffMs)).toEqual([1_000, 4_000, 16_000, 64_000, 256_000]);
  });

  it('stops growing at the cap, and reads a bad attempt as the first', () => {
    expect(pairRateBackoffMs(5)).toBe(PAIR_RATE_BACKOFF_CAP_MS);
    expect(pairRateBackoffMs(1_000)).toBe(PAIR_RATE_BACKOFF_CAP_MS);
    expect(pairRateBackoffMs(-3)).toBe(1_000);
    expect(pairRateBackoffMs(Number.NaN)).toBe(1_000);
    expect(pairRateBackoffMs(1.7)).toBe(4_000);
  });
});

describe('throughputBackoffMs', () => {
  it('waits a quarter of a second after 130429, doubling, up to its cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(throughputBackoffMs)).toEqual([
      250, 500, 1_000, 2_000, 4_000, 8_000, 16_000,
    ]);
    expect(throughputBackoffMs(7)).toBe(THROUGHPUT_BACKOFF_CAP_MS);
    expect(throughputBackoffMs(50)).toBe(THROUGHPUT_BACKOFF_CAP_MS);
    expect(throughputBackoffMs(-1)).toBe(250);
  });
});

describe('numberBackoffMs', () => {
  it('waits a second after the number’s other refusals, doubling, up to the same cap', () => {
    expect([0, 1, 2, 3, 4].map(numberBackoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(numberBackoffMs(5)).toBe(THROUGHPUT_BACKOFF_CAP_MS);
    expect(numberBackoffMs(50)).toBe(THROUGHPUT_BACKOFF_CAP_MS);
  });
});

describe('broadcastFailureKind', () => {
  it('retries the rate limits, maintenance, Meta’s 5xx and network failures', () => {
    expect(broadcastFailureKind(130429)).toEqual({
      kind: 'transient',
      reason: 'broadcasts.reason.throughput',
      backoff: 'throughput',
    });
    expect(broadcastFailureKind(131056)).toEqual({
      kind: 'transient',
      reason: 'broadcasts.reason.pairRate',
      backoff: 'pair',
    });
    for (const code of [131057, 131048, 4, 80007, 1, 2, 131000, 131016, null]) {
      expect(broadcastFailureKind(code), String(code)).toMatchObject({
        kind: 'transient',
        backoff: 'number',
      });
    }
    expect(broadcastFailureKind(null).reason).toBe('broadcasts.reason.network');
  });

  it('records the per-recipient reasons as final without stopping the broadcast', () => {
    expect(broadcastFailureKind(131049)).toEqual({
      kind: 'final',
      reason: 'broadcasts.reason.marketingLimit',
      stopsBroadcast: false,
    });
    expect(broadcastFailureKind(131026)).toMatchObject({ reason: 'broadcasts.reason.undeliverable' });
    expect(broadcastFailureKind(131047)).toMatchObject({ reason: 'broadcasts.reason.windowClosed' });
    expect(broadcastFailureKind(131050)).toMatchObject({ reason: 'broadcasts.reason.marketingStopped' });
    for (const code of [131049, 131026, 131047, 131050]) {
      expect(broadcastFailureKind(code)).toMatchObject({ kind: 'final', stopsBroadcast: false });
    }
  });

  it('stops the broadcast on template and access problems every recipient would hit', () => {
    expect(broadcastFailureKind(132000)).toMatchObject({
      kind: 'final',
      reason: 'broadcasts.reason.templateParams',
      stopsBroadcast: true,
    });
    expect(broadcastFailureKind(132001).reason).toBe('broadcasts.reason.templateMissing');
    expect(broadcastFailureKind(132012).reason).toBe('broadcasts.reason.templateFormat');
    for (const code of [132000, 132001, 132012, 132015, 132016, 190, 131031]) {
      expect(broadcastFailureKind(code)).toMatchObject({ kind: 'final', stopsBroadcast: true });
    }
  });

  it('treats an unknown code as final', () => {
    expect(broadcastFailureKind(999_999)).toEqual({
      kind: 'final',
      reason: 'broadcasts.reason.other',
      stopsBroadcast: false,
    });
  });
});

describe('broadcastRetryDelayMs', () => {
  it('follows the schedule of the failure’s limit, and gives none for a final failure', () => {
    expect(broadcastRetryDelayMs(131056, 2)).toBe(16_000);
    expect(broadcastRetryDelayMs(130429, 2)).toBe(1_000);
    expect(broadcastRetryDelayMs(131057, 2)).toBe(4_000);
    expect(broadcastRetryDelayMs(null, 0)).toBe(1_000);
    expect(broadcastRetryDelayMs(131049, 0)).toBeNull();
  });

  it('names each schedule by whose sends wait', () => {
    expect(broadcastBackoffMs('pair', 1)).toBe(pairRateBackoffMs(1));
    expect(broadcastBackoffMs('throughput', 1)).toBe(throughputBackoffMs(1));
    expect(broadcastBackoffMs('number', 1)).toBe(numberBackoffMs(1));
  });
});
