import { describe, expect, it } from 'vitest';
import type { LedgerEntry, SpendDay } from '../contract/billingTypes.ts';
import { isLowBalance } from './lowBalance.ts';
import { spendSeries, spendTotals, spendWithEntry, spentCategories } from './spendSeries.ts';

const none = { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, SERVICE: 0 };
const days: SpendDay[] = [
  { day: '2025-03-01', spend: { ...none, MARKETING: 1430, UTILITY: 350 } },
  { day: '2025-03-02', spend: { ...none } },
  { day: '2025-03-03', spend: { ...none, AUTHENTICATION: 520 } },
];

function entry(overrides: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: 'e1',
    seq: 9,
    kind: 'charge',
    amount: -715,
    balanceAfter: 10_000,
    createdAt: '2025-03-02T20:00:00Z', // 3 Mar in Jakarta
    actor: { id: 'u1', name: 'Sari' },
    memo: null,
    topup: null,
    project: null,
    message: {
      id: 'm1',
      conversationId: 'c1',
      category: 'MARKETING',
      customerName: 'Budi',
      customerPhone: '+62812****789',
      accountName: 'Toko',
    },
    ...overrides,
  };
}

describe("a project's spend chart", () => {
  it('draws a bar per day of the range, with zeros for the days the answer lacks', () => {
    const bars = spendSeries(days, { from: '2025-02-28', to: '2025-03-03' });
    expect(bars.map((bar) => bar.day)).toEqual(['2025-02-28', '2025-03-01', '2025-03-02', '2025-03-03']);
    expect(bars[0]).toEqual({ day: '2025-02-28', ...none, total: 0 });
    expect(bars[1]).toEqual({ day: '2025-03-01', ...none, MARKETING: 1430, UTILITY: 350, total: 1780 });
    expect(bars[3]?.total).toBe(520);
  });

  it('totals the range by category and shows only the categories that spent', () => {
    expect(spendTotals(days)).toEqual({
      ...none,
      MARKETING: 1430,
      UTILITY: 350,
      AUTHENTICATION: 520,
      total: 2300,
    });
    expect(spentCategories(days)).toEqual(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
    expect(spentCategories([])).toEqual([]);
  });

  it("adds a live charge to its day in the project's time zone, and takes a refund back", () => {
    const charged = spendWithEntry(days, entry({}), 'Asia/Jakarta');
    expect(charged[2]?.spend).toEqual({ ...none, AUTHENTICATION: 520, MARKETING: 715 });
    expect(days[2]?.spend.MARKETING).toBe(0);
    // In UTC the same charge falls on 2 March.
    expect(spendWithEntry(days, entry({}), 'UTC')[1]?.spend.MARKETING).toBe(715);
    const refunded = spendWithEntry(charged, entry({ kind: 'refund', amount: 715 }), 'Asia/Jakarta');
    expect(refunded[2]?.spend.MARKETING).toBe(0);
  });

  it('leaves the spend as it was for a transfer, or a day outside the range', () => {
    expect(
      spendWithEntry(days, entry({ kind: 'transfer_in', amount: 20_000, message: null }), 'Asia/Jakarta'),
    ).toEqual(days);
    expect(spendWithEntry(days, entry({ createdAt: '2025-04-01T03:00:00Z' }), 'Asia/Jakarta')).toEqual(days);
  });
});

describe('the low-balance warning', () => {
  it('warns below the threshold only, and never without one', () => {
    expect(isLowBalance({ balance: 49_999, lowBalanceThreshold: 50_000 })).toBe(true);
    expect(isLowBalance({ balance: 50_000, lowBalanceThreshold: 50_000 })).toBe(false);
    expect(isLowBalance({ balance: 0, lowBalanceThreshold: null })).toBe(false);
  });
});
