/**
 * Midtrans Snap (the protocol of fixtures/payments-midtrans, README there): `POST
 * {snap}/snap/v1/transactions` opens a hosted page for an order, `GET {api}/v2/{order}/status`
 * answers what became of it, and its HTTP notifications are believed only when `signature_key`
 * = SHA-512(order_id + status_code + gross_amount + server key) holds, computed on the strings
 * exactly as received and compared in constant time. Every call carries `Authorization: Basic
 * base64(serverKey + ':')`; the key itself is never logged nor put in an error.
 *
 * Money counts as received only for `settlement`, or `capture` with `fraud_status` `accept`, with
 * `status_code` 200 and a whole-rupiah `gross_amount` (`topups.ts` also checks it is the top-up's).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PaymentGatewayError } from './PaymentGateway.ts';
import type {
  NotificationCheck,
  PaymentGateway,
  PaymentOrder,
  PaymentOutcome,
  PaymentPage,
  PaymentStatus,
  StatusLookup,
} from './PaymentGateway.ts';

/** Where Sapa takes Midtrans' notifications. */
export const MIDTRANS_NOTIFICATION_PATH = '/payments/midtrans/notification';

export interface MidtransOptions {
  /** `midtrans`, or `simulator` for the local one speaking the same protocol. */
  name: string;
  serverKey: string;
  /** `https://app.sandbox.midtrans.com`, `https://app.midtrans.com` or the simulator's URL. */
  snapUrl: string;
  /** `https://api.sandbox.midtrans.com`, `https://api.midtrans.com` or the simulator's URL. */
  apiUrl: string;
  /** Sent as `X-Override-Notification` with each transaction; `null`: the dashboard's URL. */
  notificationUrl: string | null;
  /** Per call (default 15 s): Midtrans answers in well under a second. */
  timeoutMs?: number;
}

/** SHA-512 of `order_id + status_code + gross_amount + serverKey`, lowercase hex. */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512')
    .update(`${orderId}${statusCode}${grossAmount}${serverKey}`, 'utf8')
    .digest('hex');
}

const SIGNATURE_FORMAT = /^[0-9a-fA-F]{128}$/;

