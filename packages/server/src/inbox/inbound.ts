/**
 * Stores what a WhatsApp webhook delivers, inside the delivery worker's transaction: inbound
 * messages (through the `sapa_receive_message` SQL function: customer and conversation created on
 * first contact, the next seq, unread, the 24-hour window, the ad referral; a customer's file is
 * recorded and its download queued) and status updates (forward only). Each answers what to
 * announce once the transaction has committed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InboundMessageContent, MessageEvent, StatusEvent } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import type { AccountRow } from '../db/schema.ts';
import { enqueueJob } from '../jobs/jobQueue.ts';
import { MEDIA_DOWNLOAD_JOB } from '../media/mediaService.ts';
import type { MessagePricing, MessageStatus } from '../sdk.ts';
import { owedRefund } from '../billing/charges.ts';
import type { OwedRefund } from '../billing/charges.ts';
import { conversationUpdated, messageNew, messageUpdated } from './announce.ts';
import type { Announcement } from './announce.ts';
import { inboundContent } from './messageContent.ts';
import { divisionTags } from './conversations.ts';
import { conversationFromJson, customerFromJson, divisionFromJson, messageFromJson } from './rowsFromJson.ts';
import { toThreadMessage } from './views.ts';
import type { DivisionTag, MessageView, ReplyRef } from './views.ts';
import { isOptOut, receiveOptOuts, withOptOutAnswers } from '../broadcasts/optOutInbound.ts';
import { recipientMessageMoved } from '../broadcasts/recipientStatus.ts';
import { arrivedReplies, markBroadcastReplies } from '../broadcasts/replies.ts';
import type { InboundView } from '../broadcasts/optOutInbound.ts';

/** The account an event is routed to, with its project's key and opt-out words (`null`: the defaults). */
export interface RoutedAccount {
  account: AccountRow;
  projectKey: string;
  optOutWords: string[] | null;
}

export interface Received {
  announcements: Announcement[];
  /** A customer's file was recorded and its download queued: the job runner has work. */
  queuedDownload: boolean;
}

const NOTHING: Received = { announcements: [], queuedDownload: false };

/** The media part of an inbound message, when it has one. */
function mediaOf(message: InboundMessageContent): { mimeType: string } | null {
  return 'mediaId' in message ? { mimeType: message.mimeType } : null;
}

/** A name for a customer's file that came without one: `image.jpeg`, `audio.ogg`, `video.mp4`… */
function inboundFilename(message: InboundMessageContent, mimeType: string): string {
  const subtype = mimeType.split(';', 1)[0]?.split('/')[1]?.trim() || 'bin';
  const extension = subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/gi, '').slice(0, 8) || 'bin';
  return `${message.type}.${extension}`;
}

/** One inbound message to store, with the account it came in on. */
export interface Arriving {
  routed: RoutedAccount;
  event: MessageEvent;
}

/** What `sapa_receive_message` takes for one message, and the file it records (if any). */
function functionInput(item: Arriving, now: Date) {
  const { routed, event } = item;
  const content = inboundContent(event.message);
  if (content === null) return null;
  const media = mediaOf(event.message);
  const mediaFile =
    media === null
      ? null
      : {
          id: randomUUID(),
          mime_type: media.mimeType,
          filename: content.filename ?? inboundFilename(event.message, media.mimeType),
        };
  return {
    mediaFile,
    input: {
      project_id: routed.account.projectId,
      account_id: routed.account.id,
      phone: event.from,
      profile_name: event.profileName ?? null,
      wamid: event.wamid,
      type: content.type,
      caption: content.caption,
      url: content.url,
      wa_media_id: content.mediaId,
      filename: content.filename,
      name: content.name,
      contact_phone: content.phone,
      quoted_wamid: event.context?.quotedWamid ?? null,
      referral: event.referral ?? null,
      created_at: event.timestamp.toISOString(),
      now: now.toISOString(),
      media: mediaFile,
    },
  };
}

type Prepared = ReturnType<typeof functionInput>;

/**
 * What to announce, per message, from the function's answers (one per prepared input, `null` for
 * a duplicate). The summaries name the conversations' divisions: one lookup for the batch, only
 * when some conversation has one.
 */
