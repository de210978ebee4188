/**
 * The ledger (issue 16, DESIGN.md "Storage"): the only way a balance changes. `postEntry` runs
 * inside the caller's transaction (the one storing what the money pays for), locks the wallet row,
 * refuses an entry whose idempotency key is already stored (`duplicate`) or that would take the
 * balance below zero (`insufficient`), and otherwise appends the entry with the next `seq` and the
 * balance after it. Concurrent posts to one wallet queue on its row lock, so they cannot overdraw;
 * the unique index on the key backs up the duplicate check.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { ledgerEntries, wallets } from '../db/schema.ts';
import type { LedgerEntryRow, WalletRow } from '../db/schema.ts';
import type { LedgerKind, PriceCategory } from '../sdk.ts';

export type WalletOwner = { userId: string } | { projectId: string };

/** One entry to append. `amount` is signed: credits positive, debits negative, never 0. */
export interface NewEntry {
  walletId: string;
  kind: LedgerKind;
  amount: number;
  /** Unique across every wallet: the same key again stores nothing (`duplicate`). */
  idempotencyKey: string;
  at: Date;
  actorUserId?: string | null;
  memo?: string | null;
  topupId?: string | null;
  transferId?: string | null;
  counterpartWalletId?: string | null;
  messageId?: string | null;
  category?: PriceCategory | null;
  broadcastId?: string | null;
}

export type PostResult =
  | { ok: true; entry: LedgerEntryRow; wallet: WalletRow }
  | { ok: false; reason: 'duplicate' | 'insufficient'; wallet: WalletRow };

/** The wallet of a user or project, created (empty) the first time it is asked for. */
export async function walletOf(db: Db, owner: WalletOwner, now: Date): Promise<WalletRow> {
  const where = 'userId' in owner ? eq(wallets.userId, owner.userId) : eq(wallets.projectId, owner.projectId);
  const [found] = await db.select().from(wallets).where(where).limit(1);
  if (found !== undefined) return found;
  await db
    .insert(wallets)
    .values({
      id: randomUUID(),
      ...('userId' in owner ? { userId: owner.userId } : { projectId: owner.projectId }),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(wallets).where(where).limit(1);
  if (created === undefined) throw new Error('wallet vanished');
  return created;
}

/** The wallet row, locked until the transaction ends. */
export async function lockWallet(tx: Db, walletId: string): Promise<WalletRow> {
  const [row] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  if (row === undefined) throw new Error(`wallet ${walletId} not found`);
  return row;
}

/** The stored entry with this idempotency key, if any. */
export async function entryByKey(db: Db, idempotencyKey: string): Promise<LedgerEntryRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return row ?? null;
}

/**
 * Appends `entry` to its wallet's ledger inside `tx` (a transaction the caller opened), or tells
 * why not. Nothing is written on a refusal.
 */
export async function postEntry(tx: Db, entry: NewEntry): Promise<PostResult> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new Error(`a ledger amount must be a non-zero whole number of rupiah, not ${entry.amount}`);
  }
  const wallet = await lockWallet(tx, entry.walletId);
  if ((await entryByKey(tx, entry.idempotencyKey)) !== null) {
    return { ok: false, reason: 'duplicate', wallet };
  }
  const balanceAfter = wallet.balance + entry.amount;
  if (balanceAfter < 0) return { ok: false, reason: 'insufficient', wallet };
  const seq = wallet.lastSeq + 1;
  const [updated] = await tx
    .update(wallets)
    .set({ balance: balanceAfter, lastSeq: seq, updatedAt: entry.at })
    .where(and(eq(wallets.id, wallet.id), eq(wallets.lastSeq, wallet.lastSeq)))
    .returning();
  if (updated === undefined) throw new Error(`wallet ${wallet.id} changed under its lock`);
  const [stored] = await tx
    .insert(ledgerEntries)
    .values(entryRow(entry, seq, balanceAfter))
    .returning();
  if (stored === undefined) throw new Error('ledger entry not stored');
  return { ok: true, entry: stored, wallet: updated };
}

