import { describe, expect, it } from 'vitest';
import { addDays, dayCount, daysFrom, isRealDay, monthBounds } from './days.ts';

describe('billing days', () => {
  it('counts days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysFrom('2026-03-02', '2026-03-01')).toEqual([]);
    expect(dayCount('2026-01-01', '2026-01-01')).toBe(1);
    expect(dayCount('2028-01-01', '2028-12-31')).toBe(366);
    expect(dayCount('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('knows a real day from one that only looks like it', () => {
    expect(isRealDay('2026-02-28')).toBe(true);
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-04-31')).toBe(false);
    expect(isRealDay('2026-4-01')).toBe(false);
  });

  it('bounds a month by its first day and the next month’s', () => {
    expect(monthBounds('2026-02')).toEqual({ first: '2026-02-01', next: '2026-03-01' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
  });
});
