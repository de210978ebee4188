/**
 * Charging a batch of messages under one lock of the project's wallet (`chargeMessages`, over the
 * ledger's `postEntries`), as a broadcast's batch of recipients is charged: the same entries as
 * one `chargeMessage` after another, the first one the balance cannot cover refused with every one
 * after it, a message charged already not charged again, and the ledger consistent throughout.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeKey, chargeMessage, chargeMessages } from '../src/billing/charges.ts';
import { ledgerMismatches } from '../src/billing/ledger.ts';
import type { Db } from '../src/db/openDatabase.ts';
import { ledgerEntries, messages } from '../src/db/schema.ts';
import { entriesOf, fundProject, walletNow } from './support/billing.ts';
import { conversationWith, inboxProject } from './support/inbox.ts';
import { projectIdOf } from './support/outreach.ts';
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

/** A project with `funds` on its balance and `count` messages to charge. */
async function project(funds: number, count: number): Promise<{ projectId: string; messageIds: string[] }> {
  const setup = await inboxProject(server);
  const projectId = await projectIdOf(server, setup.project.key);
  if (funds > 0) await fundProject(db(), projectId, funds);
  const conversation = await conversationWith(server, setup, '+6281234500001');
  const messageIds = Array.from({ length: count }, () => randomUUID());
  await db()
    .insert(messages)
    .values(
      messageIds.map((id, index) => ({
        id,
        conversationId: conversation.id,
        seq: 1000 + index,
        direction: 'out' as const,
        type: 'template',
        status: 'pending' as const,
        createdAt: new Date(),
      })),
    );
  return { projectId, messageIds };
}

const charge = (messageId: string, price: number) => ({
  messageId,
  category: 'MARKETING' as const,
  price,
  actorUserId: null,
  at: new Date(),
  broadcastId: null,
});

describe('chargeMessages', () => {
  it('posts the entries one chargeMessage after another would, under one lock', async () => {
    const { projectId, messageIds } = await project(10_000, 3);
    const result = await db().transaction((tx) =>
      chargeMessages(
        tx,
        projectId,
        messageIds.map((id) => charge(id, 715)),
      ),
    );
    expect(result.paid).toBe(3);
    expect(result.changes.map((change) => change.entry.balanceAfter)).toEqual([9_285, 8_570, 7_855]);
    expect(result.changes.map((change) => change.wallet.balance)).toEqual([9_285, 8_570, 7_855]);
    const wallet = await walletNow(db(), { projectId });
    expect(wallet?.balance).toBe(7_855);
    const entries = await entriesOf(db(), wallet?.id ?? '');
    expect(entries.map((entry) => [entry.seq, entry.kind, entry.amount, entry.idempotencyKey])).toEqual([
      [1, 'adjustment', 10_000, entries[0]?.idempotencyKey],
      [2, 'charge', -715, chargeKey(messageIds[0] ?? '')],
      [3, 'charge', -715, chargeKey(messageIds[1] ?? '')],
      [4, 'charge', -715, chargeKey(messageIds[2] ?? '')],
    ]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses the first charge the balance cannot cover and every one after it', async () => {
    const { projectId, messageIds } = await project(1_500, 4);
    const result = await db().transaction((tx) =>
      chargeMessages(
        tx,
        projectId,
        messageIds.map((id) => charge(id, 715)),
      ),
    );
    expect(result.paid).toBe(2);
    expect(result.changes).toHaveLength(2);
    expect((await walletNow(db(), { projectId }))?.balance).toBe(70);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('charges nothing twice, and counts free messages as paid', async () => {
    const { projectId, messageIds } = await project(10_000, 3);
    const [first, second, third] = messageIds;
    await db().transaction((tx) => chargeMessage(tx, { projectId, ...charge(first ?? '', 715) }));
    const result = await db().transaction((tx) =>
      chargeMessages(tx, projectId, [
        charge(first ?? '', 715),
        charge(second ?? '', 0),
        charge(third ?? '', 715),
      ]),
    );
    expect(result.paid).toBe(3);
    expect(result.changes.map((change) => change.entry.messageId)).toEqual([third]);
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.messageId, first ?? ''));
    expect(charges).toHaveLength(1);
    expect((await walletNow(db(), { projectId }))?.balance).toBe(10_000 - 2 * 715);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