/** The row of `entry` as the wallet's `seq`-th, leaving `balanceAfter`. */
function entryRow(entry: NewEntry, seq: number, balanceAfter: number) {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new Error(`a ledger amount must be a non-zero whole number of rupiah, not ${entry.amount}`);
  }
  return {
    id: randomUUID(),
    walletId: entry.walletId,
    seq,
    kind: entry.kind,
    amount: entry.amount,
    balanceAfter,
    idempotencyKey: entry.idempotencyKey,
    actorUserId: entry.actorUserId ?? null,
    memo: entry.memo ?? null,
    topupId: entry.topupId ?? null,
    transferId: entry.transferId ?? null,
    counterpartWalletId: entry.counterpartWalletId ?? null,
    messageId: entry.messageId ?? null,
    category: entry.category ?? null,
    broadcastId: entry.broadcastId ?? null,
    createdAt: entry.at,
  };
}

/** What `postEntries` did with each entry, by its index. */
export interface PostedEntries {
  /** The entries stored, in order, with their index in the call. */
  posted: { index: number; entry: LedgerEntryRow }[];
  /** Entries whose key was stored already (or came twice): nothing written for them. */
  duplicates: number[];
  /** The first entry that would have taken the balance below zero: it and every entry after it were refused. */
  insufficientFrom: number | null;
  /** The wallet after them. */
  wallet: WalletRow;
}

/**
 * Appends `entries`, all to `walletId` and in order, inside `tx` under one lock of the wallet, as
 * `postEntry` would one after another (one statement per step, whatever their number): an entry
 * whose key is stored already is skipped (`duplicate`); the first that would take the balance
 * below zero is refused (`insufficient`), and so is every entry after it.
 */
export async function postEntries(
  tx: Db,
  walletId: string,
  entries: readonly Omit<NewEntry, 'walletId'>[],
): Promise<PostedEntries> {
  const wallet = await lockWallet(tx, walletId);
  const keys = entries.map((entry) => entry.idempotencyKey);
  const stored = new Set(
    keys.length === 0
      ? []
      : (
          await tx
            .select({ key: ledgerEntries.idempotencyKey })
            .from(ledgerEntries)
            .where(inArray(ledgerEntries.idempotencyKey, keys))
        ).map((row) => row.key),
  );
  const rows: ReturnType<typeof entryRow>[] = [];
  const indexes: number[] = [];
  const duplicates: number[] = [];
  let insufficientFrom: number | null = null;
  let balance = wallet.balance;
  let seq = wallet.lastSeq;
  for (const [index, entry] of entries.entries()) {
    if (stored.has(entry.idempotencyKey)) {
      duplicates.push(index);
      continue;
    }
    if (balance + entry.amount < 0) {
      insufficientFrom = index;
      break;
    }
    stored.add(entry.idempotencyKey);
    balance += entry.amount;
    seq += 1;
    rows.push(entryRow({ ...entry, walletId }, seq, balance));
    indexes.push(index);
  }
  if (rows.length === 0) return { posted: [], duplicates, insufficientFrom, wallet };
  const at = entries[indexes.at(-1) ?? 0]?.at ?? new Date();
  const [updated] = await tx
    .update(wallets)
    .set({ balance, lastSeq: seq, updatedAt: at })
    .where(and(eq(wallets.id, wallet.id), eq(wallets.lastSeq, wallet.lastSeq)))
    .returning();
  if (updated === undefined) throw new Error(`wallet ${wallet.id} changed under its lock`);
  const inserted = await tx.insert(ledgerEntries).values(rows).returning();
  const bySeq = new Map(inserted.map((entry) => [entry.seq, entry]));
  const posted = rows.map((row, position) => {
    const entry = bySeq.get(row.seq);
    if (entry === undefined) throw new Error('ledger entry not stored');
    return { index: indexes[position] ?? 0, entry };
  });
  return { posted, duplicates, insufficientFrom, wallet: updated };
}

/** Whether every wallet's balance equals the sum of its entries and its last entry's balance (tests, checks). */
export async function ledgerMismatches(
  db: Db,
): Promise<{ walletId: string; balance: number; sum: number }[]> {
  const result = (await db.execute(sql`
    select w.id as "walletId", w.balance::float8 as balance, coalesce(sum(e.amount), 0)::float8 as sum
    from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id, w.balance
    having w.balance <> coalesce(sum(e.amount), 0)
       or w.last_seq <> count(e.id)`)) as unknown as {
    rows: { walletId: string; balance: number; sum: number }[];
  };
  return result.rows;
}
