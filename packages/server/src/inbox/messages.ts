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
import type { MessageView } from './views.ts';

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
    })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.replyTo))
    .where(where)
    .orderBy(order)
    .limit(limit);
  return rows.map((row) => toThreadMessage(row.message, row.reply, view));
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

/** Thrown inside a transaction to roll it back when the unique client id shows the message exists. */
export class DuplicateMessage extends Error {
  constructor() {
    super('duplicate message');
    this.name = 'DuplicateMessage';
  }
}

/** An agent's message as `storeOutbound` appends it. */
export interface NewOutbound extends MessageContent {
  /** A stored file (an agent's upload). */
  mediaFileId: string | null;
  clientId: string;
  replyTo: string | null;
  senderUserId: string;
  createdAt: Date;
}

/**
 * Appends an agent's message to a conversation locked by `lockConversation` in the same
 * transaction: the next seq, the conversation's last message and activity time; an agent who
 * answers has read what came before (unread 0). Throws `DuplicateMessage` when the client id is
 * already stored (the caller's transaction then rolls back, leaving no gap).
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

/**
 * Stores an agent's message as `pending` with the next seq and queues its send, in one
 * transaction. The same `clientId` again answers the stored message (`conversation: null`),
 * however the two calls interleave: the lookup runs under the conversation's lock, and the
 * unique index on `client_id` backs it up.
 */
export async function storeOutbound(
  db: Db,
  conversationId: string,
  fields: NewOutbound,
): Promise<{ message: MessageRow; conversation: ConversationRow | null }> {
  try {
    return await db.transaction(async (tx) => {
      const conversation = await lockConversation(tx, conversationId);
      if (conversation === null) throw new Error('conversation vanished');
      const existing = await messageByClientId(tx, fields.clientId);
      if (existing !== null) return { message: existing, conversation: null };
      const appended = await appendOutbound(tx, conversation, fields);
      const now = fields.createdAt;
      await enqueueJob(tx, { kind: SEND_JOB, payload: { messageId: appended.message.id }, runAt: now, now });
      return appended;
    });
  } catch (error) {
    if (!(error instanceof DuplicateMessage)) throw error;
    const message = await messageByClientId(db, fields.clientId);
    if (message === null) throw error;
    return { message, conversation: null };
  }
}
