/**
 * How many messages a run at `rate` per second should have written after `elapsedMs`: a pure
 * schedule, so the pace is tested by counting, not by the wall clock. With a duration, the total
 * is `rate × duration`, reached once the duration has passed.
 */
export function messagesDue(rate: number, elapsedMs: number, durationMs?: number): number {
  const capped = durationMs === undefined ? elapsedMs : Math.min(elapsedMs, durationMs);
  return Math.floor((rate * Math.max(0, capped)) / 1000 + 1e-9);
}

/** The tick of a run: often enough to spread the messages, at most every 10 ms. */
export function tickMs(rate: number): number {
  return Math.min(100, Math.max(10, Math.floor(1000 / rate)));
}
