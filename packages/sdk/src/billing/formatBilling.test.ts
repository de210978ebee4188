import { describe, expect, it } from 'vitest';
import { formatRupiahShort } from './formatBilling.ts';

const nbsp = '\u00a0';

describe('short axis amounts', () => {
  it('shortens the Indonesian way', () => {
    expect(formatRupiahShort(0)).toBe('Rp 0');
    expect(formatRupiahShort(715)).toBe('Rp 715');
    expect(formatRupiahShort(1_500)).toBe(`Rp 1,5${nbsp}rb`);
    expect(formatRupiahShort(2_000_000)).toBe(`Rp 2${nbsp}jt`);
  });
});