async function announceReceived(
  db: Db,
  items: readonly Arriving[],
  prepared: readonly Prepared[],
  results: readonly (Record<string, unknown> | null)[],
  view: MessageView,
): Promise<Received[]> {
  const divisions = await divisionTags(
    db,
    results.map((stored) => {
      const conversation = stored?.['conversation'] as Record<string, unknown> | undefined;
      const divisionId = conversation?.['division_id'];
      return typeof divisionId === 'string' ? divisionId : null;
    }),
  );
  let next = 0;
  return prepared.map((entry, index) => {
    const stored = entry === null ? null : (results[next++] ?? null);
    if (entry === null || stored === null) return NOTHING;
    const { routed } = items[index] as Arriving;
    const key = routed.projectKey;
    const row = messageFromJson(stored['message'] as Record<string, unknown>);
    const conversation = conversationFromJson(stored['conversation'] as Record<string, unknown>);
    const customer = customerFromJson(stored['customer'] as Record<string, unknown>);
    const message = toThreadMessage(row, (stored['reply'] ?? null) as ReplyRef, view);
    const division =
      conversation.divisionId === null ? null : (divisions.get(conversation.divisionId) ?? null);
    return {
      announcements: [
        messageNew(key, conversation, customer, message),
        conversationUpdated(
          key,
          { conversation, customer, division, accountDeleted: routed.account.deletedAt !== null },
          view.now,
        ),
      ],
      queuedDownload: entry.mediaFile !== null,
    };
  });
}

const inputsOf = (prepared: readonly Prepared[]) =>
  prepared.flatMap((entry) => (entry === null ? [] : [entry.input]));

/**
 * Stores inbound messages in order, each once per wamid however often and however concurrently
 * it arrives, in one round trip (`sapa_receive_messages`), inside the caller's transaction.
 * Answers, per message, what to announce once that transaction has committed.
 */
export async function receiveMessages(
  tx: Db,
  items: readonly Arriving[],
  view: InboundView,
  /** Gets the broadcasts these messages replied to (their progress changed). */
  touched?: Set<string>,
): Promise<Received[]> {
  const prepared = items.map((item) => functionInput(item, view.now));
  const inputs = inputsOf(prepared);
  if (inputs.length === 0) return items.map(() => NOTHING);
  const [answer] = await queryRows<{ results: (Record<string, unknown> | null)[] }>(
    tx,
    sql`select sapa_receive_messages(${JSON.stringify(inputs)}::jsonb) as results`,
  );
  const results = answer?.results ?? [];
  // Opt-outs are marked (and answered) first, so the customer is announced opted out.
  const stored = items.filter((_, index) => prepared[index] !== null);
  const optOuts = await receiveOptOuts(tx, stored, results, view);
  for (const id of await markBroadcastReplies(tx, arrivedReplies(results, view.now))) touched?.add(id);
  const received = await announceReceived(tx, items, prepared, results, view);
  for (const [index, entry] of prepared.entries()) {
    if (entry === null || entry.mediaFile === null || received[index] === NOTHING) continue;
    await enqueueJob(tx, {
      kind: MEDIA_DOWNLOAD_JOB,
      payload: { mediaId: entry.mediaFile.id },
      runAt: view.now,
      now: view.now,
    });
  }
  return withOptOutAnswers(items, received, optOuts);
}

/**
 * The inbox's hot path: webhook deliveries that carry only messages, stored with their messages
 * (and the downloads of new customer files queued) in one statement, `sapa_store_webhook_batch`,
 * so in one implicit transaction without BEGIN and COMMIT round trips. The deliveries are recorded
 * as received and processed at `view.now`.
 */
export async function storeWebhookBatch(
  db: Db,
  deliveries: readonly { id: string; body: unknown }[],
  items: readonly Arriving[],
  view: InboundView,
  /** Gets the broadcasts these messages replied to (their progress changed). */
  touched?: Set<string>,
): Promise<Received[]> {
  // A customer opting out is marked (and answered) in the transaction that stores their message.
  if (items.some(isOptOut)) return db.transaction((tx) => storeBatch(tx, deliveries, items, view, touched));
  return storeBatch(db, deliveries, items, view, touched);
}

async function storeBatch(
  db: Db,
  deliveries: readonly { id: string; body: unknown }[],
  items: readonly Arriving[],
  view: InboundView,
  touched: Set<string> | undefined,
): Promise<Received[]> {
  const prepared = items.map((item) => functionInput(item, view.now));
  const input = {
    deliveries: deliveries.map((delivery) => ({ id: delivery.id, body: delivery.body, at: view.now })),
    messages: inputsOf(prepared),
    download_job: MEDIA_DOWNLOAD_JOB,
    now: view.now.toISOString(),
  };
  const [answer] = await queryRows<{ results: (Record<string, unknown> | null)[] }>(
    db,
    sql`select sapa_store_webhook_batch(${JSON.stringify(input)}::jsonb) as results`,
  );
  const results = answer?.results ?? [];
  const stored = items.filter((_, index) => prepared[index] !== null);
  const optOuts = await receiveOptOuts(db, stored, results, view);
  for (const id of await markBroadcastReplies(db, arrivedReplies(results, view.now))) touched?.add(id);
  const received = await announceReceived(db, items, prepared, results, view);
  return withOptOutAnswers(items, received, optOuts);
}

