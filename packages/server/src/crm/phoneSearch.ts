/**
 * How a search finds phone numbers: the inbox, the customers table and a broadcast's recipients
 * all search them the same way.
 */
import { or, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';

/** Fewer digits than this find too many numbers to be a search for one. */
const PHONE_SEARCH_MIN_DIGITS = 3;

/**
 * The digit runs a search looks for inside stored numbers (`+62812…`): its digits as typed, and,
 * when they start with `0`, the local number they may be (`0812…` is `62812…`). Both are kept: `083456`
 * is as likely the end of a number as the start of a local one.
 */
export function phoneSearchDigits(search: string): string[] {
  const digits = search.replace(/\D/g, '');
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return [];
  return digits.startsWith('0') ? [digits, `62${digits.slice(1)}`] : [digits];
}

/**
 * The numbers in `column` that `search` finds, or `undefined` when it has too few digits;
 * `narrow` adds a condition per digit run (an index the `like` cannot use).
 */
export function phoneSearchCondition(
  column: AnyColumn,
  search: string,
  narrow?: (digits: string) => SQL,
): SQL | undefined {
  return or(
    ...phoneSearchDigits(search).map((digits) => {
      const like = sql`${column} like ${`%${digits}%`}`;
      return narrow === undefined ? like : sql`(${like} AND ${narrow(digits)})`;
    }),
  );
}
