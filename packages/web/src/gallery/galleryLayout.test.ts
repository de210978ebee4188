import { describe, expect, it } from 'vitest';
import { GRID_GAP, TILE_MIN_WIDTH, columnsFor, tileAfterKey } from './galleryLayout.ts';

describe('gallery grid layout', () => {
  it('fits as many columns as the width allows, at least one', () => {
    expect(columnsFor(0)).toBe(1);
    expect(columnsFor(TILE_MIN_WIDTH)).toBe(1);
    expect(columnsFor(TILE_MIN_WIDTH * 2 + GRID_GAP)).toBe(2);
    expect(columnsFor(TILE_MIN_WIDTH * 2 + GRID_GAP - 1)).toBe(1);
    expect(columnsFor(1200)).toBe(7);
  });

  it('moves by a tile or a row with the arrows, within the files', () => {
    // 10 files in rows of 4: 0-3, 4-7, 8-9.
    expect(tileAfterKey('ArrowRight', 3, 4, 10)).toBe(4);
    expect(tileAfterKey('ArrowLeft', 0, 4, 10)).toBe(0);
    expect(tileAfterKey('ArrowDown', 1, 4, 10)).toBe(5);
    expect(tileAfterKey('ArrowDown', 7, 4, 10)).toBe(9);
    expect(tileAfterKey('ArrowUp', 2, 4, 10)).toBe(0);
    expect(tileAfterKey('Home', 6, 4, 10)).toBe(0);
    expect(tileAfterKey('End', 1, 4, 10)).toBe(9);
    expect(tileAfterKey('Enter', 1, 4, 10)).toBeUndefined();
  });
});