/** One inbound message (see `receiveMessages`). */
export async function receiveMessage(
  tx: Db,
  routed: RoutedAccount,
  event: MessageEvent,
  view: InboundView,
): Promise<Received> {
  const [received] = await receiveMessages(tx, [{ routed, event }], view);
  return received ?? NOTHING;
}

/** What a status webhook says, in the inbox's statuses (`played`, for voice notes, counts as read). */
function statusOf(event: StatusEvent): MessageStatus {
  return event.status === 'played' ? 'read' : event.status;
}

/** A stored message whose status just moved, with what its conversation's announcements need. */
interface MovedMessage {
  message: Record<string, unknown>;
  last_seq: number;
  assigned_user_id: string | null;
  division_id: string | null;
}

/**
 * After a message's status moved: `message.updated`, and `conversation.updated` when it is the
 * conversation's newest message (its list preview shows the status).
 */
export async function statusAnnouncements(
  tx: Db,
  key: string,
  moved: MovedMessage,
  now: Date,
): Promise<Announcement[]> {
  const message = messageFromJson(moved.message);
  const seen = {
    id: message.conversationId,
    assignedUserId: moved.assigned_user_id,
    divisionId: moved.division_id,
  };
  const announcements: Announcement[] = [messageUpdated(key, seen, message)];
  if (message.seq !== moved.last_seq) return announcements;
  const [row] = await queryRows<{
    conversation: Record<string, unknown>;
    customer: Record<string, unknown>;
    division: Record<string, unknown> | null;
    account_deleted: boolean;
  }>(
    tx,
    sql`
    with c as (
      update conversations
      set last_message = coalesce(last_message, '{}'::jsonb) || jsonb_build_object('status', ${message.status}::text)
      where id = ${message.conversationId} and last_seq = ${message.seq}
      returning *
    )
    select to_jsonb(c) as conversation, to_jsonb(cu) as customer,
      case when d.id is null then null else jsonb_build_object('id', d.id, 'name', d.name, 'color', d.color) end as division,
      a.deleted_at is not null as account_deleted
    from c join customers cu on cu.id = c.customer_id left join divisions d on d.id = c.division_id
      join wa_accounts a on a.id = c.account_id`,
  );
  if (row !== undefined) {
    const division: DivisionTag | null = row.division === null ? null : divisionFromJson(row.division);
    announcements.push(
      conversationUpdated(
        key,
        {
          conversation: conversationFromJson(row.conversation),
          customer: customerFromJson(row.customer),
          division,
          accountDeleted: row.account_deleted,
        },
        now,
      ),
    );
  }
  return announcements;
}

/** A message id as the send job puts it in `biz_opaque_callback_data`. */
const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What Meta bills the message as, from a status's `pricing` (on `sent` and one of `delivered` or
 * `read`); `null` when the status carries none. `billable` (slated for deprecation) reads, when
 * absent, from the type: the `free_*` types are free.
 */
export function pricingOf(event: StatusEvent): MessagePricing | null {
  const pricing = event.pricing;
  if (pricing?.category === undefined) return null;
  const type = pricing.type ?? null;
  return {
    billable: pricing.billable ?? !(type?.startsWith('free_') ?? false),
    pricingModel: pricing.pricingModel ?? 'PMP',
    category: pricing.category,
    type,
  };
}

/** What a status changes on its message. */
interface StatusChange {
  status: MessageStatus;
  error: { code: number; title: string } | null;
  pricing: MessagePricing | null;
}

const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * The send named by a status's `biz_opaque_callback_data` (the message's own id), when the account
 * has that outbound message. One with no wamid yet adopts the status's: the status proves the
 * send went out, though its answer was never stored (the process died, the answer was lost), and
 * it settles it even after the job had given up on it. `known` when the message already has
 * another wamid (it was sent twice): that status is accounted for. `stored` when it has this
 * status's wamid: its send's answer was stored while this status waited for the row (the caller
 * applies the status by wamid then). `null` when it names none.
 */
