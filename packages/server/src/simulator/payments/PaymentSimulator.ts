import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer, parseJson, readRequest } from '../LoopbackServer.ts';
import type { DeliveryResult } from '../RetryingSender.ts';
import type { Clock } from '../types.ts';
import { NotificationSender } from './NotificationSender.ts';
import type { NotificationSenderOptions } from './NotificationSender.ts';
import { checkoutPage, outcomePage } from './paymentPage.ts';
import { transactionBody } from './transactionBody.ts';
import type { OrderStatus, PaymentMethod, SimulatedOrder } from './transactionBody.ts';

export interface PaymentSimulatorOptions {
  /** The merchant's server key: API calls must carry it (Basic auth), notifications are signed with it. */
  serverKey: string;
  /** Where notifications go when a transaction names none (the URL of Midtrans' dashboard). */
  notificationUrl?: string | null;
  /** The name on the payment page (default `Sapa`). */
  merchantName?: string;
  /** `merchant_id` of notifications (default the fixtures' `G141532850`). */
  merchantId?: string;
  /** 0 (default) picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  /** Time of orders, expiry and notification times (default `Date.now`). */
  now?: Clock;
  /** Retry policy of notification POSTs. */
  delivery?: NotificationSenderOptions;
}

/** A notification the simulator sent (or would have sent, while notifications are lost). */
export interface SentNotification {
  orderId: string;
  url: string;
  body: Record<string, unknown>;
  /** `null` while notifications were being lost. */
  result: DeliveryResult | null;
}

/** One API request the simulator answered, for tests. */
export interface PaymentRequestRecord {
  method: string;
  path: string;
  status: number;
  at: number;
  orderId?: string;
}

type Answer =
  { status: number; json: unknown } | { status: number; html: string } | { status: number; redirect: string };

const MAX_BODY_BYTES = 1024 * 1024;
const ORDER_ID = /^[A-Za-z0-9\-_~.]{1,50}$/;
const UNAUTHORIZED = {
  error_messages: [
    'Access denied due to unauthorized transaction, please check client or server key',
    'Visit https://snap-docs.midtrans.com/#request-headers for more details',
  ],
};
const INTERNAL_ERROR = {
  error_messages: ['Sorry, we encountered internal server error. We will fix this soon.'],
  locale: 'en',
};
const NOT_FOUND = { status_code: '404', status_message: "Transaction doesn't exist." };
/** Snap's payment window when a request sets no `expiry`. */
const DEFAULT_EXPIRY_MS = 24 * 3_600_000;
const UNIT_MS: Record<string, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * Midtrans Snap on loopback, for the demo, the tests and development (README.md): the API Sapa
 * calls (`POST /snap/v1/transactions`, `GET /v2/{order}/status`, Basic auth with the server key),
 * the hosted payment page at each `redirect_url`, and signed HTTP notifications of every change,
 * with hooks that play the payer, the gateway's later decisions and its faults.
 */
export class PaymentSimulator {
  readonly #serverKey: string;
  readonly #authorization: string;
  readonly #merchantName: string;
  readonly #merchantId: string;
  readonly #now: Clock;
  readonly #server: LoopbackServer;
  readonly #sender: NotificationSender;
  readonly #orders = new Map<string, SimulatedOrder>();
  readonly #byToken = new Map<string, SimulatedOrder>();
  readonly #sent: SentNotification[] = [];
  readonly #records: PaymentRequestRecord[] = [];
  readonly #deliveries = new Set<Promise<unknown>>();
  #notificationUrl: string | null;
  #losing = false;
  #faults: { count: number; mode: 'error' | 'drop' } = { count: 0, mode: 'error' };

