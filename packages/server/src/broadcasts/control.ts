/**
 * An agent's control of a broadcast (issue 17; the acts `broadcast_pause`, `_resume`, `_cancel`,
 * `_retry`): each one transaction on the broadcast's row, locked, answering the broadcast as it
 * is then, or why it may not. The caller announces the change once committed
 * (`announceBroadcast`), publishes `billing` (a cancel's refunds) and kicks the job runners (a
 * resume or retry queues a pump).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { broadcastRecipients, broadcasts, wallets, waAccounts, waTemplates } from '../db/schema.ts';
import type { BroadcastRow } from '../db/schema.ts';
import { refundMessage } from '../billing/charges.ts';
import type { BillingChange } from '../billing/charges.ts';
import { priceAt, priceCategoryOf } from '../sdk.ts';
import type { PriceRow } from '../sdk.ts';
import { startPump } from './lifecycle.ts';

export { enqueueBroadcastStart } from './lifecycle.ts';

/**
 * Why a control was refused: no such broadcast in the project; not in a state that allows it
 * (finished, not started, the cause of its pause remains, nothing to retry); or its balance
 * cannot pay for the next recipient.
 */
export type BroadcastRefusal = 'not_found' | 'conflict' | 'insufficient_balance';

export type BroadcastControl =
  | {
      ok: true;
      broadcast: BroadcastRow;
      /** Refunds made (a cancel's messages that were waiting to be sent again): to publish. */
      billing: BillingChange[];
    }
  | { ok: false; refusal: BroadcastRefusal };

/** Which broadcast: its project and id. */
export interface BroadcastTarget {
  projectId: string;
  id: string;
}

const refused = (refusal: BroadcastRefusal): BroadcastControl => ({ ok: false, refusal });
const answered = (broadcast: BroadcastRow, billing: BillingChange[] = []): BroadcastControl => ({
  ok: true,
  broadcast,
  billing,
});

