import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize.ts';

describe('formatFileSize (base 1000)', () => {
  it('shows bytes below 1000', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(999)).toBe('999 bytes');
  });

  it('shows whole KB below 1 MB', () => {
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1999)).toBe('1 KB');
    expect(formatFileSize(999_999)).toBe('999 KB');
  });

  it('shows MB with 1 decimal and GB with 2, in the locale decimal separator', () => {
    expect(formatFileSize(1_000_000)).toBe('1 MB');
    expect(formatFileSize(1_500_000)).toBe('1,5 MB');
    expect(formatFileSize(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatFileSize(5_000_000)).toBe('5 MB');
    expect(formatFileSize(1_234_567_890)).toBe('1,23 GB');
    expect(formatFileSize(2_000_000_000, 'en')).toBe('2 GB');
    expect(formatFileSize(1_100_000_000, 'en')).toBe('1.1 GB');
  });
});
