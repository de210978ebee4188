/**
 * Recipients' sends, in the steps that make each exactly once (issue 17, docs/broadcasts.md). The
 * pump takes them a batch at a time (one slot reservation's worth), so each step is one
 * transaction for the batch, a few statements whatever its size:
 *
 * 1. `prepareRecipients`: the recipient rows locked while `queued` (only by the pump that holds
 *    the broadcast's job); each customer's conversation on the broadcast's number found or
 *    started; the template message appended as `pending`, its client id the recipient's send key
 *    (`recipientClientId`: the unique index stores it once), and charged (`charge:<messageId>`,
 *    naming the broadcast); the recipient `sending` with its message. A recipient whose message
 *    exists already (a retry after a transient error, or after a send whose outcome was unknown)
 *    sends that same message again, charged once.
 * 2. The Graph API request, at the recipient's slot, the message's id as `biz_opaque_callback_data`,
 *    once `markRequested` has stored `attempt_at` (for the recipients of the next tenth of a
 *    second, in one statement): a recipient `sending` without it was prepared but never asked for.
 * 3. Its outcome: sent (`settleSent`, for a batch) with the recipient `sent`; failed for good
 *    (`settleFailed`: refunded); or, for a transient error that cannot have gone out, the recipient
 *    queued again after its backoff with the same message and charge (`requeueRecipient`). An
 *    outcome that is unknown leaves the recipient `sending`: the pump waits for a status webhook
 *    naming the message before sending it again.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { broadcastRecipients, conversations, customers, messages } from '../db/schema.ts';
import type { BroadcastRow, ConversationRow, CustomerRow, MediaRow, MessageRow } from '../db/schema.ts';
import { chargeMessages } from '../billing/charges.ts';
import type { BillingChange } from '../billing/charges.ts';
import { messageUpdated } from '../inbox/announce.ts';
import type { Announcement } from '../inbox/announce.ts';
import { lastMessageOf, openFreeEntryPoint } from '../inbox/messages.ts';
import { settle } from '../inbox/outbound.ts';
import type { SendDeps } from '../inbox/outbound.ts';
import { messageFromJson } from '../inbox/rowsFromJson.ts';
import type { TemplateJob } from '../inbox/templateSends.ts';
import { priceAt, priceCategoryOf, renderBroadcastValues, sentTemplateOf } from '../sdk.ts';
import type { PriceRow, TemplateCategory } from '../sdk.ts';
import { recipientFailure, recipientMessageMoved, recipientsSent } from './recipientStatus.ts';
import { recipientClientId } from './sendKey.ts';
import { broadcastTimers } from '../automation/timerStore.ts';

/** The pump recipients are prepared by: its job as its claim holds it, and what it sends. */
export interface PumpContext {
  job: { id: string; claimId: string | null };
  broadcast: BroadcastRow;
  /** The media header's file, when the template has one. */
  headerFile: MediaRow | null;
  prices: readonly PriceRow[];
}

/** A recipient ready to go out: the message to send, and what its Graph body is built from. */
export interface ReadyRecipient {
  recipientId: string;
  message: MessageRow;
  template: TemplateJob;
  /** E.164. */
  phone: string;
  /** Send attempts so far, this one included. */
  attempts: number;
}

/** What preparing a batch came to. */
export interface PreparedBatch {
  /** The pump no longer sends for the broadcast (paused, cancelled, or another pump took over): nothing prepared. */
  lost: boolean;
  /** Ready to send, in `seq` order (those no longer queued are left out). */
  ready: ReadyRecipient[];
  /** New messages' charges, to announce once committed. */
  charges: BillingChange[];
  /** The broadcast must pause: the balance ran out (the recipients after the last it paid stay queued), the number was deleted. */
  pause: 'balance' | 'account' | null;
}

/** Rolls a batch back: the balance pays for the first `paid` new messages only. */
class ShortOfBalance extends Error {
  readonly paid: number;
  constructor(paid: number) {
    super('balance short');
    this.name = 'ShortOfBalance';
    this.paid = paid;
  }
}

/** Whether the pump still holds the broadcast's job and it is sending (the row locked shared), and whether its number was deleted. */
async function pumpState(tx: Db, context: PumpContext): Promise<'lost' | 'account' | 'ok'> {
  const { job, broadcast } = context;
  const [row] = await queryRows<{ deleted: boolean }>(
    tx,
    sql`select a.deleted_at is not null as deleted
      from broadcasts b join jobs j on j.id = b.pump_job_id join wa_accounts a on a.id = b.account_id
      where b.id = ${broadcast.id}::uuid and b.status = 'sending' and j.id = ${job.id}::uuid
        and j.claim_id ${job.claimId === null ? sql`is null` : sql`= ${job.claimId}::uuid`} and j.done_at is null
      for share of b`,
  );
  if (row === undefined) return 'lost';
  return row.deleted ? 'account' : 'ok';
}

