import { describe, expect, it } from 'vitest';
import type { Topup } from '../contract/billingTypes.ts';
import { paymentMethodOf, topupReceipt } from './topupReceipt.ts';

const pending: Topup = {
  id: '7d1c2f3e-0000-4000-8000-000000000001',
  orderId: 'SAPA-TU-20240805-0001',
  amount: 250_000,
  status: 'pending',
  paymentType: null,
  redirectUrl: 'https://app.sandbox.midtrans.com/snap/v4/redirection/abc',
  createdAt: '2024-08-05T07:05:00Z',
  expiresAt: '2024-08-05T08:05:00Z',
  paidAt: null,
  gateway: 'midtrans',
};

const paid: Topup = {
  ...pending,
  status: 'paid',
  paymentType: 'qris',
  redirectUrl: null,
  paidAt: '2024-08-05T07:09:30Z',
};

describe('topupReceipt', () => {
  it('proves a paid top-up: its order, amount in rupiah, method and times in Asia/Jakarta', () => {
    expect(topupReceipt(paid, { name: 'Budi Santoso', phone: '+6281234567890' })).toEqual({
      topupId: paid.id,
      number: 'SAPA-TU-20240805-0001',
      status: 'paid',
      paid: true,
      amount: 250_000,
      amountText: 'Rp\u00a0250.000',
      method: 'qris',
      paymentType: 'qris',
      gateway: 'midtrans',
      createdText: '5 Agu 2024 14:05',
      paidText: '5 Agu 2024 14:09',
      expiresText: null,
      payer: { name: 'Budi Santoso', phone: '+6281234567890' },
    });
  });

  it('states an unpaid order as such, with the time to pay while it waits', () => {
    const receipt = topupReceipt(pending);
    expect(receipt).toMatchObject({
      paid: false,
      paidText: null,
      expiresText: '5 Agu 2024 15:05',
      payer: null,
    });
    const expired = topupReceipt({ ...pending, status: 'expired', redirectUrl: null });
    expect(expired).toMatchObject({ paid: false, paidText: null, expiresText: null });
    // A paid time on anything but a paid top-up is not shown as a payment.
    expect(topupReceipt({ ...pending, status: 'failed', paidAt: paid.paidAt }).paidText).toBeNull();
  });

  it('tells the time in the zone asked for', () => {
    expect(topupReceipt(paid, null, 'Asia/Jayapura').paidText).toBe('5 Agu 2024 16:09');
  });
});

describe('paymentMethodOf', () => {
  it("names Midtrans' payment types and leaves others to the gateway's word", () => {
    expect(paymentMethodOf('bank_transfer')).toBe('bank_transfer');
    expect(paymentMethodOf('gopay')).toBe('gopay');
    expect(paymentMethodOf('kredivo')).toBeNull();
    expect(paymentMethodOf(null)).toBeNull();
    expect(topupReceipt({ ...paid, paymentType: 'kredivo' })).toMatchObject({
      method: null,
      paymentType: 'kredivo',
    });
  });
});
