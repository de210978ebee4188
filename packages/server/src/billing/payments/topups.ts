/**
 * Top-ups of a user's saldo (issue 16, docs/payments.md): one payment attempt each, with its own
 * gateway order id.
 *
 * Creating one stores it first, `pending` with its order id and its reconciliation job, in one
 * transaction; only then is the gateway asked for its page (the order id is the gateway's
 * idempotency key), and the page is stored on the row. A crash between the two leaves a row whose
 * page nobody ever saw, so nobody can pay it: the job finds it unknown to the gateway (or the
 * same `clientId` asks again and gets it) and closes it. A gateway that refuses or does not answer
 * gets the row deleted again and the caller `payment_unavailable`: nothing stays pending that
 * could never be paid.
 *
 * A gateway status (a verified notification, a status check) is applied under the top-up's row
 * lock: the saldo is credited once, through the ledger (key `topup:<orderId>`) in the same
 * transaction that marks it paid; a paid top-up never moves back; a pending one becomes expired
 * or failed; a refund after the credit is debited back if the saldo still holds it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/openDatabase.ts';
import { ledgerEntries, topups } from '../../db/schema.ts';
import type { TopupRow, UserRow } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/jobQueue.ts';
import type { Publisher } from '../../realtime/Publisher.ts';
import { jakartaDay, TOPUP_EXPIRY_MINUTES } from '../../sdk.ts';
import type { Topup, TopupStatus } from '../../sdk.ts';
import { postEntry, walletOf } from '../ledger.ts';
import { saldoOf } from '../views.ts';
import { isPaymentGatewayError } from './PaymentGateway.ts';
import type { PaymentGateway, PaymentStatus } from './PaymentGateway.ts';

export interface TopupDeps {
  db: Db;
  gateway: PaymentGateway;
  publisher: Pick<Publisher, 'toUser'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The durable job that asks the gateway about a top-up no final notification settled. */
export const TOPUP_RECONCILE_JOB = 'topup.reconcile';
/** The first status check of a top-up still pending (Midtrans retries a lost notification after 2 and 10 minutes). */
export const FIRST_CHECK_MS = 15 * 60_000;
/** Checks then come twice as far apart, at most this far. */
export const MAX_CHECK_INTERVAL_MS = 6 * 3_600_000;
/** After `expiresAt`, how long the gateway has to say so (Midtrans: expiry within 90 s) before Sapa decides. */
export const EXPIRY_GRACE_MS = 15 * 60_000;
/** A top-up whose page was never stored this long after it was made can never be paid. */
export const PAGE_GRACE_MS = 2 * 60_000;
/** `topup_check` asks the gateway at most once in this while per top-up. */
export const CHECK_THROTTLE_MS = 10_000;

const PAGE_SIZE = 10;