function templateFor(broadcast: BroadcastRow, customer: CustomerRow): TemplateJob {
  return { ...broadcast.template, values: renderBroadcastValues(broadcast.values, customer) };
}

/** A new message of the broadcast for one recipient, appended after its conversation's last. */
function newMessage(
  context: PumpContext,
  conversation: ConversationRow,
  recipient: { id: string; attempts: number },
  template: TemplateJob,
  now: Date,
): MessageRow {
  const { broadcast, headerFile } = context;
  const sent = sentTemplateOf(
    {
      id: broadcast.templateId,
      name: template.name,
      language: template.language,
      category: broadcast.category as TemplateCategory,
      ...template.content,
    },
    template.values,
  );
  const isDocument = template.content.header?.format === 'DOCUMENT';
  return {
    id: randomUUID(),
    conversationId: conversation.id,
    seq: conversation.lastSeq + 1,
    direction: 'out',
    wamid: null,
    // A recipient sent again by `broadcast_retry` after a final failure gets a new message.
    clientId: recipientClientId(recipient.id, recipient.attempts),
    type: 'template',
    caption: sent.caption,
    url: null,
    mediaId: null,
    mediaFileId: headerFile?.id ?? null,
    filename: headerFile !== null && isDocument ? headerFile.filename : null,
    name: null,
    phone: null,
    replyTo: null,
    status: 'pending',
    error: null,
    senderUserId: broadcast.createdBy,
    automationRuleId: null,
    template: sent.template,
    pricing: null,
    broadcastId: broadcast.id,
    createdAt: now,
  };
}

async function prepareIn(
  tx: Db,
  context: PumpContext,
  recipientIds: readonly string[],
  now: Date,
  freshAtMost: number,
): Promise<PreparedBatch> {
  const { broadcast } = context;
  const state = await pumpState(tx, context);
  if (state === 'lost') return { lost: true, ready: [], charges: [], pause: null };
  if (state === 'account') return { lost: false, ready: [], charges: [], pause: 'account' };
  const rows = await tx
    .select({ recipient: broadcastRecipients, customer: customers, message: messages })
    .from(broadcastRecipients)
    .leftJoin(customers, eq(customers.id, broadcastRecipients.customerId))
    .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
    .where(
      and(
        inArray(broadcastRecipients.id, [...recipientIds]),
        eq(broadcastRecipients.broadcastId, broadcast.id),
        eq(broadcastRecipients.state, 'queued'),
      ),
    )
    .orderBy(asc(broadcastRecipients.seq))
    .for('update', { of: broadcastRecipients });
  type Row = (typeof rows)[number];
  const ready: ReadyRecipient[] = [];
  const sending: { id: string; messageId: string; conversationId: string }[] = [];
  const fresh: { row: Row; customer: CustomerRow }[] = [];
  let pause: PreparedBatch['pause'] = null;
  for (const row of rows) {
    const { recipient, customer, message } = row;
    if (customer === null) {
      // The customer was deleted before their turn: nobody to send to.
      const failure = recipientFailure({ code: 0, title: 'Customer deleted' });
      await tx
        .update(broadcastRecipients)
        .set({ state: 'failed', ...failure, updatedAt: now })
        .where(eq(broadcastRecipients.id, recipient.id));
    } else if (customer.optedOutAt !== null && message === null) {
      // They opted out after the broadcast started: left out, as later broadcasts leave them out.
      await tx
        .update(broadcastRecipients)
        .set({ state: 'cancelled', updatedAt: now })
        .where(eq(broadcastRecipients.id, recipient.id));
    } else if (message !== null && message.status !== 'pending') {
      // Settled meanwhile (a status webhook adopted an earlier request): the recipient follows it.
      await recipientMessageMoved(tx, message, now);
    } else if (message !== null) {
      ready.push({
        recipientId: recipient.id,
        message,
        template: templateFor(broadcast, customer),
        phone: customer.phone,
        attempts: recipient.attempts + 1,
      });
      sending.push({ id: recipient.id, messageId: message.id, conversationId: message.conversationId });
    } else if (fresh.length < freshAtMost) {
      fresh.push({ row, customer });
    } else {
      pause = 'balance';
    }
  }
  let charges: BillingChange[] = [];
  if (fresh.length > 0) {
    const added = await appendMessages(tx, context, fresh, now);
    const category = priceCategoryOf(broadcast.category);
    const price = priceAt(context.prices, category, now);
    const charged = await chargeMessages(
      tx,
      broadcast.projectId,
      added.map(({ message }) => ({
        messageId: message.id,
        category,
        price,
        actorUserId: broadcast.createdBy,
        at: now,
        broadcastId: broadcast.id,
      })),
    );
    if (charged.paid < added.length) throw new ShortOfBalance(charged.paid);
    charges = charged.changes;
    for (const { row, customer, message, template } of added) {
      ready.push({
        recipientId: row.recipient.id,
        message,
        template,
        phone: customer.phone,
        attempts: row.recipient.attempts + 1,
      });
      sending.push({ id: row.recipient.id, messageId: message.id, conversationId: message.conversationId });
    }
  }
  if (sending.length > 0) {
    await tx.execute(sql`
      update broadcast_recipients r set state = 'sending', message_id = v.message_id,
        conversation_id = v.conversation_id, attempt_at = null, next_at = null,
        attempts = r.attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(sending.map((item) => ({ id: item.id, message_id: item.messageId, conversation_id: item.conversationId })))}::jsonb)
        as v(id uuid, message_id uuid, conversation_id uuid)
      where r.id = v.id`);
  }
  const seqOf = new Map(rows.map((row) => [row.recipient.id, row.recipient.seq]));
  ready.sort((a, b) => (seqOf.get(a.recipientId) ?? 0) - (seqOf.get(b.recipientId) ?? 0));
  return { lost: false, ready, charges, pause };
}

