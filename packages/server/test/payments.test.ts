/**
 * Top-ups end to end against the payment gateway simulator on loopback (issue 16, item 2): the
 * app's own Midtrans adapter opens the order, the simulator's notifications come back to `POST
 * /payments/midtrans/notification` signed, and the saldo is credited through the ledger exactly
 * once whatever the gateway repeats, reorders, loses or forges. Runs on PGlite, and on PostgreSQL
 * when `DATABASE_URL` is set (there, concurrent deliveries really run at once).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, postEntry, walletOf } from '../src/billing/ledger.ts';
import { saldoOf } from '../src/billing/views.ts';
import {
  createTopup,
  EXPIRY_GRACE_MS,
  FIRST_CHECK_MS,
  nextCheckAt,
  TOPUP_RECONCILE_JOB,
} from '../src/billing/payments/topups.ts';
import type { TopupDeps } from '../src/billing/payments/topups.ts';
import { topupReconcileJob } from '../src/billing/payments/reconcileJob.ts';
import { midtransSignature, MIDTRANS_NOTIFICATION_PATH } from '../src/billing/payments/midtrans.ts';
import { PaymentGatewayError } from '../src/billing/payments/PaymentGateway.ts';
import type { PaymentGateway } from '../src/billing/payments/PaymentGateway.ts';
import { loadConfig } from '../src/config.ts';
import { jobs, ledgerEntries, topups, users } from '../src/db/schema.ts';
import type { Saldo, Topup } from '../src/sdk.ts';
import { PaymentSimulator } from '../src/simulator/payments/index.ts';
import { registerUser } from './support/flows.ts';
import { dataOf, reasonOf } from './support/inbox.ts';
import { recordPublished } from './support/published.ts';
import type { PublishedLog } from './support/published.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const SERVER_KEY = 'SB-Mid-server-paymentsTest00000000';

let server: TestServer;
let gateway: PaymentSimulator;
let published: PublishedLog;

beforeAll(async () => {
  let clock: () => Date = () => new Date();
  gateway = new PaymentSimulator({
    serverKey: SERVER_KEY,
    merchantName: 'Sapa',
    now: () => clock().getTime(),
  });
  const gatewayUrl = await gateway.listen();
  server = await startTestServer({
    publicUrl: 'http://127.0.0.1:3000',
    payments: {
      ...loadConfig({}).payments,
      gateway: 'simulator',
      serverKey: SERVER_KEY,
      snapUrl: gatewayUrl,
      apiUrl: gatewayUrl,
      notificationUrl: null,
    },
  });
  clock = server.clock.now;
  gateway.setNotificationUrl(`${server.url}${MIDTRANS_NOTIFICATION_PATH}`);
  published = recordPublished(server);
});
afterAll(async () => {
  published.stop();
  await gateway.close();
  await server.close();
});

const db = () => server.app.sapa.services.db;

interface Payer {
  token: string;
  userId: string;
}

const payer = async (): Promise<Payer> => {
  const { token, userId } = await registerUser(server);
  return { token, userId };
};

async function topUp(who: Payer, amount = 50_000, clientId: string = randomUUID()): Promise<Topup> {
  return dataOf<Topup>(await server.act('topup_create', { token: who.token, amount, clientId }));
}

async function topupNow(who: Payer, id: string): Promise<Topup> {
  return dataOf<Topup>(await server.act('topup_get', { token: who.token, id }));
}

const saldo = (who: Payer): Promise<Saldo> => saldoOf(db(), who.userId, server.clock.now());

/** The payer's saldo ledger, oldest first. */
async function ledgerOf(who: Payer) {
  const wallet = await walletOf(db(), { userId: who.userId }, new Date());
  return db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.walletId, wallet.id))
    .orderBy(ledgerEntries.seq);
}

/** A notification as the simulator would sign it, with the key given. */
function notification(orderId: string, fields: Record<string, string>, key = SERVER_KEY) {
  const body = {
    order_id: orderId,
    status_code: '200',
    gross_amount: '50000.00',
    transaction_status: 'settlement',
    ...fields,
  };
  return {
    ...body,
    signature_key: midtransSignature(body.order_id, body.status_code, body.gross_amount, key),
  };
}