/** Whether `signatureKey` is the signature of these strings, compared in constant time. */
export function signatureHolds(
  fields: { order_id: string; status_code: string; gross_amount: string; signature_key: string },
  serverKey: string,
): boolean {
  if (serverKey === '' || !SIGNATURE_FORMAT.test(fields.signature_key)) return false;
  const expected = Buffer.from(
    midtransSignature(fields.order_id, fields.status_code, fields.gross_amount, serverKey),
    'hex',
  );
  const given = Buffer.from(fields.signature_key, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `"250000.00"` → 250000; anything that is not whole rupiah → null. */
export function wholeRupiah(amount: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount);
  if (match === null || /[1-9]/.test(match[2] ?? '')) return null;
  return Number(match[1]);
}

/** The fields Sapa reads of a notification or a status answer; others are ignored (new ones appear). */
const transactionFields = z.object({
  order_id: z.string().min(1).max(100),
  status_code: z.string().max(8),
  gross_amount: z.string().max(32),
  transaction_status: z.string().min(1).max(40),
  fraud_status: z.string().max(40).optional(),
  payment_type: z.string().max(60).optional(),
  refund_amount: z.string().max(32).optional(),
});
type TransactionFields = z.infer<typeof transactionFields>;

const notificationSchema = transactionFields.extend({ signature_key: z.string().max(256) });

/** What a transaction's status means for the money (README table "Which statuses mean money received"). */
export function outcomeOf(fields: TransactionFields): PaymentOutcome {
  const fraud = fields.fraud_status;
  switch (fields.transaction_status) {
    case 'settlement':
    case 'capture': {
      if (fraud === 'challenge') return { kind: 'waiting' };
      if (fraud === 'deny') return { kind: 'failed' };
      const accepted =
        fields.transaction_status === 'settlement'
          ? fraud === undefined || fraud === 'accept'
          : fraud === 'accept';
      if (!accepted) return { kind: 'ignored', why: `fraud_status ${fraud ?? 'absent'}` };
      if (fields.status_code !== '200') return { kind: 'ignored', why: `status_code ${fields.status_code}` };
      const amount = wholeRupiah(fields.gross_amount);
      if (amount === null) return { kind: 'ignored', why: `gross_amount ${fields.gross_amount}` };
      return { kind: 'paid', amount };
    }
    case 'pending':
      return { kind: 'waiting' };
    case 'expire':
      return { kind: 'expired' };
    case 'deny':
    case 'cancel':
    case 'failure':
      return { kind: 'failed' };
    case 'refund':
      return { kind: 'refunded', refunded: null };
    case 'partial_refund': {
      const refunded = fields.refund_amount === undefined ? null : wholeRupiah(fields.refund_amount);
      if (refunded === null) return { kind: 'ignored', why: 'partial_refund without a refund_amount' };
      return { kind: 'refunded', refunded };
    }
    default:
      // `authorize` (card pre-authorisation, unused here) and anything new.
      return { kind: 'ignored', why: `transaction_status ${fields.transaction_status}` };
  }
}

function statusOf(fields: TransactionFields): PaymentStatus {
  return {
    orderId: fields.order_id,
    gatewayStatus: fields.transaction_status,
    paymentType: fields.payment_type ?? null,
    outcome: outcomeOf(fields),
  };
}

/** `2025-11-22 10:30:00 +0700`: a moment in Asia/Jakarta as Snap's `expiry.start_time` takes it. */
export function jakartaTime(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} +0700`;
}

/** Snap's item and customer fields are short. */
const clip = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);

/** The body of `POST /snap/v1/transactions` (snap-create-request.json) for `order`. */
export function snapRequestBody(order: PaymentOrder): Record<string, unknown> {
  const [first = '', ...rest] = order.payer.name.trim().split(/\s+/);
  return {
    transaction_details: { order_id: order.orderId, gross_amount: order.amount },
    item_details: [
      { id: `SALDO-${order.amount}`, price: order.amount, quantity: 1, name: clip(order.itemName, 50) },
    ],
    customer_details: {
      first_name: clip(first, 255),
      ...(rest.length === 0 ? {} : { last_name: clip(rest.join(' '), 255) }),
      phone: order.payer.phone,
    },
    ...(order.finishUrl === null ? {} : { callbacks: { finish: order.finishUrl } }),
    expiry: { start_time: jakartaTime(order.startAt), unit: 'minute', duration: order.expiryMinutes },
  };
}

const snapCreatedSchema = z.object({ token: z.string().min(1), redirect_url: z.string().url() });
const errorBodySchema = z.object({ error_messages: z.array(z.string()) });
const DUPLICATE_ORDER = /order_id has already been taken/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Midtrans Snap as a `PaymentGateway`. Uses the platform `fetch`. */
export class MidtransGateway implements PaymentGateway {
  readonly name: string;
  readonly #authorization: string;
  readonly #serverKey: string;
  readonly #snapUrl: string;
  readonly #apiUrl: string;
  readonly #notificationUrl: string | null;
  readonly #timeoutMs: number;

  constructor(options: MidtransOptions) {
    this.name = options.name;
    this.#serverKey = options.serverKey;
    this.#authorization = `Basic ${Buffer.from(`${options.serverKey}:`, 'utf8').toString('base64')}`;
    this.#snapUrl = options.snapUrl.replace(/\/+$/, '');
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#notificationUrl = options.notificationUrl;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  async createPayment(order: PaymentOrder, signal?: AbortSignal): Promise<PaymentPage> {
    const { status, body } = await this.#call(
      'POST',
      `${this.#snapUrl}/snap/v1/transactions`,
      {
        'content-type': 'application/json',
        ...(this.#notificationUrl === null ? {} : { 'x-override-notification': this.#notificationUrl }),
      },
      JSON.stringify(snapRequestBody(order)),
      signal,
    );
    if (status === 200 || status === 201) {
      const created = snapCreatedSchema.safeParse(body);
      if (created.success) return { token: created.data.token, redirectUrl: created.data.redirect_url };
      throw new PaymentGatewayError('refused', { message: 'Snap answered without a token', status });
    }
    const messages = errorBodySchema.safeParse(body).data?.error_messages ?? [];
    const duplicate = status === 400 && messages.some((message) => DUPLICATE_ORDER.test(message));
    throw new PaymentGatewayError(duplicate ? 'duplicate_order' : 'refused', {
      message: `Snap answered HTTP ${status}: ${messages.join('; ') || 'no error_messages'}`,
      status,
      messages,
    });
  }

  async status(orderId: string, signal?: AbortSignal): Promise<StatusLookup> {
    const { status, body } = await this.#call(
      'GET',
      `${this.#apiUrl}/v2/${encodeURIComponent(orderId)}/status`,
      {},
      undefined,
      signal,
    );
    const code = (body as { status_code?: unknown } | undefined)?.status_code;
    // Unknown, or a Snap order whose payer has not chosen a method yet (status-not-found.json).
    if (status === 404 || (status === 200 && code === '404')) return { found: false };
    const fields = status === 200 ? transactionFields.safeParse(body) : null;
    if (fields?.success !== true || fields.data.order_id !== orderId) {
      const messages = errorBodySchema.safeParse(body).data?.error_messages ?? [];
      throw new PaymentGatewayError('refused', {
        message: `the status API answered HTTP ${status}${fields?.success === true ? ' for another order' : ''}`,
        status,
        messages,
      });
    }
    return { found: true, status: statusOf(fields.data) };
  }

  verifyNotification(body: unknown): NotificationCheck {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) {
      const orderId = (body as { order_id?: unknown } | null)?.order_id;
      return { ok: false, reason: 'malformed', orderId: typeof orderId === 'string' ? orderId : null };
    }
    if (!signatureHolds(parsed.data, this.#serverKey)) {
      return { ok: false, reason: 'invalid_signature', orderId: parsed.data.order_id };
    }
    return { ok: true, status: statusOf(parsed.data) };
  }

  async #call(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; body: unknown }> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        headers: { accept: 'application/json', authorization: this.#authorization, ...headers },
        ...(body === undefined ? {} : { body }),
        signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
      });
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      // The URL has no secret in it; the key is only in the header, which errors do not carry.
      throw new PaymentGatewayError('unreachable', {
        message: `${method} ${url} got no answer: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }
}
