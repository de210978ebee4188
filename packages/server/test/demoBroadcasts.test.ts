/**
 * The demo's broadcasts (src/demo/seedBroadcasts.ts, issue 17 item 9): a finished one whose
 * recipients have real template messages in their conversations, charges in the ledger with the
 * broadcast's id, Meta's reasons for the two that failed (refunded) and real replies; and one
 * scheduled for later with its start job due then. Made once, on a small demo (the full one runs
 * in demo.test.ts).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, walletOf } from '../src/billing/ledger.ts';
import { recipientClientId } from '../src/broadcasts/sendKey.ts';
import { broadcastDetail, broadcastSummary } from '../src/broadcasts/views.ts';
import { queryRows } from '../src/db/queryRows.ts';
import { broadcastRecipients, broadcasts, jobs, ledgerEntries, messages } from '../src/db/schema.ts';
import type { BroadcastRow } from '../src/db/schema.ts';
import { ensureDemo } from '../src/demo/ensureDemo.ts';
import { seedDemoBilling } from '../src/demo/seedBilling.ts';
import {
  DEMO_FINISHED_BROADCAST,
  DEMO_SCHEDULED_BROADCAST,
  seedDemoBroadcasts,
} from '../src/demo/seedBroadcasts.ts';
import type { DemoBroadcastOptions, DemoBroadcasts } from '../src/demo/seedBroadcasts.ts';
import { defaultPriceTable, priceAt } from '../src/sdk.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
let options: DemoBroadcastOptions;

beforeAll(async () => {
  server = await startTestServer();
  const { db, config } = server.app.sapa.services;
  if (config.whatsapp.tokenKey === null) throw new Error('no token key');
  const now = server.clock.now();
  const demo = await ensureDemo(
    db,
    { customers: 120, newCustomers: 0, seed: 5 },
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
  // The month of money comes first, as on a demo's start.
  await seedDemoBilling(db, options);
});
afterAll(async () => {
  await server.close();
});

const db = () => server.app.sapa.services.db;

/** Conversations whose messages or summary break the inbox's rules (as demoBilling.test.ts checks them). */
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

