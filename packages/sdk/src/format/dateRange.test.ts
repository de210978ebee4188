import { describe, expect, it } from 'vitest';
import { dateInputToDay, dateRangeProblem, dayToDateInput, isDateInput } from './dateRange.ts';

describe('date picker values and calendar days', () => {
  it('reads a yyyy-mm-dd value as a calendar day with a 1-based month', () => {
    expect(dateInputToDay('2024-08-05')).toEqual({ year: 2024, month: 8, day: 5 });
    expect(dateInputToDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(dateInputToDay('0099-01-02')).toEqual({ year: 99, month: 1, day: 2 });
  });

  it('refuses what is not a real date, or nothing at all', () => {
    for (const value of ['2023-02-29', '2024-13-01', '2024-8-5', '05/08/2024', '', null, undefined])
      expect(dateInputToDay(value)).toBeNull();
  });

  it('writes a calendar day back as yyyy-mm-dd, the same value it came from', () => {
    expect(dayToDateInput({ year: 2024, month: 8, day: 5 })).toBe('2024-08-05');
    expect(dayToDateInput({ year: 99, month: 12, day: 31 })).toBe('0099-12-31');
    for (const value of ['2024-01-01', '2024-12-31', '2000-02-29'])
      expect(dayToDateInput(dateInputToDay(value))).toBe(value);
  });

  it('answers null for a day that does not exist or no day', () => {
    expect(dayToDateInput({ year: 2023, month: 2, day: 29 })).toBeNull();
    expect(dayToDateInput({ year: 2024, month: 0, day: 1 })).toBeNull();
    expect(dayToDateInput({ year: 2024, month: 1.5, day: 1 })).toBeNull();
    expect(dayToDateInput({ year: 10000, month: 1, day: 1 })).toBeNull();
    expect(dayToDateInput(null)).toBeNull();
  });

  it('tells a real yyyy-mm-dd value apart', () => {
    expect(isDateInput('2024-08-05')).toBe(true);
    expect(isDateInput('2024-08-32')).toBe(false);
    expect(isDateInput(20240805)).toBe(false);
  });
});

describe('a from / to range', () => {
  it('is fine with an open end or to on or after from', () => {
    expect(dateRangeProblem(null, null)).toBeNull();
    expect(dateRangeProblem('2024-08-05', null)).toBeNull();
    expect(dateRangeProblem(null, '2024-08-05')).toBeNull();
    expect(dateRangeProblem('2024-08-05', '2024-08-05')).toBeNull();
    expect(dateRangeProblem('2024-08-05', '2025-01-01')).toBeNull();
  });

  it('is reversed when to is before from', () => {
    expect(dateRangeProblem('2024-08-05', '2024-08-04')).toBe('reversed');
    expect(dateRangeProblem('2025-01-01', '2024-12-31')).toBe('reversed');
  });
});
