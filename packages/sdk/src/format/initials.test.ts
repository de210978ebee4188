import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of up to the first two words, uppercased', () => {
    expect(initials('budi santoso')).toBe('BS');
    expect(initials('andi')).toBe('A');
    expect(initials('Siti Nur Aisyah')).toBe('SN');
    expect(initials('  dewi   lestari  ')).toBe('DL');
  });

  it('removes non-letters after taking the first characters', () => {
    expect(initials('  123 eko')).toBe('E');
    expect(initials('budi 2 santoso')).toBe('B');
    expect(initials('(admin) rina')).toBe('R');
    expect(initials('😀 joko')).toBe('J');
  });

  it('keeps non-Latin letters and gives an empty string when there are none', () => {
    expect(initials('élodie ñoño')).toBe('ÉÑ');
    expect(initials('')).toBe('');
    expect(initials('123 456')).toBe('');
  });
});
