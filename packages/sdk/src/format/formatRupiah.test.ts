import { describe, expect, it } from 'vitest';
import { formatRupiah } from './formatRupiah.ts';

describe('formatRupiah (id-ID, IDR)', () => {
  it('formats whole rupiah with a dot group separator and the no-break space of Intl', () => {
    expect(formatRupiah(150000)).toBe('Rp\u00a0150.000');
    expect(formatRupiah(0)).toBe('Rp\u00a00');
    expect(formatRupiah(1234567890)).toBe('Rp\u00a01.234.567.890');
  });

  it('rounds to whole rupiah and signs negatives', () => {
    expect(formatRupiah(1500.6)).toBe('Rp\u00a01.501');
    expect(formatRupiah(-150000)).toBe('-Rp\u00a0150.000');
  });
});