async function notify(body: unknown): Promise<number> {
  const response = await fetch(`${server.url}${MIDTRANS_NOTIFICATION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('a top-up', () => {
  it('opens the gateway’s page and waits, pending, for the money', async () => {
    const who = await payer();
    published.clear();
    const topup = await topUp(who);
    expect(topup).toMatchObject({
      amount: 50_000,
      status: 'pending',
      gateway: 'simulator',
      paymentType: null,
      paidAt: null,
    });
    expect(topup.orderId).toMatch(/^TOPUP-\d{8}-[0-9A-F]{10}$/);
    expect(topup.redirectUrl).toMatch(new RegExp(`^${gateway.baseUrl}/snap/v4/redirection/`));
    expect(Date.parse(topup.expiresAt) - Date.parse(topup.createdAt)).toBe(60 * 60_000);
    // The gateway got the order as Sapa stored it: the amount, the payer, the way back to /saldo.
    expect(gateway.order(topup.orderId)).toMatchObject({
      grossAmount: 50_000,
      customerName: 'Budi Santoso',
      finishUrl: 'http://127.0.0.1:3000/saldo',
      itemName: 'Isi saldo Rp50.000',
      // Snap's window is to the second (`start_time`): it ends with Sapa's, not after.
      expiresAt: Math.floor(Date.parse(topup.expiresAt) / 1000) * 1000,
    });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 50_000 });
    expect(published.of('saldo.updated')).toEqual([{ saldo: { balance: 0, pending: 50_000 }, topup }]);
    // Its reconciliation was queued with it.
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TOPUP_RECONCILE_JOB), sql`${jobs.payload}->>'topupId' = ${topup.id}`));
    expect(job?.runAt.getTime()).toBe(Date.parse(topup.createdAt) + FIRST_CHECK_MS);
  });

  it('is credited once though the settlement is delivered three times more', async () => {
    const who = await payer();
    const topup = await topUp(who);
    published.clear();
    // The payer pays on the simulator's page, which sends them back to /saldo.
    const paid = await fetch(`${topup.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=qris',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('http://127.0.0.1:3000/saldo?order_id=');
    expect(await gateway.redeliver(topup.orderId, { times: 3 })).toEqual(
      Array.from({ length: 3 }, () => ({ ok: true, attempts: 1, status: 200 })),
    );
    expect(gateway.notifications(topup.orderId).map((sent) => sent.result?.status)).toEqual([
      200, 200, 200, 200,
    ]);

    const after = await topupNow(who, topup.id);
    expect(after).toMatchObject({ status: 'paid', paymentType: 'qris', redirectUrl: null });
    expect(after.paidAt).not.toBeNull();
    expect(await saldo(who)).toEqual({ balance: 50_000, pending: 0 });
    const entries = await ledgerOf(who);
    expect(entries.map((entry) => [entry.seq, entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      [1, 'topup', 50_000, 50_000],
    ]);
    expect(entries[0]).toMatchObject({
      idempotencyKey: `topup:${topup.orderId}`,
      topupId: topup.id,
      actorUserId: who.userId,
    });
    // One announcement: the credit; the replays changed nothing.
    expect(published.of('saldo.updated')).toEqual([{ saldo: { balance: 50_000, pending: 0 }, topup: after }]);
  });

  it('waits through pending (a virtual account issued), then is credited on settlement', async () => {
    const who = await payer();
    const topup = await topUp(who, 100_000);
    await gateway.choose(topup.orderId, 'bca_va');
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'pending', paymentType: 'bank_transfer' });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 100_000 });
    await gateway.settle(topup.orderId);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'paid' });
    expect(await saldo(who)).toEqual({ balance: 100_000, pending: 0 });
  });

  it('stays paid when a pending comes after the settlement, or again later', async () => {
    const who = await payer();
    const topup = await topUp(who);
    await gateway.pay(topup.orderId, 'bca_va', { reversed: true });
    await gateway.redeliver(topup.orderId, { status: 'pending', times: 2 });
    expect(gateway.notifications(topup.orderId).map((sent) => sent.body.transaction_status)).toEqual([
      'settlement',
      'pending',
      'pending',
      'pending',
    ]);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'paid' });
    expect((await ledgerOf(who)).map((entry) => entry.amount)).toEqual([50_000]);
  });

  it('expires when the gateway says so, and a later settlement of it is not lost', async () => {
    const who = await payer();
    const topup = await topUp(who);
    await gateway.choose(topup.orderId, 'bca_va');
    await gateway.expire(topup.orderId);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'expired', redirectUrl: null });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 0 });
    // A pending replayed after the expiry changes nothing.
    await gateway.redeliver(topup.orderId, { status: 'pending' });
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'expired' });
    // Money that arrived all the same (a bank's late transfer) is credited, once.
    expect(await notify(notification(topup.orderId, {}))).toBe(200);
    expect(await notify(notification(topup.orderId, {}))).toBe(200);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'paid' });
    expect(await saldo(who)).toEqual({ balance: 50_000, pending: 0 });
  });

  it('fails when the payment is denied or cancelled', async () => {
    const who = await payer();
    const denied = await topUp(who);
    await gateway.deny(denied.orderId);
    expect(await topupNow(who, denied.id)).toMatchObject({ status: 'failed', paymentType: 'credit_card' });
    const cancelled = await topUp(who);
    await gateway.cancel(cancelled.orderId);
    expect(await topupNow(who, cancelled.id)).toMatchObject({ status: 'failed' });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 0 });
    expect(await ledgerOf(who)).toEqual([]);
  });
});

