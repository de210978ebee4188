/**
 * Broadcasts in model paths and tests: project k1abcdefgh's "Promo Lebaran" to its VIP customers
 * (30 recipients, the marketing template `promo`, Rp 715 each) sending on 10 March 2025, and how it
 * goes on (progress, paused for an agent or for the balance, finished with two transient failures,
 * cancelled); an older finished broadcast and one just created; two recipients; the page sources
 * of the two tables, which answer at once and write what they were asked for.
 */
import type { BroadcastDetail, BroadcastRecipient, BroadcastSummary, RecipientState } from '@sapa/sdk';
import type { BroadcastExport, BroadcastListPayload, RecipientsPayload } from '../broadcastActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { mainNumber } from './billingFixtures.ts';
import { apiError } from './fixtures.ts';
import { vip } from './labelFixtures.ts';

export const broadcastKey = 'k1abcdefgh';

const noCounts: Record<RecipientState, number> = {
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
};

/** "Promo Lebaran", 30 recipients, 18 of them sent so far (2 failed). */
export const promoSending: BroadcastSummary = {
  id: 'b0000000-0000-4000-8000-000000000001',
  name: 'Promo Lebaran',
  status: 'sending',
  pauseReason: null,
  account: { id: mainNumber.id, name: mainNumber.name, phone: mainNumber.displayPhone },
  template: {
    id: 'tpl00000-0000-4000-8000-000000000002',
    name: 'promo_lebaran',
    language: 'id',
    category: 'MARKETING',
  },
  scheduledAt: '2025-03-10T02:00:00Z',
  startedAt: '2025-03-10T02:00:01Z',
  finishedAt: null,
  createdAt: '2025-03-10T01:55:00Z',
  createdBy: { id: 'u1', name: 'Sari' },
  total: 30,
  estimated: 30,
  counts: { ...noCounts, queued: 10, sending: 2, sent: 8, delivered: 5, read: 3, failed: 2 },
  replied: 1,
  charged: 11_440,
  perRecipient: 715,
};

/** Two seconds later: 5 more sent. */
export const promoProgress: BroadcastSummary = {
  ...promoSending,
  counts: { ...promoSending.counts, queued: 5, sent: 13 },
  charged: 15_015,
};

/** Paused by an agent. */
export const promoPaused: BroadcastSummary = {
  ...promoSending,
  status: 'paused',
  pauseReason: 'manual',
  counts: { ...promoSending.counts, queued: 12, sending: 0 },
};

/** Paused by itself: the balance ran out. */
export const promoBroke: BroadcastSummary = { ...promoPaused, pauseReason: 'balance' };

/** Finished: 28 reached, 2 failed (transient: they may be tried again). */
export const promoDone: BroadcastSummary = {
  ...promoSending,
  status: 'done',
  finishedAt: '2025-03-10T02:01:00Z',
  counts: { ...noCounts, sent: 10, delivered: 10, read: 8, failed: 2 },
  replied: 4,
  charged: 20_020,
};

/** Cancelled while it sent: the 12 not yet sent are cancelled. */
export const promoCancelled: BroadcastSummary = {
  ...promoPaused,
  status: 'cancelled',
  pauseReason: null,
  finishedAt: '2025-03-10T02:00:30Z',
  counts: { ...promoPaused.counts, queued: 0, cancelled: 12 },
};

/** An older broadcast, finished. */
export const newsletterDone: BroadcastSummary = {
  ...promoDone,
  id: 'b0000000-0000-4000-8000-000000000002',
  name: 'Kabar Februari',
  createdAt: '2025-02-01T01:00:00Z',
  scheduledAt: '2025-02-01T02:00:00Z',
  startedAt: '2025-02-01T02:00:01Z',
  finishedAt: '2025-02-01T02:01:00Z',
};

/** Created after the table loaded, scheduled for tomorrow: it goes first. */
export const flashSale: BroadcastSummary = {
  ...promoSending,
  id: 'b0000000-0000-4000-8000-000000000003',
  name: 'Flash Sale Jumat',
  status: 'scheduled',
  createdAt: '2025-03-10T03:00:00Z',
  scheduledAt: '2025-03-11T03:00:00Z',
  startedAt: null,
  total: 0,
  estimated: 40,
  counts: noCounts,
  replied: 0,
  charged: 0,
};

