/**
 * The demo's month of money (src/demo/seedBilling.ts, issue 16 item 7): top-ups, transfers into
 * the project and charged template messages, written once through the ledger, whose sums match
 * the balances, on a small demo (the full one is demo.test.ts's).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, walletOf } from '../src/billing/ledger.ts';
import { queryRows } from '../src/db/queryRows.ts';
import { ledgerEntries, messages, topups, wallets } from '../src/db/schema.ts';
import type { LedgerEntryRow } from '../src/db/schema.ts';
import { ensureDemo } from '../src/demo/ensureDemo.ts';
import { seedDemoBilling } from '../src/demo/seedBilling.ts';
import type { DemoBillingOptions } from '../src/demo/seedBilling.ts';
import { defaultPriceTable, priceAt } from '../src/sdk.ts';
import type { PriceCategory } from '../src/sdk.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const DAY = 86_400_000;

let server: TestServer;
let options: DemoBillingOptions;

beforeAll(async () => {
  server = await startTestServer();
  const { db, config } = server.app.sapa.services;
  if (config.whatsapp.tokenKey === null) throw new Error('no token key');
  const now = server.clock.now();
  const demo = await ensureDemo(
    db,
    { customers: 120, newCustomers: 0, seed: 3 },
    now,
    config.whatsapp.tokenKey,
  );
  const [project] = await queryRows<{ id: string }>(
    db,
    sql`select id from projects where key = ${demo.settings.projectKey}`,
  );
  if (project === undefined) throw new Error('no demo project');
  options = {
    userId: demo.settings.userId,
    projectId: project.id,
    accountId: demo.settings.accountId,
    prices: defaultPriceTable,
    now,
    seed: demo.settings.seed,
  };
});
afterAll(async () => {
  await server.close();
});

const db = () => server.app.sapa.services.db;

async function balances() {
  const saldo = await walletOf(db(), { userId: options.userId }, options.now);
  const project = await walletOf(db(), { projectId: options.projectId }, options.now);
  return {
    saldo: saldo.balance,
    project: project.balance,
    saldoSeq: saldo.lastSeq,
    projectSeq: project.lastSeq,
  };
}

async function entriesOf(owner: { userId: string } | { projectId: string }): Promise<LedgerEntryRow[]> {
  const wallet = await walletOf(db(), owner, options.now);
  return db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.walletId, wallet.id))
    .orderBy(asc(ledgerEntries.seq));
}

/** Conversations whose messages or summary break the inbox's rules (as demo.test.ts checks them). */
async function inconsistentConversations() {
  return queryRows<{ id: string }>(
    db(),
    sql`
    select c.id from conversations c
    join lateral (
      select count(*)::int as n, max(seq) as last_seq, max(created_at) as last_at,
        max(created_at) filter (where direction = 'in') as last_in
      from messages m where m.conversation_id = c.id
    ) s on true
    left join messages newest on newest.conversation_id = c.id and newest.seq = c.last_seq
    where c.project_id = ${options.projectId}::uuid and (
      s.n <> c.last_seq or s.last_seq <> c.last_seq
      or c.last_message_at is distinct from s.last_at
      or c.last_inbound_at is distinct from s.last_in
      or c.last_message is distinct from jsonb_build_object('type', newest.type, 'caption', newest.caption,
        'filename', newest.filename, 'name', newest.name, 'direction', newest.direction, 'status', newest.status)
      or exists (select 1 from messages later where later.conversation_id = c.id
        and later.seq > 1 and later.created_at < (select created_at from messages earlier
          where earlier.conversation_id = c.id and earlier.seq = later.seq - 1)))`,
  );
}

