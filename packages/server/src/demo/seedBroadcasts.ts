/**
 * The demo's broadcasts (issue 17, item 9): so a newcomer sees what a broadcast looks like before
 * sending one, the demo project has one that finished yesterday and one scheduled for later.
 *
 * - "Promo VIP akhir pekan": the weekend promo template (image header from the gallery, the
 *   customer's name and a fixed discount) to the customers labelled VIP, sent yesterday at 10:00
 *   Jakarta time at the number's pace. Each recipient has a real template message appended to
 *   their conversation (marked with the broadcast), charged to the project's balance with the
 *   broadcast's id at the price table in force then; most were delivered or read, one is still
 *   `sent`, two failed with Meta's reasons (131026 undeliverable, 131049 the per-user marketing
 *   limit) and were refunded, and a few customers replied: real inbound messages in their
 *   conversations, marked as replies to it.
 * - "Promo gajian": the same template to the customers labelled "Pelanggan Baru", scheduled for
 *   the day after tomorrow at 09:00 Jakarta time, with its start job queued for that moment (the
 *   engine's `enqueueBroadcastStart`), so it really starts then unless someone edits or cancels it.
 *
 * Everything is written through the tables and calls the engine uses (`broadcasts`,
 * `broadcast_recipients`, `messages`, `chargeMessage`, `refundMessage`), in one transaction with
 * the project's wallet locked, and only while the project has no broadcast and its ledger names
 * none: a restart, or a second process, seeds nothing more.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { chargeMessage, refundMessage } from '../billing/charges.ts';
import { lockWallet, walletOf } from '../billing/ledger.ts';
import { countAudience } from '../broadcasts/audience.ts';
import { recipientClientId } from '../broadcasts/sendKey.ts';
import { enqueueBroadcastStart } from '../broadcasts/lifecycle.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import {
  broadcastRecipients,
  broadcasts,
  conversations,
  media,
  messages,
  waTemplates,
} from '../db/schema.ts';
import type { BroadcastRow, TemplateContent } from '../db/schema.ts';
import {
  broadcastFailureKind,
  priceAt,
  priceCategoryOf,
  renderBroadcastValues,
  sentTemplateOf,
} from '../sdk.ts';
import type { BroadcastFilter, BroadcastValues, MessagePricing, PriceRow, TemplateCategory } from '../sdk.ts';
import { pick, seededRandom } from '../simulator/random.ts';
import type { Random } from '../simulator/random.ts';
import { DEMO_TEMPLATES } from './demoTemplates.ts';

export interface DemoBroadcastOptions {
  userId: string;
  projectId: string;
  /** The demo number: the broadcasts send from it, to its conversations. */
  accountId: string;
  prices: readonly PriceRow[];
  now: Date;
  seed: number;
}

