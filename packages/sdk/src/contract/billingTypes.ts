/**
 * The prepaid balance (issue 16, DESIGN.md "Storage"): a user's saldo, topped up through a payment
 * gateway, and a project's balance, funded from members' saldo, which pays for the project's paid
 * messages. Both are whole rupiah and change only through their append-only ledger.
 */

/** What a message is billed as: Meta's template categories, and `SERVICE` for free-form replies. */
export const priceCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION', 'SERVICE'] as const;
export type PriceCategory = (typeof priceCategories)[number];

/** One row of the price table: from `from` (a day, `yyyy-mm-dd`, Asia/Jakarta) a category costs `price` rupiah. */
export interface PriceRow {
  category: PriceCategory;
  price: number;
  from: string;
}

/** What a ledger entry records. */
export const ledgerKinds = [
  'topup',
  'transfer_in',
  'transfer_out',
  'charge',
  'refund',
  'adjustment',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** One ledger entry of a saldo or a project balance, newest first in lists. */
export interface LedgerEntry {
  id: string;
  /** Its place in its ledger: 1, 2, 3 … with no gaps. */
  seq: number;
  kind: LedgerKind;
  /** Signed whole rupiah: credits positive, debits negative. */
  amount: number;
  /** The balance right after this entry. */
  balanceAfter: number;
  createdAt: string;
  /** Who did it (a top-up's payer, a transfer's sender, the agent whose send was charged); null for the system. */
  actor: { id: string; name: string } | null;
  /** A note: an adjustment's reason, a refund's cause (`free_customer_service`, `send_failed` …). */
  memo: string | null;
  /** A top-up's order. */
  topup: { id: string; orderId: string } | null;
  /** A saldo's transfer: the project the money went to (a project's `transfer_in` names its sender as `actor`). */
  project: { key: string; name: string } | null;
  /** A charge or refund: the message it paid for, and where it went. */
  message: {
    id: string;
    conversationId: string;
    category: PriceCategory;
    customerName: string;
    /** Masked (`+62812****789`) for callers without `crm.chat.show_user_contact_detail`. */
    customerPhone: string;
    accountName: string;
  } | null;
}

export type TopupStatus = 'pending' | 'paid' | 'expired' | 'failed';

/** A top-up of the caller's saldo: one payment attempt with its own gateway order id. */
export interface Topup {
  id: string;
  orderId: string;
  amount: number;
  status: TopupStatus;
  /** The gateway's method once the payer chose one (`qris`, `bank_transfer` …). */
  paymentType: string | null;
  /** Where the payer pays (the gateway's hosted page); null once finished. */
  redirectUrl: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** The gateway that handles it (`midtrans`, `simulator`). */
  gateway: string;
}

/** The caller's saldo. */
export interface Saldo {
  balance: number;
  /** The sum of top-ups still waiting for payment. */
  pending: number;
}

/** A project's balance as `/project/billing/{key}` shows it. */
export interface ProjectBilling {
  key: string;
  balance: number;
  /** Below this the members who see billing are told, once per crossing; null: never. */
  lowBalanceThreshold: number | null;
  /** The price table rows in force now, one per category. */
  prices: PriceRow[];
  /** Later rows already known (a price change ahead). */
  upcomingPrices: PriceRow[];
}

/** Spend of one day (the project's time zone) by category: charges less refunds, rupiah. */
export interface SpendDay {
  day: string;
  spend: Record<PriceCategory, number>;
}

/** A month of a project's ledger (`yyyy-mm`, the project's time zone). */
export interface BillingStatement {
  month: string;
  opening: number;
  closing: number;
  /** Sums of the month's entries by kind (signed). */
  byKind: Record<LedgerKind, number>;
  /** Charges less refunds by category (positive: spent). */
  byCategory: Record<PriceCategory, number>;
  /** Paid messages of the month (charges not refunded). */
  paidMessages: number;
}
