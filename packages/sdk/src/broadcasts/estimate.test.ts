import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../contract/billingTypes.ts';
import { defaultPriceTable } from '../billing/prices.ts';
import { broadcastCostEstimate, coversEstimate, estimateShortfall } from './estimate.ts';

const at = new Date('2026-03-10T05:00:00Z');

describe('broadcastCostEstimate', () => {
  it('prices every recipient at the template category’s price in force', () => {
    expect(broadcastCostEstimate(30, 'MARKETING', defaultPriceTable, at)).toEqual({
      recipients: 30,
      category: 'MARKETING',
      perRecipient: 715,
      total: 21_450,
    });
    expect(broadcastCostEstimate(1_000, 'UTILITY', defaultPriceTable, at).total).toBe(350_000);
  });

  it('uses the row in force on the day (Asia/Jakarta) of `at`', () => {
    const table: PriceRow[] = [
      { category: 'MARKETING', price: 700, from: '2026-01-01' },
      { category: 'MARKETING', price: 800, from: '2026-04-01' },
    ];
    // 2026-03-31T18:00Z is already April 1st in Jakarta.
    expect(broadcastCostEstimate(10, 'MARKETING', table, new Date('2026-03-31T16:00:00Z')).total).toBe(7_000);
    expect(broadcastCostEstimate(10, 'MARKETING', table, new Date('2026-03-31T18:00:00Z')).total).toBe(8_000);
  });

  it('costs nothing without recipients or without a row for the category', () => {
    expect(broadcastCostEstimate(0, 'MARKETING', defaultPriceTable, at).total).toBe(0);
    expect(broadcastCostEstimate(5, 'AUTHENTICATION', [], at)).toMatchObject({ perRecipient: 0, total: 0 });
    expect(broadcastCostEstimate(5, 'SOMETHING', defaultPriceTable, at).category).toBe('SERVICE');
  });

  it('refuses a count that is not a whole number, 0 or more', () => {
    expect(() => broadcastCostEstimate(-1, 'MARKETING', defaultPriceTable, at)).toThrow(RangeError);
    expect(() => broadcastCostEstimate(1.5, 'MARKETING', defaultPriceTable, at)).toThrow(RangeError);
  });
});

describe('coversEstimate', () => {
  const estimate = broadcastCostEstimate(30, 'MARKETING', defaultPriceTable, at);

  it('covers when the balance is at least the total', () => {
    expect(coversEstimate(21_450, estimate)).toBe(true);
    expect(coversEstimate(21_449, estimate)).toBe(false);
    expect(coversEstimate(-5, broadcastCostEstimate(0, 'MARKETING', defaultPriceTable, at))).toBe(false);
  });

  it('says how much is missing', () => {
    expect(estimateShortfall(20_000, estimate)).toBe(1_450);
    expect(estimateShortfall(50_000, estimate)).toBe(0);
  });
});
