import { describe, expect, it } from 'vitest';
import { storageUsageOf } from './storageUsage.ts';

describe('storageUsageOf', () => {
  it('words both sizes in the locale and the share used in whole percent', () => {
    expect(storageUsageOf({ usedBytes: 123_400_000, quotaBytes: 1_000_000_000 })).toEqual({
      used: '123,4 MB',
      quota: '1 GB',
      percent: 12,
      nearlyFull: false,
    });
    expect(storageUsageOf({ usedBytes: 123_400_000, quotaBytes: 1_000_000_000 }, 'en').used).toBe('123.4 MB');
  });

  it('shows nearly full from 90 %, never more than 100 %, and a sliver as 0 %', () => {
    expect(storageUsageOf({ usedBytes: 899_999_999, quotaBytes: 1_000_000_000 })).toMatchObject({
      percent: 89,
      nearlyFull: false,
    });
    expect(storageUsageOf({ usedBytes: 900_000_000, quotaBytes: 1_000_000_000 })).toMatchObject({
      percent: 90,
      nearlyFull: true,
    });
    expect(storageUsageOf({ usedBytes: 1_200_000_000, quotaBytes: 1_000_000_000 }).percent).toBe(100);
    expect(storageUsageOf({ usedBytes: 1, quotaBytes: 1_000_000_000 })).toMatchObject({
      used: '1 bytes',
      percent: 0,
    });
  });
});