async function locked(tx: Db, target: BroadcastTarget): Promise<BroadcastRow | null> {
  const [row] = await tx
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, target.id), eq(broadcasts.projectId, target.projectId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

async function update(tx: Db, id: string, change: Partial<BroadcastRow>): Promise<BroadcastRow> {
  const [row] = await tx.update(broadcasts).set(change).where(eq(broadcasts.id, id)).returning();
  if (row === undefined) throw new Error('broadcast vanished');
  return row;
}

/** Pauses a sending broadcast (`manual`): its pump ends, sends under way finish. Paused already: as it is. */
export async function pauseBroadcast(db: Db, target: BroadcastTarget, now: Date): Promise<BroadcastControl> {
  return db.transaction(async (tx) => {
    const broadcast = await locked(tx, target);
    if (broadcast === null) return refused('not_found');
    if (broadcast.status === 'paused') return answered(broadcast);
    if (broadcast.status !== 'sending') return refused('conflict');
    return answered(
      await update(tx, broadcast.id, {
        status: 'paused',
        pauseReason: 'manual',
        pumpJobId: null,
        updatedAt: now,
      }),
    );
  });
}

/**
 * Whether the cause of a pause remains: the balance cannot pay for one more recipient at `now`;
 * the template is not approved (or was deleted); the number is deleted or not connected.
 */
async function pauseCause(
  tx: Db,
  broadcast: BroadcastRow,
  now: Date,
  prices: readonly PriceRow[],
): Promise<BroadcastRefusal | null> {
  if (broadcast.pauseReason === 'balance') {
    const price = priceAt(prices, priceCategoryOf(broadcast.category), now);
    const [wallet] = await tx
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(eq(wallets.projectId, broadcast.projectId));
    return (wallet?.balance ?? 0) < price ? 'insufficient_balance' : null;
  }
  if (broadcast.pauseReason === 'template') {
    const [template] =
      broadcast.templateId === null
        ? []
        : await tx
            .select({ status: waTemplates.status })
            .from(waTemplates)
            .where(eq(waTemplates.id, broadcast.templateId));
    return template?.status === 'APPROVED' ? null : 'conflict';
  }
  if (broadcast.pauseReason === 'account') {
    const [account] = await tx
      .select({ status: waAccounts.status, deletedAt: waAccounts.deletedAt })
      .from(waAccounts)
      .where(eq(waAccounts.id, broadcast.accountId));
    return account?.deletedAt === null && account.status === 'connected' ? null : 'conflict';
  }
  return null;
}

/**
 * Resumes a paused broadcast where it stopped, with a new pump. Refused while the cause of its
 * pause remains (`insufficient_balance` for the balance, else `conflict`). Sending already: as it is.
 */
export async function resumeBroadcast(
  db: Db,
  target: BroadcastTarget,
  now: Date,
  prices: readonly PriceRow[],
): Promise<BroadcastControl> {
  return db.transaction(async (tx) => {
    const broadcast = await locked(tx, target);
    if (broadcast === null) return refused('not_found');
    if (broadcast.status === 'sending') return answered(broadcast);
    if (broadcast.status !== 'paused') return refused('conflict');
    const cause = await pauseCause(tx, broadcast, now, prices);
    if (cause !== null) return refused(cause);
    await update(tx, broadcast.id, { status: 'sending', pauseReason: null, updatedAt: now });
    await startPump(tx, broadcast.id, now);
    const resumed = await locked(tx, target);
    if (resumed === null) throw new Error('broadcast vanished');
    return answered(resumed);
  });
}

/**
 * Cancels a scheduled, sending or paused broadcast: its queued recipients become `cancelled`
 * (those whose message was waiting to be sent again get it failed and its charge back), and its
 * pump ends; sends under way finish. Cancelled already: as it is; done: `conflict`.
 */
export async function cancelBroadcast(db: Db, target: BroadcastTarget, now: Date): Promise<BroadcastControl> {
  return db.transaction(async (tx) => {
    const broadcast = await locked(tx, target);
    if (broadcast === null) return refused('not_found');
    if (broadcast.status === 'cancelled') return answered(broadcast);
    if (broadcast.status === 'done') return refused('conflict');
    const cancelled = await tx
      .update(broadcastRecipients)
      .set({ state: 'cancelled', nextAt: null, updatedAt: now })
      .where(and(eq(broadcastRecipients.broadcastId, broadcast.id), eq(broadcastRecipients.state, 'queued')))
      .returning({ messageId: broadcastRecipients.messageId });
    const waiting = cancelled.flatMap((row) => (row.messageId === null ? [] : [row.messageId]));
    const billing: BillingChange[] = [];
    if (waiting.length > 0) {
      const failed = await queryRows<{ id: string }>(
        tx,
        sql`with failed as (
          update messages m set status = 'failed',
            error = ${JSON.stringify({ code: 0, title: 'Broadcast cancelled' })}::jsonb
          where m.id in (select jsonb_array_elements_text(${JSON.stringify(waiting)}::jsonb)::uuid)
            and m.status = 'pending'
          returning m.id, m.conversation_id, m.seq
        ), previews as (
          update conversations c set last_message = c.last_message || '{"status":"failed"}'::jsonb
          from failed f where c.id = f.conversation_id and c.last_seq = f.seq
          returning c.id
        ) select id from failed order by id`,
      );
      // The wallet is locked last, as a send locks its conversation before its wallet.
      for (const { id } of failed) {
        const refund = await refundMessage(tx, id, 'send_failed', now);
        if (refund !== null) billing.push(refund);
      }
    }
    const row = await update(tx, broadcast.id, {
      status: 'cancelled',
      pauseReason: null,
      pumpJobId: null,
      finishedAt: now,
      updatedAt: now,
    });
    return answered(row, billing);
  });
}

/**
 * Queues again the recipients that failed with a transient error (and the per-user marketing
 * limit), each to get a message of its own. A done broadcast sends again (a new pump); a sending
 * one gets a new pump that takes them; a paused one sends them when resumed. None to retry, or a
 * broadcast not started or cancelled: `conflict`.
 */
export async function retryBroadcast(db: Db, target: BroadcastTarget, now: Date): Promise<BroadcastControl> {
  return db.transaction(async (tx) => {
    const broadcast = await locked(tx, target);
    if (broadcast === null) return refused('not_found');
    if (broadcast.status === 'scheduled' || broadcast.status === 'cancelled') return refused('conflict');
    const retried = await tx
      .update(broadcastRecipients)
      .set({
        state: 'queued',
        messageId: null,
        error: null,
        reason: null,
        transient: false,
        nextAt: null,
        attemptAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(broadcastRecipients.broadcastId, broadcast.id),
          eq(broadcastRecipients.state, 'failed'),
          eq(broadcastRecipients.transient, true),
        ),
      )
      .returning({ id: broadcastRecipients.id });
    if (retried.length === 0) return refused('conflict');
    if (broadcast.status === 'paused') return answered(await update(tx, broadcast.id, { updatedAt: now }));
    await update(tx, broadcast.id, { status: 'sending', finishedAt: null, updatedAt: now });
    await startPump(tx, broadcast.id, now);
    const row = await locked(tx, target);
    if (row === null) throw new Error('broadcast vanished');
    return answered(row);
  });
}
