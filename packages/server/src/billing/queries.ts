/**
 * What the billing pages read: a wallet's ledger a page at a time with its filters, a project's
 * spend per day by category, and a month's statement. Days are calendar days in a time zone (the
 * project's; Asia/Jakarta for a saldo): a day covers the instants from its midnight there to the
 * next, so an entry at 23:30 in Jakarta counts on that Jakarta day.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { ledgerEntries, wallets } from '../db/schema.ts';
import type { WalletRow } from '../db/schema.ts';
import { ledgerKinds, priceCategories } from '../sdk.ts';
import type { BillingStatement, LedgerEntry, LedgerKind, PriceCategory, SpendDay } from '../sdk.ts';
import { addDays, daysFrom, monthBounds } from './days.ts';
import type { WalletOwner } from './ledger.ts';
import { selectEntries, toLedgerEntry } from './views.ts';
import type { EntryView } from './views.ts';

/** Rows of a ledger page unless the caller asks for another size. */
export const LEDGER_PAGE_SIZE = 10;

/** The wallet of a user or project, without creating it (`null`: nothing was ever posted to it). */
export async function findWallet(db: Db, owner: WalletOwner): Promise<WalletRow | null> {
  const where = 'userId' in owner ? eq(wallets.userId, owner.userId) : eq(wallets.projectId, owner.projectId);
  const [row] = await db.select().from(wallets).where(where).limit(1);
  return row ?? null;
}

