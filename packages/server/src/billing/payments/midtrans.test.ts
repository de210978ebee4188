import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SERVER_KEY, fixtureVariants, loadFixture } from './fixtures/loadFixture.ts';
import {
  jakartaTime,
  MidtransGateway,
  midtransSignature,
  outcomeOf,
  signatureHolds,
  snapRequestBody,
  wholeRupiah,
} from './midtrans.ts';
import { PaymentGatewayError } from './PaymentGateway.ts';
import type { PaymentOrder } from './PaymentGateway.ts';

const NOTIFICATIONS = {
  'notification-settlement.json': {
    orderId: 'TOPUP-20251122-0042',
    outcome: { kind: 'paid', amount: 250_000 },
  },
  'notification-pending.json': { orderId: 'TOPUP-20251122-0043', outcome: { kind: 'waiting' } },
  'notification-expire.json': { orderId: 'TOPUP-20251122-0043', outcome: { kind: 'expired' } },
  'notification-deny.json': { orderId: 'TOPUP-20251122-0044', outcome: { kind: 'failed' } },
} as const;

/** A gateway speaking to nothing: only `verifyNotification` is used. */
const gateway = (serverKey = FIXTURE_SERVER_KEY) =>
  new MidtransGateway({
    name: 'midtrans',
    serverKey,
    snapUrl: 'http://127.0.0.1:9',
    apiUrl: 'http://127.0.0.1:9',
    notificationUrl: null,
  });

