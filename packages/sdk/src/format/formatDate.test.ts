import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, monthAbbreviation, monthAbbreviations } from './formatDate.ts';

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
