import { describe, expect, it } from 'vitest';
import { formatDateInput, hourOptions, parseDateInput } from './dateInput.ts';

describe('date picker value yyyy-mm-dd', () => {
  it('formats a local calendar date', () => {
    expect(formatDateInput(new Date(2024, 7, 5))).toBe('2024-08-05');
    expect(formatDateInput(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });

  it('parses a real date to local midnight', () => {
    const date = parseDateInput('2024-02-29');
    expect(date?.getFullYear()).toBe(2024);
    expect(date?.getMonth()).toBe(1);
    expect(date?.getDate()).toBe(29);
    expect(date?.getHours()).toBe(0);
    expect(formatDateInput(parseDateInput('0099-01-02')!)).toBe('0099-01-02');
  });

  it('refuses what is not a real yyyy-mm-dd date', () => {
    expect(parseDateInput('2023-02-29')).toBeNull();
    expect(parseDateInput('2024-13-01')).toBeNull();
    expect(parseDateInput('2024-8-5')).toBeNull();
    expect(parseDateInput('05/08/2024')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });
});

describe('hourOptions', () => {
  it('offers hours 0 to 23 as HH:00:00', () => {
    expect(hourOptions).toHaveLength(24);
    expect(hourOptions[0]).toBe('00:00:00');
    expect(hourOptions[9]).toBe('09:00:00');
    expect(hourOptions[23]).toBe('23:00:00');
  });
});
