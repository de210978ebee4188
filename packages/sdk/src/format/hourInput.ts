/**
 * The hour picker's value (SPEC.md section 3: "time picker offers hours 0 to 23 as HH:00:00"):
 * what is a value, the hour it stands for, and how a value written another way (`9`, `09:00`,
 * `09.00`) is read. The options themselves are `hourOptions` (dateInput.ts).
 */
import { hourOptions } from './dateInput.ts';

export const HOUR_FIRST = 0;
export const HOUR_LAST = 23;

const pad = (value: number) => String(value).padStart(2, '0');

/** `9` -> `'09:00:00'`; `null` for anything but a whole hour from 0 to 23. */
export function hourValue(hour: number): string | null {
  return Number.isInteger(hour) && hour >= HOUR_FIRST && hour <= HOUR_LAST ? `${pad(hour)}:00:00` : null;
}

/** Whether `value` is one of the picker's values, exactly (`'00:00:00'` to `'23:00:00'`). */
export function isHourValue(value: unknown): value is string {
  return typeof value === 'string' && hourOptions.includes(value);
}

/** `'09:00:00'` -> `9`; `null` for what is not exactly a picker value. */
export function hourOfValue(value: string | null | undefined): number | null {
  return isHourValue(value) ? Number(value.slice(0, 2)) : null;
}

/**
 * A whole hour written another way, as its picker value: `'9'`, `'09'`, `'9:00'`, `'09.00'`,
 * `'09:00:00'` -> `'09:00:00'`. `null` for minutes or seconds other than zero, an hour past 23,
 * or anything else.
 */
export function readHourValue(text: string): string | null {
  const match = /^\s*(\d{1,2})(?:[:.](\d{2})(?:[:.](\d{2}))?)?\s*$/.exec(text);
  if (match === null) return null;
  const [, hour = '', minutes = '00', seconds = '00'] = match;
  if (minutes !== '00' || seconds !== '00') return null;
  return hourValue(Number(hour));
}

/** What is wrong with a value given to the picker: nothing (a value, or none), or not an hour. */
export type HourProblem = 'invalid' | null;

export function hourProblem(value: string | null | undefined): HourProblem {
  if (value === null || value === undefined || value === '') return null;
  return readHourValue(value) === null ? 'invalid' : null;
}
