/**
 * A project's working hours (`ProjectSettings.workingHours`, in its `timeZone`): whether it is
 * open at an instant, when it next opens, and moving a follow-up's due time into them. The zone
 * arithmetic is `@internationalized/date`'s, as the broadcast schedule's.
 *
 * How a day's hours read (`WorkingDay`, `from` and `to` as `HH:mm[:ss]`):
 * - `to` after `from`: open from `from` to `to` that day (`08:00`–`17:00`);
 * - `to` before `from`: open past midnight, until `to` the next day (`20:00`–`02:00`); the period
 *   belongs to the day it starts on, so Friday's `20:00`–`02:00` is open early Saturday even when
 *   Saturday is closed;
 * - `to` equal to `from`: open 24 hours from `from` (`00:00`–`00:00` is the whole day);
 * - `to` of `00:00` after a later `from`: until midnight.
 * The end is not included: at `17:00` a `08:00`–`17:00` day is closed. A weekday missing from the
 * list, closed, or with a time that does not read is closed.
 *
 * Clock changes: hours are wall-clock times. A time that does not exist that day (skipped by
 * daylight saving) reads as the clocks show it just after; a time that exists twice reads as its
 * first occurrence (`compatible`, as Temporal has it). A period that comes out empty is closed.
 */
import { CalendarDateTime, fromDate, getDayOfWeek, toCalendarDate, toZoned } from '@internationalized/date';
import type { CalendarDate } from '@internationalized/date';
import type { WorkingDay } from '../contract/teamTypes.ts';

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

/** An open period, in epoch milliseconds, `end` excluded. */
interface OpenPeriod {
  start: number;
  end: number;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

function readTime(value: string): TimeOfDay | null {
  const match = TIME.exec(value);
  if (match === null) return null;
  return { hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) };
}

const secondsOf = (time: TimeOfDay) => time.hour * 3_600 + time.minute * 60 + time.second;

function instantOf(date: CalendarDate, time: TimeOfDay, timeZone: string): number {
  const local = new CalendarDateTime(date.year, date.month, date.day, time.hour, time.minute, time.second);
  return toZoned(local, timeZone, 'compatible').toDate().getTime();
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
const isoWeekday = (date: CalendarDate) => getDayOfWeek(date, 'en', 'mon') + 1;

/** The period that starts on `date`, or null when that weekday is closed. */
function periodOn(date: CalendarDate, hours: readonly WorkingDay[], timeZone: string): OpenPeriod | null {
  const weekday = isoWeekday(date);
  const day = hours.find((candidate) => candidate.day === weekday);
  if (day === undefined || !day.open) return null;
  const from = readTime(day.from);
  const to = readTime(day.to);
  if (from === null || to === null) return null;
  const start = instantOf(date, from, timeZone);
  const endDate = secondsOf(to) > secondsOf(from) ? date : date.add({ days: 1 });
  const end = instantOf(endDate, to, timeZone);
  return end > start ? { start, end } : null;
}

/** The calendar date `at` falls on in `timeZone`. */
const localDate = (at: Date, timeZone: string) => toCalendarDate(fromDate(at, timeZone));

/**
 * The periods starting from the day before `at` (an overnight period may still be running) to a
 * week after it (the same weekday again), in order.
 */
function periodsAround(at: Date, timeZone: string, hours: readonly WorkingDay[]): OpenPeriod[] {
  const today = localDate(at, timeZone);
  const periods: OpenPeriod[] = [];
  for (let offset = -1; offset <= 7; offset += 1) {
    const period = periodOn(today.add({ days: offset }), hours, timeZone);
    if (period !== null) periods.push(period);
  }
  return periods;
}

/**
 * Whether the project is open at `at`. Only the periods starting on `at`'s day and the day before
 * can hold it: a period lasts at most a day, and one starting on a later day starts after `at`
 * (`periodsAround` would add nothing). Today's goes first, the likelier; each costs two zone
 * conversions, which is what this check is made of.
 */
export function isWithinWorkingHours(at: Date, timeZone: string, hours: readonly WorkingDay[]): boolean {
  const time = at.getTime();
  const today = localDate(at, timeZone);
  for (const date of [today, today.add({ days: -1 })]) {
    const period = periodOn(date, hours, timeZone);
    if (period !== null && period.start <= time && time < period.end) return true;
  }
  return false;
}

/**
 * When the project is next open: `at` itself while it is open, else the start of the next open
 * period; null when no day is open.
 */
export function nextOpening(at: Date, timeZone: string, hours: readonly WorkingDay[]): Date | null {
  if (isWithinWorkingHours(at, timeZone, hours)) return at;
  const time = at.getTime();
  let next: number | null = null;
  for (const period of periodsAround(at, timeZone, hours)) {
    if (period.start > time && (next === null || period.start < next)) next = period.start;
  }
  return next === null ? null : new Date(next);
}

/**
 * A due time moved into working hours: `due` while the project is open, else its next opening.
 * A project with no open day does not hold anything back (it would wait forever): `due` as it is.
 */
export function shiftIntoWorkingHours(due: Date, timeZone: string, hours: readonly WorkingDay[]): Date {
  return nextOpening(due, timeZone, hours) ?? due;
}
