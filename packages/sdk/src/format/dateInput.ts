/**
 * Form values of SPEC.md section 3: the date picker's `yyyy-mm-dd` and the time picker's hours
 * `HH:00:00`. Dates are calendar dates in local time (no time zone shift on a round trip).
 */
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `new Date(2024, 7, 5)` -> `'2024-08-05'`. */
export function formatDateInput(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `'2024-08-05'` -> local midnight of that day; `null` when not a real `yyyy-mm-dd` date. */
export function parseDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0..99 would otherwise map to 1900..1999
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : null;
}

/** The time picker's hours: `'00:00:00'` to `'23:00:00'`. */
export const hourOptions: readonly string[] = Object.freeze(
  Array.from({ length: 24 }, (_, hour) => `${pad(hour)}:00:00`),
);
