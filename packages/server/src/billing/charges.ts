/**
 * Charging a paid message and refunding it (issue 16). A message is charged once, when its send
 * is accepted (`charge:<messageId>`, in the transaction that stores the message and queues its
 * send), and refunded at most once (`refund:<messageId>`), only when it was charged: when the send
 * failed for good, or when Meta's status webhook says it was not billable (`billable: false`, or a
 * `free_*` type such as `free_customer_service` and `free_entry_point`).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { ledgerEntries } from '../db/schema.ts';
import type { LedgerEntryRow, WalletRow } from '../db/schema.ts';
import type { MessagePricing, MessageStatus, PriceCategory } from '../sdk.ts';
import { entryByKey, postEntries, postEntry, walletOf } from './ledger.ts';
import { settleThreshold } from './thresholds.ts';

/** An entry on a project's balance, to announce once its transaction has committed (announce.ts). */
export interface BillingChange {
  projectId: string;
  entry: LedgerEntryRow;
  /** The wallet right after the entry. */
  wallet: WalletRow;
  /** The entry left the balance below the threshold: the members who see billing are told. */
  crossedLow: boolean;
}

export const chargeKey = (messageId: string) => `charge:${messageId}`;
export const refundKey = (messageId: string) => `refund:${messageId}`;

/** A send to charge: its message, what it is billed as, the price in force, who sent it. */
export interface MessageCharge {
  projectId: string;
  messageId: string;
  category: PriceCategory;
  price: number;
  actorUserId: string | null;
  at: Date;
  /** A broadcast's recipient: the entry names the broadcast. */
  broadcastId?: string | null;
}

/**
 * Charges a message to its project's balance inside `tx`: `null` when it costs nothing or was
 * charged already, `insufficient` when the balance cannot cover it (nothing is written then; the
 * caller rolls its transaction back).
 */
export async function chargeMessage(
  tx: Db,
  charge: MessageCharge,
): Promise<BillingChange | 'insufficient' | null> {
  if (charge.price <= 0) return null;
  const wallet = await walletOf(tx, { projectId: charge.projectId }, charge.at);
  const posted = await postEntry(tx, {
    walletId: wallet.id,
    kind: 'charge',
    amount: -charge.price,
    idempotencyKey: chargeKey(charge.messageId),
    at: charge.at,
    actorUserId: charge.actorUserId,
    messageId: charge.messageId,
    category: charge.category,
    broadcastId: charge.broadcastId ?? null,
  });
  if (!posted.ok) return posted.reason === 'insufficient' ? 'insufficient' : null;
  const settled = await settleThreshold(tx, posted.wallet);
  return { projectId: charge.projectId, entry: posted.entry, ...settled };
}

/**
 * Charges several messages of one project inside `tx`, in order, under one lock of its wallet (a
 * broadcast's batch of recipients): as `chargeMessage` one after another, except that once the
 * balance cannot cover one, it and every one after it are refused (`paid` says how many of
 * `charges`, from the first, were paid or cost nothing). The caller stores only the paid ones.
 */
export async function chargeMessages(
  tx: Db,
  projectId: string,
  charges: readonly Omit<MessageCharge, 'projectId'>[],
): Promise<{ changes: BillingChange[]; paid: number }> {
  const priced = charges.flatMap((charge, index) => (charge.price > 0 ? [{ charge, index }] : []));
  const first = charges[0];
  if (priced.length === 0 || first === undefined) return { changes: [], paid: charges.length };
  const wallet = await walletOf(tx, { projectId }, first.at);
  const result = await postEntries(
    tx,
    wallet.id,
    priced.map(({ charge }) => ({
      kind: 'charge',
      amount: -charge.price,
      idempotencyKey: chargeKey(charge.messageId),
      at: charge.at,
      actorUserId: charge.actorUserId,
      messageId: charge.messageId,
      category: charge.category,
      broadcastId: charge.broadcastId ?? null,
    })),
  );
  const refused = result.insufficientFrom === null ? null : priced[result.insufficientFrom];
  const paid = refused === null || refused === undefined ? charges.length : refused.index;
  if (result.posted.length === 0) return { changes: [], paid };
  const settled = await settleThreshold(tx, result.wallet);
  const last = result.posted.length - 1;
  const changes = result.posted.map(({ entry }, position) => ({
    projectId,
    entry,
    // The wallet right after each entry; the last one's crossing the threshold is told.
    wallet:
      position === last
        ? settled.wallet
        : { ...settled.wallet, balance: entry.balanceAfter, lastSeq: entry.seq },
    crossedLow: position === last && settled.crossedLow,
  }));
  return { changes, paid };
}

/** Why a message's charge is given back, if it is: its send failed, or Meta did not bill it. */
export function refundCause(status: MessageStatus, pricing: MessagePricing | null): string | null {
  if (status === 'failed') return 'send_failed';
  if (pricing === null) return null;
  if (pricing.type?.startsWith('free_') === true) return pricing.type;
  return pricing.billable ? null : 'not_billable';
}

/**
 * Gives a message's charge back inside `tx` (memo: the cause), once: `null` when it was never
 * charged or is refunded already.
 */
export async function refundMessage(
  tx: Db,
  messageId: string,
  memo: string,
  at: Date,
): Promise<BillingChange | null> {
  const charge = await entryByKey(tx, chargeKey(messageId));
  if (charge === null || charge.kind !== 'charge') return null;
  const posted = await postEntry(tx, {
    walletId: charge.walletId,
    kind: 'refund',
    amount: -charge.amount,
    idempotencyKey: refundKey(messageId),
    at,
    memo,
    messageId,
    category: charge.category as PriceCategory | null,
  });
  if (!posted.ok) return null;
  const projectId = posted.wallet.projectId;
  if (projectId === null) throw new Error('a message charged to a saldo');
  const settled = await settleThreshold(tx, posted.wallet);
  return { projectId, entry: posted.entry, ...settled };
}

/** A refund a status made owed, to post once the statuses of its transaction are stored. */
export interface OwedRefund {
  messageId: string;
  cause: string;
}

/** The refund a message whose status just moved is owed (see `refundCause`), if any. */
export function owedRefund(message: {
  id: string;
  status: MessageStatus;
  pricing: MessagePricing | null;
}): OwedRefund | null {
  const cause = refundCause(message.status, message.pricing);
  return cause === null ? null : { messageId: message.id, cause };
}

/**
 * Posts `owed` refunds inside `tx`, each once (a message never charged, or refunded already, gets
 * nothing), wallet by wallet in id order. The caller posts them after every other row it locks in
 * `tx` (messages, conversations), as a send locks its conversation before its wallet: two
 * transactions then never wait on each other in a cycle.
 */
export async function refundOwed(tx: Db, owed: readonly OwedRefund[], at: Date): Promise<BillingChange[]> {
  if (owed.length === 0) return [];
  const charges = await tx
    .select({ messageId: ledgerEntries.messageId, walletId: ledgerEntries.walletId })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.idempotencyKey,
        owed.map((item) => chargeKey(item.messageId)),
      ),
    );
  const walletOfMessage = new Map(charges.map((charge) => [charge.messageId, charge.walletId]));
  const ordered = owed
    .filter((item) => walletOfMessage.has(item.messageId))
    .toSorted((a, b) =>
      (walletOfMessage.get(a.messageId) ?? '').localeCompare(walletOfMessage.get(b.messageId) ?? ''),
    );
  const changes: BillingChange[] = [];
  for (const item of ordered) {
    const change = await refundMessage(tx, item.messageId, item.cause, at);
    if (change !== null) changes.push(change);
  }
  return changes;
}