/** The first instant of `day` in `timeZone`. */
function startOf(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

export interface LedgerFilter {
  page?: number | undefined;
  size?: number | undefined;
  kind?: LedgerKind | undefined;
  /** From this day on (in `timeZone`). */
  from?: string | undefined;
  /** Up to this day, included. */
  to?: string | undefined;
  category?: PriceCategory | undefined;
  /** Only charges and refunds of messages sent from this WhatsApp number. */
  accountId?: string | undefined;
}

/** A wallet's entries that `filter` keeps (its page and size aside). */
function ledgerWhere(walletId: string, filter: LedgerFilter, timeZone: string): SQL | undefined {
  return and(
    eq(ledgerEntries.walletId, walletId),
    filter.kind === undefined ? undefined : eq(ledgerEntries.kind, filter.kind),
    filter.category === undefined ? undefined : eq(ledgerEntries.category, filter.category),
    filter.from === undefined ? undefined : gte(ledgerEntries.createdAt, startOf(filter.from, timeZone)),
    filter.to === undefined
      ? undefined
      : lt(ledgerEntries.createdAt, startOf(addDays(filter.to, 1), timeZone)),
    filter.accountId === undefined
      ? undefined
      : sql`exists (select 1 from messages m join conversations c on c.id = m.conversation_id
          where m.id = ${ledgerEntries.messageId} and c.account_id = ${filter.accountId})`,
  );
}

/** One page of a wallet's ledger, newest first, as `view` sees it; no wallet: no rows. */
export async function ledgerPage(
  db: Db,
  walletId: string | null,
  filter: LedgerFilter,
  timeZone: string,
  view: EntryView,
): Promise<{ data: LedgerEntry[]; total_page: number }> {
  if (walletId === null) return { data: [], total_page: 0 };
  const size = filter.size ?? LEDGER_PAGE_SIZE;
  const page = filter.page ?? 0;
  const where = ledgerWhere(walletId, filter, timeZone);
  const [total] = await db.select({ rows: count() }).from(ledgerEntries).where(where);
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(desc(ledgerEntries.seq))
    .limit(size)
    .offset(page * size);
  return {
    data: rows.map((row) => toLedgerEntry(row, view)),
    total_page: Math.ceil(Number(total?.rows ?? 0) / size),
  };
}

/** Every entry `filter` keeps, oldest first, at most `limit` (the CSV exports). */
export async function ledgerRows(
  db: Db,
  walletId: string | null,
  filter: LedgerFilter,
  timeZone: string,
  view: EntryView,
  limit: number,
): Promise<LedgerEntry[]> {
  if (walletId === null) return [];
  const rows = await selectEntries(db)
    .where(ledgerWhere(walletId, filter, timeZone))
    .orderBy(asc(ledgerEntries.seq))
    .limit(limit);
  return rows.map((row) => toLedgerEntry(row, view));
}

const zeroByCategory = (): Record<PriceCategory, number> =>
  Object.fromEntries(priceCategories.map((category) => [category, 0])) as Record<PriceCategory, number>;

const zeroByKind = (): Record<LedgerKind, number> =>
  Object.fromEntries(ledgerKinds.map((kind) => [kind, 0])) as Record<LedgerKind, number>;

const isCategory = (value: string | null): value is PriceCategory =>
  value !== null && (priceCategories as readonly string[]).includes(value);

/**
 * Spend per day from `from` to `to` (both included, in `timeZone`) by category: charges less
 * refunds, every day listed (0 when nothing was spent).
 */
export async function spendPerDay(
  db: Db,
  walletId: string | null,
  range: { from: string; to: string },
  timeZone: string,
): Promise<SpendDay[]> {
  const days = new Map(daysFrom(range.from, range.to).map((day) => [day, zeroByCategory()]));
  if (walletId !== null && days.size > 0) {
    const rows = await queryRows<{ day: string; category: string | null; spend: string | number }>(
      db,
      sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, category,
          -sum(amount) as spend
        from ledger_entries
        where wallet_id = ${walletId} and kind in ('charge', 'refund')
          and created_at >= ${startOf(range.from, timeZone)}
          and created_at < ${startOf(addDays(range.to, 1), timeZone)}
        group by 1, 2`,
    );
    for (const row of rows) {
      const spend = days.get(row.day);
      if (spend !== undefined && isCategory(row.category)) spend[row.category] += Number(row.spend);
    }
  }
  return [...days].map(([day, spend]) => ({ day, spend }));
}

/**
 * A month's statement (`yyyy-mm` in `timeZone`): the balance at its start and end (the sums of
 * the entries before them), the month's entries summed by kind and (charges less refunds) by
 * category, and its paid messages: charges whose message was not refunded.
 */
export async function monthStatement(
  db: Db,
  walletId: string | null,
  month: string,
  timeZone: string,
): Promise<BillingStatement> {
  const statement: BillingStatement = {
    month,
    opening: 0,
    closing: 0,
    byKind: zeroByKind(),
    byCategory: zeroByCategory(),
    paidMessages: 0,
  };
  if (walletId === null) return statement;
  const { first, next } = monthBounds(month);
  const start = startOf(first, timeZone);
  const end = startOf(next, timeZone);
  const [totals] = await queryRows<{
    opening: string | number;
    closing: string | number;
    paid: string | number;
  }>(
    db,
    sql`select
        coalesce(sum(amount) filter (where created_at < ${start}), 0) as opening,
        coalesce(sum(amount) filter (where created_at < ${end}), 0) as closing,
        count(*) filter (where kind = 'charge' and created_at >= ${start} and created_at < ${end}
          and not exists (select 1 from ledger_entries r
            where r.idempotency_key = 'refund:' || substr(e.idempotency_key, length('charge:') + 1))) as paid
      from ledger_entries e
      where wallet_id = ${walletId}`,
  );
  const sums = await queryRows<{ kind: LedgerKind; category: string | null; amount: string | number }>(
    db,
    sql`select kind, category, sum(amount) as amount from ledger_entries
      where wallet_id = ${walletId} and created_at >= ${start} and created_at < ${end}
      group by kind, category`,
  );
  statement.opening = Number(totals?.opening ?? 0);
  statement.closing = Number(totals?.closing ?? 0);
  statement.paidMessages = Number(totals?.paid ?? 0);
  for (const row of sums) {
    const amount = Number(row.amount);
    statement.byKind[row.kind] += amount;
    if ((row.kind === 'charge' || row.kind === 'refund') && isCategory(row.category)) {
      statement.byCategory[row.category] -= amount;
    }
  }
  return statement;
}