describe('the demo’s billing history', () => {
  let first: Awaited<ReturnType<typeof balances>>;

  beforeAll(async () => {
    // Two starts at once (two processes on one database): one seeds, the other finds it done.
    const outcomes = await Promise.all([seedDemoBilling(db(), options), seedDemoBilling(db(), options)]);
    expect(outcomes.map((outcome) => outcome.seeded).sort()).toEqual([false, true]);
    first = await balances();
  });

  it('leaves the saldo and the project comfortably in credit, and the ledger summing to both', async () => {
    // 1,050,000 topped up, 650,000 moved into the project.
    expect(first.saldo).toBe(400_000);
    expect(first.project).toBeGreaterThan(400_000);
    expect(first.project).toBeLessThan(650_000);
    expect(await ledgerMismatches(db())).toEqual([]);
    const [project] = await db().select().from(wallets).where(eq(wallets.projectId, options.projectId));
    expect(project?.lowThreshold).toBe(100_000);
  });

  it('is made once: seeding again changes nothing', async () => {
    const counted = async () => ({
      topups: (await db().select().from(topups).where(eq(topups.userId, options.userId))).length,
      templates: (await db().select().from(messages).where(eq(messages.type, 'template'))).length,
    });
    const before = await counted();
    expect(await seedDemoBilling(db(), { ...options, now: new Date(options.now.getTime() + DAY) })).toEqual({
      seeded: false,
    });
    expect(await balances()).toEqual(first);
    expect(await counted()).toEqual(before);
  });

  it('has paid top-ups on the simulator, each credited once, and one that expired', async () => {
    const rows = await db()
      .select()
      .from(topups)
      .where(eq(topups.userId, options.userId))
      .orderBy(asc(topups.createdAt));
    expect(rows.map((row) => [row.amount, row.status, row.gateway])).toEqual([
      [500_000, 'paid', 'simulator'],
      [250_000, 'paid', 'simulator'],
      [100_000, 'expired', 'simulator'],
      [300_000, 'paid', 'simulator'],
    ]);
    const saldo = await entriesOf({ userId: options.userId });
    const credits = saldo.filter((entry) => entry.kind === 'topup');
    expect(credits.map((entry) => entry.idempotencyKey)).toEqual(
      rows.filter((row) => row.status === 'paid').map((row) => `topup:${row.orderId}`),
    );
    expect(saldo.map((entry) => entry.kind)).toEqual([
      'topup',
      'transfer_out',
      'topup',
      'transfer_out',
      'topup',
      'transfer_out',
    ]);
    for (const row of rows) {
      expect(row.orderId).toMatch(/^TOPUP-\d{8}-[0-9A-F]{10}$/);
      expect(row.createdAt.getTime()).toBeGreaterThan(options.now.getTime() - 31 * DAY);
    }
  });

  it('charges template messages by category at the price in force, in time order, refunding the free ones', async () => {
    const project = await entriesOf({ projectId: options.projectId });
    for (let index = 1; index < project.length; index += 1) {
      expect(project[index]?.createdAt.getTime()).toBeGreaterThanOrEqual(
        project[index - 1]?.createdAt.getTime() ?? 0,
      );
      expect(project[index]?.balanceAfter).toBe(
        (project[index - 1]?.balanceAfter ?? 0) + (project[index]?.amount ?? 0),
      );
    }
    const charges = project.filter((entry) => entry.kind === 'charge');
    const refunds = project.filter((entry) => entry.kind === 'refund');
    expect(project.filter((entry) => entry.kind === 'transfer_in').map((entry) => entry.amount)).toEqual([
      300_000, 200_000, 150_000,
    ]);
    const byCategory = (category: string) => charges.filter((entry) => entry.category === category).length;
    expect(byCategory('MARKETING')).toBeGreaterThanOrEqual(4 * 18);
    expect(byCategory('UTILITY')).toBeGreaterThan(25);
    expect(refunds.length).toBeGreaterThan(0);

    const sent = await db()
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          charges.map((entry) => entry.messageId ?? ''),
        ),
      );
    expect(sent).toHaveLength(charges.length);
    const byId = new Map(sent.map((message) => [message.id, message]));
    for (const charge of charges) {
      const message = byId.get(charge.messageId ?? '');
      expect(message).toMatchObject({ type: 'template', direction: 'out', senderUserId: options.userId });
      expect(message?.template?.category).toBe(charge.category);
      expect(charge.amount).toBe(
        -priceAt(defaultPriceTable, charge.category as PriceCategory, charge.createdAt),
      );
      expect(charge.createdAt.getTime()).toBeLessThan(options.now.getTime() - DAY);
      expect(message?.caption).not.toMatch(/\{\{\d\}\}|\{nama\}/);
    }
    // Refunded exactly the messages Meta did not bill, once each.
    const free = sent.filter((message) => message.pricing?.billable === false).map((message) => message.id);
    expect(refunds.map((entry) => entry.messageId).sort()).toEqual(free.sort());
    expect(refunds.every((entry) => entry.memo === 'free_customer_service')).toBe(true);
  });

  it('keeps the inbox consistent: each message after its conversation’s last, summaries up to date', async () => {
    expect(await inconsistentConversations()).toEqual([]);
    const recent = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.type, 'template'),
          isNotNull(messages.pricing),
          sql`${messages.createdAt} > now() - interval '1 day'`,
        ),
      );
    expect(recent).toEqual([]);
  });
});
