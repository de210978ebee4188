import { describe, expect, it } from 'vitest';
import { maskPhone } from './maskPhone.ts';

describe('maskPhone', () => {
  it('keeps the country code, operator prefix and last three digits', () => {
    expect(maskPhone('+628123456789')).toBe('+62812****789');
    expect(maskPhone('+6281234567890')).toBe('+62812*****890');
  });
  it('hides at least four digits of short numbers', () => {
    expect(maskPhone('+12345678')).toBe('+1****678');
  });
});