describe('notifications that must change nothing', () => {
  it('a wrong signature credits nothing (401); an unknown order 404; a body that is not one 400', async () => {
    const who = await payer();
    const topup = await topUp(who);
    expect(await notify(notification(topup.orderId, {}, 'SB-Mid-server-someoneElse00000000'))).toBe(401);
    const forged = { ...notification(topup.orderId, {}), gross_amount: '5000000.00' };
    expect(await notify(forged)).toBe(401);
    expect(await notify(notification('TOPUP-20260101-UNKNOWN000', {}))).toBe(404);
    expect(await notify('{"order_id":')).toBe(400);
    expect(await notify({ order_id: topup.orderId })).toBe(400);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'pending' });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 50_000 });
  });

  it('a settlement of another amount than the top-up’s credits nothing', async () => {
    const who = await payer();
    const topup = await topUp(who);
    expect(await notify(notification(topup.orderId, { gross_amount: '500000.00' }))).toBe(200);
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'pending' });
    expect(await ledgerOf(who)).toEqual([]);
  });

  it('two deliveries of one settlement at the same moment credit once', async () => {
    const who = await payer();
    const topup = await topUp(who, 75_000);
    gateway.loseNotifications(true);
    try {
      await gateway.pay(topup.orderId, 'qris');
    } finally {
      gateway.loseNotifications(false);
    }
    const results = await gateway.redeliver(topup.orderId, { times: 4, concurrently: true });
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
    expect(await saldo(who)).toEqual({ balance: 75_000, pending: 0 });
    expect((await ledgerOf(who)).map((entry) => entry.amount)).toEqual([75_000]);
  });
});

describe('refunds', () => {
  it('debits what the gateway gave back, once, while the saldo holds it', async () => {
    const who = await payer();
    const topup = await topUp(who);
    await gateway.pay(topup.orderId, 'qris');
    await gateway.refund(topup.orderId, 20_000);
    await gateway.redeliver(topup.orderId, { times: 2 });
    expect(await saldo(who)).toEqual({ balance: 30_000, pending: 0 });
    await gateway.refund(topup.orderId);
    await gateway.redeliver(topup.orderId);
    expect(await saldo(who)).toEqual({ balance: 0, pending: 0 });
    const entries = await ledgerOf(who);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.memo])).toEqual([
      ['topup', 50_000, null],
      ['adjustment', -20_000, 'topup_refunded'],
      ['adjustment', -30_000, 'topup_refunded'],
    ]);
    // Still paid: the top-up happened; the refund is its gateway status.
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'paid' });
  });

  it('records a refund of money already spent without debiting it', async () => {
    const who = await payer();
    const topup = await topUp(who);
    await gateway.pay(topup.orderId, 'qris');
    // The saldo went into a project meanwhile.
    await db().transaction(async (tx) => {
      const wallet = await walletOf(tx, { userId: who.userId }, new Date());
      const spent = await postEntry(tx, {
        walletId: wallet.id,
        kind: 'transfer_out',
        amount: -40_000,
        idempotencyKey: `test-spend:${topup.id}`,
        at: new Date(),
      });
      expect(spent.ok).toBe(true);
    });
    await gateway.refund(topup.orderId);
    expect(await saldo(who)).toEqual({ balance: 10_000, pending: 0 });
    const [row] = await db().select().from(topups).where(eq(topups.id, topup.id));
    expect(row).toMatchObject({ status: 'paid', gatewayStatus: 'refund' });
    expect((await ledgerOf(who)).map((entry) => entry.kind)).toEqual(['topup', 'transfer_out']);
  });
});

