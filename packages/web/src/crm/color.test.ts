import { describe, expect, it } from 'vitest';
import { drawnColor, NO_COLOR, paletteValue, textOn } from './color.ts';

describe('CRM colours', () => {
  it('draws a colour being typed as grey until it is #rrggbb', () => {
    expect(drawnColor(' #1E88E5 ')).toBe('#1e88e5');
    expect(drawnColor('#1e8')).toBe(NO_COLOR);
    expect(drawnColor('merah')).toBe(NO_COLOR);
    expect(drawnColor(null)).toBe(NO_COLOR);
  });

  it('writes black on light colours and white on dark ones', () => {
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#f9a825')).toBe('#000000');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#5e35b1')).toBe('#ffffff');
    // A colour still being typed is drawn grey, which reads with black.
    expect(textOn('#12')).toBe('#000000');
  });

  it('finds a typed colour in a palette, in any case and with spaces around', () => {
    const palette = ['#e53935', '#1e88e5'];
    expect(paletteValue(palette, ' #E53935 ')).toBe('#e53935');
    expect(paletteValue(palette, '#123456')).toBeNull();
    expect(paletteValue(palette, '')).toBeNull();
  });
});
