import { describe, expect, it } from 'vitest';
import { hourOptions } from './dateInput.ts';
import { hourOfValue, hourProblem, hourValue, isHourValue, readHourValue } from './hourInput.ts';

describe('hour picker values HH:00:00', () => {
  it('writes each hour from 0 to 23, and nothing else', () => {
    expect(hourValue(0)).toBe('00:00:00');
    expect(hourValue(9)).toBe('09:00:00');
    expect(hourValue(23)).toBe('23:00:00');
    expect(hourValue(24)).toBeNull();
    expect(hourValue(-1)).toBeNull();
    expect(hourValue(9.5)).toBeNull();
    expect(hourValue(Number.NaN)).toBeNull();
    expect(Array.from({ length: 24 }, (_, hour) => hourValue(hour))).toEqual([...hourOptions]);
  });

  it('knows a value exactly and reads its hour', () => {
    expect(isHourValue('08:00:00')).toBe(true);
    expect(isHourValue('8:00:00')).toBe(false);
    expect(isHourValue('08:30:00')).toBe(false);
    expect(isHourValue('24:00:00')).toBe(false);
    expect(isHourValue(8)).toBe(false);
    expect(hourOfValue('23:00:00')).toBe(23);
    expect(hourOfValue('00:00:00')).toBe(0);
    expect(hourOfValue('07:15:00')).toBeNull();
    expect(hourOfValue(null)).toBeNull();
  });

  it('reads a whole hour written another way', () => {
    expect(readHourValue('9')).toBe('09:00:00');
    expect(readHourValue(' 09 ')).toBe('09:00:00');
    expect(readHourValue('9:00')).toBe('09:00:00');
    expect(readHourValue('17.00')).toBe('17:00:00');
    expect(readHourValue('23:00:00')).toBe('23:00:00');
  });

  it('refuses minutes, seconds, hours past 23 and other text', () => {
    expect(readHourValue('09:30')).toBeNull();
    expect(readHourValue('09:00:01')).toBeNull();
    expect(readHourValue('24')).toBeNull();
    expect(readHourValue('24:00:00')).toBeNull();
    expect(readHourValue('jam 9')).toBeNull();
    expect(readHourValue('')).toBeNull();
  });

  it('finds a problem only in a value that is not an hour', () => {
    expect(hourProblem(null)).toBeNull();
    expect(hourProblem('')).toBeNull();
    expect(hourProblem('10:00:00')).toBeNull();
    expect(hourProblem('10:00')).toBeNull();
    expect(hourProblem('10:45:00')).toBe('invalid');
    expect(hourProblem('besok')).toBe('invalid');
  });
});