describe('reconciliation', () => {
  it('topup_check credits a payment whose notification was lost', async () => {
    const who = await payer();
    const topup = await topUp(who);
    gateway.loseNotifications(true);
    try {
      await gateway.pay(topup.orderId, 'qris');
    } finally {
      gateway.loseNotifications(false);
    }
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'pending' });
    const checked = dataOf<Topup>(await server.act('topup_check', { token: who.token, id: topup.id }));
    expect(checked).toMatchObject({ status: 'paid', paymentType: 'qris' });
    expect(await saldo(who)).toEqual({ balance: 50_000, pending: 0 });
    // The notification arriving after all changes nothing.
    await gateway.redeliver(topup.orderId);
    expect((await ledgerOf(who)).map((entry) => entry.amount)).toEqual([50_000]);
  });

  it('topup_check leaves one not paid yet as it is, and asks at most once in a while', async () => {
    const who = await payer();
    const topup = await topUp(who);
    const before = gateway.requests().length;
    expect(dataOf<Topup>(await server.act('topup_check', { token: who.token, id: topup.id }))).toMatchObject({
      status: 'pending',
      redirectUrl: topup.redirectUrl,
    });
    await server.act('topup_check', { token: who.token, id: topup.id });
    expect(
      gateway
        .requests()
        .slice(before)
        .map((request) => request.path),
    ).toEqual([`/v2/${topup.orderId}/status`]);
    // Another user's top-up is not found, for a check as for a read.
    const other = await payer();
    expect(reasonOf(await server.act('topup_check', { token: other.token, id: topup.id }))).toBe('not_found');
    expect(reasonOf(await server.act('topup_get', { token: other.token, id: topup.id }))).toBe('not_found');
  });

  it('topup_check answers payment_unavailable when the gateway cannot be asked', async () => {
    const who = await payer();
    const topup = await topUp(who);
    server.clock.advance(60_000);
    gateway.failNext(1);
    expect(reasonOf(await server.act('topup_check', { token: who.token, id: topup.id }))).toBe(
      'payment_unavailable',
    );
    expect(await topupNow(who, topup.id)).toMatchObject({ status: 'pending' });
  });

  it('the job credits a lost settlement, and closes an unpaid one as expired after its window', async () => {
    const lost = await payer();
    const paidLater = await topUp(lost);
    const idle = await payer();
    const abandoned = await topUp(idle);
    gateway.loseNotifications(true);
    try {
      await gateway.pay(paidLater.orderId, 'qris');
    } finally {
      gateway.loseNotifications(false);
    }
    // First check: the lost settlement is found and credited; the untouched one is not known yet.
    server.clock.advance(FIRST_CHECK_MS);
    const checkedFrom = server.clock.now();
    await server.app.sapa.runJobsOnce();
    const checkedTo = server.clock.now();
    expect(await topupNow(lost, paidLater.id)).toMatchObject({ status: 'paid' });
    expect(await saldo(lost)).toEqual({ balance: 50_000, pending: 0 });
    expect(await topupNow(idle, abandoned.id)).toMatchObject({ status: 'pending' });
    const jobOf = async (id: string) =>
      (
        await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, TOPUP_RECONCILE_JOB), sql`${jobs.payload}->>'topupId' = ${id}`))
      )[0];
    const deferred = await jobOf(abandoned.id);
    expect(deferred?.doneAt).toBeNull();
    expect(deferred?.payload).toEqual({ topupId: abandoned.id, checks: 1 });
    // Next: 30 minutes after this check (the test clock runs on with the wall clock meanwhile).
    const expiresAt = new Date(abandoned.expiresAt);
    expect(deferred?.runAt.getTime()).toBeGreaterThanOrEqual(
      nextCheckAt({ expiresAt }, 1, checkedFrom).getTime(),
    );
    expect(deferred?.runAt.getTime()).toBeLessThanOrEqual(nextCheckAt({ expiresAt }, 1, checkedTo).getTime());
    expect(nextCheckAt({ expiresAt }, 1, checkedFrom).getTime() - checkedFrom.getTime()).toBe(
      2 * FIRST_CHECK_MS,
    );
    expect((await jobOf(paidLater.id))?.doneAt).not.toBeNull();

    // Past its window and the grace, still unknown to the gateway: expired, and the job is done.
    server.clock.advance(Date.parse(abandoned.expiresAt) + EXPIRY_GRACE_MS - server.clock.now().getTime());
    await server.app.sapa.runJobsOnce();
    expect(await topupNow(idle, abandoned.id)).toMatchObject({ status: 'expired', redirectUrl: null });
    expect(await saldo(idle)).toEqual({ balance: 0, pending: 0 });
    expect((await jobOf(abandoned.id))?.doneAt).not.toBeNull();
  });

  it('asks again later when the gateway does not answer, and requeues a top-up whose job gave up', async () => {
    const who = await payer();
    const topup = await topUp(who);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TOPUP_RECONCILE_JOB), sql`${jobs.payload}->>'topupId' = ${topup.id}`));
    if (job === undefined) throw new Error('no job');
    const real = server.app.sapa.services.payments;
    const deps = {
      db: db(),
      publisher: server.app.sapa.services.publisher,
      log: server.app.log,
      now: server.clock.now,
    };
    const failing = (error: Error): PaymentGateway => ({
      name: real.name,
      createPayment: (order) => real.createPayment(order),
      verifyNotification: (body) => real.verifyNotification(body),
      status: async () => Promise.reject(error),
    });
    const run = { save: async () => true };
    const down = topupReconcileJob({
      ...deps,
      gateway: failing(new PaymentGatewayError('unreachable', { message: 'down' })),
    });
    const deferred = await down.run(job, run);
    expect(deferred).toMatchObject({ payload: { topupId: topup.id, checks: 1 } });
    // A failure that is not the gateway's is retried by the runner; when it gives up, a new job is queued.
    const broken = topupReconcileJob({ ...deps, gateway: failing(new Error('database went away')) });
    await expect(broken.run(job, run)).rejects.toThrow('database went away');
    const before = server.clock.now().getTime();
    await broken.giveUp?.(job, new Error('database went away'));
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TOPUP_RECONCILE_JOB), sql`${jobs.payload}->>'topupId' = ${topup.id}`));
    expect(queued).toHaveLength(2);
    const again = queued.find((row) => row.id !== job.id);
    expect(again?.payload).toEqual({ topupId: topup.id, checks: 0 });
    expect(again?.runAt.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
  });

  it('checks on schedule: 15 minutes, twice as far apart, and once at the end of the window', () => {
    const expiresAt = new Date('2026-01-01T01:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    expect(nextCheckAt({ expiresAt }, 1, at('2026-01-01T00:15:00.000Z')).toISOString()).toBe(
      '2026-01-01T00:45:00.000Z',
    );
    expect(nextCheckAt({ expiresAt }, 2, at('2026-01-01T00:45:00.000Z')).toISOString()).toBe(
      '2026-01-01T01:15:00.000Z',
    );
    expect(nextCheckAt({ expiresAt }, 3, at('2026-01-01T01:15:00.000Z')).toISOString()).toBe(
      '2026-01-01T03:15:00.000Z',
    );
    expect(nextCheckAt({ expiresAt }, 12, at('2026-01-02T00:00:00.000Z')).toISOString()).toBe(
      '2026-01-02T06:00:00.000Z',
    );
  });
});

