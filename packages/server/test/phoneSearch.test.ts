import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from '../src/crm/phoneSearch.ts';

describe('phoneSearchDigits', () => {
  it('looks for the digits as typed, ignoring spaces, dashes and the plus', () => {
    expect(phoneSearchDigits('+62 812-3456')).toEqual(['628123456']);
    expect(phoneSearchDigits('3456')).toEqual(['3456']);
  });

  it('reads a leading 0 both as the start of a local number and as digits inside a number', () => {
    expect(phoneSearchDigits('0812 3456')).toEqual(['08123456', '628123456']);
    // The end of +6281277083456: not only a local number.
    expect(phoneSearchDigits('083456')).toEqual(['083456', '6283456']);
  });

  it('finds nothing by fewer than three digits or by words', () => {
    expect(phoneSearchDigits('08')).toEqual([]);
    expect(phoneSearchDigits('Sari')).toEqual([]);
  });
});
