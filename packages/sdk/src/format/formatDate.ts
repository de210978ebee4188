/**
 * Dates in Indonesian short form with the spec's month abbreviations (SPEC.md section 9), in the
 * project's time zone (default Asia/Jakarta): `formatDate(d)` -> `'5 Agu 2024'`,
 * `formatDateTime(d)` -> `'5 Agu 2024 14:05'`.
 */
export const monthAbbreviations = [
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
] as const;

export type MonthAbbreviation = (typeof monthAbbreviations)[number];

export const defaultTimeZone = 'Asia/Jakarta';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date | string | number, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(date))) parts[part.type] = part.value;
  return {
    year: parts['year'] ?? '',
    month: monthAbbreviations[Number(parts['month']) - 1] ?? '',
    day: parts['day'] ?? '',
    time: `${parts['hour'] ?? ''}:${parts['minute'] ?? ''}`,
  };
}

/** The month abbreviation of a zero-based month index (0 -> 'Jan', 7 -> 'Agu'). */
export function monthAbbreviation(monthIndex: number): MonthAbbreviation | undefined {
  return monthAbbreviations[monthIndex];
}

/** `'5 Agu 2024'`; an invalid date gives `''`. */
export function formatDate(date: Date | string | number, timeZone: string = defaultTimeZone): string {
  if (Number.isNaN(new Date(date).getTime())) return '';
  const { day, month, year } = partsOf(date, timeZone);
  return `${day} ${month} ${year}`;
}

/** `'5 Agu 2024 14:05'` (24-hour clock); an invalid date gives `''`. */
export function formatDateTime(date: Date | string | number, timeZone: string = defaultTimeZone): string {
  if (Number.isNaN(new Date(date).getTime())) return '';
  const { day, month, year, time } = partsOf(date, timeZone);
  return `${day} ${month} ${year} ${time}`;
}

/** `'14:05'` (24-hour clock) in the time zone; an invalid date gives `''`. */
export function formatTime(date: Date | string | number, timeZone: string = defaultTimeZone): string {
  if (Number.isNaN(new Date(date).getTime())) return '';
  return partsOf(date, timeZone).time;
}

/**
 * When something last happened, as a list shows it: the time when it is the same day as `now` in
 * the time zone (`'14:05'`), else the date (`'5 Agu 2024'`); `''` for none or an invalid date.
 */
export function formatActivity(
  date: Date | string | number | null,
  timeZone: string = defaultTimeZone,
  now: Date = new Date(),
): string {
  if (date === null) return '';
  const day = formatDate(date, timeZone);
  return day !== '' && day === formatDate(now, timeZone) ? formatTime(date, timeZone) : day;
}