describe('topup_create', () => {
  it('answers the same top-up to the same clientId, and a new one to another', async () => {
    const who = await payer();
    const clientId = randomUUID();
    const first = await topUp(who, 50_000, clientId);
    const again = await topUp(who, 50_000, clientId);
    expect(again).toEqual(first);
    const other = await topUp(who, 50_000);
    expect(other.id).not.toBe(first.id);
    expect(
      gateway.orders().filter((order) => [first.orderId, other.orderId].includes(order.orderId)),
    ).toHaveLength(2);
    const list = await server.act('topup_list', { token: who.token });
    expect(dataOf<Topup[]>(list).map((topup) => topup.id)).toEqual([other.id, first.id]);
    expect(list.body.total_page).toBe(1);
    expect(dataOf<Topup[]>(await server.act('topup_list', { token: who.token, status: 'paid' }))).toEqual([]);
  });

  it('answers payment_unavailable when the gateway refuses or is down, and leaves nothing pending', async () => {
    const who = await payer();
    const clientId = randomUUID();
    gateway.failNext(1);
    expect(reasonOf(await server.act('topup_create', { token: who.token, amount: 50_000, clientId }))).toBe(
      'payment_unavailable',
    );
    gateway.failNext(1, 'drop');
    expect(reasonOf(await server.act('topup_create', { token: who.token, amount: 50_000, clientId }))).toBe(
      'payment_unavailable',
    );
    expect(await db().select().from(topups).where(eq(topups.userId, who.userId))).toEqual([]);
    expect(await saldo(who)).toEqual({ balance: 0, pending: 0 });
    // The gateway back, the same request goes through with a fresh order.
    const topup = await topUp(who, 50_000, clientId);
    expect(topup.status).toBe('pending');
  });

  it('loses and doubles nothing when the gateway made the order but its answer was lost', async () => {
    const who = await payer();
    const [user] = await db().select().from(users).where(eq(users.id, who.userId));
    if (user === undefined) throw new Error('no user');
    const real = server.app.sapa.services.payments;
    let opened = '';
    // The order is made at the gateway, then the answer never comes back.
    const lossy: PaymentGateway = {
      name: real.name,
      status: (orderId) => real.status(orderId),
      verifyNotification: (body) => real.verifyNotification(body),
      async createPayment(order) {
        await real.createPayment(order);
        opened = order.orderId;
        throw new PaymentGatewayError('unreachable', { message: 'answer lost' });
      },
    };
    const deps: TopupDeps = {
      db: db(),
      gateway: lossy,
      publisher: server.app.sapa.services.publisher,
      log: server.app.log,
    };
    const clientId = randomUUID();
    const input = {
      user,
      amount: 50_000,
      clientId,
      itemName: 'Isi saldo Rp50.000',
      finishUrl: null,
      now: server.clock.now(),
    };
    expect(await createTopup(deps, input)).toEqual({ ok: false });
    // Nobody saw its page: nothing is pending, and the order at the gateway cannot be paid by anyone.
    expect(await db().select().from(topups).where(eq(topups.userId, who.userId))).toEqual([]);
    expect(gateway.order(opened)?.status).toBe('created');
    // Asking again makes a new order (the gateway refuses to reuse an order id anyway).
    const retried = await createTopup({ ...deps, gateway: real }, input);
    if (!retried.ok) throw new Error('the retry failed');
    expect(retried.topup.orderId).not.toBe(opened);
    await gateway.pay(retried.topup.orderId, 'qris');
    expect(await saldo(who)).toEqual({ balance: 50_000, pending: 0 });
  });

  it('a top-up left without its page by a crash is closed as failed by its job', async () => {
    const who = await payer();
    const now = server.clock.now();
    const id = randomUUID();
    // As a process that died between storing the top-up and storing its page leaves it.
    await db()
      .insert(topups)
      .values({
        id,
        userId: who.userId,
        clientId: randomUUID(),
        orderId: `TOPUP-20260101-CRASH${id.slice(0, 5).toUpperCase()}`,
        gateway: 'simulator',
        amount: 50_000,
        expiresAt: new Date(now.getTime() + 60 * 60_000),
        createdAt: now,
        updatedAt: now,
      });
    await db()
      .insert(jobs)
      .values({
        id: randomUUID(),
        kind: TOPUP_RECONCILE_JOB,
        payload: { topupId: id, checks: 0 },
        runAt: new Date(now.getTime() + FIRST_CHECK_MS),
        createdAt: now,
      });
    server.clock.advance(FIRST_CHECK_MS);
    await server.app.sapa.runJobsOnce();
    expect(await topupNow(who, id)).toMatchObject({ status: 'failed' });
    expect(await saldo(who)).toEqual({ balance: 0, pending: 0 });
  });
});

describe('the ledger', () => {
  it('sums to every balance after all of the above', async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
