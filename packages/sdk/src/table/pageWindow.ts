/**
 * Page links and Prev/Next of a paginated table (SPEC.md sections 4 and 9). Pages are zero-based
 * here; the UI labels page `i` as `i + 1`.
 *
 * The window holds up to 5 consecutive pages: 2 either side of the current page; on the first
 * pages it stays centred on page 3 (1-based) at minimum, and on the last pages it widens backwards
 * so 5 pages still show (last page of 10: pages 6 to 10). Fewer pages than 5: all of them.
 */
import { TABLE_PAGE_LINK_COUNT, TABLE_PAGE_LINK_SIBLINGS } from '../constants.ts';

export function pageWindow(pageIndex: number, totalPage: number): number[] {
  const total = Math.max(0, Math.floor(totalPage));
  if (total === 0) return [];
  const count = Math.min(TABLE_PAGE_LINK_COUNT, total);
  const current = Math.min(Math.max(0, Math.floor(pageIndex)), total - 1);
  const start = Math.min(Math.max(0, current - TABLE_PAGE_LINK_SIBLINGS), total - count);
  return Array.from({ length: count }, (_, offset) => start + offset);
}

/** Prev is disabled on the first page. */
export function canPrev(pageIndex: number): boolean {
  return pageIndex > 0;
}

/** Next is disabled on the last page, or when there are no pages. */
export function canNext(pageIndex: number, totalPage: number): boolean {
  return totalPage > 0 && pageIndex < totalPage - 1;
}