/** `TOPUP-20251122-9F2C04A1B7`: Jakarta's day, then 40 random bits. Midtrans takes letters, digits and `-`. */
export function newOrderId(now: Date): string {
  return `TOPUP-${jakartaDay(now).replaceAll('-', '')}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** A stored top-up as the contract shows it: its page only while it can still be paid. */
export function toTopup(row: TopupRow): Topup {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: row.amount,
    status: row.status,
    paymentType: row.paymentType,
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    gateway: row.gateway,
  };
}

export async function topupById(db: Db, id: string): Promise<TopupRow | null> {
  const [row] = await db.select().from(topups).where(eq(topups.id, id)).limit(1);
  return row ?? null;
}

/** One of the user's top-ups (null for another user's). */
export async function topupOf(db: Db, userId: string, id: string): Promise<TopupRow | null> {
  const [row] = await db
    .select()
    .from(topups)
    .where(and(eq(topups.id, id), eq(topups.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's top-ups, newest first, 10 a page. */
export async function listTopups(
  db: Db,
  userId: string,
  options: { page: number; status?: TopupStatus | undefined },
): Promise<{ data: Topup[]; total_page: number }> {
  const where = and(
    eq(topups.userId, userId),
    options.status === undefined ? undefined : eq(topups.status, options.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(topups)
      .where(where)
      .orderBy(desc(topups.createdAt), desc(topups.id))
      .limit(PAGE_SIZE)
      .offset(options.page * PAGE_SIZE),
    db.select({ n: count() }).from(topups).where(where),
  ]);
  return { data: rows.map(toTopup), total_page: Math.ceil((total?.n ?? 0) / PAGE_SIZE) };
}

/** Tells the payer's tabs (`saldo.updated`): after the commit that changed the top-up. */
async function announce(deps: TopupDeps, row: TopupRow, now: Date): Promise<void> {
  deps.publisher.toUser(row.userId, 'saldo.updated', {
    saldo: await saldoOf(deps.db, row.userId, now),
    topup: toTopup(row),
  });
}

export interface NewTopup {
  user: Pick<UserRow, 'id' | 'name' | 'phone'>;
  amount: number;
  /** The sender's id of the request: asking again answers the same top-up. */
  clientId: string;
  /** The line on the gateway's page, in the payer's language. */
  itemName: string;
  /** Where the payer comes back to after paying (`<public url>/saldo`). */
  finishUrl: string | null;
  now: Date;
}

export type CreatedTopup = { ok: true; topup: TopupRow } | { ok: false };

/** Starts a top-up, or answers the one the same `clientId` started (see the file comment). */
export async function createTopup(deps: TopupDeps, input: NewTopup): Promise<CreatedTopup> {
  const { db, gateway, log } = deps;
  const { now } = input;
  const stored = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(topups)
      .values({
        id: randomUUID(),
        userId: input.user.id,
        clientId: input.clientId,
        orderId: newOrderId(now),
        gateway: gateway.name,
        amount: input.amount,
        status: 'pending',
        expiresAt: new Date(now.getTime() + TOPUP_EXPIRY_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [topups.userId, topups.clientId] })
      .returning();
    if (inserted === undefined) {
      const [existing] = await tx
        .select()
        .from(topups)
        .where(and(eq(topups.userId, input.user.id), eq(topups.clientId, input.clientId)));
      return existing ?? null;
    }
    await enqueueJob(tx, {
      kind: TOPUP_RECONCILE_JOB,
      payload: { topupId: inserted.id, checks: 0 },
      runAt: new Date(now.getTime() + FIRST_CHECK_MS),
      now,
    });
    return inserted;
  });
  if (stored === null) return { ok: false };
  // Asked before: its page is stored, or it is finished.
  if (stored.redirectUrl !== null || stored.status !== 'pending') return { ok: true, topup: stored };

  let page;
  try {
    page = await gateway.createPayment({
      orderId: stored.orderId,
      amount: stored.amount,
      itemName: input.itemName,
      payer: { name: input.user.name, phone: input.user.phone },
      // The gateway's window is the top-up's: from its creation, `TOPUP_EXPIRY_MINUTES` long.
      startAt: stored.createdAt,
      expiryMinutes: TOPUP_EXPIRY_MINUTES,
      finishUrl: input.finishUrl,
    });
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    if (error.reason === 'duplicate_order') {
      // An earlier call for this top-up made the order: its page is stored by now, or that call
      // failed (the reconciliation job closes the top-up).
      log.warn({ topupId: stored.id, orderId: stored.orderId }, 'the gateway had this top-up order already');
      const again = await topupById(db, stored.id);
      return again === null || again.redirectUrl === null ? { ok: false } : { ok: true, topup: again };
    }
    log.warn(
      { topupId: stored.id, orderId: stored.orderId, reason: error.reason, status: error.status, err: error },
      'the payment gateway did not open a top-up',
    );
    // Nobody saw a page for this order, so nobody can pay it: it goes, and the same clientId may try again.
    await db
      .delete(topups)
      .where(and(eq(topups.id, stored.id), eq(topups.status, 'pending'), isNull(topups.redirectUrl)));
    return { ok: false };
  }

  const [opened] = await db
    .update(topups)
    .set({ redirectUrl: page.redirectUrl, gatewayToken: page.token, updatedAt: now })
    .where(and(eq(topups.id, stored.id), isNull(topups.redirectUrl)))
    .returning();
  const topup = opened ?? (await topupById(db, stored.id));
  if (topup === null || topup.redirectUrl === null) return { ok: false };
  if (opened !== undefined) await announce(deps, opened, now);
  return { ok: true, topup };
}

/**
 * Credits a paid top-up to its payer's saldo inside `tx` (the transaction marking it paid): the
 * ledger's `topup:<orderId>` key makes it once. `false` when it was credited already.
 */
export async function creditTopup(
  tx: Db,
  row: Pick<TopupRow, 'id' | 'userId' | 'orderId' | 'amount'>,
  at: Date,
): Promise<boolean> {
  const wallet = await walletOf(tx, { userId: row.userId }, at);
  const posted = await postEntry(tx, {
    walletId: wallet.id,
    kind: 'topup',
    amount: row.amount,
    idempotencyKey: `topup:${row.orderId}`,
    at,
    actorUserId: row.userId,
    topupId: row.id,
  });
  return posted.ok;
}

export type AppliedStatus =
  { found: false } | { found: true; topup: TopupRow; changed: boolean; credited: boolean };

/**
 * Applies what the gateway said of an order (a verified notification or a status check) to its
 * top-up, idempotently; publishes `saldo.updated` after the commit when something changed.
 */
export async function applyPaymentStatus(
  deps: TopupDeps,
  status: PaymentStatus,
  now: Date,
): Promise<AppliedStatus> {
  const { log } = deps;
  const result = await deps.db.transaction(async (tx): Promise<AppliedStatus> => {
    const [row] = await tx.select().from(topups).where(eq(topups.orderId, status.orderId)).for('update');
    if (row === undefined) return { found: false };
    const context = { topupId: row.id, orderId: row.orderId, gatewayStatus: status.gatewayStatus };
    const unchanged: AppliedStatus = { found: true, topup: row, changed: false, credited: false };
    const update = async (values: Partial<TopupRow>, credited = false): Promise<AppliedStatus> => {
      const [updated] = await tx
        .update(topups)
        .set({ ...values, updatedAt: now })
        .where(eq(topups.id, row.id))
        .returning();
      return { found: true, topup: updated ?? row, changed: true, credited };
    };
    const gatewayFacts = {
      gatewayStatus: status.gatewayStatus,
      paymentType: status.paymentType ?? row.paymentType,
    };
    const { outcome } = status;

    switch (outcome.kind) {
      case 'paid': {
        if (row.status === 'paid') return unchanged;
        if (outcome.amount !== row.amount) {
          log.error(
            { ...context, paid: outcome.amount, amount: row.amount },
            'a top-up was paid a different amount',
          );
          return unchanged;
        }
        // A late payment of an attempt closed as expired or failed is money received all the same.
        if (row.status !== 'pending') log.warn({ ...context, was: row.status }, 'a closed top-up was paid');
        const credited = await creditTopup(tx, row, now);
        return update({ ...gatewayFacts, status: 'paid', paidAt: now }, credited);
      }
      case 'waiting':
        if (row.status !== 'pending') return unchanged;
        if (
          row.gatewayStatus === gatewayFacts.gatewayStatus &&
          row.paymentType === gatewayFacts.paymentType
        ) {
          return unchanged;
        }
        return update(gatewayFacts);
      case 'expired':
      case 'failed':
        if (row.status !== 'pending') return unchanged;
        return update({ ...gatewayFacts, status: outcome.kind });
      case 'refunded': {
        if (row.status !== 'paid') {
          log.warn(context, 'a refund of a top-up that was never credited');
          return unchanged;
        }
        return reverse(tx, row, outcome.refunded, gatewayFacts, now, log, update, unchanged);
      }
      case 'ignored':
        log.info({ ...context, why: outcome.why }, 'a gateway status changed nothing');
        return unchanged;
    }
  });
  if (result.found && result.changed) await announce(deps, result.topup, now);
  return result;
}

/**
 * The gateway gave (some of) a credited top-up back to the payer: the saldo gives back as much,
 * as an `adjustment`, if it still holds it. If it does not (the money was spent), nothing is
 * debited: the refund is recorded on the top-up (`gatewayStatus`) and logged for an operator.
 * `refunded` is the total refunded so far (`null`: all of it), so replays debit nothing more.
 */
async function reverse(
  tx: Db,
  row: TopupRow,
  refunded: number | null,
  gatewayFacts: { gatewayStatus: string; paymentType: string | null },
  now: Date,
  log: TopupDeps['log'],
  update: (values: Partial<TopupRow>) => Promise<AppliedStatus>,
  unchanged: AppliedStatus,
): Promise<AppliedStatus> {
  const target = Math.min(refunded ?? row.amount, row.amount);
  const [reversed] = await tx
    .select({ amount: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.topupId, row.id), eq(ledgerEntries.kind, 'adjustment')));
  const debit = target + (reversed?.amount ?? 0);
  const recorded = row.gatewayStatus === gatewayFacts.gatewayStatus;
  if (debit <= 0) return recorded ? unchanged : update(gatewayFacts);
  const wallet = await walletOf(tx, { userId: row.userId }, now);
  const posted = await postEntry(tx, {
    walletId: wallet.id,
    kind: 'adjustment',
    amount: -debit,
    idempotencyKey: `topup-refund:${row.orderId}:${target}`,
    at: now,
    topupId: row.id,
    memo: 'topup_refunded',
  });
  if (!posted.ok && posted.reason === 'insufficient') {
    log.error(
      { topupId: row.id, orderId: row.orderId, refund: debit, balance: posted.wallet.balance },
      'a refunded top-up was spent already: nothing debited, settle it by hand',
    );
  }
  return update(gatewayFacts);
}

/** Closes a top-up still pending as `expired` or `failed` (the reconciliation's own decision). */
async function closePending(
  deps: TopupDeps,
  id: string,
  status: 'expired' | 'failed',
  now: Date,
): Promise<TopupRow | null> {
  const [closed] = await deps.db
    .update(topups)
    .set({ status, updatedAt: now })
    .where(and(eq(topups.id, id), eq(topups.status, 'pending')))
    .returning();
  if (closed !== undefined) await announce(deps, closed, now);
  return closed ?? (await topupById(deps.db, id));
}

/**
 * Asks the gateway about a pending top-up and applies the answer. Past its expiry (and the grace)
 * one the gateway still calls pending or does not know is closed as expired; one whose page was
 * never stored, as failed, as soon as the gateway does not know it. Throws `PaymentGatewayError`
 * when the gateway does not answer.
 */
export async function reconcileTopup(
  deps: TopupDeps,
  id: string,
  now: Date,
  signal?: AbortSignal,
): Promise<TopupRow | null> {
  const row = await topupById(deps.db, id);
  if (row === null || row.status !== 'pending') return row;
  const lookup = await deps.gateway.status(row.orderId, signal);
  await deps.db.update(topups).set({ checkedAt: now }).where(eq(topups.id, id));
  let current: TopupRow = { ...row, checkedAt: now };
  if (lookup.found) {
    const applied = await applyPaymentStatus(deps, lookup.status, now);
    if (applied.found) current = applied.topup;
  }
  if (current.status !== 'pending') return current;
  if (
    !lookup.found &&
    current.redirectUrl === null &&
    now.getTime() >= current.createdAt.getTime() + PAGE_GRACE_MS
  ) {
    deps.log.warn({ topupId: id, orderId: row.orderId }, 'a top-up without a page closed as failed');
    return closePending(deps, id, 'failed', now);
  }
  if (now.getTime() >= current.expiresAt.getTime() + EXPIRY_GRACE_MS) {
    return closePending(deps, id, 'expired', now);
  }
  return current;
}

/** When the reconciliation job looks again after its `checks`-th check (see the constants). */
export function nextCheckAt(row: Pick<TopupRow, 'expiresAt'>, checks: number, now: Date): Date {
  const interval = Math.min(FIRST_CHECK_MS * 2 ** Math.max(checks, 0), MAX_CHECK_INTERVAL_MS);
  const next = now.getTime() + interval;
  const decide = row.expiresAt.getTime() + EXPIRY_GRACE_MS;
  return new Date(now.getTime() < decide ? Math.min(next, decide) : next);
}

/** Whether the gateway was asked about the top-up moments ago (`topup_check` does not ask again then). */
export function checkedRecently(row: TopupRow, now: Date): boolean {
  return row.checkedAt !== null && now.getTime() - row.checkedAt.getTime() < CHECK_THROTTLE_MS;
}