const promoFacts = {
  values: {
    body: [
      { source: 'name', value: '', fallback: 'Kak' },
      { source: 'fixed', value: 'LEBARAN25', fallback: '' },
    ],
  },
  audience: { kind: 'filter', filter: { labelId: vip.id } },
  body: 'Halo {{1}}, pakai kode {{2}} untuk diskon 25%.',
  rate: 80,
} as const satisfies Partial<BroadcastDetail>;

/** The detail of a summary: the template's body and values, the audience (VIP customers). */
export function detailOf(summary: BroadcastSummary, retryable = 0): BroadcastDetail {
  return {
    ...summary,
    values: { body: promoFacts.values.body.map((value) => ({ ...value })) },
    audience: { kind: 'filter', filter: { ...promoFacts.audience.filter } },
    body: promoFacts.body,
    rate: promoFacts.rate,
    retryable,
  };
}

export const sendingDetail = detailOf(promoSending);
export const pausedDetail = detailOf(promoPaused, 2);
export const doneDetail = detailOf(promoDone, 2);
export const brokeDetail = detailOf(promoBroke);
export const cancelledDetail = detailOf(promoCancelled);

export const budiRead: BroadcastRecipient = {
  id: 'r0000000-0000-4000-8000-000000000001',
  customerId: 'c1',
  conversationId: 'cv000000-0000-4000-8000-000000000001',
  name: 'Budi',
  phone: '+6281234500001',
  state: 'read',
  error: null,
  reason: null,
  transient: false,
  attempts: 1,
  sentAt: '2025-03-10T02:00:02Z',
  deliveredAt: '2025-03-10T02:00:03Z',
  readAt: '2025-03-10T02:00:10Z',
  repliedAt: '2025-03-10T02:01:00Z',
};

export const wawanFailed: BroadcastRecipient = {
  ...budiRead,
  id: 'r0000000-0000-4000-8000-000000000002',
  customerId: 'c2',
  conversationId: null,
  name: 'Wawan',
  phone: '+6281234500002',
  state: 'failed',
  error: { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
  reason: 'broadcasts.reason.marketingLimit',
  transient: true,
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  repliedAt: null,
};

export const refusedBalance = apiError('insufficient_balance', 'Saldo proyek tidak cukup.');
export const finishedConflict = apiError('conflict', 'Broadcast ini sudah selesai.');
export const notFound = apiError('not_found', 'Broadcast tidak ditemukan.');

export const recipientsExport: BroadcastExport = {
  filename: 'broadcast-promo-lebaran.csv',
  csv: 'name,phone,state\nBudi,+6281234500001,read\n',
  rows: 1,
};

/** What a payload asks, in words: `status=sending search=promo`. */
function fieldsOf(payload: Record<string, unknown>, skip: readonly string[]): string {
  return Object.entries(payload)
    .filter(([name]) => !skip.includes(name))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
}

/** The broadcasts' pages: the sending one and the older finished one, filtered by status. */
export function createFakeBroadcastPages(
  effects?: string[],
): FetchPage<BroadcastSummary, BroadcastListPayload> {
  return ({ page, payload }) => {
    const shown = fieldsOf(payload, ['act', 'key']);
    effects?.push(`broadcasts page ${page + 1}${shown === '' ? '' : ` ${shown}`}`);
    const rows = [promoSending, newsletterDone].filter(
      (row) =>
        (payload.status === undefined || row.status === payload.status) &&
        (payload.search === undefined || row.name.toLowerCase().includes(payload.search.toLowerCase())),
    );
    return Promise.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
  };
}

/** A broadcast's recipients: Budi (read, replied) and Wawan (failed), filtered. */
export function createFakeRecipientPages(
  effects?: string[],
): FetchPage<BroadcastRecipient, RecipientsPayload> {
  return ({ page, payload }) => {
    const shown = fieldsOf(payload, ['act', 'key', 'id']);
    effects?.push(`recipients page ${page + 1}${shown === '' ? '' : ` ${shown}`}`);
    const rows = [budiRead, wawanFailed].filter(
      (row) =>
        (payload.state === undefined || row.state === payload.state) &&
        (payload.replied === undefined || (row.repliedAt !== null) === payload.replied),
    );
    return Promise.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
  };
}
