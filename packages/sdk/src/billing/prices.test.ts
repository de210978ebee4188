import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../contract/billingTypes.ts';
import {
  defaultPriceTable,
  jakartaDay,
  priceAt,
  priceCategoryOf,
  priceRowAt,
  pricesInForce,
  priceTableProblems,
  upcomingPrices,
} from './prices.ts';

/** A table with a change ahead: service replies billed from 2026-10-01, marketing dearer from 2027. */
const table: PriceRow[] = [
  { category: 'MARKETING', price: 715, from: '2025-07-01' },
  { category: 'MARKETING', price: 800, from: '2027-01-01' },
  { category: 'UTILITY', price: 350, from: '2025-07-01' },
  { category: 'SERVICE', price: 0, from: '2024-11-01' },
  { category: 'SERVICE', price: 350, from: '2026-10-01' },
];

describe('jakartaDay', () => {
  it('names the day in Asia/Jakarta (UTC+7), not in UTC', () => {
    expect(jakartaDay(new Date('2026-09-30T16:59:59Z'))).toBe('2026-09-30');
    expect(jakartaDay(new Date('2026-09-30T17:00:00Z'))).toBe('2026-10-01');
    expect(jakartaDay(new Date('2026-12-31T18:00:00Z'))).toBe('2027-01-01');
  });
});

describe('priceAt', () => {
  it('takes the row of the category with the latest day on or before the moment, in Jakarta', () => {
    expect(priceAt(table, 'MARKETING', new Date('2026-05-01T00:00:00Z'))).toBe(715);
    expect(priceAt(table, 'MARKETING', new Date('2027-01-01T00:00:00Z'))).toBe(800);
    // 30 September 23:59 in Jakarta: service replies are still free; a minute later they are not.
    expect(priceAt(table, 'SERVICE', new Date('2026-09-30T16:59:00Z'))).toBe(0);
    expect(priceAt(table, 'SERVICE', new Date('2026-09-30T17:00:00Z'))).toBe(350);
  });

  it('answers 0 for a category with no row yet, or none at all', () => {
    expect(priceAt(table, 'UTILITY', new Date('2025-06-30T12:00:00Z'))).toBe(0);
    expect(priceAt(table, 'AUTHENTICATION', new Date('2026-05-01T00:00:00Z'))).toBe(0);
    expect(priceRowAt(table, 'AUTHENTICATION', new Date('2026-05-01T00:00:00Z'))).toBeNull();
    expect(priceAt([], 'MARKETING', new Date())).toBe(0);
  });

  it('does not depend on the order of the rows', () => {
    const reversed = table.toReversed();
    for (const at of ['2026-05-01T00:00:00Z', '2026-10-02T00:00:00Z', '2027-03-01T00:00:00Z']) {
      for (const category of ['MARKETING', 'UTILITY', 'SERVICE'] as const) {
        expect(priceAt(reversed, category, new Date(at))).toBe(priceAt(table, category, new Date(at)));
      }
    }
  });
});

describe('the rows in force and ahead', () => {
  it('lists one row per category in force, in category order, and the later rows by date', () => {
    const at = new Date('2026-05-01T00:00:00Z');
    expect(pricesInForce(table, at)).toEqual([
      { category: 'MARKETING', price: 715, from: '2025-07-01' },
      { category: 'UTILITY', price: 350, from: '2025-07-01' },
      { category: 'SERVICE', price: 0, from: '2024-11-01' },
    ]);
    expect(upcomingPrices(table, at)).toEqual([
      { category: 'SERVICE', price: 350, from: '2026-10-01' },
      { category: 'MARKETING', price: 800, from: '2027-01-01' },
    ]);
    // On its first day a row is in force, no longer ahead.
    const first = new Date('2026-09-30T17:00:00Z');
    expect(pricesInForce(table, first).find((row) => row.category === 'SERVICE')?.price).toBe(350);
    expect(upcomingPrices(table, first).map((row) => row.from)).toEqual(['2027-01-01']);
  });
});

describe('priceCategoryOf', () => {
  it('bills a template by its category and anything else as a service message', () => {
    expect(priceCategoryOf('MARKETING')).toBe('MARKETING');
    expect(priceCategoryOf('UTILITY')).toBe('UTILITY');
    expect(priceCategoryOf('AUTHENTICATION')).toBe('AUTHENTICATION');
    expect(priceCategoryOf(null)).toBe('SERVICE');
    expect(priceCategoryOf(undefined)).toBe('SERVICE');
    expect(priceCategoryOf('marketing')).toBe('SERVICE');
  });
});

describe('priceTableProblems', () => {
  it('accepts the defaults: whole rupiah from dated rows, one row per category and day', () => {
    expect(priceTableProblems(defaultPriceTable)).toEqual([]);
    expect(priceTableProblems(table)).toEqual([]);
    expect(defaultPriceTable.every((row) => Number.isSafeInteger(row.price) && row.price >= 0)).toBe(true);
  });

  it('names every bad row', () => {
    const bad = [
      { category: 'BROADCAST', price: 100, from: '2025-01-01' },
      { category: 'MARKETING', price: 71.5, from: '2025-01-01' },
      { category: 'UTILITY', price: -1, from: '2025-01-01' },
      { category: 'UTILITY', price: 1, from: '2026-02-30' },
      { category: 'UTILITY', price: 1, from: '1 Juli 2025' },
      { category: 'MARKETING', price: 700, from: '2025-01-01' },
    ] as unknown as PriceRow[];
    expect(priceTableProblems(bad)).toEqual([
      'row 0: unknown category BROADCAST',
      'row 1: price must be whole rupiah, 0 or more',
      'row 2: price must be whole rupiah, 0 or more',
      'row 3: from must be a day, yyyy-mm-dd',
      'row 4: from must be a day, yyyy-mm-dd',
      'row 5: a second MARKETING row from 2025-01-01',
    ]);
  });
});
