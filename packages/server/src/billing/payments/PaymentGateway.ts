/**
 * The payment gateway behind top-ups (issue 16, docs/payments.md): it opens a hosted payment page
 * for an order, answers what became of an order, and turns the notifications it posts into the
 * same answer once their signature holds. Midtrans Snap is the one implementation (midtrans.ts);
 * the local simulator (src/simulator/payments) speaks its protocol, so the demo and the tests run
 * the same adapter code. `topups.ts` decides what an answer does to a top-up.
 */

/** What a top-up asks the gateway to collect. */
export interface PaymentOrder {
  /** The gateway's idempotency key: one per payment attempt, never reused. */
  orderId: string;
  /** Whole rupiah. */
  amount: number;
  /** The line on the gateway's page (`Isi saldo Rp50.000`). */
  itemName: string;
  payer: { name: string; phone: string };
  /** When the payment window opens; it closes `expiryMinutes` later. */
  startAt: Date;
  expiryMinutes: number;
  /** Where the payer's browser goes back to after paying: a convenience, never proof of payment. */
  finishUrl: string | null;
}

/** The gateway's page for an order. */
export interface PaymentPage {
  token: string;
  /** Opaque: never built by Sapa. */
  redirectUrl: string;
}

/** What a gateway's answer means for the top-up. */
export type PaymentOutcome =
  /** The money arrived: `amount` whole rupiah. */
  | { kind: 'paid'; amount: number }
  /** Not yet (a virtual account issued, a QR shown, a card under review). */
  | { kind: 'waiting' }
  /** The payment window closed unpaid. */
  | { kind: 'expired' }
  /** This attempt is over without money (denied, cancelled, failed). */
  | { kind: 'failed' }
  /** Money received is being given back: `refunded` rupiah in all so far (`null`: all of it). */
  | { kind: 'refunded'; refunded: number | null }
  /** Nothing to act on (a card pre-authorisation, a paid status whose facts do not hold). */
  | { kind: 'ignored'; why: string };

/** An order's status as the gateway reports it. */
export interface PaymentStatus {
  orderId: string;
  /** The gateway's own word (`settlement`, `pending`, `expire` …), kept with the top-up. */
  gatewayStatus: string;
  /** The method the payer chose (`qris`, `bank_transfer` …), once they chose one. */
  paymentType: string | null;
  outcome: PaymentOutcome;
}

export type StatusLookup = { found: true; status: PaymentStatus } | { found: false };

export type NotificationCheck =
  | { ok: true; status: PaymentStatus }
  | { ok: false; reason: 'malformed' | 'invalid_signature'; orderId: string | null };

export interface PaymentGateway {
  /** Stored with each top-up: `midtrans` or `simulator`. */
  readonly name: string;
  /**
   * Opens the gateway's page for `order`. Throws `PaymentGatewayError`: `duplicate_order` when
   * the gateway has the order id already, `refused` for any other answer, `unreachable` when no
   * answer came (the order may or may not exist then).
   */
  createPayment(order: PaymentOrder, signal?: AbortSignal): Promise<PaymentPage>;
  /** What became of an order (`found: false` also before the payer chose a method). */
  status(orderId: string, signal?: AbortSignal): Promise<StatusLookup>;
  /** A notification's body, believed only when its signature holds. */
  verifyNotification(body: unknown): NotificationCheck;
}

export type PaymentGatewayFailure = 'duplicate_order' | 'refused' | 'unreachable';

/** A gateway call that did not give the answer asked for. */
export class PaymentGatewayError extends Error {
  readonly reason: PaymentGatewayFailure;
  /** The HTTP status, when an answer came. */
  readonly status: number | null;
  /** The gateway's own messages (`error_messages`). */
  readonly messages: readonly string[];

  constructor(
    reason: PaymentGatewayFailure,
    details: { message: string; status?: number | null; messages?: readonly string[]; cause?: unknown },
  ) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PaymentGatewayError';
    this.reason = reason;
    this.status = details.status ?? null;
    this.messages = details.messages ?? [];
  }
}

export function isPaymentGatewayError(error: unknown): error is PaymentGatewayError {
  return error instanceof PaymentGatewayError;
}
