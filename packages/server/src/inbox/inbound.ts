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
import { AUTOMATION_MESSAGE_JOB } from '../automation/engine.ts';
import type { MessagePricing, MessageStatus } from '../sdk.ts';
import { owedRefund } from '../billing/charges.ts';
import type { OwedRefund } from '../billing/charges.ts';
import { conversationUpdated, messageNew, messageUpdated } from './announce.ts';
import type { Announcement } from './announce.ts';
import { inboundContent } from './messageContent.ts';
import { conversationFromJson, customerFromJson, divisionFromJson, messageFromJson } from './rowsFromJson.ts';
import { toThreadMessage } from './views.ts';
import type { DivisionTag, MessageView, ReplyRef } from './views.ts';
import { isOptOut, receiveOptOuts, withOptOutAnswers } from '../broadcasts/optOutInbound.ts';
import { recipientMessagesMoved } from '../broadcasts/recipientStatus.ts';
import { repliedBroadcasts, REPLY_WINDOW_MS } from '../broadcasts/replies.ts';
import type { InboundView } from '../broadcasts/optOutInbound.ts';

/** The account an event is routed to, with its project's key and opt-out words (`null`: the defaults). */
export interface RoutedAccount {
  account: AccountRow;
  projectKey: string;
  optOutWords: string[] | null;
}

export interface Received {
  announcements: Announcement[];
  /**
   * The kinds of the jobs it queued: a customer's file's download, the message's
   * `automation.message` job (migration 0021). Only a runner that claims one is woken.
   */
  queuedKinds: string[];
}

const NOTHING: Received = { announcements: [], queuedKinds: [] };

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
      // Its reply to a broadcast is marked as it is stored (migration 0029).
      reply_window_ms: REPLY_WINDOW_MS,
    },
  };
}

type Prepared = ReturnType<typeof functionInput>;

/**
 * What to announce, per message, from the function's answers (one per prepared input, `null` for
 * a duplicate). Each answer names its conversation's division as summaries show it (`division`,
 * migration 0026: read in the same round trip).
 */