/**
 * The new messages of `fresh` recipients: their conversations found or started (unassigned; the
 * window closed until the customer writes) and locked in id order, the messages appended after
 * each one's last (unread counts left alone: a broadcast reads nothing).
 */
async function appendMessages<
  T extends { customer: CustomerRow; row: { recipient: { id: string; attempts: number } } },
>(
  tx: Db,
  context: PumpContext,
  fresh: readonly T[],
  now: Date,
): Promise<(T & { message: MessageRow; template: TemplateJob })[]> {
  const { broadcast } = context;
  const customerIds = fresh.map((item) => item.customer.id);
  await tx
    .insert(conversations)
    .values(
      fresh.map((item) => ({
        id: randomUUID(),
        projectId: broadcast.projectId,
        accountId: broadcast.accountId,
        customerId: item.customer.id,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [conversations.accountId, conversations.customerId] });
  const locked = await tx
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.accountId, broadcast.accountId), inArray(conversations.customerId, customerIds)),
    )
    .orderBy(asc(conversations.id))
    .for('update');
  const byCustomer = new Map(locked.map((conversation) => [conversation.customerId, conversation]));
  const added = fresh.map((item) => {
    const conversation = byCustomer.get(item.customer.id);
    if (conversation === undefined) throw new Error('conversation vanished');
    const template = templateFor(broadcast, item.customer);
    return {
      ...item,
      template,
      message: newMessage(context, conversation, item.row.recipient, template, now),
    };
  });
  const stored = await tx
    .insert(messages)
    .values(added.map((item) => item.message))
    .onConflictDoNothing({ target: messages.clientId, where: sql`${messages.clientId} is not null` })
    .returning({ id: messages.id });
  // A recipient's send key names one message: stored already means its row lost track of it.
  if (stored.length !== added.length) throw new Error('a broadcast message stored twice');
  const previews = added.map(({ message }) => ({
    id: message.conversationId,
    seq: message.seq,
    last_message: lastMessageOf(message),
    at: now.toISOString(),
  }));
  await tx.execute(sql`
    update conversations c set last_seq = v.seq, last_message = v.last_message,
      last_message_at = greatest(c.last_message_at, v.at)
    from jsonb_to_recordset(${JSON.stringify(previews)}::jsonb) as v(id uuid, seq int, last_message jsonb, at timestamptz)
    where c.id = v.id`);
  // Automation's "no reply from the customer" rules count from a broadcast's message too.
  await broadcastTimers(
    tx,
    broadcast.projectId,
    added.map(({ message }) => message),
  );
  return added;
}

/**
 * Step 1 (see above) for `recipientIds` at `now`, in one transaction. When the balance pays for
 * only some of the new messages, the batch is prepared again with those only, and `pause` says
 * `balance`.
 */
export async function prepareRecipients(
  db: Db,
  context: PumpContext,
  recipientIds: readonly string[],
  now: Date,
): Promise<PreparedBatch> {
  let freshAtMost = recipientIds.length;
  for (;;) {
    try {
      const prepared = await db.transaction((tx) => prepareIn(tx, context, recipientIds, now, freshAtMost));
      return freshAtMost < recipientIds.length ? { ...prepared, pause: 'balance' } : prepared;
    } catch (error) {
      if (!(error instanceof ShortOfBalance) || error.paid >= freshAtMost) throw error;
      freshAtMost = error.paid;
    }
  }
}

/**
 * Step 2's record: the requests of `recipientIds` (prepared, `sending`) go to Meta now. Until
 * this is stored, a recipient's outcome cannot be unknown: a crash before it leaves them
 * `sending` without `attempt_at`, to be sent at once after the restart.
 */