describe('the demo’s broadcasts', () => {
  let seeded: DemoBroadcasts;
  let finished: BroadcastRow;
  let scheduled: BroadcastRow;

  beforeAll(async () => {
    // Two starts at once (two processes on one database): one seeds, the other finds it done.
    const outcomes = await Promise.all([
      seedDemoBroadcasts(db(), options),
      seedDemoBroadcasts(db(), options),
    ]);
    expect(outcomes.map((outcome) => outcome.seeded).sort()).toEqual([false, true]);
    seeded = outcomes.find((outcome) => outcome.seeded) ?? outcomes[0];
    const rows = await db()
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.projectId, options.projectId))
      .orderBy(asc(broadcasts.scheduledAt));
    expect(rows.map((row) => [row.name, row.status])).toEqual([
      [DEMO_FINISHED_BROADCAST.name, 'done'],
      [DEMO_SCHEDULED_BROADCAST.name, 'scheduled'],
    ]);
    [finished, scheduled] = rows as [BroadcastRow, BroadcastRow];
  });

  it('has a finished broadcast to the VIP customers, yesterday, with results of every kind', async () => {
    const now = options.now.getTime();
    expect(finished.scheduledAt.getTime()).toBeLessThan(now - 12 * 3_600_000);
    expect(finished.scheduledAt.getTime()).toBeGreaterThan(now - 2 * 86_400_000);
    const recipients = await db()
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, finished.id))
      .orderBy(asc(broadcastRecipients.seq));
    expect(recipients.length).toBeGreaterThan(6);
    expect(finished.total).toBe(recipients.length);
    expect(recipients.map((row) => row.seq)).toEqual(recipients.map((_, index) => index + 1));
    const states = new Set(recipients.map((row) => row.state));
    expect([...states].sort()).toEqual(['delivered', 'failed', 'read', 'sent']);
    const failed = recipients.filter((row) => row.state === 'failed');
    expect(failed.map((row) => [row.error?.code, row.reason, row.transient])).toEqual([
      [131026, 'broadcasts.reason.undeliverable', false],
      [131049, 'broadcasts.reason.marketingLimit', false],
    ]);
    // Every recipient carries the VIP label, and its message is in its conversation.
    const [label] = await queryRows<{ id: string }>(
      db(),
      sql`select id from labels where project_id = ${options.projectId}::uuid and name = 'VIP'`,
    );
    expect(finished.audience).toEqual({ kind: 'filter', filter: { labelId: label?.id } });
    for (const recipient of recipients) {
      const [message] = await db()
        .select()
        .from(messages)
        .where(eq(messages.id, recipient.messageId ?? ''));
      expect(message).toMatchObject({
        conversationId: recipient.conversationId,
        direction: 'out',
        type: 'template',
        broadcastId: finished.id,
        clientId: recipientClientId(recipient.id),
        status: recipient.state,
      });
      expect(message?.caption).toMatch(/^Halo .+, akhir pekan ini semua batik di Toko Demo diskon 25%!/);
    }
    const summary = await broadcastSummary(db(), finished.id);
    expect(summary?.counts.failed).toBe(2);
    expect(summary?.replied).toBe(seeded.replies.length);
  });

  it('charges each recipient with the broadcast’s id and refunds the two that failed', async () => {
    const price = priceAt(defaultPriceTable, 'MARKETING', finished.scheduledAt);
    expect(finished.perRecipient).toBe(price);
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.broadcastId, finished.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(finished.total);
    expect(charges.every((entry) => entry.amount === -price && entry.category === 'MARKETING')).toBe(true);
    const failed = await db()
      .select({ messageId: broadcastRecipients.messageId })
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, finished.id), eq(broadcastRecipients.state, 'failed')));
    const refunds = await queryRows<{ message_id: string; amount: string | number; memo: string }>(
      db(),
      sql`select message_id, amount, memo from ledger_entries where kind = 'refund'
        and message_id in (select message_id from broadcast_recipients where broadcast_id = ${finished.id}::uuid)`,
    );
    expect(refunds.map((row) => row.message_id).sort()).toEqual(failed.map((row) => row.messageId).sort());
    expect(refunds.every((row) => Number(row.amount) === price && row.memo === 'send_failed')).toBe(true);
    const summary = await broadcastSummary(db(), finished.id);
    expect(summary?.charged).toBe((finished.total - 2) * price);
    expect(await ledgerMismatches(db())).toEqual([]);
    const wallet = await walletOf(db(), { projectId: options.projectId }, options.now);
    expect(wallet.balance).toBeGreaterThan(0);
  });

  it('has real replies: inbound messages in their conversations, marked as replies to it', async () => {
    expect(seeded.replies.length).toBe(4);
    const replied = await db()
      .select()
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, finished.id), isNotNull(broadcastRecipients.repliedAt)));
    expect(replied).toHaveLength(4);
    for (const recipient of replied) {
      expect(recipient.state).toBe('read');
      const [reply] = await db()
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, recipient.conversationId ?? ''),
            eq(messages.direction, 'in'),
            eq(messages.broadcastId, finished.id),
          ),
        );
      expect(reply?.createdAt.toISOString()).toBe(recipient.repliedAt?.toISOString());
      expect(reply?.type).toBe('text');
      expect(seeded.replies).toContainEqual({ phone: recipient.phone, at: recipient.repliedAt });
    }
    expect(await inconsistentConversations()).toEqual([]);
  });

  it('has one scheduled for later, its start job due at its time', async () => {
    expect(scheduled.scheduledAt.getTime()).toBeGreaterThan(options.now.getTime() + 86_400_000);
    const [startJob, ...others] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'broadcast.start'), sql`${jobs.payload}->>'broadcastId' = ${scheduled.id}`));
    expect(others).toEqual([]);
    expect(startJob?.runAt.toISOString()).toBe(scheduled.scheduledAt.toISOString());
    const [label] = await queryRows<{ customers: number }>(
      db(),
      sql`select count(*)::int as customers from customer_labels cl join labels l on l.id = cl.label_id
        where l.project_id = ${options.projectId}::uuid and l.name = ${DEMO_SCHEDULED_BROADCAST.label}`,
    );
    expect(scheduled.estimated).toBe(label?.customers);
    const detail = await broadcastDetail(db(), options.projectId, scheduled.id);
    expect(detail).toMatchObject({ status: 'scheduled', total: 0, template: { name: 'promo_akhir_pekan' } });
  });

  it('is made once: seeding again changes nothing', async () => {
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries`);
    expect(
      (await seedDemoBroadcasts(db(), { ...options, now: new Date(options.now.getTime() + 3_600_000) }))
        .seeded,
    ).toBe(false);
    const after = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries`);
    expect(after).toEqual(before);
    // Deleted by the team: not made again (its charges remain in the ledger).
    await db().delete(broadcasts).where(eq(broadcasts.projectId, options.projectId));
    expect((await seedDemoBroadcasts(db(), options)).seeded).toBe(false);
  });
});
