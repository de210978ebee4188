/**
 * Stores what a WhatsApp webhook delivers: inbound messages (customer and conversation created on
 * first contact, next seq, unread, the 24-hour window, the ad referral) and status updates.
 * Each returns what to announce once its transaction has committed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MessageEvent, StatusEvent } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { conversations, customers, messages } from '../db/schema.ts';
import type { AccountRow } from '../db/schema.ts';
import type { MessageStatus } from '../sdk.ts';
import type { Announcement } from './announce.ts';
import { conversationSummary } from './conversations.ts';
import { inboundContent } from './messageContent.ts';
import {
  appendMessage,
  DuplicateMessage,
  lastMessageOf,
  lockConversation,
  threadMessage,
} from './messages.ts';
import { statusAdvances } from './statusOrder.ts';
import { projectAudience } from './views.ts';

/** The account an event is routed to, with its project's key. */
export interface RoutedAccount {
  account: AccountRow;
  projectKey: string;
}

async function conversationFor(tx: Db, routed: RoutedAccount, event: MessageEvent, now: Date) {
  const { account } = routed;
  const profileName = event.profileName?.trim() || null;
  const [customer] = await tx
    .insert(customers)
    .values({
      id: randomUUID(),
      projectId: account.projectId,
      phone: event.from,
      name: profileName ?? event.from,
      waName: profileName,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [customers.projectId, customers.phone],
      set: { waName: sql`coalesce(excluded.wa_name, ${customers.waName})` },
    })
    .returning({ id: customers.id });
  if (customer === undefined) throw new Error('customer upsert answered nothing');
  await tx
    .insert(conversations)
    .values({
      id: randomUUID(),
      projectId: account.projectId,
      accountId: account.id,
      customerId: customer.id,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [conversations.accountId, conversations.customerId] });
  const [found] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, account.id), eq(conversations.customerId, customer.id)))
    .limit(1);
  if (found === undefined) throw new Error('conversation upsert answered nothing');
  const locked = await lockConversation(tx, found.id);
  if (locked === null) throw new Error('conversation vanished');
  return locked;
}

/** Stores an inbound message once per wamid, however often and however concurrently it arrives. */
export async function receiveMessage(
  db: Db,
  routed: RoutedAccount,
  event: MessageEvent,
  now: Date,
): Promise<Announcement[]> {
  const content = inboundContent(event.message);
  if (content === null) return [];
  try {
    return await db.transaction(async (tx) => {
      const conversation = await conversationFor(tx, routed, event, now);
      const [seen] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.wamid, event.wamid))
        .limit(1);
      if (seen !== undefined) return [];
      const quotedWamid = event.context?.quotedWamid;
      const [quoted] =
        quotedWamid === undefined
          ? []
          : await tx
              .select({ id: messages.id })
              .from(messages)
              .where(and(eq(messages.wamid, quotedWamid), eq(messages.conversationId, conversation.id)))
              .limit(1);
      const row = await appendMessage(
        tx,
        conversation,
        {
          ...content,
          direction: 'in',
          wamid: event.wamid,
          clientId: null,
          replyTo: quoted?.id ?? null,
          status: 'delivered',
          senderUserId: null,
          createdAt: event.timestamp,
        },
        { unreadIncrement: 1, inboundAt: event.timestamp },
      );
      if (event.referral !== undefined && conversation.referral === null) {
        await tx
          .update(conversations)
          .set({ referral: event.referral })
          .where(eq(conversations.id, conversation.id));
      }
      const message = await threadMessage(tx, row.id);
      const summary = await conversationSummary(tx, conversation.id, projectAudience, now);
      if (message === null || summary === null) throw new Error('stored message vanished');
      const key = routed.projectKey;
      return [
        {
          key,
          event: 'message.new',
          payload: { key, conversationId: conversation.id, seq: row.seq, message },
        },
        { key, event: 'conversation.updated', payload: { key, conversation: summary } },
      ];
    });
  } catch (error) {
    if (error instanceof DuplicateMessage) return [];
    throw error;
  }
}

/** What a status webhook says, in the inbox's statuses (`played`, for voice notes, counts as read). */
function statusOf(event: StatusEvent): MessageStatus {
  return event.status === 'played' ? 'read' : event.status;
}

/**
 * Moves the message with the event's wamid forward (never backwards; `failed` carries Meta's
 * error code and title). `unknown` when no message of the account has that wamid yet: the send
 * may still be storing it, so the delivery is tried again later.
 */
export async function receiveStatus(
  db: Db,
  routed: RoutedAccount,
  event: StatusEvent,
  now: Date,
): Promise<Announcement[] | 'unknown'> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ message: messages, conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.wamid, event.wamid), eq(conversations.accountId, routed.account.id)))
      .limit(1);
    if (found === undefined) return 'unknown';
    const conversation = await lockConversation(tx, found.conversation.id);
    if (conversation === null) return 'unknown';
    const [current] = await tx.select().from(messages).where(eq(messages.id, found.message.id)).limit(1);
    if (current === undefined) return 'unknown';
    const status = statusOf(event);
    if (!statusAdvances(current.status, status)) return [];
    const first = event.errors[0];
    const error =
      status === 'failed'
        ? { code: first?.code ?? 0, title: first?.title ?? first?.message ?? 'Failed' }
        : null;
    const [updated] = await tx
      .update(messages)
      .set({ status, error })
      .where(eq(messages.id, current.id))
      .returning();
    if (updated === undefined) return 'unknown';
    return statusAnnouncements(tx, routed.projectKey, conversation.lastSeq, updated, now);
  });
}

/** `message.updated`, and `conversation.updated` when it is the conversation's newest message. */
export async function statusAnnouncements(
  tx: Db,
  key: string,
  lastSeq: number,
  message: typeof messages.$inferSelect,
  now: Date,
): Promise<Announcement[]> {
  const announcements: Announcement[] = [
    {
      key,
      event: 'message.updated',
      payload: {
        key,
        conversationId: message.conversationId,
        messageId: message.id,
        clientId: message.clientId,
        status: message.status,
        error: message.error,
      },
    },
  ];
  if (message.seq === lastSeq) {
    await tx
      .update(conversations)
      .set({ lastMessage: lastMessageOf(message) })
      .where(eq(conversations.id, message.conversationId));
    const summary = await conversationSummary(tx, message.conversationId, projectAudience, now);
    if (summary !== null) {
      announcements.push({ key, event: 'conversation.updated', payload: { key, conversation: summary } });
    }
  }
  return announcements;
}