  constructor(options: PaymentSimulatorOptions) {
    this.#serverKey = options.serverKey;
    this.#authorization = `Basic ${Buffer.from(`${options.serverKey}:`, 'utf8').toString('base64')}`;
    this.#merchantName = options.merchantName ?? 'Sapa';
    this.#merchantId = options.merchantId ?? 'G141532850';
    this.#now = options.now ?? Date.now;
    this.#notificationUrl = options.notificationUrl ?? null;
    this.#sender = new NotificationSender(options.delivery);
    this.#server = new LoopbackServer((request, response) => void this.#handle(request, response), {
      port: options.port ?? 0,
      name: 'PaymentSimulator',
    });
  }

  /** Starts listening; resolves with the base URL (`http://127.0.0.1:<port>`), Snap's and the API's alike. */
  listen(): Promise<string> {
    return this.#server.listen();
  }

  get baseUrl(): string {
    return this.#server.baseUrl;
  }

  async close(): Promise<void> {
    this.#sender.close();
    await this.idle();
    await this.#server.close();
  }

  /** Where notifications of transactions that name no URL go from now on (`null`: nowhere). */
  setNotificationUrl(url: string | null): void {
    this.#notificationUrl = url;
  }

  orders(): readonly SimulatedOrder[] {
    return [...this.#orders.values()].map((order) => ({ ...order }));
  }

  order(orderId: string): SimulatedOrder | undefined {
    const order = this.#orders.get(orderId);
    return order === undefined ? undefined : { ...order };
  }

  /** Every notification sent so far (of one order, if given), in order, redeliveries included. */
  notifications(orderId?: string): readonly SentNotification[] {
    return this.#sent.filter((sent) => orderId === undefined || sent.orderId === orderId);
  }

  /** Every API request answered so far (the payment page's are not counted). */
  requests(): readonly PaymentRequestRecord[] {
    return [...this.#records];
  }

  /** Resolves when every notification under way has been delivered or given up. */
  async idle(): Promise<void> {
    while (this.#deliveries.size > 0) await Promise.allSettled([...this.#deliveries]);
  }

  // ---- The payer (what the page's buttons do) ----

  /**
   * The payer pays: QRIS settles at once (one `settlement` notification); a BCA virtual account
   * is issued (`pending`), then paid (`settlement`). `reversed` delivers those two the other way
   * round, as Midtrans rarely does. Resolves once the notifications are delivered.
   */
  async pay(
    orderId: string,
    method: 'qris' | 'bca_va',
    options: { reversed?: boolean } = {},
  ): Promise<DeliveryResult[]> {
    const order = this.#payable(orderId);
    if (method === 'qris') {
      this.#begin(order, 'qris');
      this.#settle(order);
      return [await this.#notify(order)];
    }
    if (order.status === 'created') this.#begin(order, 'bca_va');
    const pending = this.#bodyOf(order);
    this.#settle(order);
    const settled = this.#bodyOf(order);
    const sequence = options.reversed === true ? [settled, pending] : [pending, settled];
    const results: DeliveryResult[] = [];
    for (const body of sequence) results.push(await this.#send(order, body));
    return results;
  }

  /** The payer chooses a method that waits for the money (a BCA virtual account, a QR shown): `pending`. */
  async choose(orderId: string, method: 'qris' | 'bca_va' = 'bca_va'): Promise<DeliveryResult> {
    const order = this.#payable(orderId);
    if (order.status !== 'created') throw new Error(`order ${orderId} has a method already`);
    this.#begin(order, method);
    return this.#notify(order);
  }

  /** The money of a `pending` order arrives: `settlement`. */
  async settle(orderId: string): Promise<DeliveryResult> {
    const order = this.#payable(orderId);
    if (order.status !== 'pending') throw new Error(`order ${orderId} is ${order.status}, not pending`);
    this.#settle(order);
    return this.#notify(order);
  }

  /** The payer cancels: `cancel`. */
  async cancel(orderId: string): Promise<DeliveryResult> {
    const order = this.#payable(orderId);
    order.status = 'cancel';
    order.transactionId ??= randomUUID();
    order.transactionTime ??= this.#now();
    return this.#notify(order);
  }

  // ---- The gateway's later decisions ----

  /** The bank or the fraud check refuses the payer's card: `deny` (status code 202). */
  async deny(orderId: string): Promise<DeliveryResult> {
    const order = this.#payable(orderId);
    if (order.status === 'created') this.#begin(order, 'credit_card');
    order.status = 'deny';
    return this.#notify(order);
  }

  /**
   * The payment window closes: an order with a method becomes `expire` (a notification, status
   * code 407); one without stays unknown to the status API, as at Midtrans, and sends nothing.
   */
  async expire(orderId: string): Promise<DeliveryResult | null> {
    const order = this.#found(orderId);
    order.expiresAt = Math.min(order.expiresAt, this.#now());
    if (order.status !== 'pending') return null;
    order.status = 'expire';
    return this.#notify(order);
  }

  /** The merchant gives money back: all of it (`refund`) or `amount` more (`partial_refund`). */
  async refund(orderId: string, amount?: number): Promise<DeliveryResult> {
    const order = this.#found(orderId);
    if (order.status !== 'settlement' && order.status !== 'partial_refund') {
      throw new Error(`order ${orderId} is ${order.status}: nothing to refund`);
    }
    order.refunded = Math.min(order.grossAmount, order.refunded + (amount ?? order.grossAmount));
    order.status = order.refunded >= order.grossAmount ? 'refund' : 'partial_refund';
    return this.#notify(order);
  }

  // ---- Faults ----

  /**
   * Delivers the order's last notification (of `status`, if given) again, `times` times, one after
   * the other or all at once (`concurrently`), as Midtrans may send one twice.
   */
  async redeliver(
    orderId: string,
    options: { times?: number; status?: OrderStatus; concurrently?: boolean } = {},
  ): Promise<DeliveryResult[]> {
    const last = this.#sent.findLast(
      (sent) =>
        sent.orderId === orderId &&
        (options.status === undefined || sent.body.transaction_status === options.status),
    );
    if (last === undefined) throw new Error(`no notification of order ${orderId} to deliver again`);
    const times = options.times ?? 1;
    const order = this.#found(orderId);
    if (options.concurrently === true) {
      return Promise.all(Array.from({ length: times }, () => this.#send(order, last.body, true)));
    }
    const results: DeliveryResult[] = [];
    for (let index = 0; index < times; index += 1) results.push(await this.#send(order, last.body, true));
    return results;
  }

  /** While on, notifications are recorded but never delivered (lost on the way), until `redeliver`. */
  loseNotifications(on: boolean): void {
    this.#losing = on;
  }

  /**
   * The next `count` API requests (`Infinity`: all, until `restore`) fail: `error` answers 500 with
   * Midtrans' internal-error body, `drop` destroys the connection without an answer.
   */
  failNext(count: number, mode: 'error' | 'drop' = 'error'): void {
    this.#faults = { count, mode };
  }

  restore(): void {
    this.#faults = { count: 0, mode: 'error' };
  }

  // ---- State ----

  #found(orderId: string): SimulatedOrder {
    const order = this.#orders.get(orderId);
    if (order === undefined) throw new Error(`no order ${orderId}`);
    return order;
  }

  /** The order, if it can still be paid (or cancelled). */
  #payable(orderId: string): SimulatedOrder {
    const order = this.#found(orderId);
    this.#expireIfDue(order);
    if (order.status !== 'created' && order.status !== 'pending') {
      throw new Error(`order ${orderId} is ${order.status}`);
    }
    if (this.#now() >= order.expiresAt) throw new Error(`order ${orderId} has expired`);
    return order;
  }

  #begin(order: SimulatedOrder, method: PaymentMethod): void {
    order.method = method;
    order.status = 'pending';
    order.transactionId = randomUUID();
    order.transactionTime = this.#now();
    order.vaNumber = method === 'bca_va' ? `46105${String(randomInt(0, 1e9)).padStart(9, '0')}` : null;
  }

  #settle(order: SimulatedOrder): void {
    order.status = 'settlement';
    order.settlementTime = this.#now();
  }

  /** A pending order whose window has closed expires, as Midtrans' own timer would do it. */
  #expireIfDue(order: SimulatedOrder): void {
    if (order.status !== 'pending' || this.#now() < order.expiresAt) return;
    order.status = 'expire';
    void this.#notify(order);
  }

  #bodyOf(order: SimulatedOrder, statusMessage = 'midtrans payment notification'): Record<string, unknown> {
    return transactionBody(order, {
      serverKey: this.#serverKey,
      merchantId: this.#merchantId,
      statusMessage,
    });
  }

  #notify(order: SimulatedOrder): Promise<DeliveryResult> {
    return this.#send(order, this.#bodyOf(order));
  }

  /** Sends `body` to the order's notification URLs; the first one's result is the answer. */
  #send(order: SimulatedOrder, body: Record<string, unknown>, again = false): Promise<DeliveryResult> {
    const urls = order.notificationUrls;
    if (urls.length === 0) return Promise.resolve({ ok: false, attempts: 0, error: 'no notification URL' });
    const deliveries = urls.map(async (url) => {
      const sent: SentNotification = { orderId: order.orderId, url, body, result: null };
      this.#sent.push(sent);
      if (this.#losing && !again) return { ok: false, attempts: 0, error: 'lost' } satisfies DeliveryResult;
      sent.result = await this.#sender.deliver(url, body);
      return sent.result;
    });
    const all = Promise.all(deliveries);
    this.#deliveries.add(all);
    void all.finally(() => this.#deliveries.delete(all));
    return all.then((results) => results[0] as DeliveryResult);
  }

  // ---- HTTP ----

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const read = await readRequest(request, response, MAX_BODY_BYTES);
    if (read === undefined) return;
    const { method, url, raw } = read;
    const api = url.pathname.startsWith('/snap/v1/') || url.pathname.startsWith('/v2/');
    if (api && this.#faults.count > 0) {
      this.#faults.count -= 1;
      this.#records.push({
        method,
        path: url.pathname,
        status: this.#faults.mode === 'drop' ? 0 : 500,
        at: this.#now(),
      });
      if (this.#faults.mode === 'drop') {
        response.destroy();
        return;
      }
      this.#answer(response, { status: 500, json: INTERNAL_ERROR });
      return;
    }
    let answer: Answer;
    try {
      answer = await this.#route(method, url, request, raw);
    } catch (error) {
      answer = {
        status: 500,
        json: { error_messages: [error instanceof Error ? error.message : String(error)] },
      };
    }
    if (api) {
      const orderId = /^\/v2\/([^/]+)\/status$/.exec(url.pathname)?.[1];
      this.#records.push({
        method,
        path: url.pathname,
        status: answer.status,
        at: this.#now(),
        ...(orderId === undefined ? {} : { orderId: decodeURIComponent(orderId) }),
      });
    }
    this.#answer(response, answer);
  }

  #answer(response: ServerResponse, answer: Answer): void {
    if ('redirect' in answer) {
      response.writeHead(answer.status, { location: answer.redirect });
      response.end();
    } else if ('html' in answer) {
      response.writeHead(answer.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(answer.html);
    } else {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    }
  }

  async #route(method: string, url: URL, request: IncomingMessage, raw: Buffer): Promise<Answer> {
    if (method === 'POST' && url.pathname === '/snap/v1/transactions') {
      if (request.headers.authorization !== this.#authorization) return { status: 401, json: UNAUTHORIZED };
      return this.#create(raw, request);
    }
    const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
    if (method === 'GET' && status !== null) {
      if (request.headers.authorization !== this.#authorization) return { status: 401, json: UNAUTHORIZED };
      return this.#status(decodeURIComponent(status[1] ?? ''));
    }
    const page = /^\/snap\/v4\/redirection\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (page !== null) {
      const order = this.#byToken.get(decodeURIComponent(page[1] ?? '')) ?? null;
      const action = page[2];
      if (method === 'GET' && action === undefined) return this.#page(order);
      if (method === 'POST' && action !== undefined) return this.#act(order, action, raw);
    }
    return { status: 404, json: { error_messages: ['The requested resource is not found'] } };
  }

  #create(raw: Buffer, request: IncomingMessage): Answer {
    const invalid = (...messages: string[]): Answer => ({ status: 400, json: { error_messages: messages } });
    const body = parseJson(raw) as Record<string, unknown> | undefined;
    const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
    const orderId = details?.order_id;
    const gross = details?.gross_amount;
    if (typeof orderId !== 'string' || orderId === '')
      return invalid('transaction_details.order_id is required');
    if (!ORDER_ID.test(orderId)) return invalid('transaction_details.order_id format is invalid');
    if (typeof gross !== 'number' || !Number.isSafeInteger(gross) || gross <= 0) {
      return invalid('transaction_details.gross_amount is required');
    }
    const items = Array.isArray(body?.item_details)
      ? (body.item_details as { price?: unknown; quantity?: unknown; name?: unknown }[])
      : [];
    if (items.length > 0) {
      const total = items.reduce((sum, item) => sum + Number(item.price) * Number(item.quantity), 0);
      if (total !== gross)
        return invalid('transaction_details.gross_amount is not equal to the sum of item_details');
    }
    if (this.#orders.has(orderId)) return invalid('transaction_details.order_id has already been taken');
    const customer = body?.customer_details as { first_name?: unknown; last_name?: unknown } | undefined;
    const finish = (body?.callbacks as { finish?: unknown } | undefined)?.finish;
    const now = this.#now();
    const token = randomUUID();
    const order: SimulatedOrder = {
      orderId,
      token,
      grossAmount: gross,
      itemName: typeof items[0]?.name === 'string' ? items[0].name : orderId,
      customerName: [customer?.first_name, customer?.last_name]
        .filter((part) => typeof part === 'string')
        .join(' '),
      finishUrl: typeof finish === 'string' ? finish : null,
      notificationUrls: this.#notificationUrlsOf(request),
      createdAt: now,
      expiresAt: expiryOf(body?.expiry, now),
      status: 'created',
      method: null,
      transactionId: null,
      transactionTime: null,
      settlementTime: null,
      vaNumber: null,
      refunded: 0,
    };
    this.#orders.set(orderId, order);
    this.#byToken.set(token, order);
    return { status: 201, json: { token, redirect_url: `${this.baseUrl}/snap/v4/redirection/${token}` } };
  }

  /** `X-Override-Notification` replaces the default URL, `X-Append-Notification` adds to it (3 at most). */
  #notificationUrlsOf(request: IncomingMessage): string[] {
    const list = (header: string | string[] | undefined) =>
      (typeof header === 'string' ? header.split(',') : [])
        .map((url) => url.trim())
        .filter((url) => url !== '')
        .slice(0, 3);
    const override = list(request.headers['x-override-notification']);
    if (override.length > 0) return override;
    const base = this.#notificationUrl === null ? [] : [this.#notificationUrl];
    return [...base, ...list(request.headers['x-append-notification'])];
  }

  #status(orderId: string): Answer {
    const order = this.#orders.get(orderId);
    if (order !== undefined) this.#expireIfDue(order);
    if (order === undefined || order.status === 'created') return { status: 404, json: NOT_FOUND };
    return { status: 200, json: this.#bodyOf(order, 'Success, transaction is found') };
  }

  #page(order: SimulatedOrder | null): Answer {
    if (order === null)
      return {
        status: 404,
        html: outcomePage(null, this.#merchantName, 'Halaman pembayaran tidak ditemukan'),
      };
    this.#expireIfDue(order);
    if ((order.status === 'created' || order.status === 'pending') && this.#now() < order.expiresAt) {
      return { status: 200, html: checkoutPage(order, this.#merchantName) };
    }
    return { status: 200, html: outcomePage(order, this.#merchantName, pageText(order)) };
  }

  async #act(order: SimulatedOrder | null, action: string, raw: Buffer): Promise<Answer> {
    if (order === null) return this.#page(null);
    const form = new URLSearchParams(raw.toString('utf8'));
    try {
      if (action === 'cancel') await this.cancel(order.orderId);
      else {
        const method = form.get('method');
        if (method !== 'qris' && method !== 'bca_va')
          return {
            status: 400,
            html: outcomePage(order, this.#merchantName, 'Metode pembayaran tidak dikenal'),
          };
        await this.pay(order.orderId, method);
      }
    } catch {
      // Paid, cancelled or expired meanwhile: the page says which.
      return { status: 409, html: outcomePage(order, this.#merchantName, pageText(order)) };
    }
    if (order.finishUrl === null)
      return { status: 200, html: outcomePage(order, this.#merchantName, pageText(order)) };
    // Midtrans sends the payer back with the order's facts in the query (never proof of payment).
    const back = new URL(order.finishUrl);
    back.searchParams.set('order_id', order.orderId);
    back.searchParams.set('status_code', order.status === 'settlement' ? '200' : '202');
    back.searchParams.set('transaction_status', order.status);
    return { status: 303, redirect: back.toString() };
  }
}

function pageText(order: SimulatedOrder): string {
  switch (order.status) {
    case 'settlement':
    case 'refund':
    case 'partial_refund':
      return 'Pembayaran berhasil';
    case 'cancel':
      return 'Pembayaran dibatalkan';
    case 'deny':
      return 'Pembayaran ditolak';
    default:
      return 'Waktu pembayaran sudah habis';
  }
}

/** The end of the payment window of a create request's `expiry` (`start_time` `yyyy-MM-dd HH:mm:ss +0700`). */
function expiryOf(expiry: unknown, now: number): number {
  const {
    start_time: start,
    unit,
    duration,
  } = (expiry ?? {}) as { start_time?: unknown; unit?: unknown; duration?: unknown };
  const unitMs = typeof unit === 'string' ? UNIT_MS[unit.replace(/s$/, '')] : undefined;
  if (typeof duration !== 'number' || unitMs === undefined) return now + DEFAULT_EXPIRY_MS;
  const match =
    typeof start === 'string'
      ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(start)
      : null;
  const from = match === null ? now : Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
  return (Number.isNaN(from) ? now : from) + duration * unitMs;
}
