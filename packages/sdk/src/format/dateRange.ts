/**
 * The date picker's value (SPEC.md section 3: `yyyy-mm-dd`) as the calendar widgets hold it, and
 * the rules of a from / to range. A calendar date is `{ year, month, day }` with a 1-based month
 * (the shape of `@internationalized/date`'s `CalendarDate`, which react-aria's pickers use), so
 * the web converts with one constructor call and the rules stay here, free of any widget library.
 */
import { parseDateInput } from './dateInput.ts';

/** A day of the calendar: `month` 1-12, `day` 1-31. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `'2024-08-05'` -> `{ year: 2024, month: 8, day: 5 }`; `null` when not a real `yyyy-mm-dd` date. */
export function dateInputToDay(value: string | null | undefined): CalendarDay | null {
  if (typeof value !== 'string') return null;
  const date = parseDateInput(value);
  if (date === null) return null;
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** `{ year: 2024, month: 8, day: 5 }` -> `'2024-08-05'`; `null` for a day that does not exist. */
export function dayToDateInput(day: CalendarDay | null | undefined): string | null {
  if (day === null || day === undefined) return null;
  const { year, month, day: date } = day;
  if (![year, month, date].every(Number.isInteger) || year < 1 || year > 9999) return null;
  const value = `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
  return parseDateInput(value) === null ? null : value;
}

/** Whether `value` is a real `yyyy-mm-dd` date. */
export function isDateInput(value: unknown): value is string {
  return typeof value === 'string' && parseDateInput(value) !== null;
}

/** What is wrong with a from / to range: nothing, or `to` before `from`. Either end may be open (null). */
export type DateRangeProblem = 'reversed' | null;

/** A range is fine when an end is open or `to` is on or after `from` (`yyyy-mm-dd` sorts as text). */
export function dateRangeProblem(from: string | null, to: string | null): DateRangeProblem {
  if (from === null || to === null) return null;
  return to < from ? 'reversed' : null;
}
