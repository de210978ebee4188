/**
 * Test support for the prepaid balance (issue 16): money put straight into a saldo (as a paid
 * top-up credits it) or a project's balance (an adjustment), and the entries and balances a test
 * checks.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/openDatabase.ts';
import { ledgerEntries, wallets } from '../../src/db/schema.ts';
import type { LedgerEntryRow, WalletRow } from '../../src/db/schema.ts';
import { postEntry, walletOf } from '../../src/billing/ledger.ts';
import type { WalletOwner } from '../../src/billing/ledger.ts';

/** Credits `amount` to a user's saldo as a paid top-up would (`topup:<order>`); answers the entry. */
export async function creditSaldo(
  db: Db,
  userId: string,
  amount: number,
  at = new Date(),
): Promise<LedgerEntryRow> {
  return db.transaction(async (tx) => {
    const wallet = await walletOf(tx, { userId }, at);
    const posted = await postEntry(tx, {
      walletId: wallet.id,
      kind: 'topup',
      amount,
      idempotencyKey: `topup:test-${randomUUID()}`,
      at,
    });
    if (!posted.ok) throw new Error(`credit refused: ${posted.reason}`);
    return posted.entry;
  });
}

/** Adds `amount` to a project's balance (an adjustment), so its sends can be paid for. */
export async function fundProject(
  db: Db,
  projectId: string,
  amount: number,
  at = new Date(),
): Promise<WalletRow> {
  return db.transaction(async (tx) => {
    const wallet = await walletOf(tx, { projectId }, at);
    const posted = await postEntry(tx, {
      walletId: wallet.id,
      kind: 'adjustment',
      amount,
      idempotencyKey: `adjustment:test-${randomUUID()}`,
      at,
      memo: 'test funds',
    });
    if (!posted.ok) throw new Error(`funding refused: ${posted.reason}`);
    return posted.wallet;
  });
}

/** The wallet of a user or project as stored now (`null`: none yet). */
export async function walletNow(db: Db, owner: WalletOwner): Promise<WalletRow | null> {
  const where = 'userId' in owner ? eq(wallets.userId, owner.userId) : eq(wallets.projectId, owner.projectId);
  const [row] = await db.select().from(wallets).where(where);
  return row ?? null;
}

/** A wallet's entries in order. */
export async function entriesOf(db: Db, walletId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.walletId, walletId))
    .orderBy(asc(ledgerEntries.seq));
}

/** The entries that name a message (its charge and any refund), oldest first. */
export async function entriesOfMessage(db: Db, messageId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.messageId, messageId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.seq));
}