describe('notification signatures', () => {
  it.each(Object.entries(NOTIFICATIONS))(
    '%s verifies with the fixtures key and reads as its outcome',
    (name, expected) => {
      const body = loadFixture(name);
      const check = gateway().verifyNotification(body);
      expect(check).toEqual({
        ok: true,
        status: {
          orderId: expected.orderId,
          gatewayStatus: body.transaction_status,
          paymentType: body.payment_type,
          outcome: expected.outcome,
        },
      });
    },
  );

  it('computes the fixtures signatures from the strings as received', () => {
    const body = loadFixture('notification-settlement.json') as Record<string, string>;
    expect(
      midtransSignature(
        body.order_id ?? '',
        body.status_code ?? '',
        body.gross_amount ?? '',
        FIXTURE_SERVER_KEY,
      ),
    ).toBe(body.signature_key);
    // "250000" is not "250000.00": the amount as sent is what is signed.
    expect(
      midtransSignature(body.order_id ?? '', body.status_code ?? '', '250000', FIXTURE_SERVER_KEY),
    ).not.toBe(body.signature_key);
  });

  it('refuses a body changed after signing, another key, and a signature of the wrong shape', () => {
    const body = loadFixture('notification-settlement.json');
    const forged = { ...body, gross_amount: '2500000.00' };
    expect(gateway().verifyNotification(forged)).toEqual({
      ok: false,
      reason: 'invalid_signature',
      orderId: 'TOPUP-20251122-0042',
    });
    expect(
      gateway().verifyNotification({ ...body, transaction_status: 'settlement', status_code: '201' }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(gateway('SB-Mid-server-someoneElse000000000').verifyNotification(body)).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(gateway('').verifyNotification(body)).toMatchObject({ ok: false, reason: 'invalid_signature' });
    expect(gateway().verifyNotification({ ...body, signature_key: 'abc' })).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
    const fields = body as {
      order_id: string;
      status_code: string;
      gross_amount: string;
      signature_key: string;
    };
    expect(
      signatureHolds({ ...fields, signature_key: fields.signature_key.toUpperCase() }, FIXTURE_SERVER_KEY),
    ).toBe(true);
  });

  it('calls a body without the signed fields as strings malformed', () => {
    const body = loadFixture('notification-settlement.json');
    const { signature_key: _signature, ...unsigned } = body;
    expect(gateway().verifyNotification(unsigned)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(gateway().verifyNotification({ ...body, gross_amount: 250000 })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(gateway().verifyNotification('settlement')).toEqual({
      ok: false,
      reason: 'malformed',
      orderId: null,
    });
    expect(gateway().verifyNotification(null)).toEqual({ ok: false, reason: 'malformed', orderId: null });
  });
});

describe('what a status means', () => {
  const base = { order_id: 'TOPUP-1', status_code: '200', gross_amount: '50000.00' };
  it.each([
    [{ transaction_status: 'settlement' }, { kind: 'paid', amount: 50_000 }],
    [
      { transaction_status: 'settlement', fraud_status: 'accept' },
      { kind: 'paid', amount: 50_000 },
    ],
    [
      { transaction_status: 'capture', fraud_status: 'accept' },
      { kind: 'paid', amount: 50_000 },
    ],
    [{ transaction_status: 'capture' }, { kind: 'ignored', why: 'fraud_status absent' }],
    [{ transaction_status: 'capture', fraud_status: 'challenge' }, { kind: 'waiting' }],
    [{ transaction_status: 'settlement', fraud_status: 'deny' }, { kind: 'failed' }],
    [
      { transaction_status: 'settlement', status_code: '201' },
      { kind: 'ignored', why: 'status_code 201' },
    ],
    [
      { transaction_status: 'settlement', gross_amount: '50000.50' },
      { kind: 'ignored', why: 'gross_amount 50000.50' },
    ],
    [{ transaction_status: 'pending', status_code: '201' }, { kind: 'waiting' }],
    [{ transaction_status: 'expire', status_code: '407' }, { kind: 'expired' }],
    [{ transaction_status: 'expire', status_code: '202' }, { kind: 'expired' }],
    [{ transaction_status: 'cancel' }, { kind: 'failed' }],
    [{ transaction_status: 'failure' }, { kind: 'failed' }],
    [{ transaction_status: 'refund' }, { kind: 'refunded', refunded: null }],
    [
      { transaction_status: 'partial_refund', refund_amount: '20000.00' },
      { kind: 'refunded', refunded: 20_000 },
    ],
    [
      { transaction_status: 'partial_refund' },
      { kind: 'ignored', why: 'partial_refund without a refund_amount' },
    ],
    [{ transaction_status: 'authorize' }, { kind: 'ignored', why: 'transaction_status authorize' }],
  ])('%j → %j', (fields, outcome) => {
    expect(outcomeOf({ ...base, ...fields })).toEqual(outcome);
  });

  it('reads whole rupiah only', () => {
    expect(wholeRupiah('250000.00')).toBe(250_000);
    expect(wholeRupiah('250000')).toBe(250_000);
    expect(wholeRupiah('250000.0')).toBe(250_000);
    expect(wholeRupiah('250000.01')).toBeNull();
    expect(wholeRupiah('-5.00')).toBeNull();
    expect(wholeRupiah('1e6')).toBeNull();
    expect(wholeRupiah('')).toBeNull();
  });
});

const fixtureOrder: PaymentOrder = {
  orderId: 'TOPUP-20251122-0042',
  amount: 250_000,
  itemName: 'Isi saldo Rp250.000',
  payer: { name: 'Budi Santoso', phone: '+6281234567890' },
  startAt: new Date('2025-11-22T03:30:00.000Z'),
  expiryMinutes: 60,
  finishUrl: 'https://app.example.com/topup/selesai',
};

describe('the Snap request', () => {
  it('has the fixture request’s shape: details, items summing to the amount, customer, callbacks, expiry', () => {
    const fixture = loadFixture('snap-create-request.json');
    const body = snapRequestBody(fixtureOrder);
    expect(body.transaction_details).toEqual(fixture.transaction_details);
    expect(body.callbacks).toEqual(fixture.callbacks);
    expect(body.expiry).toEqual(fixture.expiry);
    const customer = fixture.customer_details as Record<string, string>;
    expect(body.customer_details).toEqual({
      first_name: customer.first_name,
      last_name: customer.last_name,
      phone: customer.phone,
    });
    const items = body.item_details as { price: number; quantity: number; name: string }[];
    expect(items.reduce((total, item) => total + item.price * item.quantity, 0)).toBe(250_000);
    expect(items[0]?.name).toBe('Isi saldo Rp250.000');
  });

  it('writes times in Asia/Jakarta as Snap takes them', () => {
    expect(jakartaTime(new Date('2025-11-22T17:05:09.999Z'))).toBe('2025-11-23 00:05:09 +0700');
  });

  it('leaves out a last name and a finish URL it does not have, and clips long item names', () => {
    const body = snapRequestBody({
      ...fixtureOrder,
      payer: { name: 'Budi', phone: '+628' },
      finishUrl: null,
      itemName: 'x'.repeat(80),
    });
    expect(body.customer_details).toEqual({ first_name: 'Budi', phone: '+628' });
    expect(body).not.toHaveProperty('callbacks');
    expect((body.item_details as { name: string }[])[0]?.name).toHaveLength(50);
  });
});

/** A stand-in Midtrans: answers each request with the next queued answer and records what came. */
let server: Server;
let baseUrl: string;
const answers: { status: number; body: unknown }[] = [];
const received: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = answers.shift() ?? { status: 500, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const midtrans = () =>
  new MidtransGateway({
    name: 'midtrans',
    serverKey: FIXTURE_SERVER_KEY,
    snapUrl: `${baseUrl}/`,
    apiUrl: baseUrl,
    notificationUrl: 'https://sapa.example.com/payments/midtrans/notification',
  });

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PaymentGatewayError))
    throw new Error(`expected a PaymentGatewayError, got ${String(error)}`);
  return error;
}

describe('MidtransGateway against a stand-in Midtrans', () => {
  it('creates a transaction with Basic auth of the server key and the notification override', async () => {
    received.length = 0;
    answers.push({ status: 201, body: loadFixture('snap-create-response.json') });
    const page = await midtrans().createPayment(fixtureOrder);
    expect(page).toEqual({
      token: '66e4fa55-fdac-4ef9-91b5-1c25f6f04bdf',
      redirectUrl:
        'https://app.sandbox.midtrans.com/snap/v4/redirection/66e4fa55-fdac-4ef9-91b5-1c25f6f04bdf',
    });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/snap/v1/transactions');
    // The fixture's note gives the header the fake key makes.
    expect(request?.headers.authorization).toBe('Basic U0ItTWlkLXNlcnZlci1GQUtFZmFrZUZBS0VmYWtlMDAwMDAwMDo=');
    expect(request?.headers['x-override-notification']).toBe(
      'https://sapa.example.com/payments/midtrans/notification',
    );
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual(snapRequestBody(fixtureOrder));
  });

  it('tells a taken order id from other refusals', async () => {
    answers.push({ status: 400, body: loadFixture('snap-create-error.json') });
    const duplicate = await failure(midtrans().createPayment(fixtureOrder));
    expect(duplicate).toMatchObject({ reason: 'duplicate_order', status: 400 });
    expect(duplicate.messages).toEqual(['transaction_details.order_id has already been taken']);

    const variants = fixtureVariants('snap-create-error.json');
    answers.push({ status: 401, body: variants['401'] });
    const unauthorized = await failure(midtrans().createPayment(fixtureOrder));
    expect(unauthorized).toMatchObject({ reason: 'refused', status: 401 });
    expect(unauthorized.message).not.toContain(FIXTURE_SERVER_KEY);

    answers.push({ status: 500, body: variants['500'] });
    expect(await failure(midtrans().createPayment(fixtureOrder))).toMatchObject({
      reason: 'refused',
      status: 500,
    });
    answers.push({ status: 201, body: { token: 'no-url' } });
    expect(await failure(midtrans().createPayment(fixtureOrder))).toMatchObject({
      reason: 'refused',
      status: 201,
    });
  });

  it('calls a gateway that does not answer unreachable, never naming the key', async () => {
    const closed = new MidtransGateway({
      name: 'midtrans',
      serverKey: FIXTURE_SERVER_KEY,
      snapUrl: 'http://127.0.0.1:1',
      apiUrl: 'http://127.0.0.1:1',
      notificationUrl: null,
    });
    const refused = await failure(closed.createPayment(fixtureOrder));
    expect(refused.reason).toBe('unreachable');
    expect(refused.message).not.toContain(FIXTURE_SERVER_KEY);
    // A caller that gave up (its own signal) gets the same, without waiting for the time-out.
    const gaveUp = await failure(midtrans().status('TOPUP-1', AbortSignal.abort()));
    expect(gaveUp.reason).toBe('unreachable');
  });

  it('reads the status API: found, not found (404 or a body saying so), or an error', async () => {
    received.length = 0;
    answers.push({ status: 200, body: loadFixture('status-response.json') });
    expect(await midtrans().status('TOPUP-20251122-0042')).toEqual({
      found: true,
      status: {
        orderId: 'TOPUP-20251122-0042',
        gatewayStatus: 'settlement',
        paymentType: 'qris',
        outcome: { kind: 'paid', amount: 250_000 },
      },
    });
    expect(received[0]?.url).toBe('/v2/TOPUP-20251122-0042/status');
    expect(received[0]?.headers.authorization).toBe(
      'Basic U0ItTWlkLXNlcnZlci1GQUtFZmFrZUZBS0VmYWtlMDAwMDAwMDo=',
    );

    answers.push({ status: 404, body: loadFixture('status-not-found.json') });
    expect(await midtrans().status('TOPUP-9')).toEqual({ found: false });
    answers.push({ status: 200, body: loadFixture('status-not-found.json') });
    expect(await midtrans().status('TOPUP-9')).toEqual({ found: false });

    answers.push({ status: 500, body: fixtureVariants('snap-create-error.json')['500'] });
    expect(await failure(midtrans().status('TOPUP-9'))).toMatchObject({ reason: 'refused', status: 500 });
    // An answer about another order is not an answer about this one.
    answers.push({ status: 200, body: loadFixture('status-response.json') });
    expect(await failure(midtrans().status('TOPUP-20251122-0043'))).toMatchObject({ reason: 'refused' });
  });
});
