/**
 * A project's spend as its billing page draws it: one bar per day of the range, stacked by
 * category (`billing_spend` answers `SpendDay[]`, charges less refunds), the range's totals, and
 * a live ledger entry (`billing.updated`) added to its day, so the chart follows the balance
 * without asking again.
 */
import type { LedgerEntry, PriceCategory, SpendDay } from '../contract/billingTypes.ts';
import { priceCategories } from '../contract/billingTypes.ts';
import { dayIn, daysOf } from './billingDays.ts';
import type { DayRange } from './billingDays.ts';

/** One bar of the chart: a day, its spend per category and their sum, whole rupiah. */
export type SpendBar = { day: string; total: number } & Record<PriceCategory, number>;

/** The spend of every category, and their sum. */
export type SpendTotals = { total: number } & Record<PriceCategory, number>;

function zeroes(): Record<PriceCategory, number> {
  return { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, SERVICE: 0 };
}

function sum(spend: Record<PriceCategory, number>): number {
  return priceCategories.reduce((total, category) => total + spend[category], 0);
}

/** A bar for every day of `range`, oldest first: a day the answer lacks spent nothing. */
export function spendSeries(days: readonly SpendDay[], range: DayRange): SpendBar[] {
  const byDay = new Map(days.map((day) => [day.day, day.spend]));
  return daysOf(range).map((day) => {
    const spend = { ...zeroes(), ...byDay.get(day) };
    return { day, ...spend, total: sum(spend) };
  });
}

/** The range's spend per category and in all. */
export function spendTotals(days: readonly SpendDay[]): SpendTotals {
  const totals = zeroes();
  for (const day of days) for (const category of priceCategories) totals[category] += day.spend[category];
  return { ...totals, total: sum(totals) };
}

/** The categories that spent anything in the range, in the price table's order (the chart's legend). */
export function spentCategories(days: readonly SpendDay[]): PriceCategory[] {
  const totals = spendTotals(days);
  return priceCategories.filter((category) => totals[category] !== 0);
}

/**
 * The spend with a live ledger entry added: a charge (negative amount) spends on its message's
 * category and day in `timeZone`, a refund gives it back. Other entries, and a day outside the
 * answered days, leave the spend as it was.
 */
export function spendWithEntry(days: readonly SpendDay[], entry: LedgerEntry, timeZone: string): SpendDay[] {
  if ((entry.kind !== 'charge' && entry.kind !== 'refund') || entry.message === null) return [...days];
  const day = dayIn(entry.createdAt, timeZone);
  const category = entry.message.category;
  const index = days.findIndex((item) => item.day === day);
  if (index === -1) return [...days];
  return days.map((item, at) =>
    at === index
      ? { day: item.day, spend: { ...item.spend, [category]: item.spend[category] - entry.amount } }
      : item,
  );
}
