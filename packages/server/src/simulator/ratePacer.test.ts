import { describe, expect, it } from 'vitest';
import { messagesDue, tickMs } from './ratePacer.ts';

describe('messagesDue', () => {
  it('schedules R messages per second', () => {
    expect(messagesDue(50, 0)).toBe(0);
    expect(messagesDue(50, 1_000)).toBe(50);
    expect(messagesDue(50, 2_500)).toBe(125);
    expect(messagesDue(3, 999)).toBe(2);
    expect(messagesDue(0.5, 4_000)).toBe(2);
  });

  it('stops at rate × duration', () => {
    expect(messagesDue(200, 10_000, 3_000)).toBe(600);
    expect(messagesDue(30, 1_200, 1_000)).toBe(30);
  });

  it('counts about R per second over every second of a run', () => {
    const perSecond = [1, 2, 3, 4].map(
      (second) => messagesDue(37, second * 1_000) - messagesDue(37, (second - 1) * 1_000),
    );
    expect(perSecond).toEqual([37, 37, 37, 37]);
  });
});

describe('tickMs', () => {
  it('ticks between 10 and 100 ms', () => {
    expect(tickMs(1)).toBe(100);
    expect(tickMs(50)).toBe(20);
    expect(tickMs(10_000)).toBe(10);
  });
});