export interface DemoBroadcasts {
  seeded: boolean;
  /** The customers' replies (their phone and when they wrote): their windows are open from then. */
  replies: { phone: string; at: Date }[];
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Jakarta is UTC+7: the hour of the day people there see. */
const JAKARTA = 7 * HOUR;

const TEMPLATE = 'promo_akhir_pekan';
export const DEMO_FINISHED_BROADCAST = {
  name: 'Promo VIP akhir pekan',
  label: 'VIP',
  discount: '25%',
  /** Yesterday at 10:00 Jakarta time. */
  daysAgo: 1,
  hour: 10,
};
export const DEMO_SCHEDULED_BROADCAST = {
  name: 'Promo gajian',
  label: 'Pelanggan Baru',
  discount: '15%',
  /** The day after tomorrow at 09:00 Jakarta time. */
  daysAgo: -2,
  hour: 9,
};
/** Meta's failures of the finished broadcast's two failed recipients (failed status webhooks). */
const FAILURES = [
  { code: 131026, title: 'Message undeliverable' },
  { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
];
/** What a few recipients answered. */
const REPLIES = [
  'Mau lihat katalog',
  'Kak, kemeja batik ukuran L masih ada?',
  'Diskonnya berlaku sampai kapan ya?',
  'Siap, Sabtu saya mampir ke toko 🙏',
];
/** The number's pace: 80 messages a second, so a recipient every 12.5 ms at most; the demo's 4 a second. */
const SEND_EVERY_MS = 250;

/** A moment `daysAgo` days before `now` (negative: after), at `hour` o'clock in Jakarta. */
function jakartaAt(now: Date, daysAgo: number, hour: number): number {
  const day = Math.floor((now.getTime() + JAKARTA) / DAY) - daysAgo;
  return day * DAY - JAKARTA + hour * HOUR;
}

interface Candidate {
  customerId: string;
  phone: string;
  name: string;
  customFields: Record<string, string>;
  conversationId: string;
  lastSeq: number;
  unread: number;
}

type Outcome = 'sent' | 'delivered' | 'read' | 'failed';

/** The label's id in the project, if it has one of that name. */
async function labelId(tx: Db, projectId: string, name: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from labels where project_id = ${projectId}::uuid and lower(name) = lower(${name}) limit 1`,
  );
  return row?.id ?? null;
}

/**
 * The label's customers who have not opted out, with their conversation on the demo number, in
 * the order the engine sends (first contact first), whose conversation was quiet for an hour
 * before `before` (a message is appended to it at that time, after everything in it).
 */
async function recipientsOf(
  tx: Db,
  options: DemoBroadcastOptions,
  label: string,
  before: number,
): Promise<Candidate[]> {
  const rows = await queryRows<{
    customer_id: string;
    phone: string;
    name: string;
    custom_fields: Record<string, string>;
    conversation_id: string;
    last_seq: number;
    unread: number;
  }>(
    tx,
    sql`select cu.id as customer_id, cu.phone, cu.name, cu.custom_fields, c.id as conversation_id,
        c.last_seq, c.unread
      from customers cu
      join customer_labels cl on cl.customer_id = cu.id and cl.label_id = ${label}::uuid
      join conversations c on c.customer_id = cu.id and c.account_id = ${options.accountId}::uuid
      where cu.project_id = ${options.projectId}::uuid and cu.opted_out_at is null
        and c.last_message_at < ${new Date(before - HOUR).toISOString()}::timestamptz
      order by cu.created_at, cu.id`,
  );
  return rows.map((row) => ({
    customerId: row.customer_id,
    phone: row.phone,
    name: row.name,
    customFields: row.custom_fields,
    conversationId: row.conversation_id,
    lastSeq: row.last_seq,
    unread: row.unread,
  }));
}

/** Who ends how: two failed, one still `sent`, about two thirds of the rest read, the others delivered. */
function outcomesOf(count: number, random: Random): Outcome[] {
  const outcomes: Outcome[] = Array.from({ length: count }, () => (random() < 0.68 ? 'read' : 'delivered'));
  const indexes = [...outcomes.keys()];
  const take = () => {
    const index = pick(random, indexes);
    indexes.splice(indexes.indexOf(index), 1);
    return index;
  };
  for (let failed = 0; failed < FAILURES.length && indexes.length > 0; failed += 1)
    outcomes[take()] = 'failed';
  if (indexes.length > 0) outcomes[take()] = 'sent';
  return outcomes;
}

/** The template as stored for the demo number (its id and content), else the demo's own draft. */
async function templateOf(tx: Db, options: DemoBroadcastOptions) {
  const draft = DEMO_TEMPLATES.find((candidate) => candidate.name === TEMPLATE);
  if (draft === undefined) throw new Error(`no demo template ${TEMPLATE}`);
  const [row] = await tx
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.projectId, options.projectId),
        eq(waTemplates.accountId, options.accountId),
        eq(waTemplates.name, draft.name),
        eq(waTemplates.language, draft.language),
      ),
    )
    .limit(1);
  const content: TemplateContent = row?.content ?? {
    header: draft.header,
    body: draft.body,
    bodyExamples: draft.bodyExamples,
    footer: draft.footer,
    buttons: draft.buttons,
  };
  return {
    id: row?.id ?? null,
    name: draft.name,
    language: draft.language,
    category: (row?.category ?? draft.category) as TemplateCategory,
    content,
  };
}

type DemoTemplate = Awaited<ReturnType<typeof templateOf>>;

function valuesOf(discount: string, photoId: string | undefined): BroadcastValues {
  return {
    body: [
      { source: 'name', value: '', fallback: 'Kak' },
      { source: 'fixed', value: discount, fallback: '' },
    ],
    ...(photoId === undefined ? {} : { headerMediaId: photoId }),
  };
}

/** A broadcast row's fields the two demo broadcasts share. */
function broadcastRow(
  options: DemoBroadcastOptions,
  template: DemoTemplate,
  fields: {
    name: string;
    values: BroadcastValues;
    filter: BroadcastFilter;
    scheduledAt: Date;
    createdAt: Date;
    perRecipient: number;
    estimated: number;
  },
) {
  return {
    id: randomUUID(),
    projectId: options.projectId,
    accountId: options.accountId,
    clientId: randomUUID(),
    name: fields.name,
    templateId: template.id,
    template: { name: template.name, language: template.language, content: template.content },
    category: template.category,
    values: fields.values,
    audience: { kind: 'filter' as const, filter: fields.filter },
    scheduledAt: fields.scheduledAt,
    estimated: fields.estimated,
    perRecipient: fields.perRecipient,
    createdBy: options.userId,
    createdAt: fields.createdAt,
  };
}

/** Seeds the demo's broadcasts (see the file comment); `seeded: false` when it has any already. */
export async function seedDemoBroadcasts(db: Db, options: DemoBroadcastOptions): Promise<DemoBroadcasts> {
  const { now, projectId } = options;
  return db.transaction(async (tx) => {
    // The project's wallet, locked: a concurrent start waits here, then finds the broadcasts made.
    const wallet = await lockWallet(tx, (await walletOf(tx, { projectId }, now)).id);
    const [made] = await queryRows<{ made: boolean }>(
      tx,
      sql`select exists (select 1 from broadcasts where project_id = ${projectId}::uuid)
        or exists (select 1 from ledger_entries where wallet_id = ${wallet.id}::uuid and broadcast_id is not null)
        as made`,
    );
    if (made?.made === true) return { seeded: false, replies: [] };

    const random = seededRandom(options.seed * 7919 + 17);
    const template = await templateOf(tx, options);
    const [photo] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.projectId, projectId), eq(media.inGallery, true), eq(media.mimeType, 'image/jpeg')))
      .limit(1);

    const replies = await seedFinished(tx, options, {
      template,
      photoId: photo?.id,
      random,
      balance: wallet.balance,
    });
    await seedScheduled(tx, options, { template, photoId: photo?.id });
    return { seeded: true, replies };
  });
}

/** The broadcast that finished yesterday, with its results; answers the replies it got. */
async function seedFinished(
  tx: Db,
  options: DemoBroadcastOptions,
  context: { template: DemoTemplate; photoId: string | undefined; random: Random; balance: number },
): Promise<{ phone: string; at: Date }[]> {
  const plan = DEMO_FINISHED_BROADCAST;
  const { template, random } = context;
  const label = await labelId(tx, options.projectId, plan.label);
  if (label === null) return [];
  const start = jakartaAt(options.now, plan.daysAgo, plan.hour);
  const recipients = await recipientsOf(tx, options, label, start);
  const category = priceCategoryOf(template.category);
  const price = priceAt(options.prices, category, new Date(start));
  // A demo whose balance was spent meanwhile gets no finished broadcast rather than an overdraft.
  if (recipients.length === 0 || context.balance < recipients.length * price) return [];

  const values = valuesOf(plan.discount, context.photoId);
  const finishedAt = new Date(start + recipients.length * SEND_EVERY_MS + 2 * SECOND);
  const [broadcast] = await tx
    .insert(broadcasts)
    .values({
      ...broadcastRow(options, template, {
        name: plan.name,
        values,
        filter: { labelId: label },
        scheduledAt: new Date(start),
        createdAt: new Date(start - 40 * MINUTE),
        perRecipient: price,
        estimated: recipients.length,
      }),
      status: 'done',
      startedAt: new Date(start),
      finishedAt,
      total: recipients.length,
      updatedAt: finishedAt,
    })
    .returning();
  if (broadcast === undefined) throw new Error('the demo broadcast was not stored');

  const outcomes = outcomesOf(recipients.length, random);
  const readers = outcomes.flatMap((outcome, index) => (outcome === 'read' ? [index] : []));
  const repliers = new Map<number, string>();
  for (const text of REPLIES) {
    const left = readers.filter((index) => !repliers.has(index));
    if (left.length > 0) repliers.set(pick(random, left), text);
  }
  const replies: { phone: string; at: Date }[] = [];
  let failures = 0;
  for (const [index, recipient] of recipients.entries()) {
    const outcome = outcomes[index] ?? 'delivered';
    const sentAt = start + index * SEND_EVERY_MS;
    const failure = outcome === 'failed' ? (FAILURES[failures++] ?? FAILURES[0]) : undefined;
    const deliveredAt =
      outcome === 'delivered' || outcome === 'read' ? sentAt + 3 * SECOND + index * 400 : null;
    const readAt =
      outcome === 'read' && deliveredAt !== null ? deliveredAt + (2 + random() * 90) * MINUTE : null;
    const recipientId = randomUUID();
    const message = await appendSend(tx, options, {
      recipientId,
      broadcast,
      template,
      values,
      recipient,
      status: outcome,
      at: sentAt,
      error: failure ?? null,
    });
    const charged = await chargeMessage(tx, {
      projectId: options.projectId,
      messageId: message.id,
      category,
      price,
      actorUserId: options.userId,
      at: new Date(sentAt),
      broadcastId: broadcast.id,
    });
    if (charged === 'insufficient') throw new Error('the demo project ran out of balance: fix the plan');
    // Meta's failed status, seconds later: the message is refunded as the webhook refunds it.
    if (failure !== undefined)
      await refundMessage(tx, message.id, 'send_failed', new Date(sentAt + 4 * SECOND));
    const reply = repliers.get(index);
    const repliedAt = reply === undefined || readAt === null ? null : readAt + (1 + random() * 20) * MINUTE;
    if (reply !== undefined && repliedAt !== null) {
      await appendReply(tx, { broadcastId: broadcast.id, recipient, text: reply, at: repliedAt });
      replies.push({ phone: recipient.phone, at: new Date(repliedAt) });
    }
    const at = (time: number | null) => (time === null ? null : new Date(time));
    await tx.insert(broadcastRecipients).values({
      id: recipientId,
      broadcastId: broadcast.id,
      seq: index + 1,
      customerId: recipient.customerId,
      phone: recipient.phone,
      name: recipient.name,
      conversationId: recipient.conversationId,
      messageId: message.id,
      state: outcome,
      error: failure ?? null,
      reason: failure === undefined ? null : broadcastFailureKind(failure.code).reason,
      transient: failure === undefined ? false : broadcastFailureKind(failure.code).kind === 'transient',
      attempts: 1,
      sentAt: outcome === 'failed' ? null : new Date(sentAt + SECOND),
      deliveredAt: at(deliveredAt),
      readAt: at(readAt),
      repliedAt: at(repliedAt),
      updatedAt: new Date(repliedAt ?? readAt ?? deliveredAt ?? sentAt + 4 * SECOND),
    });
  }
  return replies;
}

/** The template message a recipient was sent, appended to their conversation at `at`. */
async function appendSend(
  tx: Db,
  options: DemoBroadcastOptions,
  send: {
    /** The recipient's id: the message's client id is its send key, as the engine's. */
    recipientId: string;
    broadcast: BroadcastRow;
    template: DemoTemplate;
    values: BroadcastValues;
    recipient: Candidate;
    status: Outcome;
    at: number;
    error: { code: number; title: string } | null;
  },
) {
  const { recipient, template } = send;
  const sent = sentTemplateOf(
    {
      id: template.id,
      name: template.name,
      language: template.language,
      category: template.category,
      ...template.content,
    },
    renderBroadcastValues(send.values, recipient),
  );
  const pricing: MessagePricing | null =
    send.status === 'delivered' || send.status === 'read'
      ? { billable: true, pricingModel: 'PMP', category: template.category.toLowerCase(), type: 'regular' }
      : null;
  const seq = recipient.lastSeq + 1;
  const [message] = await tx
    .insert(messages)
    .values({
      id: randomUUID(),
      conversationId: recipient.conversationId,
      seq,
      direction: 'out',
      wamid: `wamid.sapa.broadcast${randomBytes(10).toString('hex')}`,
      clientId: recipientClientId(send.recipientId),
      type: 'template',
      caption: sent.caption,
      mediaFileId: template.content.header?.format === 'IMAGE' ? (send.values.headerMediaId ?? null) : null,
      status: send.status,
      error: send.error,
      senderUserId: options.userId,
      template: sent.template,
      pricing,
      broadcastId: send.broadcast.id,
      createdAt: new Date(send.at),
    })
    .returning();
  if (message === undefined) throw new Error('the demo broadcast message was not stored');
  recipient.lastSeq = seq;
  await tx
    .update(conversations)
    .set({
      lastSeq: seq,
      lastMessage: {
        type: message.type,
        caption: message.caption,
        filename: message.filename,
        name: message.name,
        direction: message.direction,
        status: message.status,
      },
      lastMessageAt: message.createdAt,
    })
    .where(eq(conversations.id, recipient.conversationId));
  return message;
}

/** A customer's text answering the broadcast, appended to their conversation at `at`, unread. */
async function appendReply(
  tx: Db,
  reply: { broadcastId: string; recipient: Candidate; text: string; at: number },
): Promise<void> {
  const { recipient } = reply;
  const seq = recipient.lastSeq + 1;
  const at = new Date(reply.at);
  await tx.insert(messages).values({
    id: randomUUID(),
    conversationId: recipient.conversationId,
    seq,
    direction: 'in',
    wamid: `wamid.sapa.reply${randomBytes(10).toString('hex')}`,
    type: 'text',
    caption: reply.text,
    status: 'delivered',
    broadcastId: reply.broadcastId,
    createdAt: at,
  });
  recipient.lastSeq = seq;
  recipient.unread += 1;
  await tx
    .update(conversations)
    .set({
      lastSeq: seq,
      lastMessage: {
        type: 'text',
        caption: reply.text,
        filename: null,
        name: null,
        direction: 'in',
        status: 'delivered',
      },
      lastMessageAt: at,
      lastInboundAt: at,
      unread: recipient.unread,
    })
    .where(eq(conversations.id, recipient.conversationId));
}

/** The broadcast scheduled for later, its start job queued for its time. */
async function seedScheduled(
  tx: Db,
  options: DemoBroadcastOptions,
  context: { template: DemoTemplate; photoId: string | undefined },
): Promise<void> {
  const plan = DEMO_SCHEDULED_BROADCAST;
  const label = await labelId(tx, options.projectId, plan.label);
  const filter: BroadcastFilter = label === null ? {} : { labelId: label };
  const [project] = await queryRows<{ time_zone: string }>(
    tx,
    sql`select time_zone from projects where id = ${options.projectId}::uuid`,
  );
  const counted = await countAudience(
    tx,
    { id: options.projectId, timeZone: project?.time_zone ?? 'Asia/Jakarta' },
    { kind: 'filter', filter },
  );
  const category = priceCategoryOf(context.template.category);
  const [broadcast] = await tx
    .insert(broadcasts)
    .values({
      ...broadcastRow(options, context.template, {
        name: plan.name,
        values: valuesOf(plan.discount, context.photoId),
        filter,
        scheduledAt: new Date(jakartaAt(options.now, plan.daysAgo, plan.hour)),
        createdAt: options.now,
        perRecipient: priceAt(options.prices, category, options.now),
        estimated: counted.recipients,
      }),
      status: 'scheduled',
      updatedAt: options.now,
    })
    .returning();
  if (broadcast === undefined) throw new Error('the scheduled demo broadcast was not stored');
  await enqueueBroadcastStart(tx, broadcast, options.now);
}
