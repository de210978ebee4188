/**
 * The days and months of a project's billing (`/project/billing/{key}`), in the project's time
 * zone: today and the last days for the spend chart, a month's first and last day for its
 * statement and its CSV export, the months a statement can be asked for, and how a day or a
 * month reads (`5 Agu`, `Agu 2025`, SPEC.md section 9's abbreviations). Days are `yyyy-mm-dd`,
 * months `yyyy-mm`, both as the billing acts take them; they sort as text.
 */
import { defaultTimeZone, monthAbbreviations } from '../format/formatDate.ts';

/** A range of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The spend chart's range when the page opens: the last 30 days, today included. */
export const SPEND_DEFAULT_DAYS = 30;
/** The longest range `billing_spend` answers, in days. */
export const SPEND_RANGE_MAX_DAYS = 366;
/** The ranges the spend chart offers with one click, in days. */
export const SPEND_PRESET_DAYS: readonly number[] = [7, 30, 90];
/** How many months back the statement's month choice goes (this month included). */
export const STATEMENT_MONTHS = 12;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The UTC midnight of a `yyyy-mm-dd` day, or null when it is not a real day. */
function utcOf(day: string): number | null {
  const match = DAY.exec(day);
  if (match === null) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? time
    : null;
}

function dayOfUtc(time: number): string {
  const date = new Date(time);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whether `value` is a real `yyyy-mm-dd` day. */
export function isBillingDay(value: unknown): value is string {
  return typeof value === 'string' && utcOf(value) !== null;
}

/** Whether `value` is a `yyyy-mm` month. */
export function isBillingMonth(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = MONTH.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && Number(match[1]) >= 1;
}

/** The day `at` falls on in `timeZone` (default Asia/Jakarta), `yyyy-mm-dd`. */
export function dayIn(at: Date | string | number, timeZone: string = defaultTimeZone): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value;
  return `${parts['year'] ?? ''}-${parts['month'] ?? ''}-${parts['day'] ?? ''}`;
}

/** The month `at` falls in in `timeZone`, `yyyy-mm`. */
export function monthIn(at: Date | string | number, timeZone: string = defaultTimeZone): string {
  return dayIn(at, timeZone).slice(0, 7);
}

/** `day` moved by `count` days (negative: back). */
export function addDays(day: string, count: number): string {
  const time = utcOf(day);
  if (time === null) throw new RangeError(`Not a day: ${day}`);
  return dayOfUtc(time + count * DAY_MS);
}

/** How many days a range holds, both ends included (0 when `to` is before `from`). */
export function daysIn(range: DayRange): number {
  const from = utcOf(range.from);
  const to = utcOf(range.to);
  if (from === null || to === null || to < from) return 0;
  return Math.round((to - from) / DAY_MS) + 1;
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const count = daysIn(range);
  return Array.from({ length: count }, (_, index) => addDays(range.from, index));
}

/** The last `count` days up to today in `timeZone`, today included. */
export function lastDays(count: number, now: Date, timeZone: string = defaultTimeZone): DayRange {
  const to = dayIn(now, timeZone);
  return { from: addDays(to, -(Math.max(1, Math.floor(count)) - 1)), to };
}

export type SpendRangeProblem = 'invalid' | 'reversed' | 'tooLong' | null;

/** What is wrong with a spend chart's range: not days, `to` before `from`, or longer than the act takes. */
export function spendRangeProblem(range: DayRange): SpendRangeProblem {
  if (!isBillingDay(range.from) || !isBillingDay(range.to)) return 'invalid';
  if (range.to < range.from) return 'reversed';
  return daysIn(range) > SPEND_RANGE_MAX_DAYS ? 'tooLong' : null;
}

/** A month's first and last day (what `billing_export` takes for its statement). */
export function monthRange(month: string): DayRange {
  if (!isBillingMonth(month)) throw new RangeError(`Not a month: ${month}`);
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return { from: `${month}-01`, to: dayOfUtc(Date.UTC(year, index, 0)) };
}

/** `month` moved by `count` months (negative: back). */
export function addMonths(month: string, count: number): string {
  if (!isBillingMonth(month)) throw new RangeError(`Not a month: ${month}`);
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** The months a statement can be asked for: this month in `timeZone` and the ones before it, newest first. */
export function recentMonths(
  now: Date,
  timeZone: string = defaultTimeZone,
  count: number = STATEMENT_MONTHS,
): string[] {
  const current = monthIn(now, timeZone);
  return Array.from({ length: Math.max(1, count) }, (_, index) => addMonths(current, -index));
}

/** `'2025-08-05'` -> `'5 Agu'`. */
export function formatShortDay(day: string): string {
  const match = DAY.exec(day);
  if (match === null) return day;
  return `${Number(match[3])} ${monthAbbreviations[Number(match[2]) - 1] ?? ''}`;
}

/** `'2025-08'` -> `'Agu 2025'`. */
export function formatMonth(month: string): string {
  if (!isBillingMonth(month)) return month;
  return `${monthAbbreviations[Number(month.slice(5, 7)) - 1] ?? ''} ${Number(month.slice(0, 4))}`;
}
