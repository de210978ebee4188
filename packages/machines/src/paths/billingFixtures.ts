/**
 * A project's billing in model paths and tests: project k1abcdefgh with Rp 20.000 and a threshold
 * of Rp 5.000, the default prices (service replies from October 2026 ahead), Sari's saldo of
 * Rp 50.000, a marketing charge to Budi and a transfer in, the spend of three days, March 2025's
 * statement, the page's clock (10 March 2025, 09:00 in Jakarta), and the ledger's page source.
 */
import type {
  BillingStatement,
  LedgerEntry,
  ProjectBilling,
  Saldo,
  SpendDay,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { BillingExport, LedgerPayload } from '../billingActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { apiError } from './fixtures.ts';

export const billingKey = 'k1abcdefgh';

/** The page's clock: 10 March 2025, 09:00 in Jakarta. */
export const billingNow = new Date('2025-03-10T02:00:00Z');

export const projectBilling: ProjectBilling = {
  key: billingKey,
  balance: 20_000,
  lowBalanceThreshold: 5_000,
  prices: [
    { category: 'MARKETING', price: 715, from: '2025-07-01' },
    { category: 'UTILITY', price: 350, from: '2025-07-01' },
    { category: 'AUTHENTICATION', price: 520, from: '2025-07-01' },
    { category: 'SERVICE', price: 0, from: '2024-11-01' },
  ],
  upcomingPrices: [{ category: 'SERVICE', price: 150, from: '2026-10-01' }],
};

export const sariSaldo: Saldo = { balance: 50_000, pending: 0 };

export const mainNumber: WhatsAppAccount = {
  id: 'acc00000-0000-4000-8000-000000000001',
  name: 'Toko Utama',
  phoneNumberId: '900100',
  displayPhone: '+6281210009000',
  verifiedName: 'Toko Batik Sari',
  wabaId: '102938475610293',
  qualityRating: 'GREEN',
  messagingLimit: 'TIER_250',
  checkedAt: '2025-01-01T00:00:00Z',
  broadcastRate: null,
  status: 'connected',
  createdAt: '2025-01-01T00:00:00Z',
};

/** A marketing template to Budi, charged at 09:30 on 10 March (Jakarta). */
export const marketingCharge: LedgerEntry = {
  id: '1ed90000-0000-4000-8000-000000000002',
  seq: 2,
  kind: 'charge',
  amount: -715,
  balanceAfter: 19_285,
  createdAt: '2025-03-10T02:30:00Z',
  actor: { id: 'u1', name: 'Sari' },
  memo: null,
  topup: null,
  project: null,
  message: {
    id: '3e550000-0000-4000-8000-000000000001',
    conversationId: '0c0e0000-0000-4000-8000-000000000002',
    category: 'MARKETING',
    customerName: 'Budi',
    customerPhone: '+6281234567002',
    accountName: 'Toko Utama',
  },
};

/** Rp 20.000 moved in from Sari's saldo on 1 March. */
export const transferIn: LedgerEntry = {
  id: '1ed90000-0000-4000-8000-000000000001',
  seq: 1,
  kind: 'transfer_in',
  amount: 20_000,
  balanceAfter: 20_000,
  createdAt: '2025-03-01T03:00:00Z',
  actor: { id: 'u1', name: 'Sari' },
  memo: null,
  topup: null,
  project: { key: billingKey, name: 'Sari' },
  message: null,
};

/** The balance after the charge, as `billing.updated` carries it. */
export const chargedBilling: ProjectBilling = { ...projectBilling, balance: 19_285 };

const none = { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, SERVICE: 0 };

/** Spend of the chart's days: nothing but one utility message on 9 March. */
export function spendOf(from: string, to: string): SpendDay[] {
  const days: SpendDay[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    const name = day.toISOString().slice(0, 10);
    days.push({ day: name, spend: name === '2025-03-09' ? { ...none, UTILITY: 350 } : { ...none } });
  }
  return days;
}

/** The last 30 days of the clock: 9 February to 10 March 2025. */
export const last30Spend = spendOf('2025-02-09', '2025-03-10');
/** The last 7 days: 4 to 10 March. */
export const last7Spend = spendOf('2025-03-04', '2025-03-10');

export const marchStatement: BillingStatement = {
  month: '2025-03',
  opening: 0,
  closing: 20_000,
  byKind: { topup: 0, transfer_in: 20_000, transfer_out: 0, charge: -350, refund: 350, adjustment: 0 },
  byCategory: { ...none },
  paidMessages: 0,
};

export const februaryStatement: BillingStatement = {
  ...marchStatement,
  month: '2025-02',
  closing: 0,
  byKind: { ...marchStatement.byKind, transfer_in: 0, charge: 0, refund: 0 },
};

export const ledgerExport: BillingExport = {
  filename: 'tagihan-k1abcdefgh.csv',
  csv: 'waktu,jenis\n',
  rows: 2,
};
export const statementExport: BillingExport = {
  filename: 'tagihan-k1abcdefgh-2025-03.csv',
  csv: 'waktu,jenis\n',
  rows: 1,
};

export const notEnoughSaldo = apiError('insufficient_saldo', 'Saldo Anda tidak cukup.');
export const amountRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { amount: 'Minimal Rp 1.000.' },
});
export const thresholdRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { threshold: 'Terlalu besar.' },
});
export const notAllowed = apiError('forbidden', 'Anda tidak punya izin untuk ini.');

/**
 * The ledger's page source: newest first, answered at once; each request is written to `effects`
 * (`ledger page 1 kind=charge`) so the paths show what the table asked for.
 */
export function createFakeLedgerPages(effects?: string[]): FetchPage<LedgerEntry, LedgerPayload> {
  return ({ page, payload }) => {
    const { act: _act, key: _key, ...filters } = payload;
    const shown = Object.entries(filters)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(' ');
    effects?.push(`ledger page ${page + 1}${shown === '' ? '' : ` ${shown}`}`);
    const rows = [marketingCharge, transferIn].filter(
      (entry) =>
        (filters.kind === undefined || entry.kind === filters.kind) &&
        (filters.category === undefined || entry.message?.category === filters.category),
    );
    return Promise.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
  };
}
