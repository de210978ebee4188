/**
 * The demo's month of money (issue 16, item 7): the demo user's saldo and the demo project's
 * balance start with a realistic history over the last 30 days, so `/saldo`, the billing chart
 * and the statements are not empty. Three paid top-ups (and one that expired) on the gateway
 * simulator, a transfer into the project after each, weekly promo broadcasts and daily order
 * updates and payment reminders sent with the demo's templates, each charged by its category at
 * the price table in force, and the reminders sent while the customer's service window was open
 * refunded as Meta does not bill them (`free_customer_service`).
 *
 * The messages are real template messages appended to the demo's conversations (after each
 * conversation's last message, at least a day ago), so every charge names its message, customer
 * and number. Everything goes through the ledger (`creditTopup`, `payIntoProject`,
 * `chargeMessage`, `refundMessage`) in time order, in one transaction, and only while both
 * wallets are still empty: a restart, or a second process, seeds nothing more.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { chargeMessage, refundMessage } from '../billing/charges.ts';
import { lockWallet, walletOf } from '../billing/ledger.ts';
import { creditTopup, newOrderId } from '../billing/payments/topups.ts';
import { payIntoProject } from '../billing/transfers.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { conversations, media, messages, topups, waTemplates, wallets } from '../db/schema.ts';
import type { TemplateRow } from '../db/schema.ts';
import type { MessagePricing, PriceCategory, PriceRow, TemplateValues } from '../sdk.ts';
import { priceAt, sentTemplateOf } from '../sdk.ts';
import { pick, seededRandom } from '../simulator/random.ts';
import type { Random } from '../simulator/random.ts';
import { DEMO_TEMPLATES } from './demoTemplates.ts';

export interface DemoBillingOptions {
  userId: string;
  projectId: string;
  /** The demo number: its conversations get the template messages. */
  accountId: string;
  prices: readonly PriceRow[];
  now: Date;
  seed: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Jakarta is UTC+7: the hour of the day people there see. */
const JAKARTA = 7 * HOUR;

/** The saldo's top-ups and what went into the project after each (days ago, rupiah). */
const TOPUPS = [
  { daysAgo: 29, amount: 500_000, method: 'qris', transfer: 300_000 },
  { daysAgo: 18, amount: 250_000, method: 'bank_transfer', transfer: 200_000 },
  { daysAgo: 7, amount: 300_000, method: 'qris', transfer: 150_000 },
] as const;
/** A top-up the demo user never paid: it shows as expired. */
const EXPIRED_TOPUP = { daysAgo: 12, amount: 100_000 };
/** Promo broadcasts (days ago), each to 18 to 26 customers. */
const PROMO_DAYS = [27, 20, 13, 6];
const PROMO_DISCOUNTS = ['10%', '15%', '20%', '25%'];
const REMINDER_AMOUNTS = ['Rp89.000', 'Rp150.000', 'Rp275.000', 'Rp420.000', 'Rp1.250.000'];
/** The low-balance threshold the demo project starts with. */
const DEMO_THRESHOLD = 100_000;

interface Candidate {
  id: string;
  name: string;
  lastSeq: number;
  lastMessageAt: number;
  lastInboundAt: number | null;
}

interface Send {
  at: number;
  template: (typeof DEMO_TEMPLATES)[number]['name'];
  /** Sent inside the customer's open service window: Meta does not bill it (a utility template). */
  inWindow: boolean;
}

type Event =
  | { at: number; kind: 'topup'; amount: number; method: string; transfer: number }
  | { at: number; kind: 'expired'; amount: number }
  | ({ kind: 'send' } & Send);

/** A moment `daysAgo` days before `now`, at `hour` o'clock in Jakarta (plus `minutes`). */
function jakartaAt(now: Date, daysAgo: number, hour: number, minutes = 0): number {
  const day = Math.floor((now.getTime() + JAKARTA) / DAY) - daysAgo;
  return day * DAY - JAKARTA + hour * HOUR + minutes * MINUTE;
}

