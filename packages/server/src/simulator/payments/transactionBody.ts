/**
 * A simulated Midtrans transaction and the JSON Midtrans shows of it: the notification bodies of
 * notification-*.json and the status answer of status-response.json (all codes and amounts as
 * strings, `gross_amount` with two decimals, `signature_key` from the server key).
 */
import { jakartaTime, midtransSignature } from '../../billing/payments/midtrans.ts';

/** Where an order stands: `created` until the payer chooses a method (the status API answers 404 then). */
export type OrderStatus =
  'created' | 'pending' | 'settlement' | 'expire' | 'deny' | 'cancel' | 'refund' | 'partial_refund';

/** The methods the simulator's page offers, and the card a test may have denied. */
export type PaymentMethod = 'qris' | 'bca_va' | 'credit_card';

export interface SimulatedOrder {
  orderId: string;
  token: string;
  /** Whole rupiah, as the create request's `gross_amount`. */
  grossAmount: number;
  itemName: string;
  customerName: string;
  /** `callbacks.finish`: where the page sends the payer back. */
  finishUrl: string | null;
  /** Where its notifications go (`X-Override-Notification` / `X-Append-Notification`, else the default). */
  notificationUrls: string[];
  createdAt: number;
  /** The end of the payment window (`expiry`; 24 hours when the request has none). */
  expiresAt: number;
  status: OrderStatus;
  method: PaymentMethod | null;
  transactionId: string | null;
  transactionTime: number | null;
  settlementTime: number | null;
  vaNumber: string | null;
  /** Refunded so far, whole rupiah. */
  refunded: number;
}

const STATUS_CODES: Record<Exclude<OrderStatus, 'created'>, string> = {
  settlement: '200',
  pending: '201',
  deny: '202',
  cancel: '202',
  // Midtrans' clients and APIs use 407 (one third-party simulator 202): fixtures README.
  expire: '407',
  refund: '200',
  partial_refund: '200',
};

const PAYMENT_TYPES: Record<PaymentMethod, string> = {
  qris: 'qris',
  bca_va: 'bank_transfer',
  credit_card: 'credit_card',
};

/** `2025-11-22 10:31:05`, Asia/Jakarta, as Midtrans writes times. */
const midtransTime = (at: number) => jakartaTime(new Date(at)).slice(0, 19);

/**
 * The order as Midtrans reports it: a notification (`status_message` 'midtrans payment
 * notification') or a status answer ('Success, transaction is found').
 */
export function transactionBody(
  order: SimulatedOrder,
  options: { serverKey: string; merchantId: string; statusMessage: string },
): Record<string, unknown> {
  if (order.status === 'created') throw new Error(`order ${order.orderId} has no transaction yet`);
  const statusCode = STATUS_CODES[order.status];
  const grossAmount = `${order.grossAmount}.00`;
  const qris = order.method === 'qris';
  return {
    ...(qris ? { transaction_type: 'on-us' } : {}),
    ...(order.vaNumber === null ? {} : { va_numbers: [{ va_number: order.vaNumber, bank: 'bca' }] }),
    transaction_time: midtransTime(order.transactionTime ?? order.createdAt),
    transaction_status: order.status,
    transaction_id: order.transactionId,
    status_message: options.statusMessage,
    status_code: statusCode,
    signature_key: midtransSignature(order.orderId, statusCode, grossAmount, options.serverKey),
    ...(order.settlementTime === null ? {} : { settlement_time: midtransTime(order.settlementTime) }),
    ...(order.method === null ? {} : { payment_type: PAYMENT_TYPES[order.method] }),
    ...(order.vaNumber === null ? {} : { payment_amounts: [] }),
    order_id: order.orderId,
    merchant_id: options.merchantId,
    ...(qris ? { issuer: 'gopay', acquirer: 'gopay' } : {}),
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
    ...(order.status === 'refund' || order.status === 'partial_refund'
      ? { refund_amount: `${order.refunded}.00` }
      : {}),
  };
}