async function adoptByCallbackData(
  tx: Db,
  routed: RoutedAccount,
  event: StatusEvent,
  change: StatusChange,
): Promise<MovedMessage | 'known' | 'stored' | null> {
  const messageId = event.callbackData;
  if (messageId === undefined || !MESSAGE_ID.test(messageId)) return null;
  const [adopted] = await queryRows<MovedMessage>(
    tx,
    sql`
    update messages m
    set wamid = ${event.wamid}, status = ${change.status}::message_status,
      error = ${jsonOrNull(change.error)}::jsonb,
      pricing = coalesce(${jsonOrNull(change.pricing)}::jsonb, m.pricing)
    from conversations c
    where m.id = ${messageId}::uuid and m.direction = 'out' and m.wamid is null
      and c.id = m.conversation_id and c.account_id = ${routed.account.id}
    returning to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id`,
  );
  if (adopted !== undefined) return adopted;
  const [known] = await queryRows<{ same: boolean }>(
    tx,
    sql`select m.wamid = ${event.wamid} as same from messages m join conversations c on c.id = m.conversation_id
      where m.id = ${messageId}::uuid and m.direction = 'out' and c.account_id = ${routed.account.id} limit 1`,
  );
  // Its send's answer was stored meanwhile, with this very wamid (the adoption waited for it).
  if (known?.same === true) return 'stored';
  return known === undefined ? null : 'known';
}

/**
 * After a status moved a message: its announcements; a charged message that failed, or that
 * Meta did not bill, goes on `owed` (refunded by the caller once its statuses are stored); a
 * broadcast's message moves its recipient (its broadcast goes on `touched`).
 */
async function statusMoved(
  tx: Db,
  key: string,
  moved: MovedMessage,
  now: Date,
  owed: OwedRefund[],
  touched: Set<string> | undefined,
): Promise<Announcement[]> {
  const message = messageFromJson(moved.message);
  const refund = owedRefund(message);
  if (refund !== null) owed.push(refund);
  const broadcastId = await recipientMessageMoved(tx, message, now);
  if (broadcastId !== null) touched?.add(broadcastId);
  return statusAnnouncements(tx, key, moved, now);
}

/**
 * Moves the message with the event's wamid forward (never backwards; `failed` carries Meta's
 * error code and title, and nothing replaces it) and keeps the status's pricing (the latest one
 * that carried any: a status without pricing, or one that arrives late and moves nothing, never
 * erases it). A message not known by that wamid may be named by the status's callback data (see
 * `adoptByCallbackData`). `unknown` when neither finds one: the send may still be storing it, so
 * the delivery is tried again later. A charged message that failed, or whose pricing says Meta
 * did not bill it, is put on `owed`: the caller refunds it in the same transaction, after every
 * status of the transaction is stored (`refundOwed`).
 */
export async function receiveStatus(
  tx: Db,
  routed: RoutedAccount,
  event: StatusEvent,
  now: Date,
  owed: OwedRefund[],
  /** Gets the broadcasts whose recipients moved. */
  touched?: Set<string>,
): Promise<Announcement[] | 'unknown'> {
  const status = statusOf(event);
  const first = event.errors[0];
  const error =
    status === 'failed'
      ? { code: first?.code ?? 0, title: first?.title ?? first?.message ?? 'Failed' }
      : null;
  const pricing = pricingOf(event);
  // The enum is declared in rank order: pending < sent < delivered < read < failed.
  const advances = sql`(m.status < ${status}::message_status and m.status <> 'failed')`;
  const moveByWamid = () =>
    queryRows<MovedMessage>(
      tx,
      sql`
    update messages m
    set status = case when ${advances} then ${status}::message_status else m.status end,
      error = case when ${advances} then ${jsonOrNull(error)}::jsonb else m.error end,
      pricing = coalesce(${jsonOrNull(pricing)}::jsonb, m.pricing)
    from conversations c
    where m.wamid = ${event.wamid} and c.id = m.conversation_id and c.account_id = ${routed.account.id}
      and (${advances} or (${jsonOrNull(pricing)}::jsonb is not null and m.pricing is distinct from ${jsonOrNull(pricing)}::jsonb))
    returning to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id`,
    );
  const [row] = await moveByWamid();
  if (row === undefined) {
    const known = await queryRows(
      tx,
      sql`select 1 from messages m join conversations c on c.id = m.conversation_id
        where m.wamid = ${event.wamid} and c.account_id = ${routed.account.id} limit 1`,
    );
    if (known.length > 0) return [];
    const adopted = await adoptByCallbackData(tx, routed, event, { status, error, pricing });
    if (adopted === null) return 'unknown';
    if (adopted === 'known') return [];
    if (adopted === 'stored') {
      const [stored] = await moveByWamid();
      return stored === undefined ? [] : statusMoved(tx, routed.projectKey, stored, now, owed, touched);
    }
    return statusMoved(tx, routed.projectKey, adopted, now, owed, touched);
  }
  return statusMoved(tx, routed.projectKey, row, now, owed, touched);
}
