import { describe, expect, it } from 'vitest';
import {
  formatActivity,
  formatDate,
  formatDateTime,
  formatTime,
  monthAbbreviation,
  monthAbbreviations,
} from './formatDate.ts';

describe('Indonesian month abbreviations', () => {
  it('are the twelve of SPEC.md section 9', () => {
    expect(monthAbbreviations).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'Mei',
      'Jun',
      'Jul',
      'Agu',
      'Sep',
      'Okt',
      'Nov',
      'Des',
    ]);
    expect(monthAbbreviation(7)).toBe('Agu');
    expect(monthAbbreviation(12)).toBeUndefined();
  });
});

describe('formatDate and formatDateTime', () => {
  it('format in Asia/Jakarta by default', () => {
    // 2024-08-04T20:05Z is 5 August, 03:05 in Jakarta (UTC+7).
    expect(formatDate('2024-08-04T20:05:00Z')).toBe('5 Agu 2024');
    expect(formatDateTime('2024-08-04T20:05:00Z')).toBe('5 Agu 2024 03:05');
    expect(formatDateTime(Date.UTC(2024, 11, 31, 16, 59))).toBe('31 Des 2024 23:59');
    expect(formatDateTime(new Date(Date.UTC(2024, 4, 1, 17, 0)))).toBe('2 Mei 2024 00:00');
  });

  it('format in a given time zone', () => {
    expect(formatDate('2024-08-04T20:05:00Z', 'UTC')).toBe('4 Agu 2024');
    expect(formatDateTime('2024-10-10T10:10:00Z', 'Asia/Makassar')).toBe('10 Okt 2024 18:10');
  });

  it('give an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('formatTime and formatActivity', () => {
  it('give the time of day in the time zone', () => {
    expect(formatTime('2025-03-01T07:05:00Z', 'Asia/Jakarta')).toBe('14:05');
    expect(formatTime('2025-03-01T23:30:00Z', 'Asia/Jakarta')).toBe('06:30');
    expect(formatTime('nope')).toBe('');
  });

  it('show the time for today and the date for earlier days, by the time zone', () => {
    const now = new Date('2025-03-01T10:00:00Z');
    expect(formatActivity('2025-03-01T01:00:00Z', 'Asia/Jakarta', now)).toBe('08:00');
    // 23:00 on 28 Feb in UTC is already 1 March in Jakarta.
    expect(formatActivity('2025-02-28T23:00:00Z', 'Asia/Jakarta', now)).toBe('06:00');
    expect(formatActivity('2025-02-28T16:00:00Z', 'Asia/Jakarta', now)).toBe('28 Feb 2025');
    expect(formatActivity(null, 'Asia/Jakarta', now)).toBe('');
    expect(formatActivity('nope', 'Asia/Jakarta', now)).toBe('');
  });
});
