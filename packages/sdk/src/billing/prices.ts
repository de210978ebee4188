/**
 * The price table: what a message costs by category, in whole rupiah, from a date. Meta's pricing
 * changes are new rows, not code. The server reads its table from configuration (docs/billing.md);
 * `defaultPriceTable` is what it uses when none is configured.
 */
import type { PriceCategory, PriceRow } from '../contract/billingTypes.ts';
import { priceCategories } from '../contract/billingTypes.ts';

/**
 * Defaults (docs/billing.md gives their sources): Meta's newest dated Indonesian rates found
 * (2024-06-01, USD: marketing 0.0411, utility 0.02, authentication 0.030) at Rp16.500/USD,
 * rounded up to the next Rp5 with about 5% margin, charged per message since Meta's per-message
 * pricing of 2025-07-01. Service (free-form) replies stay free here: Meta's webhooks report them
 * `free_customer_service`, and whether the first 1,000 a month stay free after 2026-10-01 is
 * disputed; an operator who passes them on adds a `SERVICE` row.
 */
export const defaultPriceTable: readonly PriceRow[] = [
  { category: 'MARKETING', price: 715, from: '2025-07-01' },
  { category: 'UTILITY', price: 350, from: '2025-07-01' },
  { category: 'AUTHENTICATION', price: 520, from: '2025-07-01' },
  { category: 'SERVICE', price: 0, from: '2024-11-01' },
];

/** The day `at` falls on in Asia/Jakarta (UTC+7, no daylight saving), `yyyy-mm-dd`. */
export function jakartaDay(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The row of `category` in force at `at` (the latest `from` on or before its day), or null. */
export function priceRowAt(table: readonly PriceRow[], category: PriceCategory, at: Date): PriceRow | null {
  const day = jakartaDay(at);
  let found: PriceRow | null = null;
  for (const row of table) {
    if (row.category !== category || row.from > day) continue;
    if (found === null || row.from > found.from) found = row;
  }
  return found;
}

/** What a message of `category` costs at `at`, whole rupiah (0 when the table has no row yet). */
export function priceAt(table: readonly PriceRow[], category: PriceCategory, at: Date): number {
  return priceRowAt(table, category, at)?.price ?? 0;
}

/** The rows in force at `at`, one per category that has one. */
export function pricesInForce(table: readonly PriceRow[], at: Date): PriceRow[] {
  return priceCategories.flatMap((category) => {
    const row = priceRowAt(table, category, at);
    return row === null ? [] : [row];
  });
}

/** The rows that take effect after `at`'s day, by date. */
export function upcomingPrices(table: readonly PriceRow[], at: Date): PriceRow[] {
  const day = jakartaDay(at);
  return table
    .filter((row) => row.from > day)
    .toSorted((a, b) => a.from.localeCompare(b.from) || a.category.localeCompare(b.category));
}

/** The category a send is billed as: its template's category, `SERVICE` for anything free-form. */
export function priceCategoryOf(templateCategory: string | null | undefined): PriceCategory {
  if (
    templateCategory === 'MARKETING' ||
    templateCategory === 'UTILITY' ||
    templateCategory === 'AUTHENTICATION'
  ) {
    return templateCategory;
  }
  return 'SERVICE';
}

/** Whether `value` is a real calendar day written `yyyy-mm-dd` (`2026-02-30` is not). */
function isDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * A price table's problems (`[]`: fine): every row a known category, a whole non-negative price
 * and a real day; no two rows of one category on one day.
 */
export function priceTableProblems(table: readonly PriceRow[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  table.forEach((row, index) => {
    if (!priceCategories.includes(row.category))
      problems.push(`row ${index}: unknown category ${String(row.category)}`);
    if (!Number.isSafeInteger(row.price) || row.price < 0)
      problems.push(`row ${index}: price must be whole rupiah, 0 or more`);
    if (!isDay(row.from)) {
      problems.push(`row ${index}: from must be a day, yyyy-mm-dd`);
    }
    const key = `${row.category}@${row.from}`;
    if (seen.has(key)) problems.push(`row ${index}: a second ${row.category} row from ${row.from}`);
    seen.add(key);
  });
  return problems;
}
