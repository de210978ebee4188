import { describe, expect, it } from 'vitest';
import { labelPalette } from '@sapa/machines/crm';
import { paletteColors, sortFrom, sortingOf } from './labelColor.ts';

describe('label colours and sort', () => {
  it('names every palette colour, each differently', () => {
    expect(paletteColors.map((item) => item.value)).toEqual([...labelPalette]);
    expect(new Set(paletteColors.map((item) => item.name)).size).toBe(labelPalette.length);
  });

  it('maps the sort to a sorted column and back', () => {
    expect(sortingOf('newest')).toEqual([{ id: 'createdAt', desc: true }]);
    expect(sortFrom([{ id: 'customers', desc: false }], 'name')).toBe('customers');
    expect(sortFrom([{ id: 'name', desc: true }], 'name')).toBe('name');
    expect(sortFrom([], 'newest')).toBe('newest');
  });
});
