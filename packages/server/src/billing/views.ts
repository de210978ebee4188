/**
 * Ledger rows as the contract shows them (`LedgerEntry`, `ProjectBilling`, `Saldo`): an entry
 * with who did it, the top-up it credits, the project a saldo's transfer went to, and the message
 * a charge or refund paid for (its customer's phone masked for callers without
 * `crm.chat.show_user_contact_detail`, as the inbox masks it).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import {
  conversations,
  customers,
  ledgerEntries,
  messages,
  projects,
  topups,
  users,
  waAccounts,
  wallets,
} from '../db/schema.ts';
import type { WalletRow } from '../db/schema.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import { pricesInForce, upcomingPrices } from '../sdk.ts';
import type { LedgerEntry, PriceCategory, PriceRow, ProjectBilling, Saldo } from '../sdk.ts';

/** Whose view an entry is built for: phones in full, or masked. */
export interface EntryView {
  seesContactDetail: boolean;
}

const counterpart = alias(wallets, 'counterpart');
const counterpartProject = alias(projects, 'counterpart_project');

/** The joined columns of an entry (see `toLedgerEntry`). */
export function selectEntries(db: Db) {
  return db
    .select({
      entry: ledgerEntries,
      actorName: users.name,
      orderId: topups.orderId,
      projectKey: counterpartProject.key,
      projectName: counterpartProject.name,
      conversationId: messages.conversationId,
      customerName: customers.name,
      customerPhone: customers.phone,
      accountName: waAccounts.name,
    })
    .from(ledgerEntries)
    .leftJoin(users, eq(users.id, ledgerEntries.actorUserId))
    .leftJoin(topups, eq(topups.id, ledgerEntries.topupId))
    .leftJoin(counterpart, eq(counterpart.id, ledgerEntries.counterpartWalletId))
    .leftJoin(counterpartProject, eq(counterpartProject.id, counterpart.projectId))
    .leftJoin(messages, eq(messages.id, ledgerEntries.messageId))
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(waAccounts, eq(waAccounts.id, conversations.accountId));
}

export type JoinedEntry = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

export function toLedgerEntry(row: JoinedEntry, view: EntryView): LedgerEntry {
  const { entry } = row;
  const phone = row.customerPhone;
  return {
    id: entry.id,
    seq: entry.seq,
    kind: entry.kind,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    createdAt: entry.createdAt.toISOString(),
    actor: entry.actorUserId === null ? null : { id: entry.actorUserId, name: row.actorName ?? '' },
    memo: entry.memo,
    topup:
      entry.topupId === null || row.orderId === null ? null : { id: entry.topupId, orderId: row.orderId },
    project:
      row.projectKey === null || row.projectName === null
        ? null
        : { key: row.projectKey, name: row.projectName },
    message:
      entry.messageId === null || row.conversationId === null
        ? null
        : {
            id: entry.messageId,
            conversationId: row.conversationId,
            category: (entry.category ?? 'SERVICE') as PriceCategory,
            customerName: row.customerName ?? '',
            customerPhone: phone === null ? '' : view.seesContactDetail ? phone : maskPhone(phone),
            accountName: row.accountName ?? '',
          },
  };
}

/** Entries by id, as `view` sees them, in the order of `ids`. */
export async function ledgerEntriesByIds(
  db: Db,
  ids: readonly string[],
  view: EntryView,
): Promise<LedgerEntry[]> {
  if (ids.length === 0) return [];
  const rows = await selectEntries(db).where(inArray(ledgerEntries.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.entry.id, toLedgerEntry(row, view)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A project's balance as its billing page shows it, with the price table in force at `now`. */
export function toProjectBilling(
  key: string,
  wallet: Pick<WalletRow, 'balance' | 'lowThreshold'> | null,
  prices: readonly PriceRow[],
  now: Date,
): ProjectBilling {
  return {
    key,
    balance: wallet?.balance ?? 0,
    lowBalanceThreshold: wallet?.lowThreshold ?? null,
    prices: pricesInForce(prices, now),
    upcomingPrices: upcomingPrices(prices, now),
  };
}

/** A user's saldo: its balance and the sum of their top-ups still waiting for payment at `now`. */
export async function saldoOf(db: Db, userId: string, now: Date): Promise<Saldo> {
  const [row] = await queryRows<{ balance: string | number | null; pending: string | number | null }>(
    db,
    sql`select
      (select balance from wallets where user_id = ${userId}) as balance,
      (select coalesce(sum(amount), 0) from topups
        where user_id = ${userId} and status = 'pending' and expires_at > ${now}) as pending`,
  );
  return { balance: Number(row?.balance ?? 0), pending: Number(row?.pending ?? 0) };
}