function announceReceived(
  items: readonly Arriving[],
  prepared: readonly Prepared[],
  results: readonly (Record<string, unknown> | null)[],
  view: MessageView,
): Received[] {
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
    const tag = stored['division'] as Record<string, unknown> | null | undefined;
    // Null when the conversation has none, or its division was deleted meanwhile.
    const division = conversation.divisionId === null || tag == null ? null : divisionFromJson(tag);
    return {
      announcements: [
        messageNew(key, conversation, customer, message),
        conversationUpdated(
          key,
          { conversation, customer, division, accountDeleted: routed.account.deletedAt !== null },
          view.now,
        ),
      ],
      // A download, and the message's automation job, wait for the runners that claim them.
      queuedKinds: [
        ...(entry.mediaFile === null ? [] : [MEDIA_DOWNLOAD_JOB]),
        ...(stored['automation'] === true ? [AUTOMATION_MESSAGE_JOB] : []),
      ],
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
  for (const id of repliedBroadcasts(results)) touched?.add(id);
  const received = announceReceived(items, prepared, results, view);
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
  for (const id of repliedBroadcasts(results)) touched?.add(id);
  const received = announceReceived(items, prepared, results, view);
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

/** A moved message and the key of the project it is announced to. */
interface MovedIn {
  key: string;
  moved: MovedMessage;
}

/**
 * After messages' statuses moved: per message, `message.updated`, and `conversation.updated` when
 * it is its conversation's newest message (the list preview shows the status); the previews of
 * them all change in one statement.
 */
async function statusesAnnouncements(
  tx: Db,
  items: readonly MovedIn[],
  now: Date,
): Promise<Announcement[][]> {
  const messages = items.map((item) => messageFromJson(item.moved.message));
  const answers = items.map(({ key, moved }, index): Announcement[] => {
    const message = messages[index];
    if (message === undefined) return [];
    const seen = {
      id: message.conversationId,
      assignedUserId: moved.assigned_user_id,
      divisionId: moved.division_id,
    };
    return [messageUpdated(key, seen, message)];
  });
  const newest = items.flatMap(({ moved }, index) => {
    const message = messages[index];
    return message !== undefined && message.seq === moved.last_seq
      ? [{ i: index, id: message.conversationId, seq: message.seq, status: message.status }]
      : [];
  });
  if (newest.length === 0) return answers;
  const rows = await queryRows<{
    i: number;
    conversation: Record<string, unknown>;
    customer: Record<string, unknown>;
    division: Record<string, unknown> | null;
    account_deleted: boolean;
  }>(
    tx,
    sql`
    with c as (
      update conversations cv
      set last_message = coalesce(cv.last_message, '{}'::jsonb) || jsonb_build_object('status', v.status)
      from jsonb_to_recordset(${JSON.stringify(newest)}::jsonb) as v(i int, id uuid, seq int, status text)
      where cv.id = v.id and cv.last_seq = v.seq
      returning cv.*, v.i as sapa_item
    )
    select c.sapa_item as i, to_jsonb(c) - 'sapa_item' as conversation, to_jsonb(cu) as customer,
      case when d.id is null then null else jsonb_build_object('id', d.id, 'name', d.name, 'color', d.color) end as division,
      a.deleted_at is not null as account_deleted
    from c join customers cu on cu.id = c.customer_id left join divisions d on d.id = c.division_id
      join wa_accounts a on a.id = c.account_id`,
  );
  for (const row of rows) {
    const item = items[row.i];
    if (item === undefined) continue;
    const division: DivisionTag | null = row.division === null ? null : divisionFromJson(row.division);
    answers[row.i]?.push(
      conversationUpdated(
        item.key,
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
  return answers;
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
  const [announcements] = await statusesAnnouncements(tx, [{ key, moved }], now);
  return announcements ?? [];
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

/** The message a status's `biz_opaque_callback_data` names, if it is a message id. */
function callbackMessageId(event: StatusEvent): string | null {
  const messageId = event.callbackData;
  return messageId !== undefined && MESSAGE_ID.test(messageId) ? messageId : null;
}

/**
 * Gives each outbound message named by callback data that has no wamid yet its status's wamid and
 * change, in one statement (see `adoptByCallbackData`): answers, per item adopted, its index and
 * the message.
 */
async function adoptByCallbackDatas(
  tx: Db,
  items: readonly { accountId: string; messageId: string; wamid: string; change: StatusChange }[],
): Promise<(MovedMessage & { i: number })[]> {
  const input = items.map(({ accountId, messageId, wamid, change }, i) => ({
    i,
    accountId,
    messageId,
    wamid,
    ...change,
  }));
  return queryRows<MovedMessage & { i: number }>(
    tx,
    sql`
    update messages m
    set wamid = v.wamid, status = v.status::message_status, error = v.error,
      pricing = coalesce(v.pricing, m.pricing)
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      as v(i int, "accountId" uuid, "messageId" uuid, wamid text, status text, error jsonb, pricing jsonb),
      conversations c
    where m.id = v."messageId" and m.direction = 'out' and m.wamid is null
      and c.id = m.conversation_id and c.account_id = v."accountId"
    returning v.i, to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id`,
  );
}

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
  const messageId = callbackMessageId(event);
  if (messageId === null) return null;
  const [adopted] = await adoptByCallbackDatas(tx, [
    { accountId: routed.account.id, messageId, wamid: event.wamid, change },
  ]);
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
 * After statuses moved messages: their announcements; a charged message that failed, or that
 * Meta did not bill, goes on `owed` (refunded by the caller once its statuses are stored); a
 * broadcast's message moves its recipient (its broadcast goes on `touched`).
 */
async function statusesMoved(
  tx: Db,
  items: readonly MovedIn[],
  now: Date,
  owed: OwedRefund[],
  touched: Set<string> | undefined,
): Promise<Announcement[][]> {
  const messages = items.map((item) => messageFromJson(item.moved.message));
  for (const message of messages) {
    const refund = owedRefund(message);
    if (refund !== null) owed.push(refund);
  }
  for (const broadcastId of await recipientMessagesMoved(tx, messages, now)) touched?.add(broadcastId);
  return statusesAnnouncements(tx, items, now);
}

async function statusMoved(
  tx: Db,
  key: string,
  moved: MovedMessage,
  now: Date,
  owed: OwedRefund[],
  touched: Set<string> | undefined,
): Promise<Announcement[]> {
  const [announcements] = await statusesMoved(tx, [{ key, moved }], now, owed, touched);
  return announcements ?? [];
}

/** What `event` changes on its message. */
function statusChange(event: StatusEvent): StatusChange {
  const status = statusOf(event);
  const first = event.errors[0];
  const error =
    status === 'failed'
      ? { code: first?.code ?? 0, title: first?.title ?? first?.message ?? 'Failed' }
      : null;
  return { status, error, pricing: pricingOf(event) };
}

/** The statuses in rank order, as the `message_status` enum declares them. */
const STATUS_RANK: readonly MessageStatus[] = ['pending', 'sent', 'delivered', 'read', 'failed'];

/**
 * Two statuses of one message applied in turn, as one change: the higher status (a message never
 * moves back, and nothing follows `failed`), the first failure's error, the latest pricing given.
 */
function laterChange(earlier: StatusChange, later: StatusChange): StatusChange {
  const status =
    STATUS_RANK.indexOf(later.status) > STATUS_RANK.indexOf(earlier.status) ? later.status : earlier.status;
  return {
    status,
    error: earlier.status === 'failed' ? earlier.error : later.error,
    pricing: later.pricing ?? earlier.pricing,
  };
}

/** The SQL of "this change moves `m` forward" (`v` holds the change). */
const ADVANCES = sql`(m.status < v.status::message_status and m.status <> 'failed')`;

/**
 * Moves the messages of `changes` forward in one statement (see `receiveStatus`): answers, per
 * change that moved or re-priced its message, the change's index and the message.
 */
async function moveByWamids(
  tx: Db,
  changes: readonly { accountId: string; wamid: string; change: StatusChange }[],
): Promise<(MovedMessage & { i: number })[]> {
  const input = changes.map(({ accountId, wamid, change }, i) => ({ i, accountId, wamid, ...change }));
  return queryRows<MovedMessage & { i: number }>(
    tx,
    sql`
    update messages m
    set status = case when ${ADVANCES} then v.status::message_status else m.status end,
      error = case when ${ADVANCES} then v.error else m.error end,
      pricing = coalesce(v.pricing, m.pricing)
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      as v(i int, "accountId" uuid, wamid text, status text, error jsonb, pricing jsonb), conversations c
    where m.wamid = v.wamid and c.id = m.conversation_id and c.account_id = v."accountId"
      and (${ADVANCES} or (v.pricing is not null and m.pricing is distinct from v.pricing))
    returning v.i, to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id`,
  );
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
  const change = statusChange(event);
  const moveByWamid = () => moveByWamids(tx, [{ accountId: routed.account.id, wamid: event.wamid, change }]);
  const [row] = await moveByWamid();
  if (row === undefined) {
    const known = await queryRows(
      tx,
      sql`select 1 from messages m join conversations c on c.id = m.conversation_id
        where m.wamid = ${event.wamid} and c.account_id = ${routed.account.id} limit 1`,
    );
    if (known.length > 0) return [];
    const adopted = await adoptByCallbackData(tx, routed, event, change);
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

/** One status webhook to apply, with the account it came in on. */
export interface ArrivingStatus {
  routed: RoutedAccount;
  event: StatusEvent;
}

/**
 * `receiveStatus` for a batch of statuses, in three statements when they all name stored
 * messages, four when some name by callback data messages whose send's answer is not stored yet
 * (a broadcast brings three statuses a recipient, and one by one they were most of its database
 * time): the statuses of one message go in as one change (`laterChange`), the messages move (or
 * are adopted) together, then their recipients and their conversations' previews. A message none
 * of its statuses moved or adopted takes them one by one through `receiveStatus` (a late status,
 * a message not stored yet, one named by callback data that has another wamid). Answers per
 * status, in order: what to announce (on the first status of its message) or `unknown`.
 */
export async function receiveStatuses(
  tx: Db,
  statuses: readonly ArrivingStatus[],
  now: Date,
  owed: OwedRefund[],
  touched?: Set<string>,
): Promise<(Announcement[] | 'unknown')[]> {
  const answers: (Announcement[] | 'unknown')[] = statuses.map(() => []);
  const groups = new Map<
    string,
    { indexes: number[]; routed: RoutedAccount; wamid: string; change: StatusChange }
  >();
  for (const [index, { routed, event }] of statuses.entries()) {
    const key = `${routed.account.id}/${event.wamid}`;
    const change = statusChange(event);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { indexes: [index], routed, wamid: event.wamid, change });
    else {
      group.indexes.push(index);
      group.change = laterChange(group.change, change);
    }
  }
  const ordered = [...groups.values()];
  const moved = await moveByWamids(
    tx,
    ordered.map((group) => ({
      accountId: group.routed.account.id,
      wamid: group.wamid,
      change: group.change,
    })),
  );
  const movedGroups = new Set(moved.map((row) => row.i));
  // Messages not stored under these wamids yet that callback data names (a send's answer not
  // stored yet, or lost): adopted together, each message by the first of its statuses' groups.
  const adopting: {
    group: number;
    accountId: string;
    messageId: string;
    wamid: string;
    change: StatusChange;
  }[] = [];
  const named = new Set<string>();
  for (const [index, group] of ordered.entries()) {
    if (movedGroups.has(index)) continue;
    const messageId = group.indexes
      .map((at) => statuses[at])
      .map((status) => (status === undefined ? null : callbackMessageId(status.event)))
      .find((id) => id !== null);
    if (messageId === undefined || messageId === null || named.has(messageId)) continue;
    named.add(messageId);
    adopting.push({
      group: index,
      accountId: group.routed.account.id,
      messageId,
      wamid: group.wamid,
      change: group.change,
    });
  }
  const adopted =
    adopting.length === 0
      ? []
      : (await adoptByCallbackDatas(tx, adopting)).map((row) => ({
          ...row,
          i: adopting[row.i]?.group ?? -1,
        }));
  const settled = [...moved, ...adopted];
  for (const row of adopted) movedGroups.add(row.i);
  const announced = await statusesMoved(
    tx,
    settled.map((row) => ({ key: ordered[row.i]?.routed.projectKey ?? '', moved: row })),
    now,
    owed,
    touched,
  );
  for (const [index, row] of settled.entries()) {
    const first = ordered[row.i]?.indexes[0];
    if (first !== undefined) answers[first] = announced[index] ?? [];
  }
  for (const [index, group] of ordered.entries()) {
    if (movedGroups.has(index)) continue;
    for (const at of group.indexes) {
      const status = statuses[at];
      if (status !== undefined)
        answers[at] = await receiveStatus(tx, status.routed, status.event, now, owed, touched);
    }
  }
  return answers;
}
