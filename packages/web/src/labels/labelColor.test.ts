import { describe, expect, it } from 'vitest';
import { labelPalette } from '@sapa/machines';
import {
  NO_COLOR,
  paletteColors,
  paletteValue,
  sortFrom,
  sortingOf,
  swatchColor,
  textOn,
} from './labelColor.ts';

describe('label colours', () => {
  it('draws a colour being typed as grey until it is #rrggbb', () => {
    expect(swatchColor(' #1E88E5 ')).toBe('#1e88e5');
    expect(swatchColor('#1e8')).toBe(NO_COLOR);
  });

  it('writes black on light colours and white on dark ones', () => {
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#f9a825')).toBe('#000000');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#5e35b1')).toBe('#ffffff');
  });

  it('names every palette colour and finds a typed one in it', () => {
    expect(paletteColors.map((item) => item.value)).toEqual([...labelPalette]);
    expect(new Set(paletteColors.map((item) => item.name)).size).toBe(labelPalette.length);
    expect(paletteValue('#E53935')).toBe('#e53935');
    expect(paletteValue('#123456')).toBeNull();
  });

  it('maps the sort to a sorted column and back', () => {
    expect(sortingOf('newest')).toEqual([{ id: 'createdAt', desc: true }]);
    expect(sortFrom([{ id: 'customers', desc: false }], 'name')).toBe('customers');
    expect(sortFrom([{ id: 'name', desc: true }], 'name')).toBe('name');
    expect(sortFrom([], 'newest')).toBe('newest');
  });
});
