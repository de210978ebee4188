import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayIn,
  daysIn,
  daysOf,
  formatMonth,
  formatShortDay,
  isBillingDay,
  isBillingMonth,
  lastDays,
  monthIn,
  monthRange,
  recentMonths,
  SPEND_RANGE_MAX_DAYS,
  spendRangeProblem,
} from './billingDays.ts';

describe("a project's billing days and months", () => {
  it('reads the day and month of an instant in the time zone, not in UTC', () => {
    // 17:30 UTC on 31 Jan is already 1 Feb in Jakarta (UTC+7), still 31 Jan in London.
    const at = new Date('2025-01-31T17:30:00Z');
    expect(dayIn(at, 'Asia/Jakarta')).toBe('2025-02-01');
    expect(dayIn(at, 'Europe/London')).toBe('2025-01-31');
    expect(monthIn(at, 'Asia/Jakarta')).toBe('2025-02');
    expect(monthIn(at, 'Asia/Makassar')).toBe('2025-02');
    expect(monthIn(at, 'America/New_York')).toBe('2025-01');
    expect(dayIn('2025-06-30T16:59:59Z')).toBe('2025-06-30');
    expect(dayIn('2025-06-30T17:00:00Z')).toBe('2025-07-01');
  });

  it('counts the last 30 days with today, across a month and a year', () => {
    const now = new Date('2025-03-01T02:00:00Z');
    expect(lastDays(30, now, 'Asia/Jakarta')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(daysIn(lastDays(30, now, 'Asia/Jakarta'))).toBe(30);
    expect(lastDays(7, new Date('2025-01-03T00:00:00Z'), 'Asia/Jakarta')).toEqual({
      from: '2024-12-28',
      to: '2025-01-03',
    });
    expect(lastDays(1, now, 'Asia/Jakarta')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
  });

  it('moves and lists days, leap days included', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysOf({ from: '2024-02-27', to: '2024-03-01' })).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysOf({ from: '2024-03-02', to: '2024-03-01' })).toEqual([]);
    expect(() => addDays('2023-02-29', 1)).toThrow(RangeError);
  });

  it("gives a month's first and last day", () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-02')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthRange('2025-04')).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(() => monthRange('2025-13')).toThrow(RangeError);
  });

  it('lists the months a statement is offered for, this one first, across a year', () => {
    const now = new Date('2025-01-31T18:00:00Z'); // 1 Feb 2025 in Jakarta
    expect(recentMonths(now, 'Asia/Jakarta', 4)).toEqual(['2025-02', '2025-01', '2024-12', '2024-11']);
    expect(recentMonths(now, 'Asia/Jakarta')).toHaveLength(12);
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(addMonths('2025-05', -17)).toBe('2023-12');
  });

  it('refuses a spend range that is not days, reversed or longer than the act takes', () => {
    expect(spendRangeProblem({ from: '2025-01-01', to: '2025-01-31' })).toBeNull();
    expect(spendRangeProblem({ from: '2025-01-31', to: '2025-01-01' })).toBe('reversed');
    expect(spendRangeProblem({ from: '2025-02-30', to: '2025-03-01' })).toBe('invalid');
    expect(
      spendRangeProblem({ from: '2025-01-01', to: addDays('2025-01-01', SPEND_RANGE_MAX_DAYS - 1) }),
    ).toBeNull();
    expect(spendRangeProblem({ from: '2025-01-01', to: addDays('2025-01-01', SPEND_RANGE_MAX_DAYS) })).toBe(
      'tooLong',
    );
  });

  it('tells days and months from what is not one', () => {
    expect(isBillingDay('2024-02-29')).toBe(true);
    expect(isBillingDay('2023-02-29')).toBe(false);
    expect(isBillingDay('2024-2-1')).toBe(false);
    expect(isBillingMonth('2024-12')).toBe(true);
    expect(isBillingMonth('2024-00')).toBe(false);
    expect(isBillingMonth('2024-12-01')).toBe(false);
  });

  it("writes days and months with SPEC.md's month abbreviations", () => {
    expect(formatShortDay('2025-08-05')).toBe('5 Agu');
    expect(formatShortDay('2025-05-31')).toBe('31 Mei');
    expect(formatMonth('2025-10')).toBe('Okt 2025');
    expect(formatMonth('nope')).toBe('nope');
  });
});
