/**
 * The gallery grid's geometry, shared by its styles and its virtualiser: tiles are at least
 * `TILE_MIN_WIDTH` wide (as many columns as fit), every row exactly `ROW_HEIGHT` tall, so the
 * virtualiser never measures and nothing moves while the grid scrolls.
 */
export const TILE_MIN_WIDTH = 160;
export const TILE_HEIGHT = 196;
export const GRID_GAP = 12;
export const ROW_HEIGHT = TILE_HEIGHT + GRID_GAP;
/** The longest a file name is shown before it is cut with an ellipsis (SPEC.md section 3). */
export const FILENAME_MAX_WIDTH = 250;

/** How many columns fit a grid `width` pixels wide (at least one). */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GRID_GAP) / (TILE_MIN_WIDTH + GRID_GAP)));
}

/**
 * The tile a key moves the focus to from tile `index` of `count` in rows of `columns`: the arrows
 * move by one tile or one row, Home and End go to the first and last (undefined: not a move).
 */
export function tileAfterKey(key: string, index: number, columns: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    Home: 0,
    End: count - 1,
  };
  const next = moves[key];
  return next === undefined ? undefined : Math.min(count - 1, Math.max(0, next));
}
