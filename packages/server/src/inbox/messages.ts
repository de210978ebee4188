/** Messages of a conversation: reading pages, appending with the next seq, outbound sends. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, broadcasts, conversations, messages, waAccounts } from '../db/schema.ts';
import type { ConversationRow, LastMessageSummary, MessageRow } from '../db/schema.ts';
import { enqueueJob } from '../jobs/jobQueue.ts';
import { chargeMessage } from '../billing/charges.ts';
import type { BillingChange } from '../billing/charges.ts';
import { CUSTOMER_SERVICE_WINDOW_MS, FREE_ENTRY_POINT_MS, priceAt, priceCategoryOf } from '../sdk.ts';
import type { PriceRow, SentTemplate, ThreadMessage } from '../sdk.ts';
import type { MessageContent } from './messageContent.ts';
import { toThreadMessage } from './views.ts';
import type { MessageView } from './views.ts';
import { outboundTimers } from '../automation/timerStore.ts';

export const DEFAULT_MESSAGE_LIMIT = 50;

const quoted = alias(messages, 'quoted');

async function selectMessages(
  db: Db,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  view: MessageView,
): Promise<ThreadMessage[]> {
  const rows = await db
    .select({
      message: messages,
      reply: { id: quoted.id, type: quoted.type, caption: quoted.caption, filename: quoted.filename },
      broadcast: { id: broadcasts.id, name: broadcasts.name },
      rule: { id: automationRules.id, name: automationRules.name },
    })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.replyTo))
    .leftJoin(broadcasts, eq(broadcasts.id, messages.broadcastId))
    .leftJoin(automationRules, eq(automationRules.id, messages.automationRuleId))
    .where(where)
    .orderBy(order)
    .limit(limit);
  return rows.map((row) =>
    toThreadMessage(row.message, row.reply, view, { broadcast: row.broadcast, rule: row.rule }),
  );
}

/**
 * Messages automation just sent (no reply, no broadcast) as a thread shows them, each named with
 * its rule: one lookup of the rules for them all.
 */
export async function automationThreadMessages(
  db: Db,
  rows: readonly MessageRow[],
  view: MessageView,
): Promise<ThreadMessage[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.automationRuleId === null ? [] : [row.automationRuleId]))),
  ];
  const rules =
    ids.length === 0
      ? []
      : await db
          .select({ id: automationRules.id, name: automationRules.name })
          .from(automationRules)
          .where(inArray(automationRules.id, ids));
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return rows.map((row) =>
    toThreadMessage(row, null, view, { rule: byId.get(row.automationRuleId ?? '') ?? null }),
  );
}

/**
 * A page of a conversation in seq order: after `afterSeq` (catch-up, oldest first), else the
 * newest ones (before `beforeSeq` when given).
 */
export async function listMessages(
  db: Db,
  conversationId: string,
  options: { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number },
  view: MessageView,
): Promise<ThreadMessage[]> {
  const where = and(
    eq(messages.conversationId, conversationId),
    options.afterSeq === undefined ? undefined : gt(messages.seq, options.afterSeq),
    options.beforeSeq === undefined ? undefined : lt(messages.seq, options.beforeSeq),
  );
  if (options.afterSeq !== undefined) {
    return selectMessages(db, where, asc(messages.seq), options.limit, view);
  }
  return (await selectMessages(db, where, desc(messages.seq), options.limit, view)).reverse();
}

export async function threadMessage(db: Db, id: string, view: MessageView): Promise<ThreadMessage | null> {
  const [found] = await selectMessages(db, eq(messages.id, id), asc(messages.seq), 1, view);
  return found ?? null;
}

export function lastMessageOf(row: MessageRow): LastMessageSummary {
  return {
    type: row.type,
    caption: row.caption,
    filename: row.filename,
    name: row.name,
    direction: row.direction,
    status: row.status,
  };
}

