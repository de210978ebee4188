/**
 * The saldo of the model paths: Budi's, Rp 150.000 with a top-up of Rp 50.000 waiting for payment;
 * the top-ups and ledger entries the tables show, and the answers the acts give.
 */
import type { LedgerEntry, ReceiptPayer, Saldo, Topup } from '@sapa/sdk';
import type { SaldoLedgerPayload, SaldoOverview, TopupListPayload } from '../saldoActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { apiError } from './fixtures.ts';

export const payer: ReceiptPayer = { name: 'Budi Santoso', phone: '+6281234567890' };

export const saldo: Saldo = { balance: 150_000, pending: 50_000 };

/** A top-up of Rp 50.000 just created: its payment page is open at the gateway. */
export const pendingTopup: Topup = {
  id: '0b5e1a2c-0000-4000-8000-000000000001',
  orderId: 'SAPA-TU-20250301-0001',
  amount: 50_000,
  status: 'pending',
  paymentType: null,
  redirectUrl: 'http://127.0.0.1:3000/simulator/pay/SAPA-TU-20250301-0001',
  createdAt: '2025-03-01T03:00:00Z',
  expiresAt: '2025-03-01T04:00:00Z',
  paidAt: null,
  gateway: 'simulator',
};

/** The payer chose QRIS; the money has not arrived yet. */
export const chosenTopup: Topup = { ...pendingTopup, paymentType: 'qris' };
export const paidTopup: Topup = {
  ...pendingTopup,
  status: 'paid',
  paymentType: 'qris',
  redirectUrl: null,
  paidAt: '2025-03-01T03:04:00Z',
};
export const expiredTopup: Topup = { ...pendingTopup, status: 'expired', redirectUrl: null };
export const failedTopup: Topup = {
  ...pendingTopup,
  status: 'failed',
  paymentType: 'bank_transfer',
  redirectUrl: null,
};
/** Another of Budi's top-ups, waiting too. */
export const otherTopup: Topup = {
  ...pendingTopup,
  id: '0b5e1a2c-0000-4000-8000-000000000002',
  orderId: 'SAPA-TU-20250301-0002',
  amount: 100_000,
  createdAt: '2025-03-01T02:00:00Z',
};
/** An older top-up, paid last month. */
export const oldTopup: Topup = {
  ...paidTopup,
  id: '0b5e1a2c-0000-4000-8000-000000000003',
  orderId: 'SAPA-TU-20250210-0001',
  amount: 100_000,
  createdAt: '2025-02-10T05:00:00Z',
  paidAt: '2025-02-10T05:02:00Z',
};

export const overview: SaldoOverview = { saldo, pending: [pendingTopup], morePending: false };

export const topupEntry: LedgerEntry = {
  id: 'e0000000-0000-4000-8000-000000000002',
  seq: 2,
  kind: 'topup',
  amount: 50_000,
  balanceAfter: 200_000,
  createdAt: '2025-03-01T03:04:00Z',
  actor: { id: 'u1', name: 'Budi Santoso' },
  memo: null,
  topup: { id: pendingTopup.id, orderId: pendingTopup.orderId },
  project: null,
  message: null,
};

export const transferEntry: LedgerEntry = {
  ...topupEntry,
  id: 'e0000000-0000-4000-8000-000000000001',
  seq: 1,
  kind: 'transfer_out',
  amount: -20_000,
  balanceAfter: 150_000,
  createdAt: '2025-02-20T05:00:00Z',
  topup: null,
  project: { key: 'k1abcdefgh', name: 'Toko Batik Sari' },
};

export const exported = {
  filename: 'saldo-2025-03-01.csv',
  csv: 'waktu,jenis,jumlah,saldo\n',
  rows: 2,
};

export const gatewayDown = apiError(
  'payment_unavailable',
  'Pembayaran sedang tidak tersedia. Coba lagi nanti.',
);

/** The ledger's page source: the entries the filters keep, each request written to `effects`. */
export function createFakeLedgerPages(effects: string[]): FetchPage<LedgerEntry, SaldoLedgerPayload> {
  return ({ page, payload }) => {
    const filters = [payload.kind, payload.from, payload.to].filter((value) => value !== undefined);
    effects.push(`ledger page ${page + 1}${filters.length > 0 ? ` (${filters.join(', ')})` : ''}`);
    const rows = [topupEntry, transferEntry].filter(
      (entry) => payload.kind === undefined || entry.kind === payload.kind,
    );
    return Promise.resolve({ data: rows, total_page: 1 });
  };
}

/** The top-ups' page source. */
export function createFakeTopupPages(effects: string[]): FetchPage<Topup, TopupListPayload> {
  return ({ page }) => {
    effects.push(`top-ups page ${page + 1}`);
    return Promise.resolve({ data: [pendingTopup, oldTopup], total_page: 1 });
  };
}
