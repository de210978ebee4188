/**
 * The broadcast engine (issue 17): a broadcast starts once, sends every recipient once in order at
 * the number's rate (a pacing shared by every process), charged once each; it follows Meta's
 * statuses and the customers' replies, meets Meta's limits (the simulator's throughput, pair and
 * per-user marketing limits) by backing off or recording the reason, survives a process dying
 * mid-send, pauses itself when the balance runs out, and obeys pause, resume, cancel and retry.
 * The engine runs on a job runner of the test's own; its waits move the test clock.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAudience, insertRecipients } from '../src/broadcasts/audience.ts';
import {
  cancelBroadcast,
  pauseBroadcast,
  resumeBroadcast,
  retryBroadcast,
} from '../src/broadcasts/control.ts';
import { BROADCAST_PUMP_JOB, BROADCAST_START_JOB } from '../src/broadcasts/lifecycle.ts';
import { holdSlots, PACING_SHARE, reserveSlots, slotTime } from '../src/broadcasts/pacing.ts';
import { pumpJobHandler } from '../src/broadcasts/pump.ts';
import { markRequested, prepareRecipients } from '../src/broadcasts/recipientSend.ts';
import { startJobHandler } from '../src/broadcasts/start.ts';
import {
  automationRules,
  automationTimers,
  customers,
  jobs,
  messages,
  waAccounts,
} from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import type { Published } from '../src/realtime/Publisher.ts';
import { fundProject } from './support/billing.ts';
import {
  acceptedSends,
  broadcastNow,
  broadcastSetup,
  chargesOf,
  createBroadcast,
  engineProcess,
  recipientsOf,
  runUntilStopped,
  sendDirectly,
  settleWebhooks,
} from './support/broadcastEngine.ts';
import type { BroadcastSetup } from './support/broadcastEngine.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
const setups: BroadcastSetup[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const setup of setups) await setup.simulator.close();
  await server.close();
});

const db = () => server.app.sapa.services.db;
const MARKETING = 715;
const digits = (phone: string) => phone.replace(/^\+/, '');

async function setupWith(options: Parameters<typeof broadcastSetup>[1] = {}): Promise<BroadcastSetup> {
  const setup = await broadcastSetup(server, options);
  setups.push(setup);
  return setup;
}

/** How many times the simulator accepted a send to each phone. */
function acceptedPerPhone(setup: BroadcastSetup): Map<string, number> {
  const counts = new Map<string, number>();
  for (const to of acceptedSends(setup)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/** Every customer of the setup reached exactly once. */
function expectEachOnce(setup: BroadcastSetup): void {
  const counts = acceptedPerPhone(setup);
  expect(counts.size).toBe(setup.customers.length);
  for (const customer of setup.customers) expect(counts.get(digits(customer.phone)), customer.phone).toBe(1);
}

/** Claims the broadcast's job of `kind` as one process's runner would (a claim of its own). */
async function claim(kind: string, broadcastId: string, leaseMs = 15_000): Promise<JobRow> {
  const now = server.clock.now();
  const [job] = await db()
    .update(jobs)
    .set({
      claimId: randomUUID(),
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(
      and(
        eq(jobs.kind, kind),
        isNull(jobs.doneAt),
        sql`${jobs.payload}->>'broadcastId' = ${broadcastId}`,
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
      ),
    )
    .returning();
  if (job === undefined) throw new Error(`no ${kind} job due`);
  return job;
}

/** Starts the broadcast now, as its start job does. */
async function started(setup: BroadcastSetup, engine = engineProcess(server)) {
  const broadcast = await createBroadcast(server, setup);
  await startJobHandler(engine.deps).run(await claim(BROADCAST_START_JOB, broadcast.id), {
    save: async () => true,
  });
  return { broadcast: await broadcastNow(db(), broadcast.id), engine };
}

describe('pacing', () => {
  it('hands out each slot of a number once, 1/pace apart, to every process and broadcast', async () => {
    const setup = await setupWith({ customers: 1, rate: 80 });
    const now = server.clock.now();
    // 97% of 80 a second: a slot every 12.89 ms.
    const interval = 1_000 / (80 * PACING_SHARE);
    const first = await reserveSlots(db(), setup.account.id, 10, now);
    expect(first.firstMs).toBeCloseTo(now.getTime(), 2);
    expect(first.intervalMs).toBeCloseTo(12.887, 3);
    const second = await reserveSlots(db(), setup.account.id, 6, now);
    expect(second.firstMs).toBeCloseTo(now.getTime() + 10 * interval, 2);
    // Several reservations at once: no slot twice, and none closer than 1/pace to the next.
    const batches = await Promise.all(
      Array.from({ length: 8 }, () => reserveSlots(db(), setup.account.id, 8, now)),
    );
    const times = batches
      .flatMap((slots) => Array.from({ length: slots.count }, (_, index) => slotTime(slots, index)))
      .sort((a, b) => a - b);
    expect(new Set(times).size).toBe(64);
    expect(times[0]).toBeCloseTo(now.getTime() + 16 * interval, 2);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeCloseTo(interval, 2);
    }
  });

  it('starts from now after a quiet spell, waits out a hold, and paces each number apart', async () => {
    const setup = await setupWith({ customers: 1, rate: 100 });
    const other = await setupWith({ customers: 1, rate: 100 });
    const now = server.clock.now();
    await reserveSlots(db(), setup.account.id, 50, now);
    const later = new Date(now.getTime() + 5_000);
    // No burst to catch up the slots nobody used.
    expect((await reserveSlots(db(), setup.account.id, 1, later)).firstMs).toBeCloseTo(later.getTime(), 2);
    await holdSlots(db(), setup.account.id, new Date(later.getTime() + 2_000));
    expect((await reserveSlots(db(), setup.account.id, 1, later)).firstMs).toBeCloseTo(
      later.getTime() + 2_000,
      2,
    );
    expect((await reserveSlots(db(), other.account.id, 1, later)).firstMs).toBeCloseTo(later.getTime(), 2);
  });
});

describe('a broadcast', () => {
  it('sends every recipient once, in order, charged once each, follows their statuses and says so', async () => {
    const setup = await setupWith({ customers: 12 });
    const heard: Published[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((published) => {
      if (published.event === 'broadcast.updated') heard.push(published);
    });
    const broadcast = await createBroadcast(server, setup);
    const done = await runUntilStopped(server, setup, engineProcess(server), broadcast.id);
    stop();
    expect(done.status).toBe('done');
    expect(done.total).toBe(12);
    expect(done.finishedAt).not.toBeNull();
    expect(acceptedSends(setup)).toEqual(setup.customers.map((customer) => digits(customer.phone)));
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => recipient.state)).toEqual(Array(12).fill('read'));
    for (const recipient of recipients) {
      expect(recipient.sentAt).not.toBeNull();
      expect(recipient.deliveredAt).not.toBeNull();
      expect(recipient.readAt).not.toBeNull();
      expect(recipient.attempts).toBe(1);
    }
    const charges = await chargesOf(db(), broadcast.id);
    expect([...charges.values()]).toEqual(Array(12).fill({ charged: MARKETING, refunded: 0 }));
    // Each message is the template with the customer's name, in their conversation, marked as the broadcast's.
    const [first] = recipients;
    const [message] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, first?.messageId ?? ''));
    expect(message?.broadcastId).toBe(broadcast.id);
    expect(message?.caption).toBe(
      `Halo ${setup.customers[0]?.name}, diskon 20% untuk semua sepatu minggu ini!`,
    );
    expect(message?.conversationId).toBe(first?.conversationId);
    // Announced: sending, then done, and the statuses that came after as progress.
    const payloads = heard.map(
      (published) =>
        (published.payload as { broadcast: { id: string; status: string; counts: Record<string, number> } })
          .broadcast,
    );
    const mine = payloads.filter((summary) => summary.id === broadcast.id);
    expect(mine.map((summary) => summary.status)).toContain('sending');
    expect(mine.at(-1)?.status).toBe('done');
    expect(mine.at(-1)?.counts.read).toBe(12);
  });

  it("starts automation's no-customer-reply timers from each broadcast message", async () => {
    const setup = await setupWith({ customers: 3 });
    const now = server.clock.now();
    const ruleId = randomUUID();
    await db()
      .insert(automationRules)
      .values({
        id: ruleId,
        projectId: setup.projectId,
        kind: 'auto_stage',
        name: 'Tidak membalas promo',
        position: 0,
        trigger: { kind: 'no_customer_reply', after: { amount: 2, unit: 'days' } },
        actions: [],
        createdAt: now,
        updatedAt: now,
      });
    const broadcast = await createBroadcast(server, setup);
    expect((await runUntilStopped(server, setup, engineProcess(server), broadcast.id)).status).toBe('done');
    const recipients = await recipientsOf(db(), broadcast.id);
    const timers = await db().select().from(automationTimers).where(eq(automationTimers.ruleId, ruleId));
    expect(timers.map((timer) => timer.conversationId).sort()).toEqual(
      recipients.map((recipient) => recipient.conversationId).sort(),
    );
    for (const timer of timers) {
      expect(timer.kind).toBe('no_customer_reply');
      expect(timer.jobId).not.toBeNull();
      expect(timer.dueAt.getTime() - timer.since.getTime()).toBeGreaterThanOrEqual(
        2 * 86_400_000 - 3_600_000,
      );
    }
  });

  it('starts once, at its time, with the audience as it is then: opted-out customers left out', async () => {
    const setup = await setupWith({ customers: 6 });
    const at = new Date(server.clock.now().getTime() + 3_600_000);
    const broadcast = await createBroadcast(server, setup, { scheduledAt: at });
    const engine = engineProcess(server);
    await engine.runner.runOnce();
    expect((await broadcastNow(db(), broadcast.id)).status).toBe('scheduled');
    const optedOut = setup.customers[2];
    await db()
      .update(customers)
      .set({ optedOutAt: server.clock.now(), optedOutVia: 'message' })
      .where(eq(customers.id, optedOut?.id ?? ''));
    server.clock.advance(3_600_000);
    // Two processes take the start job's turn: it starts once.
    const start = await claim(BROADCAST_START_JOB, broadcast.id);
    await Promise.all([
      startJobHandler(engine.deps).run(start, { save: async () => true }),
      startJobHandler(engine.deps).run(start, { save: async () => true }),
    ]);
    const done = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(done.status).toBe('done');
    expect(done.total).toBe(5);
    const counts = acceptedPerPhone(setup);
    expect(counts.has(digits(optedOut?.phone ?? ''))).toBe(false);
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('waits for a time moved later, and finishes at once when nobody is left to send to', async () => {
    const setup = await setupWith({ customers: 2 });
    const broadcast = await createBroadcast(server, setup, {
      audience: { kind: 'filter', filter: { search: 'nobody-has-this-name' } },
    });
    const moved = new Date(server.clock.now().getTime() + 60_000);
    await db().execute(
      sql`update broadcasts set scheduled_at = ${moved.toISOString()}::timestamptz where id = ${broadcast.id}::uuid`,
    );
    const engine = engineProcess(server);
    await engine.runner.runOnce();
    expect((await broadcastNow(db(), broadcast.id)).status).toBe('scheduled');
    server.clock.advance(60_000);
    await engine.runner.runOnce();
    const done = await broadcastNow(db(), broadcast.id);
    expect(done.status).toBe('done');
    expect(done.total).toBe(0);
    expect(acceptedSends(setup)).toEqual([]);
  });
});

describe('the audience', () => {
  it('counts a filter without the opted-out customers, who are counted apart', async () => {
    const setup = await setupWith({ customers: 4 });
    const [first] = setup.customers;
    await db()
      .update(customers)
      .set({ optedOutAt: server.clock.now(), optedOutVia: 'agent' })
      .where(eq(customers.id, first?.id ?? ''));
    const project = { id: setup.projectId, timeZone: 'Asia/Jakarta' };
    expect(await countAudience(db(), project, { kind: 'filter', filter: {} })).toEqual({
      recipients: 3,
      optedOut: 1,
      rowErrors: [],
      rowErrorCount: 0,
    });
  });

  it("reads a CSV's phones, tells the rows left out, and makes the new phones customers at the start", async () => {
    const setup = await setupWith({ customers: 2 });
    const [known, optedOut] = setup.customers;
    await db()
      .update(customers)
      .set({ optedOutAt: server.clock.now(), optedOutVia: 'message' })
      .where(eq(customers.id, optedOut?.id ?? ''));
    const fresh = `+62819${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const csv = ['phone', known?.phone, 'bukan nomor', fresh, known?.phone, optedOut?.phone].join('\n');
    const audience = { kind: 'csv' as const, csv, filename: 'promo.csv' };
    const project = { id: setup.projectId, timeZone: 'Asia/Jakarta' };
    expect(await countAudience(db(), project, audience)).toEqual({
      recipients: 2,
      optedOut: 1,
      rowErrors: [
        { line: 3, phone: 'bukan nomor', problem: 'phone' },
        { line: 5, phone: known?.phone, problem: 'duplicate' },
        { line: 6, phone: optedOut?.phone, problem: 'opted_out' },
      ],
      rowErrorCount: 3,
    });
    const broadcast = await createBroadcast(server, setup, { audience });
    const total = await db().transaction((tx) =>
      insertRecipients(tx, broadcast, 'Asia/Jakarta', server.clock.now()),
    );
    expect(total).toBe(2);
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => [recipient.seq, recipient.phone])).toEqual([
      [1, known?.phone],
      [2, fresh],
    ]);
    const [made] = await db().select().from(customers).where(eq(customers.phone, fresh));
    expect(made?.name).toBe(fresh);
    expect(recipients[1]?.customerId).toBe(made?.id);
  });
});

describe('exactly once', () => {
  it('settles sends a dead process left behind: adopted by their status, sent again after the grace, or at once', async () => {
    const setup = await setupWith({ customers: 6 });
    const { broadcast, engine } = await started(setup);
    // Process A takes the pump's turn and prepares four recipients. It records the first three's
    // requests as going out; the first and third reached Meta (their answers lost), the second
    // never left; the fourth was never asked for. Then A dies.
    const jobA = await claim(BROADCAST_PUMP_JOB, broadcast.id);
    const context = { job: jobA, broadcast, headerFile: null, prices: server.config.billing.prices };
    const recipients = await recipientsOf(db(), broadcast.id);
    const prepared = await prepareRecipients(
      db(),
      context,
      recipients.slice(0, 4).map((recipient) => recipient.id),
      server.clock.now(),
    );
    expect(prepared.ready).toHaveLength(4);
    const [reached, lost, third, unasked] = prepared.ready;
    await markRequested(
      db(),
      prepared.ready.slice(0, 3).map((ready) => ready.recipientId),
      server.clock.now(),
    );
    expect((await sendDirectly(setup, reached?.phone ?? '', reached?.message.id)).status).toBe(200);
    expect((await sendDirectly(setup, third?.phone ?? '', third?.message.id)).status).toBe(200);
    await settleWebhooks(server, setup);
    // A's lease runs out; process B takes over and finishes.
    server.clock.advance(20_000);
    const restartedAt = server.clock.now().getTime();
    const done = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(done.status).toBe('done');
    expectEachOnce(setup);
    const after = await recipientsOf(db(), broadcast.id);
    expect(after.map((recipient) => recipient.state)).toEqual(Array(6).fill('read'));
    // Each went out with the message prepared for it, charged once: the one never asked for at
    // once, the one whose outcome was unknown once no status had come for it in the grace.
    expect(after.slice(0, 4).map((recipient) => recipient.messageId)).toEqual(
      prepared.ready.map((ready) => ready.message.id),
    );
    const acceptedAt = (phone: string | undefined) =>
      setup.simulator
        .sent()
        .find(
          (request) =>
            request.wamid !== undefined && (request.body as { to?: string }).to === digits(phone ?? ''),
        )?.at ?? 0;
    const grace = server.config.whatsapp.sendGraceMs;
    expect(acceptedAt(unasked?.phone)).toBeLessThan(restartedAt + grace);
    expect(acceptedAt(lost?.phone)).toBeGreaterThanOrEqual(restartedAt + grace);
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(6).fill({ charged: MARKETING, refunded: 0 }),
    );
  });

  it('counts the grace of a send whose outcome is unknown only once the webhooks that came in are read', async () => {
    const setup = await setupWith({ customers: 2 });
    const { broadcast, engine } = await started(setup);
    // A dead process asked for the first recipient; its outcome is unknown.
    const job = await claim(BROADCAST_PUMP_JOB, broadcast.id);
    const [first] = await recipientsOf(db(), broadcast.id);
    const prepared = await prepareRecipients(
      db(),
      { job, broadcast, headerFile: null, prices: server.config.billing.prices },
      [first?.id ?? ''],
      server.clock.now(),
    );
    const [lost] = prepared.ready;
    await markRequested(db(), [lost?.recipientId ?? ''], server.clock.now());
    server.clock.advance(20_000);
    const restartedAt = server.clock.now().getTime();
    const grace = server.config.whatsapp.sendGraceMs;
    // After the restart, the process reads retried webhooks for a grace and a half.
    const caughtUpAt = restartedAt + grace * 1.5;
    engine.deps.webhooks = { behind: async () => server.clock.now().getTime() < caughtUpAt };
    const done = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(done.status).toBe('done');
    expectEachOnce(setup);
    const sentAgainAt =
      setup.simulator
        .sent()
        .find(
          (request) =>
            request.wamid !== undefined && (request.body as { to?: string }).to === digits(lost?.phone ?? ''),
        )?.at ?? 0;
    // Not a grace after the restart: a grace after the last look that found it behind.
    expect(sentAgainAt).toBeGreaterThanOrEqual(restartedAt + 2 * grace);
    expect((await recipientsOf(db(), broadcast.id))[0]?.messageId).toBe(lost?.message.id);
  });

  it('lets only the claim that holds the pump prepare', async () => {
    const setup = await setupWith({ customers: 3 });
    const { broadcast } = await started(setup);
    const stale = await claim(BROADCAST_PUMP_JOB, broadcast.id, 1_000);
    server.clock.advance(2_000);
    const holder = await claim(BROADCAST_PUMP_JOB, broadcast.id);
    const ids = (await recipientsOf(db(), broadcast.id)).map((recipient) => recipient.id);
    const prices = server.config.billing.prices;
    const lost = await prepareRecipients(
      db(),
      { job: stale, broadcast, headerFile: null, prices },
      ids,
      server.clock.now(),
    );
    expect(lost).toEqual({ lost: true, ready: [], charges: [], pause: null });
    expect((await recipientsOf(db(), broadcast.id)).map((recipient) => recipient.state)).toEqual(
      Array(3).fill('queued'),
    );
    const held = await prepareRecipients(
      db(),
      { job: holder, broadcast, headerFile: null, prices },
      ids,
      server.clock.now(),
    );
    expect(held.ready).toHaveLength(3);
    // The same recipients again: nothing more (they are no longer queued).
    const again = await prepareRecipients(
      db(),
      { job: holder, broadcast, headerFile: null, prices },
      ids,
      server.clock.now(),
    );
    expect(again.ready).toEqual([]);
    expect(await chargesOf(db(), broadcast.id)).toHaveProperty('size', 3);
    // A run of the stale claim ends without sending.
    const engine = engineProcess(server);
    expect(await pumpJobHandler(engine.deps).run(stale, { save: async () => false })).toBeUndefined();
    expect(acceptedSends(setup)).toEqual([]);
  });

  it('sends again, once, a request whose connection broke, when no status came for it', async () => {
    const setup = await setupWith({ customers: 4 });
    setup.simulator.graph.dropNext(1);
    const broadcast = await createBroadcast(server, setup);
    const done = await runUntilStopped(server, setup, engineProcess(server), broadcast.id);
    expect(done.status).toBe('done');
    expectEachOnce(setup);
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => recipient.attempts).sort()).toEqual([1, 1, 1, 2]);
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(4).fill({ charged: MARKETING, refunded: 0 }),
    );
  });
});

describe("Meta's limits", () => {
  it('backs off on 130429 and sends everyone once, none failed for it', async () => {
    const setup = await setupWith({ customers: 30, rate: 40, limits: { messagesPerSecond: 8 } });
    const broadcast = await createBroadcast(server, setup);
    const done = await runUntilStopped(server, setup, engineProcess(server), broadcast.id);
    expect(done.status).toBe('done');
    expect(setup.simulator.sent().filter((request) => request.errorCode === 130429).length).toBeGreaterThan(
      0,
    );
    expectEachOnce(setup);
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.every((recipient) => recipient.state === 'read')).toBe(true);
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(30).fill({ charged: MARKETING, refunded: 0 }),
    );
  });

  it('backs off 4^X seconds on 131056 for that recipient only, then sends the same message', async () => {
    const setup = await setupWith({ customers: 3, limits: { pairBurst: 1, pairRefillMs: 6_000 } });
    const [busy] = setup.customers;
    expect((await sendDirectly(setup, busy?.phone ?? '')).status).toBe(200);
    const broadcast = await createBroadcast(server, setup);
    const startedAt = server.clock.now().getTime();
    const done = await runUntilStopped(server, setup, engineProcess(server), broadcast.id);
    expect(done.status).toBe('done');
    const pairRefused = setup.simulator.sent().filter((request) => request.errorCode === 131056);
    expect(pairRefused.length).toBeGreaterThan(0);
    // Refused at 0 s, then tried 1 s later, then 4 s after that: the bucket had refilled by then.
    expect(pairRefused.map((request) => request.at - startedAt).every((at) => at < 6_000)).toBe(true);
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients[0]?.attempts).toBe(pairRefused.length + 1);
    expect(recipients.map((recipient) => recipient.state)).toEqual(['read', 'read', 'read']);
    const counts = acceptedPerPhone(setup);
    // Its one accepted send besides the direct one before the broadcast.
    expect(counts.get(digits(busy?.phone ?? ''))).toBe(2);
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(3).fill({ charged: MARKETING, refunded: 0 }),
    );
  });

  it('records 131049 and 131026 as final reasons, refunds them, and retries only the transient one', async () => {
    const setup = await setupWith({ customers: 4, limits: { marketingPerUser: 1 } });
    const [, limited, unknown] = setup.customers;
    expect((await sendDirectly(setup, limited?.phone ?? '')).status).toBe(200);
    setup.simulator.graph.markNotOnWhatsApp(unknown?.phone ?? '');
    const broadcast = await createBroadcast(server, setup);
    const engine = engineProcess(server);
    const done = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(done.status).toBe('done');
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => recipient.state)).toEqual(['read', 'failed', 'failed', 'read']);
    expect(recipients[1]).toMatchObject({
      error: { code: 131049 },
      reason: 'broadcasts.reason.marketingLimit',
      transient: true,
    });
    expect(recipients[2]).toMatchObject({
      error: { code: 131026 },
      reason: 'broadcasts.reason.undeliverable',
      transient: false,
    });
    const charges = await chargesOf(db(), broadcast.id);
    expect(charges.get(recipients[1]?.messageId ?? '')).toEqual({ charged: MARKETING, refunded: MARKETING });
    expect(charges.get(recipients[2]?.messageId ?? '')).toEqual({ charged: MARKETING, refunded: MARKETING });

    // A day later the marketing limit has lifted: the retry sends the limited customer a new message.
    server.clock.advance(25 * 3_600_000);
    const retried = await retryBroadcast(
      db(),
      { projectId: setup.projectId, id: broadcast.id },
      server.clock.now(),
    );
    expect(retried).toMatchObject({ ok: true, broadcast: { status: 'sending' } });
    const again = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(again.status).toBe('done');
    const after = await recipientsOf(db(), broadcast.id);
    expect(after.map((recipient) => recipient.state)).toEqual(['read', 'read', 'failed', 'read']);
    expect(after[1]?.messageId).not.toBe(recipients[1]?.messageId);
    expect((await chargesOf(db(), broadcast.id)).get(after[1]?.messageId ?? '')).toEqual({
      charged: MARKETING,
      refunded: 0,
    });
    // Nothing left to retry.
    expect(
      await retryBroadcast(db(), { projectId: setup.projectId, id: broadcast.id }, server.clock.now()),
    ).toEqual({
      ok: false,
      refusal: 'conflict',
    });
  });
});

describe('the balance', () => {
  it('pauses the broadcast when it runs out, refuses to resume until topped up, and charges each once', async () => {
    const setup = await setupWith({ customers: 5, funds: 3 * MARKETING });
    const broadcast = await createBroadcast(server, setup);
    const engine = engineProcess(server);
    const paused = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'balance' });
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => recipient.state)).toEqual([
      'read',
      'read',
      'read',
      'queued',
      'queued',
    ]);
    expect(recipients.slice(3).map((recipient) => recipient.messageId)).toEqual([null, null]);
    const target = { projectId: setup.projectId, id: broadcast.id };
    const prices = server.config.billing.prices;
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toEqual({
      ok: false,
      refusal: 'insufficient_balance',
    });
    await fundProject(db(), setup.projectId, 2 * MARKETING, server.clock.now());
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toMatchObject({
      ok: true,
      broadcast: { status: 'sending', pauseReason: null },
    });
    expect((await runUntilStopped(server, setup, engine, broadcast.id)).status).toBe('done');
    expectEachOnce(setup);
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(5).fill({ charged: MARKETING, refunded: 0 }),
    );
  });
});

describe('control', () => {
  it('pause stops the pump before it sends; resume sends everyone once', async () => {
    const setup = await setupWith({ customers: 4 });
    const { broadcast, engine } = await started(setup);
    const target = { projectId: setup.projectId, id: broadcast.id };
    const paused = await pauseBroadcast(db(), target, server.clock.now());
    expect(paused).toMatchObject({
      ok: true,
      broadcast: { status: 'paused', pauseReason: 'manual', pumpJobId: null },
    });
    expect(await pauseBroadcast(db(), target, server.clock.now())).toMatchObject({ ok: true });
    await engine.runner.runOnce();
    expect(acceptedSends(setup)).toEqual([]);
    const resumed = await resumeBroadcast(db(), target, server.clock.now(), server.config.billing.prices);
    expect(resumed).toMatchObject({ ok: true, broadcast: { status: 'sending' } });
    expect((await runUntilStopped(server, setup, engine, broadcast.id)).status).toBe('done');
    expectEachOnce(setup);
    expect(await pauseBroadcast(db(), target, server.clock.now())).toEqual({
      ok: false,
      refusal: 'conflict',
    });
    expect(await cancelBroadcast(db(), target, server.clock.now())).toEqual({
      ok: false,
      refusal: 'conflict',
    });
  });

  it('cancel leaves the queued recipients unsent and uncharged, refunding one waiting to be sent again', async () => {
    const setup = await setupWith({ customers: 3, limits: { pairBurst: 1, pairRefillMs: 60_000 } });
    const [busy] = setup.customers;
    expect((await sendDirectly(setup, busy?.phone ?? '')).status).toBe(200);
    const broadcast = await createBroadcast(server, setup);
    const engine = engineProcess(server);
    // One slice: the others go out, the busy one waits out its backoff with its message charged.
    await engine.runner.runOnce();
    await settleWebhooks(server, setup);
    const waiting = (await recipientsOf(db(), broadcast.id))[0];
    expect(waiting).toMatchObject({ state: 'queued', reason: 'broadcasts.reason.pairRate' });
    expect(waiting?.messageId).not.toBeNull();
    const target = { projectId: setup.projectId, id: broadcast.id };
    const cancelled = await cancelBroadcast(db(), target, server.clock.now());
    expect(cancelled).toMatchObject({ ok: true, broadcast: { status: 'cancelled', pumpJobId: null } });
    expect(cancelled.ok && cancelled.billing.length).toBe(1);
    server.clock.advance(120_000);
    await engine.runner.runOnce();
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients.map((recipient) => recipient.state)).toEqual(['cancelled', 'read', 'read']);
    expect((await chargesOf(db(), broadcast.id)).get(waiting?.messageId ?? '')).toEqual({
      charged: MARKETING,
      refunded: MARKETING,
    });
    const [message] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, waiting?.messageId ?? ''));
    expect(message?.status).toBe('failed');
    expect(acceptedPerPhone(setup).get(digits(busy?.phone ?? ''))).toBe(1);
    expect(await resumeBroadcast(db(), target, server.clock.now(), server.config.billing.prices)).toEqual({
      ok: false,
      refusal: 'conflict',
    });
  });

  it('pauses itself when Meta pauses the template, and resumes once it is approved again', async () => {
    const setup = await setupWith({ customers: 3 });
    const wabaId = setup.account.wabaId ?? '';
    await setup.simulator.graph.setTemplateStatus(wabaId, setup.template.name, 'PAUSED');
    await server.app.sapa.processPendingDeliveries();
    const broadcast = await createBroadcast(server, setup);
    const engine = engineProcess(server);
    const paused = await runUntilStopped(server, setup, engine, broadcast.id);
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'template' });
    const recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients[0]).toMatchObject({ state: 'queued', reason: 'broadcasts.reason.templatePaused' });
    const target = { projectId: setup.projectId, id: broadcast.id };
    const prices = server.config.billing.prices;
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toEqual({
      ok: false,
      refusal: 'conflict',
    });
    await setup.simulator.graph.setTemplateStatus(wabaId, setup.template.name, 'APPROVED');
    await server.app.sapa.processPendingDeliveries();
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toMatchObject({ ok: true });
    expect((await runUntilStopped(server, setup, engine, broadcast.id)).status).toBe('done');
    expectEachOnce(setup);
    // The first recipient's message was kept across the pause: charged once.
    expect([...(await chargesOf(db(), broadcast.id)).values()]).toEqual(
      Array(3).fill({ charged: MARKETING, refunded: 0 }),
    );
  });

  it('pauses for the number when it is disconnected, and refuses to resume until it is back', async () => {
    const setup = await setupWith({ customers: 2 });
    await db().update(waAccounts).set({ status: 'disconnected' }).where(eq(waAccounts.id, setup.account.id));
    const broadcast = await createBroadcast(server, setup);
    const engine = engineProcess(server);
    expect(await runUntilStopped(server, setup, engine, broadcast.id)).toMatchObject({
      status: 'paused',
      pauseReason: 'account',
    });
    const target = { projectId: setup.projectId, id: broadcast.id };
    const prices = server.config.billing.prices;
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toEqual({
      ok: false,
      refusal: 'conflict',
    });
    await db().update(waAccounts).set({ status: 'connected' }).where(eq(waAccounts.id, setup.account.id));
    expect(await resumeBroadcast(db(), target, server.clock.now(), prices)).toMatchObject({ ok: true });
    expect((await runUntilStopped(server, setup, engine, broadcast.id)).status).toBe('done');
    expectEachOnce(setup);
  });

  it('answers not_found for another project', async () => {
    const setup = await setupWith({ customers: 1 });
    const broadcast = await createBroadcast(server, setup);
    expect(
      await pauseBroadcast(db(), { projectId: randomUUID(), id: broadcast.id }, server.clock.now()),
    ).toEqual({
      ok: false,
      refusal: 'not_found',
    });
  });
});

describe('replies', () => {
  it("marks a customer's message after the broadcast reached them as their reply, once, within 7 days", async () => {
    const setup = await setupWith({ customers: 3 });
    const broadcast = await createBroadcast(server, setup);
    expect((await runUntilStopped(server, setup, engineProcess(server), broadcast.id)).status).toBe('done');
    const [first, second] = setup.customers;
    await setup.simulator.customerWrites(first?.phone ?? '', 'Masih ada ukuran 42?');
    await setup.simulator.customerWrites(first?.phone ?? '', 'Halo?');
    await server.app.sapa.processPendingDeliveries();
    let recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients[0]?.repliedAt).not.toBeNull();
    expect(recipients[1]?.repliedAt).toBeNull();
    const inbound = await db()
      .select({ caption: messages.caption, broadcastId: messages.broadcastId })
      .from(messages)
      .where(eq(messages.conversationId, recipients[0]?.conversationId ?? ''))
      .orderBy(messages.seq);
    expect(inbound.filter((message) => message.caption !== null && message.caption.endsWith('?'))).toEqual([
      { caption: 'Masih ada ukuran 42?', broadcastId: broadcast.id },
      { caption: 'Halo?', broadcastId: null },
    ]);
    // Eight days later it is no reply to the broadcast.
    server.clock.advance(8 * 86_400_000);
    await setup.simulator.customerWrites(second?.phone ?? '', 'Promo apa ya?');
    await server.app.sapa.processPendingDeliveries();
    recipients = await recipientsOf(db(), broadcast.id);
    expect(recipients[1]?.repliedAt).toBeNull();
  });

  it('marks the reply in the statement that stores the message: it is never seen stored and unmarked', async () => {
    const setup = await setupWith({ customers: 1 });
    const broadcast = await createBroadcast(server, setup);
    expect((await runUntilStopped(server, setup, engineProcess(server), broadcast.id)).status).toBe('done');
    const [customer] = setup.customers;
    const progress: number[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((published) => {
      if (published.event !== 'broadcast.updated') return;
      progress.push((published.payload as { broadcast: { replied: number } }).broadcast.replied);
    });
    // What another process (an automation process woken by the store's commit) would read right
    // after each statement of the webhook's path.
    const database = db();
    const execute = database.execute.bind(database);
    const dialect = new PgDialect();
    const seen: { stored: boolean; repliedAt: unknown; broadcastId: unknown }[] = [];
    database.execute = (async (query: SQL) => {
      const result = await execute(query);
      if (/sapa_(store_webhook_batch|receive_messages)\(/.test(dialect.sqlToQuery(query).sql)) {
        const [row] = (
          (await execute(sql`select r.replied_at, m.broadcast_id from broadcast_recipients r
            join messages m on m.conversation_id = r.conversation_id and m.direction = 'in'
            where r.broadcast_id = ${broadcast.id}`)) as unknown as { rows: Record<string, unknown>[] }
        ).rows;
        seen.push({
          stored: row !== undefined,
          repliedAt: row?.['replied_at'],
          broadcastId: row?.['broadcast_id'],
        });
      }
      return result;
    }) as typeof database.execute;
    try {
      await setup.simulator.customerWrites(customer?.phone ?? '', 'Masih ada ukuran 42?');
      await server.app.sapa.processPendingDeliveries();
    } finally {
      database.execute = execute;
    }
    try {
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ stored: true, broadcastId: broadcast.id });
      expect(seen[0]?.repliedAt).not.toBeNull();
      // The store's answer names the broadcast replied to: its progress is announced.
      await expect.poll(() => progress.at(-1), { timeout: 5_000 }).toBe(1);
    } finally {
      stop();
    }
  });
});