function plan(now: Date, random: Random): Event[] {
  const events: Event[] = [];
  for (const topup of TOPUPS) {
    events.push({ kind: 'topup', at: jakartaAt(now, topup.daysAgo, 9, Math.floor(random() * 50)), ...topup });
  }
  events.push({
    kind: 'expired',
    at: jakartaAt(now, EXPIRED_TOPUP.daysAgo, 20, 14),
    amount: EXPIRED_TOPUP.amount,
  });
  for (const daysAgo of PROMO_DAYS) {
    const start = jakartaAt(now, daysAgo, 10, Math.floor(random() * 30));
    const recipients = 18 + Math.floor(random() * 9);
    for (let index = 0; index < recipients; index += 1) {
      events.push({
        kind: 'send',
        at: start + index * 20_000,
        template: 'promo_akhir_pekan',
        inWindow: false,
      });
    }
  }
  for (let daysAgo = 28; daysAgo >= 2; daysAgo -= 1) {
    const count = 1 + Math.floor(random() * 4);
    for (let index = 0; index < count; index += 1) {
      events.push({
        kind: 'send',
        at: jakartaAt(now, daysAgo, 8 + Math.floor(random() * 12), Math.floor(random() * 60)),
        template: random() < 0.6 ? 'update_pesanan' : 'pengingat_pembayaran',
        inWindow: random() < 0.2,
      });
    }
  }
  return events.sort((left, right) => left.at - right.at);
}

/**
 * Who a send goes to: a conversation whose last message is over an hour older, whose customer
 * wrote within the last 20 hours for a send in the window, or not for a day otherwise (a send in
 * the window falls back to that when no customer wrote lately).
 */
function recipientOf(pool: Candidate[], send: Send, random: Random): { to: Candidate; send: Send } | null {
  const settled = (candidate: Candidate) => candidate.lastMessageAt < send.at - HOUR;
  const open = pool.filter(
    (candidate) =>
      settled(candidate) && candidate.lastInboundAt !== null && candidate.lastInboundAt > send.at - 20 * HOUR,
  );
  const closed = pool.filter(
    (candidate) =>
      settled(candidate) && (candidate.lastInboundAt === null || candidate.lastInboundAt < send.at - DAY),
  );
  const inWindow = send.inWindow && open.length > 0;
  const fits = inWindow ? open : closed;
  if (fits.length === 0) return null;
  return { to: pick(random, fits), send: { ...send, inWindow } };
}

function valuesOf(send: Send, firstName: string, random: Random): TemplateValues {
  if (send.template === 'promo_akhir_pekan') return { body: [firstName, pick(random, PROMO_DISCOUNTS)] };
  if (send.template === 'pengingat_pembayaran') return { body: [firstName, pick(random, REMINDER_AMOUNTS)] };
  return { body: [firstName], buttonUrl: `INV-${1000 + Math.floor(random() * 9000)}` };
}

/** Seeds the history (see the file comment); `seeded: false` when either wallet has entries already. */
export async function seedDemoBilling(db: Db, options: DemoBillingOptions): Promise<{ seeded: boolean }> {
  const { userId, projectId, now } = options;
  return db.transaction(async (tx) => {
    // Saldo first, then project, as transfers lock them: a concurrent start waits here, then finds them used.
    const saldo = await lockWallet(tx, (await walletOf(tx, { userId }, now)).id);
    const project = await lockWallet(tx, (await walletOf(tx, { projectId }, now)).id);
    if (saldo.lastSeq > 0 || project.lastSeq > 0) return { seeded: false };

    const random = seededRandom(options.seed * 7919 + 16);
    const pool = await candidatesOf(tx, options.accountId, now);
    const stored = await tx
      .select()
      .from(waTemplates)
      .where(and(eq(waTemplates.projectId, projectId), eq(waTemplates.accountId, options.accountId)));
    const [photo] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.projectId, projectId), eq(media.inGallery, true), eq(media.mimeType, 'image/jpeg')))
      .limit(1);

    for (const event of plan(now, random)) {
      const at = new Date(event.at);
      if (event.kind === 'expired') {
        await tx.insert(topups).values({
          ...topupRow(userId, event.amount, at),
          status: 'expired',
          gatewayStatus: 'expire',
          paymentType: 'bank_transfer',
        });
      } else if (event.kind === 'topup') {
        const paidAt = new Date(event.at + 90_000);
        const [row] = await tx
          .insert(topups)
          .values({
            ...topupRow(userId, event.amount, at),
            status: 'paid',
            gatewayStatus: 'settlement',
            paymentType: event.method,
            paidAt,
          })
          .returning();
        if (row === undefined) throw new Error('demo top-up not stored');
        await creditTopup(tx, row, paidAt);
        const moved = await payIntoProject(tx, {
          userId,
          projectId,
          amount: event.transfer,
          clientId: randomUUID(),
          at: new Date(event.at + 20 * MINUTE),
        });
        if (!moved.ok) throw new Error(`demo transfer refused: ${moved.reason}`);
      } else {
        const recipient = recipientOf(pool, event, random);
        if (recipient !== null)
          await sendTemplate(tx, options, recipient.send, recipient.to, { stored, photo, random });
      }
    }
    await tx
      .update(wallets)
      .set({ lowThreshold: DEMO_THRESHOLD })
      .where(and(eq(wallets.id, project.id), sql`${wallets.lowThreshold} is null`));
    return { seeded: true };
  });
}

