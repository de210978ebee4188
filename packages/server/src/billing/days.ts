/**
 * Calendar days as the billing pages name them (`yyyy-mm-dd`, `yyyy-mm`), counted without a time
 * zone: which instants a day covers is decided in SQL in the project's time zone (queries.ts).
 */

const DAY_MS = 86_400_000;

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day (`2026-02-30` is not). */
export function isRealDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days `from` to `to` covers, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  if (to < from) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A month (`yyyy-mm`) as its first day and the first day of the next month. */
export function monthBounds(month: string): { first: string; next: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, next: `${next}-01` };
}
