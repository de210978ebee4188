/** Messages of a conversation: reading pages, appending with the next seq, outbound sends. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/openDatabase.ts';
import { conversations, messages } from '../db/schema.ts';
import type { ConversationRow, LastMessageSummary, MessageRow } from '../db/schema.ts';
import { enqueueJob } from '../jobs/jobQueue.ts';
import type { ThreadMessage } from '../sdk.ts';
import type { MessageContent } from './messageContent.ts';
import { toThreadMessage } from './views.ts';

export const DEFAULT_MESSAGE_LIMIT = 50;

const quoted = alias(messages, 'quoted');

async function selectMessages(
  db: Db,
  where: SQL | undefined,
  order: SQL,
  limit: number,
): Promise<ThreadMessage[]> {
  const rows = await db
    .select({
      message: messages,
      reply: { id: quoted.id, type: quoted.type, caption: quoted.caption, filename: quoted.filename },
    })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.replyTo))
    .where(where)
    .orderBy(order)
    .limit(limit);
  return rows.map((row) => toThreadMessage(row.message, row.reply));
}

/**
 * A page of a conversation in seq order: after `afterSeq` (catch-up, oldest first), else the
 * newest ones (before `beforeSeq` when given).
 */
export async function listMessages(
  db: Db,
  conversationId: string,
  options: { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number },
): Promise<ThreadMessage[]> {
  const where = and(
    eq(messages.conversationId, conversationId),
    options.afterSeq === undefined ? undefined : gt(messages.seq, options.afterSeq),
    options.beforeSeq === undefined ? undefined : lt(messages.seq, options.beforeSeq),
  );
  if (options.afterSeq !== undefined) return selectMessages(db, where, asc(messages.seq), options.limit);
  return (await selectMessages(db, where, desc(messages.seq), options.limit)).reverse();
}

export async function threadMessage(db: Db, id: string): Promise<ThreadMessage | null> {
  const [found] = await selectMessages(db, eq(messages.id, id), asc(messages.seq), 1);
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

/** The conversation row, locked until the transaction ends: seqs are handed out under this lock. */
export async function lockConversation(db: Db, conversationId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Thrown inside a transaction to roll it back when a unique key shows the message exists. */
export class DuplicateMessage extends Error {
  constructor() {
    super('duplicate message');
    this.name = 'DuplicateMessage';
  }
}

export interface NewMessage extends MessageContent {
  direction: 'in' | 'out';
  wamid: string | null;
  clientId: string | null;
  replyTo: string | null;
  status: MessageRow['status'];
  senderUserId: string | null;
  createdAt: Date;
}

/**
 * Appends a message to a conversation locked by `lockConversation` in the same transaction: the
 * next seq, the conversation's last message and activity time. Throws `DuplicateMessage` when the
 * wamid or client id is already stored (the caller's transaction then rolls back, leaving no gap).
 */
export async function appendMessage(
  tx: Db,
  conversation: ConversationRow,
  fields: NewMessage,
  extra: { unreadIncrement: number; inboundAt: Date | null },
): Promise<MessageRow> {
  const seq = conversation.lastSeq + 1;
  const values = { id: randomUUID(), conversationId: conversation.id, seq, ...fields };
  const inserted =
    fields.wamid !== null
      ? await tx
          .insert(messages)
          .values(values)
          .onConflictDoNothing({ target: messages.wamid, where: sql`${messages.wamid} is not null` })
          .returning()
      : await tx
          .insert(messages)
          .values(values)
          .onConflictDoNothing({ target: messages.clientId, where: sql`${messages.clientId} is not null` })
          .returning();
  const row = inserted[0];
  if (row === undefined) throw new DuplicateMessage();
  await tx
    .update(conversations)
    .set({
      lastSeq: seq,
      lastMessage: lastMessageOf(row),
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${fields.createdAt.toISOString()}::timestamptz)`,
      unread: sql`${conversations.unread} + ${extra.unreadIncrement}`,
      ...(extra.inboundAt === null
        ? {}
        : {
            lastInboundAt: sql`greatest(${conversations.lastInboundAt}, ${extra.inboundAt.toISOString()}::timestamptz)`,
          }),
    })
    .where(eq(conversations.id, conversation.id));
  return row;
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

/**
 * Stores an agent's message as `pending` with the next seq and queues its send, in one
 * transaction. The same `clientId` again answers the stored message (`created: false`), however
 * the two calls interleave: the lookup runs under the conversation's lock, and the unique
 * index on `client_id` backs it up.
 */
export async function storeOutbound(
  db: Db,
  conversationId: string,
  fields: MessageContent & { clientId: string; replyTo: string | null; senderUserId: string; now: Date },
): Promise<{ message: MessageRow; created: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const conversation = await lockConversation(tx, conversationId);
      if (conversation === null) throw new Error('conversation vanished');
      const existing = await messageByClientId(tx, fields.clientId);
      if (existing !== null) return { message: existing, created: false };
      const { clientId, replyTo, senderUserId, now, ...content } = fields;
      const message = await appendMessage(
        tx,
        conversation,
        {
          ...content,
          direction: 'out',
          wamid: null,
          clientId,
          replyTo,
          status: 'pending',
          senderUserId,
          createdAt: now,
        },
        { unreadIncrement: 0, inboundAt: null },
      );
      await enqueueJob(tx, { kind: SEND_JOB, payload: { messageId: message.id }, runAt: now, now });
      return { message, created: true };
    });
  } catch (error) {
    if (!(error instanceof DuplicateMessage)) throw error;
    const message = await messageByClientId(db, fields.clientId);
    if (message === null) throw error;
    return { message, created: false };
  }
}
