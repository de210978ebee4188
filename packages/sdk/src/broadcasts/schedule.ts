/**
 * When a broadcast starts: now, or at a date and time in the project's time zone. The composer
 * holds the day (`yyyy-mm-dd`, the date picker's) and the time (`HH:mm`) as picked, turns them into
 * the instant it sends (`broadcastScheduleAt`) and a stored instant back into them
 * (`broadcastScheduleParts`, to edit a scheduled broadcast); `broadcastScheduleProblem` is the
 * bounds' rule: not in the past (a minute's grace: a form filled a moment ago starts now), at most
 * `BROADCAST_SCHEDULE_MAX_DAYS` days ahead. The zone arithmetic is `@internationalized/date`'s
 * (the date picker's library), so a time in a zone with daylight saving is read as it is there.
 */
import { CalendarDateTime, fromDate, parseDate, parseTime, toZoned } from '@internationalized/date';
import { BROADCAST_SCHEDULE_MAX_DAYS } from './limits.ts';

/** A time picked: a day (`yyyy-mm-dd`) and a time of day (`HH:mm`), in the project's time zone. */
export interface ScheduleParts {
  date: string;
  time: string;
}

/** How long ago a time may be and still mean "now" (a form filled a moment ago). */
export const BROADCAST_SCHEDULE_GRACE_MS = 60_000;

const DAY_MS = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Whether `value` is a time of day as the composer holds it: `HH:mm`, 00:00 to 23:59. */
export function isScheduleTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

function calendarDay(value: string) {
  if (!DAY.test(value)) return null;
  try {
    const day = parseDate(value);
    // parseDate clamps an impossible day (31 February) instead of refusing it.
    return day.toString() === value ? day : null;
  } catch {
    return null;
  }
}

/**
 * The instant (ISO, UTC) of `parts` read in `timeZone`, or null when the day or the time is not
 * one. A time that does not exist there (skipped by daylight saving) is read as the clocks would
 * show it just after.
 */
export function broadcastScheduleAt(parts: ScheduleParts, timeZone: string): string | null {
  const day = calendarDay(parts.date);
  if (day === null || !isScheduleTime(parts.time)) return null;
  const time = parseTime(parts.time);
  const local = new CalendarDateTime(day.year, day.month, day.day, time.hour, time.minute);
  return toZoned(local, timeZone, 'later').toAbsoluteString();
}

/** The day and time `at` shows in `timeZone` (to edit a scheduled broadcast). */
export function broadcastScheduleParts(at: Date | string, timeZone: string): ScheduleParts {
  const zoned = fromDate(new Date(at), timeZone);
  return {
    date: `${String(zoned.year).padStart(4, '0')}-${pad(zoned.month)}-${pad(zoned.day)}`,
    time: `${pad(zoned.hour)}:${pad(zoned.minute)}`,
  };
}

/** Why a broadcast cannot start at a time: gone by, or too far ahead. */
export type BroadcastScheduleProblem = 'past' | 'far';

/**
 * Whether a broadcast may be scheduled for `at` at `now`: not more than a minute ago (within it,
 * it starts now) and at most `BROADCAST_SCHEDULE_MAX_DAYS` days ahead; null when it may.
 */
export function broadcastScheduleProblem(at: Date | string, now: Date): BroadcastScheduleProblem | null {
  const time = new Date(at).getTime();
  if (time < now.getTime() - BROADCAST_SCHEDULE_GRACE_MS) return 'past';
  if (time > now.getTime() + BROADCAST_SCHEDULE_MAX_DAYS * DAY_MS) return 'far';
  return null;
}

/** The first and last days a broadcast may be scheduled on, in `timeZone` (the calendar's bounds). */
export function broadcastScheduleDays(now: Date, timeZone: string): { first: string; last: string } {
  return {
    first: broadcastScheduleParts(now, timeZone).date,
    last: broadcastScheduleParts(new Date(now.getTime() + BROADCAST_SCHEDULE_MAX_DAYS * DAY_MS), timeZone)
      .date,
  };
}