/** Thrown inside a transaction to roll it back when the unique client id shows the message exists. */
export class DuplicateMessage extends Error {
  constructor() {
    super('duplicate message');
    this.name = 'DuplicateMessage';
  }
}

/** An agent's message as `storeOutbound` appends it. */
export interface NewOutbound extends MessageContent {
  /** A stored file (an agent's upload, a template's header media). */
  mediaFileId: string | null;
  /** A template message (`type` `template`): how it was built. */
  template?: SentTemplate | null;
  clientId: string;
  replyTo: string | null;
  /** The agent who sent it; `null`: Sapa itself (the answer to a customer who opted out). */
  senderUserId: string | null;
  /** The automation rule that sends it (`senderUserId` null then). */
  automationRuleId?: string | null;
  createdAt: Date;
}

/**
 * Appends an agent's message to a conversation locked by `lockForSend` (seqs are handed out under
 * that lock) in the same transaction: the next seq, the conversation's last message and activity
 * time; an agent who answers has read what came before (unread 0). Throws `DuplicateMessage` when
 * the client id is already stored (the caller's transaction then rolls back, leaving no gap).
 */
async function appendOutbound(
  tx: Db,
  conversation: ConversationRow,
  fields: NewOutbound,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const seq = conversation.lastSeq + 1;
  const [message] = await tx
    .insert(messages)
    .values({
      id: randomUUID(),
      conversationId: conversation.id,
      seq,
      direction: 'out',
      wamid: null,
      status: 'pending',
      ...fields,
    })
    .onConflictDoNothing({ target: messages.clientId, where: sql`${messages.clientId} is not null` })
    .returning();
  if (message === undefined) throw new DuplicateMessage();
  const [updated] = await tx
    .update(conversations)
    .set({
      lastSeq: seq,
      lastMessage: lastMessageOf(message),
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${fields.createdAt.toISOString()}::timestamptz)`,
      unread: 0,
    })
    .where(eq(conversations.id, conversation.id))
    .returning();
  if (updated === undefined) throw new Error('conversation vanished');
  return { message, conversation: updated };
}

export async function messageByClientId(db: Db, clientId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.clientId, clientId)).limit(1);
  return row ?? null;
}

/** A message of the conversation, by id (for replies). */
export async function messageInConversation(
  db: Db,
  conversationId: string,
  id: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)))
    .limit(1);
  return row ?? null;
}

export const SEND_JOB = 'whatsapp.send';

/** A template message: the only kind Meta delivers outside the 24-hour window. */
function isTemplate(fields: NewOutbound): boolean {
  return fields.type === 'template' && fields.template !== undefined && fields.template !== null;
}

/**
 * Why `storeOutbound` stored nothing: the 24-hour window is closed, the number was deleted, or
 * the project's balance cannot pay for the message.
 */
export type OutboundRefusal = 'window_closed' | 'account_deleted' | 'insufficient_balance';

/** Thrown by `storeOutbound` when the message may not be sent at all (nothing is stored or queued). */
export class OutboundRefused extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal) {
    super(reason);
    this.name = 'OutboundRefused';
    this.reason = reason;
  }
}

/**
 * The conversation row locked for an outbound message, with what decides whether it may be sent
 * at `at`: its number not deleted, and (for a free-form message) the customer's last message less
 * than 24 hours before (`windowOpen`, computed under the lock).
 */
async function lockForSend(
  tx: Db,
  conversationId: string,
  at: Date,
): Promise<{ conversation: ConversationRow; windowOpen: boolean; accountDeleted: boolean } | null> {
  const windowStart = new Date(at.getTime() - CUSTOMER_SERVICE_WINDOW_MS).toISOString();
  const [row] = await tx
    .select({
      conversation: conversations,
      windowOpen: sql<boolean>`coalesce(${conversations.lastInboundAt} > ${windowStart}::timestamptz, false)`,
      accountDeleted: sql<boolean>`${waAccounts.deletedAt} is not null`,
    })
    .from(conversations)
    .innerJoin(waAccounts, eq(waAccounts.id, conversations.accountId))
    .where(eq(conversations.id, conversationId))
    .for('update', { of: conversations })
    .limit(1);
  return row ?? null;
}

/**
 * Stores an agent's message as `pending` with the next seq and queues its send (with `job`'s
 * fields in its payload), in one transaction. The same `clientId` again answers the stored message
 * (`conversation: null`), however the two calls interleave: the lookup runs under the
 * conversation's lock, and the unique index on `client_id` backs it up. A new message is refused
 * (`OutboundRefused`, nothing stored) when the conversation's number was deleted, or, unless it is
 * a template, when the customer has not written in the last 24 hours (Meta would fail it with
 * 131047).
 *
 * A message that costs something by `prices` (its template's category, `SERVICE` for anything
 * free-form) is charged to the project's balance in the same transaction (`charge`, to announce
 * once committed); one the balance cannot cover is refused (`insufficient_balance`). Every
 * sender passes the configured price table (`config.billing.prices`).
 */
export async function storeOutbound(
  db: Db,
  conversationId: string,
  fields: NewOutbound,
  job: Record<string, unknown>,
  prices: readonly PriceRow[],
): Promise<{ message: MessageRow; conversation: ConversationRow | null; charge: BillingChange | null }> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockForSend(tx, conversationId, fields.createdAt);
      if (locked === null) throw new Error('conversation vanished');
      const existing = await messageByClientId(tx, fields.clientId);
      if (existing !== null) return { message: existing, conversation: null, charge: null };
      if (locked.accountDeleted) throw new OutboundRefused('account_deleted');
      if (!isTemplate(fields) && !locked.windowOpen) throw new OutboundRefused('window_closed');
      const appended = await appendOutbound(tx, locked.conversation, fields);
      const now = fields.createdAt;
      const category = priceCategoryOf(fields.template?.category ?? null);
      const charge = await chargeMessage(tx, {
        projectId: locked.conversation.projectId,
        messageId: appended.message.id,
        category,
        price: priceAt(prices, category, now),
        actorUserId: fields.senderUserId,
        at: now,
      });
      if (charge === 'insufficient') throw new OutboundRefused('insufficient_balance');
      await enqueueJob(tx, {
        kind: SEND_JOB,
        payload: { ...job, messageId: appended.message.id },
        runAt: now,
        now,
      });
      // Automation's no-reply timers (src/automation/timerStore.ts): an agent's reply clears the
      // customer's wait, any message sent starts the wait for the customer's answer.
      await outboundTimers(tx, { conversationId, ...fields });
      return { ...appended, charge };
    });
  } catch (error) {
    if (!(error instanceof DuplicateMessage)) throw error;
    const message = await messageByClientId(db, fields.clientId);
    if (message === null) throw error;
    return { message, conversation: null, charge: null };
  }
}

/**
 * Meta's free entry point: a message that went out within 24 hours of a customer's message from a
 * click-to-WhatsApp ad opens 72 hours in which every message is free, from the time it went out,
 * once per such customer message (a later answer does not extend it). For one conversation or
 * several (a broadcast's batch).
 */
export async function openFreeEntryPoint(
  tx: Db,
  conversationId: string | readonly string[],
  at: Date,
): Promise<void> {
  const { entryPointAt, freeEntryUntil } = conversations;
  await tx
    .update(conversations)
    .set({ freeEntryUntil: new Date(at.getTime() + FREE_ENTRY_POINT_MS) })
    .where(
      and(
        typeof conversationId === 'string'
          ? eq(conversations.id, conversationId)
          : inArray(conversations.id, [...conversationId]),
        gt(entryPointAt, new Date(at.getTime() - CUSTOMER_SERVICE_WINDOW_MS)),
        lte(entryPointAt, at),
        or(
          isNull(freeEntryUntil),
          lte(freeEntryUntil, sql`${entryPointAt} + ${FREE_ENTRY_POINT_MS} * interval '1 millisecond'`),
        ),
      ),
    );
}
