/**
 * The ledger of the prepaid balance (issue 16) under load and over time: concurrent charges
 * cannot overdraw a project's balance, a long randomized mix of credits, transfers, charges,
 * refunds and repeats keeps every balance equal to the sum of its entries, and the spend and
 * statement figures count entries on their day in the project's time zone. On PGlite the
 * transactions queue; on PostgreSQL (`DATABASE_URL`) they truly race.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeKey, chargeMessage, refundKey, refundMessage } from '../src/billing/charges.ts';
import type { BillingChange } from '../src/billing/charges.ts';
import { ledgerMismatches, postEntry, walletOf } from '../src/billing/ledger.ts';
import { payIntoProject } from '../src/billing/transfers.ts';
import type { Db } from '../src/db/openDatabase.ts';
import { queryRows } from '../src/db/queryRows.ts';
import { messages } from '../src/db/schema.ts';
import type { LedgerEntryRow } from '../src/db/schema.ts';
import type { BillingStatement, LedgerEntry, PriceCategory, SpendDay } from '../src/sdk.ts';
import { creditSaldo, entriesOf, walletNow } from './support/billing.ts';
import { registerUser } from './support/flows.ts';
import { conversationWith, dataOf, inboxProject, reasonOf } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { projectIdOf } from './support/outreach.ts';
import { seeded } from './support/random.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const db = (): Db => server.app.sapa.services.db;

/** `count` outbound messages stored in a conversation of the project (what charges pay for). */
async function storedMessages(setup: InboxProject, phone: string, count: number): Promise<string[]> {
  const conversation = await conversationWith(server, setup, phone);
  const ids = Array.from({ length: count }, () => randomUUID());
  await db()
    .insert(messages)
    .values(
      ids.map((id, index) => ({
        id,
        conversationId: conversation.id,
        seq: 1000 + index,
        direction: 'out' as const,
        type: 'template',
        status: 'pending' as const,
        createdAt: new Date(),
      })),
    );
  return ids;
}

/** Every wallet: seqs 1, 2, 3 … without gaps, each balance after = the one before + its amount, never negative. */
async function ledgerProblems(): Promise<string[]> {
  const rows = await queryRows<{ wallet_id: string; seq: number; amount: string; balance_after: string }>(
    db(),
    sql`select wallet_id, seq, amount, balance_after from ledger_entries order by wallet_id, seq`,
  );
  const problems: string[] = [];
  let wallet = '';
  let seq = 0;
  let balance = 0;
  for (const row of rows) {
    if (row.wallet_id !== wallet) {
      wallet = row.wallet_id;
      seq = 0;
      balance = 0;
    }
    seq += 1;
    balance += Number(row.amount);
    if (row.seq !== seq) problems.push(`${wallet}: seq ${row.seq} where ${seq} was due`);
    if (Number(row.balance_after) !== balance)
      problems.push(`${wallet}#${row.seq}: balance after ${row.balance_after}, sum ${balance}`);
    if (balance < 0) problems.push(`${wallet}#${row.seq}: negative balance ${balance}`);
  }
  return problems;
}

