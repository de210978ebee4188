/** Timers a test moves by hand. */
import type { Timers } from './timers.ts';

export interface FakeTimers extends Timers {
  advance(ms: number): void;
  /** Intervals running now. */
  readonly running: number;
}

export function createFakeTimers(start = 0): FakeTimers {
  let now = start;
  let next = 1;
  const intervals = new Map<number, { callback: () => void; ms: number; due: number }>();
  return {
    now: () => now,
    setInterval(callback, ms) {
      const id = next++;
      intervals.set(id, { callback, ms, due: now + ms });
      return id;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...intervals.entries()].sort((a, b) => a[1].due - b[1].due)[0];
        if (due === undefined || due[1].due > end) break;
        now = due[1].due;
        due[1].due += due[1].ms;
        due[1].callback();
      }
      now = end;
    },
    get running() {
      return intervals.size;
    },
  };
}
