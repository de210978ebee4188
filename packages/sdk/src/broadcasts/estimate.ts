/**
 * What a broadcast will cost before it is sent: every recipient is one template message billed
 * at its category's price (packages/sdk/src/billing/prices.ts). An estimate, not the charge: the
 * charge is made per recipient at send time, and a template's category (so its price) can change
 * after approval, as can the table from a new day.
 */
import type { PriceCategory, PriceRow } from '../contract/billingTypes.ts';
import { priceAt, priceCategoryOf } from '../billing/prices.ts';

export interface BroadcastEstimate {
  recipients: number;
  /** The category the template is billed as. */
  category: PriceCategory;
  /** The price of one recipient's message, whole rupiah. */
  perRecipient: number;
  /** `recipients × perRecipient`, whole rupiah. */
  total: number;
}

/**
 * The cost of sending a template of `templateCategory` (`MARKETING`, `UTILITY`, …) to
 * `recipients` people at `at`, from the price table `prices`. Throws a RangeError for a count that
 * is not a whole number, 0 or more.
 */
export function broadcastCostEstimate(
  recipients: number,
  templateCategory: string | null | undefined,
  prices: readonly PriceRow[],
  at: Date,
): BroadcastEstimate {
  if (!Number.isSafeInteger(recipients) || recipients < 0) {
    throw new RangeError(`recipients must be a whole number, 0 or more (got ${recipients})`);
  }
  const category = priceCategoryOf(templateCategory);
  const perRecipient = priceAt(prices, category, at);
  return { recipients, category, perRecipient, total: recipients * perRecipient };
}

/** Whether a balance (whole rupiah) pays for the whole estimate. */
export function coversEstimate(balance: number, estimate: BroadcastEstimate): boolean {
  return balance >= estimate.total;
}

/** How much the balance lacks to pay for the estimate (0 when it covers it), whole rupiah. */
export function estimateShortfall(balance: number, estimate: BroadcastEstimate): number {
  return Math.max(0, estimate.total - balance);
}
