/**
 * The printable receipt of a top-up of a saldo: what it says, worked out once here so the page, a
 * print and any other tool show the same thing. A saldo's days and times are told in Asia/Jakarta
 * (the contract's `saldo_ledger` days are), amounts in whole rupiah.
 */
import type { Topup, TopupStatus } from '../contract/billingTypes.ts';
import { formatDateTime } from '../format/formatDate.ts';
import { formatRupiah } from '../format/formatRupiah.ts';

/** The time zone of a saldo's days and times. */
export const SALDO_TIME_ZONE = 'Asia/Jakarta';

/**
 * The gateway's payment methods a receipt names (Midtrans Snap's `payment_type` values); any
 * other is shown as the gateway wrote it.
 */
export const paymentMethods = [
  'qris',
  'gopay',
  'shopeepay',
  'bank_transfer',
  'echannel',
  'credit_card',
  'cstore',
  'akulaku',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A known method for the gateway's `payment_type`, or null (none chosen yet, or one not named here). */
export function paymentMethodOf(paymentType: string | null): PaymentMethod | null {
  return paymentMethods.find((method) => method === paymentType) ?? null;
}

/** Who paid: the saldo's owner as the receipt names them. */
export interface ReceiptPayer {
  name: string;
  phone: string;
}

export interface TopupReceipt {
  topupId: string;
  /** The gateway's order id: the receipt's number. */
  number: string;
  status: TopupStatus;
  /** Only a paid top-up's receipt proves a payment; any other is a statement of the order. */
  paid: boolean;
  /** Whole rupiah. */
  amount: number;
  /** `Rp 50.000`. */
  amountText: string;
  /** The method named by the receipt, or null (see `paymentType`). */
  method: PaymentMethod | null;
  /** The gateway's own word for the method (`null`: none chosen yet). */
  paymentType: string | null;
  /** The gateway that handled it (`midtrans`, `simulator`). */
  gateway: string;
  /** When it was ordered, `5 Agu 2024 14:05` (Asia/Jakarta). */
  createdText: string;
  /** When the money arrived; null unless paid. */
  paidText: string | null;
  /** By when it must be paid; null once finished. */
  expiresText: string | null;
  payer: ReceiptPayer | null;
}

/** The receipt of `topup`, paid by `payer`. */
export function topupReceipt(
  topup: Topup,
  payer: ReceiptPayer | null = null,
  timeZone: string = SALDO_TIME_ZONE,
): TopupReceipt {
  const paid = topup.status === 'paid';
  return {
    topupId: topup.id,
    number: topup.orderId,
    status: topup.status,
    paid,
    amount: topup.amount,
    amountText: formatRupiah(topup.amount),
    method: paymentMethodOf(topup.paymentType),
    paymentType: topup.paymentType,
    gateway: topup.gateway,
    createdText: formatDateTime(topup.createdAt, timeZone),
    paidText: paid && topup.paidAt !== null ? formatDateTime(topup.paidAt, timeZone) : null,
    expiresText: topup.status === 'pending' ? formatDateTime(topup.expiresAt, timeZone) : null,
    payer,
  };
}