function topupRow(userId: string, amount: number, at: Date) {
  return {
    id: randomUUID(),
    userId,
    clientId: randomUUID(),
    orderId: newOrderId(at),
    gateway: 'simulator',
    amount,
    expiresAt: new Date(at.getTime() + 60 * MINUTE),
    createdAt: at,
    updatedAt: at,
  };
}

/** The demo number's conversations that ended over a day ago, oldest activity first. */
async function candidatesOf(tx: Db, accountId: string, now: Date): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    last_seq: number;
    last_message_at: Date | string;
    last_inbound_at: Date | string | null;
  }>(
    tx,
    sql`select c.id, cu.name, c.last_seq, c.last_message_at, c.last_inbound_at
      from conversations c join customers cu on cu.id = c.customer_id
      where c.account_id = ${accountId}::uuid and c.last_message_at < ${new Date(now.getTime() - DAY).toISOString()}::timestamptz
      order by c.last_message_at, c.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lastSeq: row.last_seq,
    lastMessageAt: new Date(row.last_message_at).getTime(),
    lastInboundAt: row.last_inbound_at === null ? null : new Date(row.last_inbound_at).getTime(),
  }));
}

/** Appends the template message to the conversation, charges it, and refunds it when Meta would not bill it. */
async function sendTemplate(
  tx: Db,
  options: DemoBillingOptions,
  send: Send,
  recipient: Candidate,
  context: { stored: TemplateRow[]; photo: { id: string } | undefined; random: Random },
): Promise<void> {
  const draft = DEMO_TEMPLATES.find((candidate) => candidate.name === send.template);
  if (draft === undefined) throw new Error(`no demo template ${send.template}`);
  const row = context.stored.find(
    (candidate) => candidate.name === draft.name && candidate.language === draft.language,
  );
  const firstName = recipient.name.split(' ')[0] ?? recipient.name;
  const sent = sentTemplateOf(
    { ...draft, ...(row === undefined ? {} : { ...row.content, id: row.id }) },
    valuesOf(send, firstName, context.random),
  );
  const category = draft.category as PriceCategory;
  const at = new Date(send.at);
  const pricing: MessagePricing = {
    billable: !send.inWindow,
    pricingModel: 'PMP',
    category: category.toLowerCase(),
    type: send.inWindow ? 'free_customer_service' : 'regular',
  };
  const status = context.random() < 0.7 ? 'read' : 'delivered';
  const seq = recipient.lastSeq + 1;
  const [message] = await tx
    .insert(messages)
    .values({
      id: randomUUID(),
      conversationId: recipient.id,
      seq,
      direction: 'out',
      wamid: `wamid.sapa.billing${randomBytes(10).toString('hex')}`,
      clientId: randomUUID(),
      type: 'template',
      caption: sent.caption,
      mediaFileId: draft.header?.format === 'IMAGE' ? (context.photo?.id ?? null) : null,
      status,
      senderUserId: options.userId,
      template: sent.template,
      pricing,
      createdAt: at,
    })
    .returning();
  if (message === undefined) throw new Error('demo template message not stored');
  recipient.lastSeq = seq;
  recipient.lastMessageAt = send.at;
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
      lastMessageAt: at,
    })
    .where(eq(conversations.id, recipient.id));
  const charged = await chargeMessage(tx, {
    projectId: options.projectId,
    messageId: message.id,
    category,
    price: priceAt(options.prices, category, at),
    actorUserId: options.userId,
    at,
  });
  if (charged === 'insufficient') throw new Error('the demo project ran out of balance: fix the plan');
  // Meta's status webhook says, seconds later, that it was free.
  if (send.inWindow) await refundMessage(tx, message.id, 'free_customer_service', new Date(send.at + 30_000));
}