export async function markRequested(db: Db, recipientIds: readonly string[], at: Date): Promise<void> {
  if (recipientIds.length === 0) return;
  await db.execute(sql`
    update broadcast_recipients set attempt_at = ${at.toISOString()}::timestamptz
    where id in (select jsonb_array_elements_text(${JSON.stringify(recipientIds)}::jsonb)::uuid)
      and state = 'sending'`);
}

/**
 * Step 3 for sends that went out: their messages `sent` with Meta's wamids (those a status webhook
 * settled first are left as they are: it moved their recipients too), the conversations' previews
 * and free entry points with them, and their recipients `sent`, in one transaction. Answers what to
 * announce (`message.updated`) once it has committed.
 */
export async function settleSent(
  db: Db,
  sent: readonly { messageId: string; wamid: string }[],
  now: Date,
): Promise<Announcement[]> {
  if (sent.length === 0) return [];
  const input = JSON.stringify(sent.map((item) => ({ id: item.messageId, wamid: item.wamid })));
  return db.transaction(async (tx) => {
    const moved = await queryRows<{
      message: Record<string, unknown>;
      assigned_user_id: string | null;
      division_id: string | null;
      key: string;
    }>(
      tx,
      sql`update messages m set wamid = v.wamid, status = 'sent'
        from jsonb_to_recordset(${input}::jsonb) as v(id uuid, wamid text), conversations c
          join projects p on p.id = c.project_id
        where m.id = v.id and m.status = 'pending' and c.id = m.conversation_id
        returning to_jsonb(m) as message, c.assigned_user_id, c.division_id, p.key`,
    );
    if (moved.length === 0) return [];
    const rows = moved.map((row) => ({ ...row, message: messageFromJson(row.message) }));
    const conversationIds = rows.map((row) => row.message.conversationId);
    // A conversation whose last message one of them is shows it sent in the list.
    const previews = rows.map((row) => ({ id: row.message.conversationId, seq: row.message.seq }));
    await tx.execute(sql`
      update conversations c set last_message = coalesce(c.last_message, '{}'::jsonb) || '{"status":"sent"}'::jsonb
      from jsonb_to_recordset(${JSON.stringify(previews)}::jsonb) as v(id uuid, seq int)
      where c.id = v.id and c.last_seq = v.seq`);
    await openFreeEntryPoint(tx, conversationIds, now);
    await recipientsSent(
      tx,
      rows.map((row) => row.message.id),
      now,
    );
    return rows.map((row) =>
      messageUpdated(
        row.key,
        { id: row.message.conversationId, assignedUserId: row.assigned_user_id, divisionId: row.division_id },
        row.message,
      ),
    );
  });
}

/**
 * Step 3 for a send that failed for good: the message `failed` with Meta's error and its charge
 * given back, the recipient `failed` with the reason, in one transaction (nothing when a status
 * webhook settled it first).
 */
export async function settleFailed(
  deps: Pick<SendDeps, 'db' | 'config' | 'now' | 'publisher'>,
  messageId: string,
  error: { code: number; title: string },
): Promise<void> {
  const at = deps.now();
  await settle(deps, messageId, { error }, async (tx, message) => {
    await recipientMessageMoved(tx, message, at);
  });
}

/**
 * Step 3 for a send that did not go out and may go again: the recipient is `queued` again, not
 * before `nextAt` (`null`: at once), keeping its message and charge, with Meta's error as its last
 * one.
 */
export async function requeueRecipient(
  db: Db,
  recipientId: string,
  change: { nextAt: Date | null; error: { code: number; title: string } | null },
  now: Date,
): Promise<void> {
  const failure = change.error === null ? null : recipientFailure(change.error);
  await db
    .update(broadcastRecipients)
    .set({
      state: 'queued',
      nextAt: change.nextAt,
      attemptAt: null,
      ...(failure === null ? {} : { error: failure.error, reason: failure.reason }),
      updatedAt: now,
    })
    .where(and(eq(broadcastRecipients.id, recipientId), eq(broadcastRecipients.state, 'sending')));
}

/** Queues again, at once, the recipients `recipientIds` still `sending` (their messages and charges kept). */
export async function requeueRecipients(db: Db, recipientIds: readonly string[], now: Date): Promise<void> {
  if (recipientIds.length === 0) return;
  await db.execute(sql`
    update broadcast_recipients
    set state = 'queued', next_at = ${now.toISOString()}::timestamptz, attempt_at = null,
      updated_at = ${now.toISOString()}::timestamptz
    where id in (select jsonb_array_elements_text(${JSON.stringify(recipientIds)}::jsonb)::uuid)
      and state = 'sending'`);
}
