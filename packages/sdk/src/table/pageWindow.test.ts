import { describe, expect, it } from 'vitest';
import { canNext, canPrev, pageWindow } from './pageWindow.ts';

/** The window as the UI labels it (1-based). */
const labels = (pageIndex: number, totalPage: number) => pageWindow(pageIndex, totalPage).map((p) => p + 1);

describe('pageWindow', () => {
  it('shows nothing when there are no pages', () => {
    expect(labels(0, 0)).toEqual([]);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(labels(0, 1)).toEqual([1]);
    expect(labels(1, 3)).toEqual([1, 2, 3]);
    expect(labels(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stays centred on page 3 at minimum on the first pages', () => {
    expect(labels(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(labels(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(labels(2, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows 2 pages either side of the current page in the middle', () => {
    expect(labels(3, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(labels(5, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(labels(6, 10)).toEqual([5, 6, 7, 8, 9]);
  });

  it('widens backwards to 5 pages on the last pages', () => {
    expect(labels(7, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(labels(8, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(labels(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(labels(5, 6)).toEqual([2, 3, 4, 5, 6]);
  });

  it('clamps a page index outside the pages', () => {
    expect(labels(12, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(labels(-1, 10)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('canPrev and canNext', () => {
  it('disables Prev on the first page', () => {
    expect(canPrev(0)).toBe(false);
    expect(canPrev(1)).toBe(true);
  });

  it('disables Next on the last page and when total_page is 0', () => {
    expect(canNext(0, 0)).toBe(false);
    expect(canNext(0, 1)).toBe(false);
    expect(canNext(8, 10)).toBe(true);
    expect(canNext(9, 10)).toBe(false);
  });
});
