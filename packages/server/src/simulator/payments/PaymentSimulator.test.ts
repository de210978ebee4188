/**
 * The payment simulator speaks Midtrans' protocol as the fixtures show it: Sapa's own adapter
 * (`MidtransGateway`) talks to it, and its notifications reach a real receiver on loopback that
 * checks their signatures with the same adapter.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureVariants, loadFixture } from '../../billing/payments/fixtures/loadFixture.ts';
import { MidtransGateway } from '../../billing/payments/midtrans.ts';
import { PaymentGatewayError } from '../../billing/payments/PaymentGateway.ts';
import type { PaymentOrder } from '../../billing/payments/PaymentGateway.ts';
import { PaymentSimulator } from './PaymentSimulator.ts';

const SERVER_KEY = 'SB-Mid-server-simulatorTest0000000';

/** What the receiver got: every notification body, in arrival order. */
let receiver: Server;
let receiverUrl: string;
const arrived: Record<string, unknown>[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      arrived.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/midtrans/notification`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

let clock = Date.parse('2026-11-27T03:00:00.000Z');
let simulator: PaymentSimulator;
let gateway: MidtransGateway;
let orders = 0;

beforeEach(async () => {
  arrived.length = 0;
  simulator = new PaymentSimulator({ serverKey: SERVER_KEY, merchantName: 'Toko Sapa', now: () => clock });
  const base = await simulator.listen();
  gateway = new MidtransGateway({
    name: 'simulator',
    serverKey: SERVER_KEY,
    snapUrl: base,
    apiUrl: base,
    notificationUrl: receiverUrl,
  });
});
afterEach(async () => {
  await simulator.close();
});

function order(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  orders += 1;
  return {
    orderId: `TOPUP-20261127-TEST${orders}`,
    amount: 50_000,
    itemName: 'Isi saldo Rp50.000',
    payer: { name: 'Budi Santoso', phone: '+6281234567890' },
    startAt: new Date(clock),
    expiryMinutes: 60,
    finishUrl: 'http://127.0.0.1:3000/saldo',
    ...overrides,
  };
}

/** A notification as Sapa would read it: signature checked. */
function verified(body: Record<string, unknown>) {
  const check = gateway.verifyNotification(body);
  if (!check.ok) throw new Error(`notification refused: ${check.reason}`);
  return check.status;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${simulator.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const auth = { authorization: `Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}` };

describe('the API', () => {
  it('opens a transaction, unknown to the status API until a method is chosen', async () => {
    const asked = order();
    const page = await gateway.createPayment(asked);
    expect(page.redirectUrl).toBe(`${simulator.baseUrl}/snap/v4/redirection/${page.token}`);
    expect(await gateway.status(asked.orderId)).toEqual({ found: false });
    const raw = await fetch(`${simulator.baseUrl}/v2/${asked.orderId}/status`, { headers: auth });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual(loadFixture('status-not-found.json'));
    expect(simulator.order(asked.orderId)).toMatchObject({
      grossAmount: 50_000,
      status: 'created',
      customerName: 'Budi Santoso',
      notificationUrls: [receiverUrl],
      expiresAt: clock + 60 * 60_000,
    });
  });

  it('answers a taken order id, a wrong key and bad amounts as Midtrans does', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    const body = {
      transaction_details: { order_id: asked.orderId, gross_amount: 50_000 },
      item_details: [{ id: 'SALDO', price: 50_000, quantity: 1, name: 'Isi saldo' }],
    };
    const { error_messages: taken } = loadFixture('snap-create-error.json');
    expect(await post('/snap/v1/transactions', body, auth)).toEqual({
      status: 400,
      body: { error_messages: taken },
    });
    expect(await post('/snap/v1/transactions', body, { authorization: 'Basic d3Jvbmc6' })).toEqual({
      status: 401,
      body: fixtureVariants('snap-create-error.json')['401'],
    });
    const fresh = { ...body, transaction_details: { order_id: 'TOPUP-OTHER-1', gross_amount: 60_000 } };
    expect(await post('/snap/v1/transactions', fresh, auth)).toEqual({
      status: 400,
      body: { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] },
    });
    expect(
      await post('/snap/v1/transactions', { transaction_details: { gross_amount: 1 } }, auth),
    ).toMatchObject({ status: 400, body: { error_messages: ['transaction_details.order_id is required'] } });
    // The refused ones made no order.
    expect(simulator.orders().map((made) => made.orderId)).toEqual([asked.orderId]);
  });

  it('fails on request: 500 with Midtrans’ body, or no answer at all', async () => {
    simulator.failNext(1);
    const error = await gateway.createPayment(order()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    const internal = fixtureVariants('snap-create-error.json')['500'] as { error_messages: string[] };
    expect(error).toMatchObject({ reason: 'refused', status: 500, messages: internal.error_messages });
    simulator.failNext(Infinity, 'drop');
    expect(await gateway.status('TOPUP-X').catch((caught: unknown) => caught)).toMatchObject({
      reason: 'unreachable',
    });
    expect(await gateway.createPayment(order()).catch((caught: unknown) => caught)).toMatchObject({
      reason: 'unreachable',
    });
    simulator.restore();
    const asked = order();
    await expect(gateway.createPayment(asked)).resolves.toMatchObject({ token: expect.any(String) });
    expect(simulator.requests().map((request) => request.status)).toEqual([500, 0, 0, 201]);
  });
});

describe('the payment page', () => {
  it('shows the merchant, the amount and the order, with the methods and cancel', async () => {
    const asked = order();
    const page = await gateway.createPayment(asked);
    const response = await fetch(page.redirectUrl);
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Toko Sapa');
    expect(html).toContain('Rp50.000');
    expect(html).toContain(asked.orderId);
    expect(html).toContain('Bayar dengan QRIS');
    expect(html).toContain('Bayar dengan BCA Virtual Account');
    expect(html).toContain('Batalkan');
  });

  it('paying by BCA VA sends pending then settlement, signed, then sends the payer back', async () => {
    const asked = order();
    const page = await gateway.createPayment(asked);
    const paid = await fetch(`${page.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=bca_va',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/saldo');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order_id: asked.orderId,
      status_code: '200',
      transaction_status: 'settlement',
    });
    // Delivered before the answer: both arrived, in order.
    expect(arrived.map((body) => [body.transaction_status, body.status_code, body.gross_amount])).toEqual([
      ['pending', '201', '50000.00'],
      ['settlement', '200', '50000.00'],
    ]);
    expect(arrived.map((body) => verified(body).outcome)).toEqual([
      { kind: 'waiting' },
      { kind: 'paid', amount: 50_000 },
    ]);
    expect(arrived[0]).toMatchObject({
      payment_type: 'bank_transfer',
      va_numbers: [{ bank: 'bca', va_number: expect.stringMatching(/^\d{14}$/) }],
      status_message: 'midtrans payment notification',
      currency: 'IDR',
      fraud_status: 'accept',
      merchant_id: 'G141532850',
    });
    expect(arrived[1]).toMatchObject({
      settlement_time: '2026-11-27 10:00:00',
      transaction_time: '2026-11-27 10:00:00',
    });
    // The same keys as the fixture's VA notification, and a settlement_time once settled.
    expect(Object.keys(arrived[0] ?? {}).sort()).toEqual(
      Object.keys(loadFixture('notification-pending.json')).sort(),
    );
    const status = await gateway.status(asked.orderId);
    expect(status).toMatchObject({
      found: true,
      status: { gatewayStatus: 'settlement', outcome: { kind: 'paid', amount: 50_000 } },
    });
    // Paid: the page says so and offers no button.
    const after = await (await fetch(page.redirectUrl)).text();
    expect(after).toContain('Pembayaran berhasil');
    expect(after).not.toContain('Bayar dengan QRIS');
  });

  it('paying by QRIS sends one settlement with the fixture’s QRIS fields', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    await simulator.pay(asked.orderId, 'qris');
    expect(arrived).toHaveLength(1);
    expect(Object.keys(arrived[0] ?? {}).sort()).toEqual(
      Object.keys(loadFixture('notification-settlement.json'))
        .filter((key) => key !== 'merchant_cross_reference_id')
        .sort(),
    );
    expect(verified(arrived[0] ?? {})).toMatchObject({
      paymentType: 'qris',
      outcome: { kind: 'paid', amount: 50_000 },
    });
  });

  it('cancelling sends cancel; an order without a finish URL shows its outcome instead', async () => {
    const asked = order({ finishUrl: null });
    const page = await gateway.createPayment(asked);
    const cancelled = await fetch(`${page.redirectUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('Pembayaran dibatalkan');
    expect(arrived.map((body) => verified(body).outcome)).toEqual([{ kind: 'failed' }]);
    const again = await fetch(`${page.redirectUrl}/pay`, {
      method: 'POST',
      body: 'method=qris',
      redirect: 'manual',
    });
    expect(again.status).toBe(409);
    expect(arrived).toHaveLength(1);
  });
});

describe('test hooks', () => {
  it('delivers the last notification again, one after another or at once', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    await simulator.pay(asked.orderId, 'qris');
    expect(await simulator.redeliver(asked.orderId, { times: 2 })).toMatchObject([
      { ok: true },
      { ok: true },
    ]);
    expect(await simulator.redeliver(asked.orderId, { times: 3, concurrently: true })).toHaveLength(3);
    expect(arrived).toHaveLength(6);
    for (const body of arrived) expect(body).toEqual(arrived[0]);
    expect(simulator.notifications(asked.orderId)).toHaveLength(6);
  });

  it('delivers out of order: settlement before pending, or an old pending again', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    await simulator.pay(asked.orderId, 'bca_va', { reversed: true });
    await simulator.redeliver(asked.orderId, { status: 'pending' });
    expect(arrived.map((body) => body.transaction_status)).toEqual(['settlement', 'pending', 'pending']);
  });

  it('expires an order: with a method, an expire notification (407); without, nothing and still unknown', async () => {
    const waiting = order();
    await gateway.createPayment(waiting);
    await simulator.choose(waiting.orderId, 'bca_va');
    await simulator.expire(waiting.orderId);
    expect(arrived.map((body) => [body.transaction_status, body.status_code])).toEqual([
      ['pending', '201'],
      ['expire', '407'],
    ]);
    expect(verified(arrived[1] ?? {}).outcome).toEqual({ kind: 'expired' });

    const untouched = order();
    const page = await gateway.createPayment(untouched);
    expect(await simulator.expire(untouched.orderId)).toBeNull();
    expect(arrived).toHaveLength(2);
    expect(await gateway.status(untouched.orderId)).toEqual({ found: false });
    expect(await (await fetch(page.redirectUrl)).text()).toContain('Waktu pembayaran sudah habis');
  });

  it('expires a waiting order once its window has passed on its clock', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    await simulator.choose(asked.orderId);
    clock += 61 * 60_000;
    expect(await gateway.status(asked.orderId)).toMatchObject({
      found: true,
      status: { gatewayStatus: 'expire' },
    });
    await simulator.idle();
    expect(arrived.map((body) => body.transaction_status)).toEqual(['pending', 'expire']);
  });

  it('denies a card, and refunds all or part of a settled payment', async () => {
    const card = order();
    await gateway.createPayment(card);
    await simulator.deny(card.orderId);
    expect(verified(arrived[0] ?? {})).toMatchObject({
      paymentType: 'credit_card',
      outcome: { kind: 'failed' },
    });
    expect(arrived[0]?.status_code).toBe('202');

    const paid = order();
    await gateway.createPayment(paid);
    await simulator.pay(paid.orderId, 'qris');
    await simulator.refund(paid.orderId, 20_000);
    await simulator.refund(paid.orderId);
    expect(arrived.slice(2).map((body) => verified(body).outcome)).toEqual([
      { kind: 'refunded', refunded: 20_000 },
      { kind: 'refunded', refunded: null },
    ]);
  });

  it('loses notifications on request; a redelivery brings the last one', async () => {
    const asked = order();
    await gateway.createPayment(asked);
    simulator.loseNotifications(true);
    await simulator.pay(asked.orderId, 'qris');
    expect(arrived).toHaveLength(0);
    await simulator.redeliver(asked.orderId);
    expect(arrived.map((body) => body.transaction_status)).toEqual(['settlement']);
  });

  it('sends to the default URL when a transaction names none', async () => {
    const silent = new MidtransGateway({
      name: 'simulator',
      serverKey: SERVER_KEY,
      snapUrl: simulator.baseUrl,
      apiUrl: simulator.baseUrl,
      notificationUrl: null,
    });
    const asked = order();
    await silent.createPayment(asked);
    expect(simulator.order(asked.orderId)?.notificationUrls).toEqual([]);
    simulator.setNotificationUrl(receiverUrl);
    const later = order();
    await silent.createPayment(later);
    await simulator.pay(later.orderId, 'qris');
    expect(arrived).toHaveLength(1);
  });
});