describe('concurrent charges', () => {
  it('lets exactly as many of 100 simultaneous charges through as the balance pays for, and not one more', async () => {
    const setup = await inboxProject(server);
    const projectId = await projectIdOf(server, setup.project.key);
    const price = 715;
    const ids = await storedMessages(setup, '+6281277000001', 100);
    // 50 messages' worth, moved from the owner's saldo ("Bayar").
    await creditSaldo(db(), setup.owner.userId, 50 * price);
    dataOf(
      await server.act('billing_pay', {
        token: setup.owner.token,
        key: setup.project.key,
        amount: 50 * price,
        clientId: randomUUID(),
      }),
    );

    const results = await Promise.all(
      ids.map((messageId) =>
        db().transaction((tx) =>
          chargeMessage(tx, {
            projectId,
            messageId,
            category: 'MARKETING',
            price,
            actorUserId: setup.owner.userId,
            at: new Date(),
          }),
        ),
      ),
    );
    const charged = results.filter(
      (result): result is BillingChange => result !== null && result !== 'insufficient',
    );
    expect(charged).toHaveLength(50);
    expect(results.filter((result) => result === 'insufficient')).toHaveLength(50);

    const wallet = await walletNow(db(), { projectId });
    expect(wallet).toMatchObject({ balance: 0, lastSeq: 51 });
    const entries = await entriesOf(db(), wallet?.id ?? '');
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 51 }, (_, index) => index + 1));
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(50);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('a randomized run of 1,000 operations', () => {
  it('keeps every balance the sum of its entries, never negative, its entries numbered without gaps', async () => {
    const random = seeded(16_2026);
    const projects = [await inboxProject(server), await inboxProject(server)];
    const projectIds = await Promise.all(projects.map((setup) => projectIdOf(server, setup.project.key)));
    const users = [
      projects[0]?.owner.userId,
      projects[1]?.owner.userId,
      (await registerUser(server)).userId,
    ].map((id) => id as string);
    const pool = [
      ...(await storedMessages(projects[0] as InboxProject, '+6281277000101', 40)).map((id) => ({
        id,
        project: 0,
      })),
      ...(await storedMessages(projects[1] as InboxProject, '+6281277000102', 40)).map((id) => ({
        id,
        project: 1,
      })),
    ];
    const prices = [350, 520, 715];
    const categories: PriceCategory[] = ['UTILITY', 'AUTHENTICATION', 'MARKETING'];
    const topupKeys: string[] = [];
    const transferIds: { clientId: string; user: number; project: number; amount: number }[] = [];
    // What the operations that went through added up to (money enters only through top-ups).
    let credited = 0;
    let charged = 0;
    let refunded = 0;
    const counts = { topup: 0, transfer: 0, charge: 0, refund: 0, repeat: 0, refused: 0 };

    const operation = async (): Promise<void> => {
      const roll = random.int(100);
      const at = new Date();
      if (roll < 20) {
        // A top-up credited by the payments side, or the same notification again.
        const again = topupKeys.length > 0 && random.next() < 0.2;
        const key = again ? random.pick(topupKeys) : `topup:rand-${randomUUID()}`;
        const amount = 1_000 * (1 + random.int(50));
        const user = random.pick(users);
        const posted = await db().transaction(async (tx) =>
          postEntry(tx, {
            walletId: (await walletOf(tx, { userId: user }, at)).id,
            kind: 'topup',
            amount,
            idempotencyKey: key,
            at,
          }),
        );
        if (posted.ok) {
          credited += amount;
          counts.topup += 1;
          topupKeys.push(key);
        } else counts.repeat += 1;
      } else if (roll < 45) {
        const again = transferIds.length > 0 && random.next() < 0.2;
        const transfer = again
          ? random.pick(transferIds)
          : {
              clientId: randomUUID(),
              user: random.int(users.length),
              project: random.int(2),
              amount: 1_000 * (1 + random.int(30)),
            };
        const result = await payIntoProject(db(), {
          userId: users[transfer.user] as string,
          projectId: projectIds[transfer.project] as string,
          amount: transfer.amount,
          clientId: transfer.clientId,
          at,
        });
        if (result.ok) {
          counts.transfer += 1;
          transferIds.push(transfer);
        } else if (result.reason === 'repeated') counts.repeat += 1;
        else counts.refused += 1;
      } else if (roll < 80) {
        const message = random.pick(pool);
        const tier = random.int(prices.length);
        const price = prices[tier] as number;
        const result = await db().transaction((tx) =>
          chargeMessage(tx, {
            projectId: projectIds[message.project] as string,
            messageId: message.id,
            category: categories[tier] as PriceCategory,
            price,
            actorUserId: null,
            at,
          }),
        );
        if (result === 'insufficient') counts.refused += 1;
        else if (result === null) counts.repeat += 1;
        else {
          charged += price;
          counts.charge += 1;
        }
      } else {
        const message = random.pick(pool);
        const result = await db().transaction((tx) =>
          refundMessage(tx, message.id, random.pick(['send_failed', 'free_customer_service']), at),
        );
        if (result === null) counts.repeat += 1;
        else {
          refunded += result.entry.amount;
          counts.refund += 1;
        }
      }
    };

    // Eight at a time: they race on PostgreSQL, queue on PGlite.
    for (let done = 0; done < 1_000; done += 8) {
      await Promise.all(Array.from({ length: Math.min(8, 1_000 - done) }, () => operation()));
    }

    // Every kind of operation happened, and some were refused or repeated.
    for (const kind of ['topup', 'transfer', 'charge', 'refund', 'repeat', 'refused'] as const) {
      expect(counts[kind], kind).toBeGreaterThan(10);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
    // Money is conserved: what the wallets of this run hold is what came in, less what was spent.
    const walletIds = [
      ...(await Promise.all(users.map((userId) => walletNow(db(), { userId })))),
      ...(await Promise.all(projectIds.map((projectId) => walletNow(db(), { projectId })))),
    ].map((wallet) => wallet?.id ?? '');
    const [held] = await queryRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(balance), 0) as total from wallets
        where id in (select jsonb_array_elements_text(${JSON.stringify(walletIds)}::jsonb)::uuid)`,
    );
    expect(Number(held?.total)).toBe(credited - charged + refunded);
    // A refund only ever gives back a charge of the same message, once, to the wallet it came from.
    const pairs = await queryRows<{
      charges: number;
      refunds: number;
      charge_sum: string;
      refund_sum: string;
      wallets: number;
    }>(
      db(),
      sql`select count(*) filter (where kind = 'charge')::int as charges,
          count(*) filter (where kind = 'refund')::int as refunds,
          coalesce(sum(amount) filter (where kind = 'charge'), 0) as charge_sum,
          coalesce(sum(amount) filter (where kind = 'refund'), 0) as refund_sum,
          count(distinct wallet_id)::int as wallets
        from ledger_entries
        where message_id in (select jsonb_array_elements_text(${JSON.stringify(pool.map((message) => message.id))}::jsonb)::uuid)
        group by message_id`,
    );
    for (const pair of pairs) {
      expect(pair.charges).toBe(1);
      expect(pair.refunds).toBeLessThanOrEqual(1);
      expect(pair.wallets).toBe(1);
      if (pair.refunds === 1) expect(Number(pair.refund_sum)).toBe(-Number(pair.charge_sum));
    }
  });
});

describe('spend per day and the monthly statement', () => {
  /** An entry on the project's balance at `at` (a charge or refund named by `ref`, as a message's would be). */
  async function entryAt(
    projectId: string,
    at: string,
    entry: {
      kind: 'adjustment' | 'charge' | 'refund';
      amount: number;
      ref?: string;
      category?: PriceCategory;
    },
  ): Promise<LedgerEntryRow> {
    const key =
      entry.kind === 'charge'
        ? chargeKey(entry.ref ?? randomUUID())
        : entry.kind === 'refund'
          ? refundKey(entry.ref ?? randomUUID())
          : `adjustment:${randomUUID()}`;
    return db().transaction(async (tx) => {
      const wallet = await walletOf(tx, { projectId }, new Date(at));
      const posted = await postEntry(tx, {
        walletId: wallet.id,
        kind: entry.kind,
        amount: entry.amount,
        idempotencyKey: key,
        at: new Date(at),
        category: entry.category ?? null,
      });
      if (!posted.ok) throw new Error(posted.reason);
      return posted.entry;
    });
  }

  it('counts each entry on its day in the project’s time zone (Asia/Jakarta, UTC+7)', async () => {
    const setup = await inboxProject(server);
    const projectId = await projectIdOf(server, setup.project.key);
    const { token } = setup.owner;
    const key = setup.project.key;
    const refunded = randomUUID();
    // 31 March 23:00 in Jakarta: March.
    await entryAt(projectId, '2026-03-31T16:00:00Z', { kind: 'adjustment', amount: 100_000 });
    // 1 April 23:30 in Jakarta (16:30 UTC): 1 April.
    await entryAt(projectId, '2026-04-01T16:30:00Z', { kind: 'charge', amount: -715, category: 'MARKETING' });
    // 2 April 00:30 in Jakarta, still 1 April in UTC: 2 April.
    await entryAt(projectId, '2026-04-01T17:30:00Z', {
      kind: 'charge',
      amount: -350,
      category: 'UTILITY',
      ref: refunded,
    });
    // Its refund the next day.
    await entryAt(projectId, '2026-04-03T03:00:00Z', {
      kind: 'refund',
      amount: 350,
      category: 'UTILITY',
      ref: refunded,
    });
    // 30 April 23:30 in Jakarta: April.
    await entryAt(projectId, '2026-04-30T16:30:00Z', {
      kind: 'charge',
      amount: -520,
      category: 'AUTHENTICATION',
    });
    // 1 May 00:10 in Jakarta, 30 April in UTC: May.
    await entryAt(projectId, '2026-04-30T17:10:00Z', { kind: 'charge', amount: -715, category: 'MARKETING' });

    const spend = dataOf<SpendDay[]>(
      await server.act('billing_spend', { token, key, from: '2026-04-01', to: '2026-04-03' }),
    );
    const none = { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, SERVICE: 0 };
    expect(spend).toEqual([
      { day: '2026-04-01', spend: { ...none, MARKETING: 715 } },
      { day: '2026-04-02', spend: { ...none, UTILITY: 350 } },
      { day: '2026-04-03', spend: { ...none, UTILITY: -350 } },
    ]);
    const monthEnd = dataOf<SpendDay[]>(
      await server.act('billing_spend', { token, key, from: '2026-04-30', to: '2026-05-01' }),
    );
    expect(monthEnd).toEqual([
      { day: '2026-04-30', spend: { ...none, AUTHENTICATION: 520 } },
      { day: '2026-05-01', spend: { ...none, MARKETING: 715 } },
    ]);

    const april = dataOf<BillingStatement>(
      await server.act('billing_statement', { token, key, month: '2026-04' }),
    );
    expect(april).toEqual({
      month: '2026-04',
      opening: 100_000,
      closing: 100_000 - 715 - 350 + 350 - 520,
      byKind: { topup: 0, transfer_in: 0, transfer_out: 0, charge: -1_585, refund: 350, adjustment: 0 },
      byCategory: { MARKETING: 715, UTILITY: 0, AUTHENTICATION: 520, SERVICE: 0 },
      paidMessages: 2,
    });
    const march = dataOf<BillingStatement>(
      await server.act('billing_statement', { token, key, month: '2026-03' }),
    );
    expect(march).toMatchObject({
      opening: 0,
      closing: 100_000,
      byKind: { adjustment: 100_000 },
      paidMessages: 0,
    });
    const may = dataOf<BillingStatement>(
      await server.act('billing_statement', { token, key, month: '2026-05' }),
    );
    expect(may).toMatchObject({ opening: april.closing, closing: april.closing - 715, paidMessages: 1 });

    // The ledger's day filters use the same days: 2 April holds the charge made at 00:30 there.
    const secondOfApril = await server.act('billing_ledger', {
      token,
      key,
      from: '2026-04-02',
      to: '2026-04-02',
    });
    expect(dataOf<LedgerEntry[]>(secondOfApril).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['charge', -350],
    ]);
    expect(secondOfApril.body.total_page).toBe(1);
    const charges = await server.act('billing_ledger', { token, key, kind: 'charge', size: 2 });
    expect(dataOf<LedgerEntry[]>(charges).map((entry) => entry.amount)).toEqual([-715, -520]);
    expect(charges.body.total_page).toBe(2);
    const utility = dataOf<LedgerEntry[]>(
      await server.act('billing_ledger', { token, key, category: 'UTILITY' }),
    );
    expect(utility.map((entry) => entry.kind)).toEqual(['refund', 'charge']);

    // The same instants in another time zone fall on other days.
    dataOf(await server.act('project_update', { token, key, timeZone: 'Asia/Jayapura' }));
    const jayapura = dataOf<SpendDay[]>(
      await server.act('billing_spend', { token, key, from: '2026-04-01', to: '2026-04-02' }),
    );
    expect(jayapura).toEqual([
      { day: '2026-04-01', spend: none },
      { day: '2026-04-02', spend: { ...none, MARKETING: 715, UTILITY: 350 } },
    ]);
  });

  it('refuses a range of more than 366 days, one that ends before it starts, and days that do not exist', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    expect(
      reasonOf(await server.act('billing_spend', { token, key, from: '2025-01-01', to: '2026-01-02' })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await server.act('billing_spend', { token, key, from: '2026-02-02', to: '2026-02-01' })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await server.act('billing_spend', { token, key, from: '2026-02-01', to: '2026-02-30' })),
    ).toBe('invalid_input');
    // A whole leap year is 366 days: answered, every day listed, nothing spent.
    const year = dataOf<SpendDay[]>(
      await server.act('billing_spend', { token, key, from: '2028-01-01', to: '2028-12-31' }),
    );
    expect(year).toHaveLength(366);
    expect(year.every((day) => Object.values(day.spend).every((amount) => amount === 0))).toBe(true);
  });
});
