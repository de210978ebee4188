/**
 * Broadcast acts through the act endpoint (issue 17, src/broadcasts/acts.ts): the composer's
 * preview and its checks (every problem answered at once on its field, nothing stored), the
 * idempotent create that queues its start, edits and deletes while they are allowed, the engine's
 * controls, and the results: the list with progress, the detail, the recipients a page at a time
 * with their filters, phones masked as the inbox masks them, and the CSV. Every change is
 * announced to the members who see broadcasts.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeMessage, refundMessage } from '../src/billing/charges.ts';
import {
  broadcastRecipients,
  broadcasts,
  conversations,
  customers,
  jobs,
  messages,
} from '../src/db/schema.ts';
import type { BroadcastRow, TemplateRow } from '../src/db/schema.ts';
import { broadcastSummary } from '../src/broadcasts/views.ts';
import { memberRooms, audienceRooms } from '../src/realtime/rooms.ts';
import { maskPhone } from '../src/otp/maskPhone.ts';
import { templatePermissions } from '../src/sdk.ts';
import type {
  BroadcastDetail,
  BroadcastPreview,
  BroadcastRecipient,
  BroadcastSummary,
  Label,
  PermissionKey,
} from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import { addMember, dataOf, inboxProject, reasonOf, uploadPng } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { customerWrote, imagePromo, orderUpdate, projectIdOf, storedTemplate } from './support/outreach.ts';
import { recordPublished } from './support/published.ts';
import type { PublishedLog } from './support/published.ts';
import type { Published } from '../src/realtime/Publisher.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';

let server: TestServer;
let published: PublishedLog;
beforeAll(async () => {
  server = await startTestServer();
  published = recordPublished(server);
});
afterAll(async () => {
  published.stop();
  await server.close();
});
beforeEach(() => published.clear());

const db = () => server.app.sapa.services.db;
const DAY_MS = 86_400_000;
/** A utility template's price, and a marketing one's, in the default table. */
const UTILITY = 350;
const MARKETING = 715;

/** The order update's values: the customer's name (or "Kak"), a fixed order number, the same link. */
const ORDER_VALUES = {
  body: [
    { source: 'name', value: '', fallback: 'Kak' },
    { source: 'fixed', value: 'INV-7', fallback: '' },
  ],
  buttonUrl: { source: 'fixed', value: 'INV-7', fallback: '' },
};

/** A member who sees broadcasts (and nothing else); one who sees customers' phones too. */
const VIEWER: PermissionKey[] = ['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.view'];
const VIEWER_WITH_PHONES: PermissionKey[] = [...VIEWER, 'crm.chat.menu', 'crm.chat.show_user_contact_detail'];

/** A customer as the tests name them. */
interface Someone {
  id: string;
  name: string;
  phone: string;
}

interface World {
  setup: InboxProject;
  template: TemplateRow;
  label: Label;
  /** The label's customers, first contact first. */
  labelled: Someone[];
  /** A customer without the label. */
  other: Someone;
}

/** A customer who wrote in (so the inbox's label act sees them). */
async function customerNamed(setup: InboxProject, name: string): Promise<Someone> {
  const conversation = await customerWrote(server, setup, { name });
  server.clock.advance(1_000);
  return conversation.customer;
}

/**
 * A project with an approved utility template, a label on three customers, and one customer more;
 * its balance `funds` (Rp1.000.000 unless given).
 */
async function world(funds = 1_000_000): Promise<World> {
  const setup = await inboxProject(server);
  const template = await storedTemplate(server, setup, orderUpdate(), { funds });
  const { token } = setup.owner;
  const key = setup.project.key;
  const label = dataOf<Label>(
    await server.act('label_create', { token, key, name: 'VIP', color: '#daa520' }),
  );
  const labelled: Someone[] = [];
  for (const name of ['Sari Dewi', 'Budi Hartono', 'Rina Wati']) {
    const customer = await customerNamed(setup, name);
    dataOf(
      await server.act('customer_label_set', {
        token,
        key,
        customerId: customer.id,
        labelId: label.id,
        attached: true,
      }),
    );
    labelled.push(customer);
  }
  const other = await customerNamed(setup, 'Joko Susilo');
  return { setup, template, label, labelled, other };
}

/** A create's input: the order update to the label, now, under a new client id. */
function compose(w: World, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token: w.setup.owner.token,
    key: w.setup.project.key,
    clientId: randomUUID(),
    name: 'Kabar pesanan',
    accountId: w.setup.account.id,
    templateId: w.template.id,
    values: ORDER_VALUES,
    audience: { kind: 'filter', filter: { labelId: w.label.id } },
    scheduledAt: null,
    ...fields,
  };
}

const later = (days = 1) => new Date(server.clock.now().getTime() + days * DAY_MS).toISOString();

async function create(w: World, fields: Record<string, unknown> = {}): Promise<BroadcastDetail> {
  return dataOf<BroadcastDetail>(await server.act('broadcast_create', compose(w, fields)));
}

function errorsOf(answer: ApiAnswer): Record<string, string> {
  expect(reasonOf(answer)).toBe('invalid_input');
  return (answer.body.errors as Record<string, string> | undefined) ?? {};
}

async function broadcastCount(projectKey: string): Promise<number> {
  const projectId = await projectIdOf(server, projectKey);
  const [row] = await db().select({ n: count() }).from(broadcasts).where(eq(broadcasts.projectId, projectId));
  return Number(row?.n ?? 0);
}

async function startJobs(broadcastId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, 'broadcast.start'), sql`${jobs.payload}->>'broadcastId' = ${broadcastId}`));
  return Number(row?.n ?? 0);
}

async function setStatus(id: string, status: BroadcastRow['status']): Promise<void> {
  await db().update(broadcasts).set({ status }).where(eq(broadcasts.id, id));
}

/** The `broadcast.updated` payloads heard for one broadcast, and `broadcast.deleted` ones. */
function heardUpdates(id: string): BroadcastSummary[] {
  return published
    .of('broadcast.updated')
    .filter((payload) => payload.broadcast.id === id)
    .map((payload) => payload.broadcast);
}

describe('broadcast_preview', () => {
  it('counts the audience without opted-out customers and prices it against the balance', async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    const [optedOut] = w.labelled;
    if (optedOut === undefined) throw new Error('no customer');
    await db()
      .update(customers)
      .set({ optedOutAt: server.clock.now(), optedOutVia: 'agent' })
      .where(eq(customers.id, optedOut.id));
    const preview = dataOf<BroadcastPreview>(
      await server.act('broadcast_preview', {
        token,
        key,
        accountId: w.setup.account.id,
        templateId: w.template.id,
        audience: { kind: 'filter', filter: { labelId: w.label.id } },
      }),
    );
    expect(preview).toEqual({
      recipients: 2,
      optedOut: 1,
      rowErrors: [],
      rowErrorCount: 0,
      category: 'UTILITY',
      perRecipient: UTILITY,
      total: 2 * UTILITY,
      balance: 1_000_000,
      covers: true,
    });
    // A CSV: its rows left out with their line and reason (a phone new to the project counts).
    const fresh = uniquePhone();
    const csv = [
      'phone',
      w.labelled[1]?.phone,
      'bukan-nomor',
      fresh,
      w.labelled[1]?.phone,
      optedOut.phone,
    ].join('\n');
    const fromCsv = dataOf<BroadcastPreview>(
      await server.act('broadcast_preview', {
        token,
        key,
        accountId: w.setup.account.id,
        templateId: w.template.id,
        audience: { kind: 'csv', csv, filename: 'pelanggan.csv' },
      }),
    );
    expect(fromCsv).toMatchObject({
      recipients: 2,
      optedOut: 1,
      rowErrorCount: 3,
      total: 2 * UTILITY,
      covers: true,
    });
    expect(fromCsv.rowErrors).toEqual([
      { line: 3, phone: 'bukan-nomor', problem: 'phone' },
      { line: 5, phone: w.labelled[1]?.phone, problem: 'duplicate' },
      { line: 6, phone: optedOut.phone, problem: 'opted_out' },
    ]);
  });

  it('says when the balance cannot cover the estimate', async () => {
    const w = await world(2 * UTILITY);
    const ask = (filter: Record<string, unknown>) =>
      server.act('broadcast_preview', {
        token: w.setup.owner.token,
        key: w.setup.project.key,
        accountId: w.setup.account.id,
        templateId: w.template.id,
        audience: { kind: 'filter', filter },
      });
    expect(dataOf<BroadcastPreview>(await ask({ labelId: w.label.id }))).toMatchObject({
      recipients: 3,
      total: 3 * UTILITY,
      balance: 2 * UTILITY,
      covers: false,
    });
    expect(dataOf<BroadcastPreview>(await ask({ search: 'Sari' }))).toMatchObject({
      recipients: 1,
      total: UTILITY,
      covers: true,
    });
  });

  it("refuses another project's number, an unknown or unapproved template, on their fields", async () => {
    const w = await world();
    const other = await inboxProject(server);
    const pending = await storedTemplate(server, w.setup, orderUpdate(), { metaStatus: 'PENDING', funds: 0 });
    const ask = (fields: Record<string, unknown>) =>
      server.act('broadcast_preview', {
        token: w.setup.owner.token,
        key: w.setup.project.key,
        accountId: w.setup.account.id,
        templateId: w.template.id,
        audience: { kind: 'filter', filter: {} },
        ...fields,
      });
    expect(Object.keys(errorsOf(await ask({ accountId: other.account.id })))).toEqual(['accountId']);
    expect(Object.keys(errorsOf(await ask({ templateId: randomUUID() })))).toEqual(['templateId']);
    const unapproved = errorsOf(await ask({ templateId: pending.id }));
    expect(unapproved.templateId).toBe(
      'Template ini belum disetujui Meta (atau sudah dijeda) dan belum dapat dikirim.',
    );
  });
});

describe('broadcast_create', () => {
  it('stores the broadcast with its estimate, queues its start in the same transaction, and announces it', async () => {
    const w = await world();
    const at = later(2);
    const detail = await create(w, { scheduledAt: at });
    expect(detail).toMatchObject({
      name: 'Kabar pesanan',
      status: 'scheduled',
      pauseReason: null,
      account: { id: w.setup.account.id, name: 'Toko Utama', phone: '+6281210009000' },
      template: { id: w.template.id, name: w.template.name, language: 'id', category: 'UTILITY' },
      scheduledAt: at,
      startedAt: null,
      finishedAt: null,
      createdBy: { id: w.setup.owner.userId, name: 'Budi Santoso' },
      total: 0,
      estimated: 3,
      perRecipient: UTILITY,
      replied: 0,
      charged: 0,
      values: ORDER_VALUES,
      audience: { kind: 'filter', filter: { labelId: w.label.id } },
      body: 'Halo {{1}}, pesanan {{2}} sudah dikirim hari ini.',
      rate: 80,
      retryable: 0,
    });
    expect(Object.values(detail.counts).every((n) => n === 0)).toBe(true);
    expect(await startJobs(detail.id)).toBe(1);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'broadcastId' = ${detail.id}`);
    expect(job?.runAt.toISOString()).toBe(at);
    // The template is kept as it was (a later edit at Meta cannot change it).
    const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, detail.id));
    expect(row?.template).toEqual({ name: w.template.name, language: 'id', content: w.template.content });
    expect(row?.category).toBe('UTILITY');
    const ours = (item: Published) =>
      JSON.stringify(item.audience) === JSON.stringify({ broadcasts: w.setup.project.key });
    expect(published.all.filter((item) => item.event === 'broadcast.updated' && ours(item))).toEqual([
      {
        audience: { broadcasts: w.setup.project.key },
        event: 'broadcast.updated',
        payload: {
          key: w.setup.project.key,
          broadcast: expect.objectContaining({ id: detail.id, status: 'scheduled' }),
        },
      },
    ]);
  });

  it('answers the same broadcast for the same client id, storing and queueing nothing more', async () => {
    const w = await world();
    const input = compose(w);
    const [first, second] = await Promise.all([
      server.act('broadcast_create', input),
      server.act('broadcast_create', input),
    ]);
    const a = dataOf<BroadcastDetail>(first);
    const b = dataOf<BroadcastDetail>(second);
    expect(b.id).toBe(a.id);
    // Asked again later, with other fields even: still that one.
    const again = dataOf<BroadcastDetail>(await server.act('broadcast_create', { ...input, name: 'Lain' }));
    expect(again).toMatchObject({ id: a.id, name: 'Kabar pesanan' });
    expect(await broadcastCount(w.setup.project.key)).toBe(1);
    expect(await startJobs(a.id)).toBe(1);
  });

  it('answers every problem of a compose at once on its field, and stores nothing', async () => {
    const w = await world();
    const pending = await storedTemplate(server, w.setup, orderUpdate(), { metaStatus: 'PENDING', funds: 0 });
    const before = await broadcastCount(w.setup.project.key);
    const missing = errorsOf(
      await server.act(
        'broadcast_create',
        compose(w, {
          values: {
            body: [
              { source: 'field', value: '', fallback: '' },
              { source: 'fixed', value: 'dua\nbaris', fallback: '' },
              { source: 'fixed', value: 'lebih', fallback: '' },
            ],
            buttonUrl: { source: 'name', value: '', fallback: '' },
          },
          scheduledAt: new Date(server.clock.now().getTime() - 5 * 60_000).toISOString(),
          audience: { kind: 'filter', filter: { search: 'tidak ada yang bernama begini' } },
        }),
      ),
    );
    expect(missing).toEqual({
      'values.body.0.value': 'Pilih kolom pelanggan.',
      'values.body.0.fallback': 'Isi nilai pengganti untuk pelanggan yang kolomnya kosong.',
      'values.body.1.value': expect.any(String),
      'values.body.2': expect.any(String),
      'values.buttonUrl.source': 'Nama pelanggan dapat berisi spasi, jadi tidak dapat menjadi akhir tautan.',
      scheduledAt: 'Waktu ini sudah lewat. Pilih waktu mendatang atau kirim sekarang.',
      audience:
        'Tidak ada penerima: tidak ada pelanggan yang cocok (pelanggan yang berhenti berlangganan tidak dihitung).',
    });
    const english = await server.act('broadcast_create', compose(w, { scheduledAt: later(400) }), {
      'accept-language': 'en',
    });
    expect(errorsOf(english)).toEqual({ scheduledAt: 'At most 366 days from now.' });
    expect(
      Object.keys(errorsOf(await server.act('broadcast_create', compose(w, { templateId: pending.id })))),
    ).toEqual(['templateId']);
    // A number deleted from the project cannot send.
    await db().execute(sql`update wa_accounts set deleted_at = now() where id = ${w.setup.account.id}::uuid`);
    expect(errorsOf(await server.act('broadcast_create', compose(w)))).toEqual({
      accountId: 'Nomor ini sudah dihapus atau keluar dari WhatsApp dan tidak dapat mengirim broadcast.',
    });
    await db().execute(sql`update wa_accounts set deleted_at = null where id = ${w.setup.account.id}::uuid`);
    expect(await broadcastCount(w.setup.project.key)).toBe(before);
    expect(
      published.of('broadcast.updated').filter((payload) => payload.key === w.setup.project.key),
    ).toEqual([]);
  });

  it('answers a CSV audience as its filename and row count, the text left out', async () => {
    const w = await world();
    const csv = ['nomor', uniquePhone(), 'salah', uniquePhone()].join('\n');
    const detail = await create(w, {
      audience: { kind: 'csv', csv, filename: 'daftar.csv' },
      scheduledAt: later(),
    });
    expect(detail).toMatchObject({
      estimated: 2,
      audience: { kind: 'csv', filename: 'daftar.csv', rows: 3 },
    });
    expect(JSON.stringify(detail)).not.toContain('salah');
  });

  it("takes a media header's file from the project's stored files only", async () => {
    const w = await world();
    const promo = await storedTemplate(server, w.setup, imagePromo(), { funds: 0 });
    const values = (headerMediaId?: string) => ({
      body: [{ source: 'name', value: '', fallback: 'Kak' }],
      ...(headerMediaId === undefined ? {} : { headerMediaId }),
    });
    const withoutFile = errorsOf(
      await server.act('broadcast_create', compose(w, { templateId: promo.id, values: values() })),
    );
    expect(Object.keys(withoutFile)).toEqual(['values.headerMediaId']);
    const unknown = errorsOf(
      await server.act(
        'broadcast_create',
        compose(w, { templateId: promo.id, values: values(randomUUID()) }),
      ),
    );
    expect(Object.keys(unknown)).toEqual(['values.headerMediaId']);
    const photo = await uploadPng(server, w.setup);
    const detail = await create(w, { templateId: promo.id, values: values(photo) });
    expect(detail).toMatchObject({
      template: { category: 'MARKETING' },
      perRecipient: MARKETING,
      estimated: 3,
    });
    // Kept for good, as a sent message's file is.
    const [file] = await db()
      .execute<{ expires_at: Date | null }>(sql`select expires_at from media where id = ${photo}::uuid`)
      .then((result) => (result as unknown as { rows: { expires_at: Date | null }[] }).rows);
    expect(file?.expires_at).toBeNull();
  });
});

describe('broadcast_update and broadcast_delete', () => {
  it('edits a scheduled broadcast, queueing a start only when it moves earlier', async () => {
    const w = await world();
    const detail = await create(w, { scheduledAt: later(3) });
    published.clear();
    const update = (fields: Record<string, unknown>) => {
      const { clientId: _clientId, ...rest } = compose(w, { id: detail.id, ...fields });
      return server.act('broadcast_update', rest);
    };
    const [five, one] = [later(5), later(1)];
    const moved = dataOf<BroadcastDetail>(
      await update({
        name: 'Kabar pesanan VIP',
        scheduledAt: five,
        audience: { kind: 'filter', filter: {} },
      }),
    );
    expect(moved).toMatchObject({
      id: detail.id,
      name: 'Kabar pesanan VIP',
      scheduledAt: five,
      estimated: 4,
    });
    expect(await startJobs(detail.id)).toBe(1);
    const earlier = dataOf<BroadcastDetail>(await update({ scheduledAt: one }));
    expect(earlier.scheduledAt).toBe(one);
    expect(await startJobs(detail.id)).toBe(2);
    expect(heardUpdates(detail.id).map((item) => item.scheduledAt)).toEqual([five, one]);

    // Bad input changes nothing.
    expect(Object.keys(errorsOf(await update({ values: { body: [] } })))).toEqual([
      'values.body.0',
      'values.body.1',
      'values.buttonUrl',
    ]);
    expect(
      dataOf<BroadcastDetail>(
        await server.act('broadcast_get', {
          token: w.setup.owner.token,
          key: w.setup.project.key,
          id: detail.id,
        }),
      ).scheduledAt,
    ).toBe(one);

    // Once it started: conflict.
    await setStatus(detail.id, 'sending');
    const refused = await update({ name: 'Terlambat' });
    expect(reasonOf(refused)).toBe('conflict');
    expect(refused.body.msg).toBe('Broadcast ini sudah mulai dikirim dan tidak dapat diubah lagi.');
  });

  it('deletes a broadcast that is not sending, and refuses one that is', async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    // Scheduled for later, so no start job runs meanwhile: the test sets the status itself.
    const sending = await create(w, { scheduledAt: later() });
    const scheduled = await create(w, { scheduledAt: later() });
    await setStatus(sending.id, 'sending');
    published.clear();
    const refused = await server.act('broadcast_delete', { token, key, id: sending.id });
    expect(reasonOf(refused)).toBe('conflict');
    expect(refused.body.msg).toBe(
      'Broadcast ini sedang dikirim. Jeda atau batalkan dulu sebelum menghapusnya.',
    );
    expect(dataOf(await server.act('broadcast_delete', { token, key, id: scheduled.id }))).toEqual({
      id: scheduled.id,
    });
    const ours = published.all.filter(
      (item) => JSON.stringify(item.audience) === JSON.stringify({ broadcasts: key }),
    );
    expect(ours.map((item) => [item.event, item.audience, item.payload])).toEqual([
      ['broadcast.deleted', { broadcasts: key }, { key, broadcastId: scheduled.id }],
    ]);
    expect(reasonOf(await server.act('broadcast_get', { token, key, id: scheduled.id }))).toBe('not_found');
    expect(reasonOf(await server.act('broadcast_delete', { token, key, id: scheduled.id }))).toBe(
      'not_found',
    );
    // Another project's broadcast is not found, however it is named.
    const other = await world();
    expect(
      reasonOf(
        await server.act('broadcast_delete', {
          token: other.setup.owner.token,
          key: other.setup.project.key,
          id: sending.id,
        }),
      ),
    ).toBe('not_found');
  });
});

interface ResultRow {
  name: string;
  phone?: string;
  state: BroadcastRecipient['state'];
  replied?: boolean;
  error?: { code: number; title: string };
  transient?: boolean;
}

/**
 * Makes broadcast `id` done with these recipients, in this order, as the engine leaves them: each
 * one sent has its message (in one conversation of the project) charged with the broadcast's id,
 * and a failed one refunded as the failed status refunds it. Answers the recipients' phones.
 */
async function withResults(w: World, id: string, rows: ResultRow[]): Promise<string[]> {
  const at = server.clock.now();
  const conversation = await customerWrote(server, w.setup);
  const projectId = await projectIdOf(server, w.setup.project.key);
  const phones: string[] = [];
  for (const [index, row] of rows.entries()) {
    const phone = row.phone ?? uniquePhone();
    phones.push(phone);
    let messageId: string | null = null;
    if (row.state !== 'queued' && row.state !== 'cancelled') {
      const [conv] = await db()
        .select({ lastSeq: conversations.lastSeq })
        .from(conversations)
        .where(eq(conversations.id, conversation.id));
      const seq = (conv?.lastSeq ?? 0) + 1;
      messageId = randomUUID();
      await db()
        .insert(messages)
        .values({
          id: messageId,
          conversationId: conversation.id,
          seq,
          direction: 'out',
          type: 'template',
          caption: 'Halo',
          status: row.state === 'sending' ? 'pending' : row.state,
          broadcastId: id,
          createdAt: at,
        });
      await db().update(conversations).set({ lastSeq: seq }).where(eq(conversations.id, conversation.id));
      await db().transaction(async (tx) => {
        const charged = await chargeMessage(tx, {
          projectId,
          messageId: messageId ?? '',
          category: 'UTILITY',
          price: UTILITY,
          actorUserId: null,
          at,
          broadcastId: id,
        });
        if (charged === 'insufficient' || charged === null) throw new Error('not charged');
        if (row.state === 'failed') await refundMessage(tx, messageId ?? '', 'send_failed', at);
      });
    }
    const sent = row.state === 'sent' || row.state === 'delivered' || row.state === 'read';
    await db()
      .insert(broadcastRecipients)
      .values({
        id: randomUUID(),
        broadcastId: id,
        seq: index + 1,
        phone,
        name: row.name,
        messageId,
        state: row.state,
        error: row.error ?? null,
        reason:
          row.error === undefined
            ? null
            : row.error.code === 131026
              ? 'broadcasts.reason.undeliverable'
              : 'broadcasts.reason.metaUnavailable',
        transient: row.transient ?? false,
        attempts: row.state === 'queued' ? 0 : 1,
        sentAt: sent ? at : null,
        deliveredAt: row.state === 'delivered' || row.state === 'read' ? at : null,
        readAt: row.state === 'read' ? at : null,
        repliedAt: row.replied === true ? at : null,
        updatedAt: at,
      });
  }
  await db()
    .update(broadcasts)
    .set({ status: 'done', startedAt: at, finishedAt: at, total: rows.length })
    .where(eq(broadcasts.id, id));
  return phones;
}

const UNDELIVERABLE = { code: 131026, title: 'Message undeliverable' };
const UNAVAILABLE = { code: 131000, title: 'Something went wrong' };

describe('results', () => {
  it('lists the broadcasts newest first, 10 a page, with their progress, filtered by status and name', async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    const made: BroadcastDetail[] = [];
    for (let index = 0; index < 12; index += 1) {
      made.push(
        await create(w, {
          name: index === 4 ? 'Promo VIP Lebaran' : `Kabar ${index}`,
          scheduledAt: later(2),
        }),
      );
      server.clock.advance(1_000);
    }
    const [first] = made;
    if (first === undefined) throw new Error('none made');
    await withResults(w, first.id, [
      { name: 'A', state: 'read', replied: true },
      { name: 'B', state: 'delivered' },
      { name: 'C', state: 'failed', error: UNDELIVERABLE },
      { name: 'D', state: 'failed', error: UNAVAILABLE, transient: true },
      { name: 'E', state: 'queued' },
    ]);
    const list = (fields: Record<string, unknown> = {}) =>
      server.act('broadcast_list', { token, key, ...fields });
    const page0 = await list();
    expect(page0.body.total_page).toBe(2);
    const rows = dataOf<BroadcastSummary[]>(page0);
    expect(rows.map((row) => row.id)).toEqual(
      made
        .toReversed()
        .slice(0, 10)
        .map((row) => row.id),
    );
    const page1 = dataOf<BroadcastSummary[]>(await list({ page: 1 }));
    expect(page1.map((row) => row.id)).toEqual([made[1]?.id, made[0]?.id]);
    const summary = page1[1];
    expect(summary).toMatchObject({
      status: 'done',
      total: 5,
      counts: { queued: 1, sending: 0, sent: 0, delivered: 1, read: 1, failed: 2, cancelled: 0 },
      replied: 1,
      // Four charged, two of them refunded.
      charged: 2 * UTILITY,
    });
    expect(await broadcastSummary(db(), first.id)).toEqual(summary);
    expect(dataOf<BroadcastSummary[]>(await list({ status: 'done' })).map((row) => row.id)).toEqual([
      first.id,
    ]);
    expect(dataOf<BroadcastSummary[]>(await list({ search: 'vip' })).map((row) => row.name)).toEqual([
      'Promo VIP Lebaran',
    ]);
    expect(dataOf<BroadcastSummary[]>(await list({ search: '100%' }))).toEqual([]);
    const detail = dataOf<BroadcastDetail>(await server.act('broadcast_get', { token, key, id: first.id }));
    expect(detail).toMatchObject({ ...summary, retryable: 1 });
    // Another project sees none of them.
    const other = await world();
    const foreign = await server.act('broadcast_get', {
      token: other.setup.owner.token,
      key: other.setup.project.key,
      id: first.id,
    });
    expect(reasonOf(foreign)).toBe('not_found');
    expect(
      dataOf<BroadcastSummary[]>(
        await server.act('broadcast_list', { token: other.setup.owner.token, key: other.setup.project.key }),
      ),
    ).toEqual([]);
  });

  it("pages a broadcast's recipients in send order with their filters, masking phones as the inbox does", async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    const broadcast = await create(w, { scheduledAt: later() });
    const rows: ResultRow[] = Array.from({ length: 12 }, (_, index) => ({
      name: index === 0 ? 'Sari Dewi' : `Pelanggan ${index}`,
      // Its last digits start with 0, as the start of a local number (`08…`) does.
      ...(index === 5 ? { phone: '+6281277083456' } : {}),
      state: index === 3 ? 'failed' : index % 2 === 0 ? 'read' : 'delivered',
      replied: index === 2 || index === 4,
      ...(index === 3 ? { error: UNDELIVERABLE } : {}),
    }));
    const phones = await withResults(w, broadcast.id, rows);
    const recipients = (fields: Record<string, unknown> = {}, as = token) =>
      server.act('broadcast_recipients', { token: as, key, id: broadcast.id, ...fields });
    const first = await recipients();
    expect(first.body.total_page).toBe(2);
    const page = dataOf<BroadcastRecipient[]>(first);
    expect(page.map((row) => row.name)).toEqual(rows.slice(0, 10).map((row) => row.name));
    expect(page[3]).toMatchObject({
      state: 'failed',
      error: UNDELIVERABLE,
      reason: 'broadcasts.reason.undeliverable',
      transient: false,
      attempts: 1,
      sentAt: null,
      phone: phones[3],
    });
    expect(dataOf<BroadcastRecipient[]>(await recipients({ page: 1 })).map((row) => row.name)).toEqual([
      'Pelanggan 10',
      'Pelanggan 11',
    ]);
    expect(
      dataOf<BroadcastRecipient[]>(await recipients({ state: 'failed' })).map((row) => row.name),
    ).toEqual(['Pelanggan 3']);
    expect(dataOf<BroadcastRecipient[]>(await recipients({ replied: true })).map((row) => row.name)).toEqual([
      'Pelanggan 2',
      'Pelanggan 4',
    ]);
    expect((await recipients({ replied: false })).body.total_page).toBe(1);
    expect(dataOf<BroadcastRecipient[]>(await recipients({ search: 'sari' })).map((row) => row.name)).toEqual(
      ['Sari Dewi'],
    );
    const digits = '083456';
    expect(phones[5]?.endsWith(digits)).toBe(true);
    expect(dataOf<BroadcastRecipient[]>(await recipients({ search: digits })).map((row) => row.name)).toEqual(
      ['Pelanggan 5'],
    );

    // A member who does not see phones gets them masked, and cannot find one by its digits.
    const viewer = await addMember(server, w.setup.project, VIEWER);
    const masked = dataOf<BroadcastRecipient[]>(await recipients({}, viewer.token));
    expect(masked.map((row) => row.phone)).toEqual(phones.slice(0, 10).map(maskPhone));
    expect(dataOf<BroadcastRecipient[]>(await recipients({ search: digits }, viewer.token))).toEqual([]);
    const seer = await addMember(server, w.setup.project, VIEWER_WITH_PHONES);
    expect(dataOf<BroadcastRecipient[]>(await recipients({}, seer.token)).map((row) => row.phone)).toEqual(
      phones.slice(0, 10),
    );
    // Another project's broadcast: not found.
    const other = await world();
    const foreign = await server.act('broadcast_recipients', {
      token: other.setup.owner.token,
      key: other.setup.project.key,
      id: broadcast.id,
    });
    expect(reasonOf(foreign)).toBe('not_found');
  });

  it('exports the recipients as CSV, of one state when asked, phones as the caller sees them', async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    const broadcast = await create(w, { name: 'Promo Lebaran 2026!', scheduledAt: later() });
    const phones = await withResults(w, broadcast.id, [
      { name: 'Sari Dewi', state: 'read', replied: true },
      { name: '=HYPERLINK("http://x")', state: 'failed', error: UNDELIVERABLE },
      { name: 'Budi', state: 'queued' },
    ]);
    const exported = dataOf<{ filename: string; csv: string; rows: number }>(
      await server.act('broadcast_export', { token, key, id: broadcast.id }),
    );
    expect(exported.rows).toBe(3);
    expect(exported.filename).toBe(
      `broadcast-promo-lebaran-2026-${server.clock.now().toISOString().slice(0, 10)}.csv`,
    );
    const parsed = Papa.parse<Record<string, string>>(exported.csv, { header: true });
    expect(parsed.meta.fields).toEqual([
      'name',
      'phone',
      'state',
      'reason',
      'error_code',
      'error',
      'attempts',
      'sent_at',
      'delivered_at',
      'read_at',
      'replied_at',
    ]);
    expect(parsed.data.map((row) => [row.name, row.phone, row.state, row.reason, row.error_code])).toEqual([
      ['Sari Dewi', phones[0], 'read', '', ''],
      // A spreadsheet never runs a name as a formula.
      ['\'=HYPERLINK("http://x")', phones[1], 'failed', 'undeliverable', '131026'],
      ['Budi', phones[2], 'queued', '', ''],
    ]);
    expect(parsed.data[0]?.replied_at).not.toBe('');
    const failed = dataOf<{ csv: string; rows: number }>(
      await server.act('broadcast_export', { token, key, id: broadcast.id, state: 'failed' }),
    );
    expect(failed.rows).toBe(1);
    const viewer = await addMember(server, w.setup.project, VIEWER);
    const masked = dataOf<{ csv: string }>(
      await server.act('broadcast_export', { token: viewer.token, key, id: broadcast.id }),
    );
    const maskedRows = Papa.parse<Record<string, string>>(masked.csv, { header: true }).data;
    expect(maskedRows.map((row) => row.phone)).toEqual(phones.map(maskPhone));
  });
});

describe('controls', () => {
  it('pauses, resumes, cancels and retries through the engine, answering its refusals as conflicts', async () => {
    const w = await world();
    const { token } = w.setup.owner;
    const key = w.setup.project.key;
    const act = (name: string, id: string) => server.act(name, { token, key, id });
    const scheduled = await create(w, { scheduledAt: later() });

    // Not sending yet: nothing to pause, nothing to resume, nothing to retry.
    const pauseEarly = await act('broadcast_pause', scheduled.id);
    expect(reasonOf(pauseEarly)).toBe('conflict');
    expect(pauseEarly.body.msg).toBe('Broadcast ini tidak sedang dikirim.');
    expect((await act('broadcast_resume', scheduled.id)).body.msg).toBe('Broadcast ini tidak sedang dijeda.');
    expect((await act('broadcast_retry', scheduled.id)).body.msg).toBe(
      'Tidak ada penerima gagal yang dapat dicoba lagi.',
    );

    // Sending: paused by an agent, then resumed with a pump of its own.
    await setStatus(scheduled.id, 'sending');
    published.clear();
    const paused = dataOf<BroadcastDetail>(await act('broadcast_pause', scheduled.id));
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'manual' });
    expect(heardUpdates(scheduled.id).map((item) => [item.status, item.pauseReason])).toEqual([
      ['paused', 'manual'],
    ]);
    const resumed = dataOf<BroadcastDetail>(await act('broadcast_resume', scheduled.id));
    expect(resumed.pauseReason).toBeNull();
    // Its pump was queued (and, with no recipient to send, finishes it).
    const pumps = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'broadcast.pump'), sql`${jobs.payload}->>'broadcastId' = ${scheduled.id}`));
    expect(pumps).toHaveLength(1);

    // Paused for its balance: resuming while it is short answers so.
    const broke = await world(0);
    const short = await create(broke, { scheduledAt: later() });
    await db()
      .update(broadcasts)
      .set({ status: 'paused', pauseReason: 'balance' })
      .where(eq(broadcasts.id, short.id));
    const stillShort = await server.act('broadcast_resume', {
      token: broke.setup.owner.token,
      key: broke.setup.project.key,
      id: short.id,
    });
    expect(reasonOf(stillShort)).toBe('insufficient_balance');
    // Paused for its template (paused by Meta): resuming while it is answers so.
    await db().update(broadcasts).set({ pauseReason: 'template' }).where(eq(broadcasts.id, short.id));
    await db().execute(sql`update wa_templates set status = 'PAUSED' where id = ${broke.template.id}::uuid`);
    const templatePaused = await server.act('broadcast_resume', {
      token: broke.setup.owner.token,
      key: broke.setup.project.key,
      id: short.id,
    });
    expect(reasonOf(templatePaused)).toBe('conflict');
    expect(templatePaused.body.msg).toBe(
      'Template broadcast ini tidak dapat dikirim saat ini (dijeda, dinonaktifkan, atau dihapus oleh Meta).',
    );

    // A paused broadcast's transient failures are queued again, to go out when it resumes.
    const retried = await create(w, { scheduledAt: later() });
    await withResults(w, retried.id, [
      { name: 'A', state: 'read' },
      { name: 'B', state: 'failed', error: UNAVAILABLE, transient: true },
      { name: 'C', state: 'failed', error: UNDELIVERABLE },
    ]);
    await setStatus(retried.id, 'paused');
    const again = dataOf<BroadcastDetail>(await act('broadcast_retry', retried.id));
    expect(again).toMatchObject({
      status: 'paused',
      retryable: 0,
      counts: { queued: 1, failed: 1, read: 1 },
    });
    const nothingLeft = await act('broadcast_retry', retried.id);
    expect(nothingLeft.body.msg).toBe('Tidak ada penerima gagal yang dapat dicoba lagi.');

    // Cancelled: its queued recipients with it; a finished one cannot be.
    published.clear();
    const cancelled = dataOf<BroadcastDetail>(await act('broadcast_cancel', retried.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', counts: { queued: 0, cancelled: 1 } });
    expect(cancelled.finishedAt).not.toBeNull();
    expect(heardUpdates(retried.id).map((item) => item.status)).toEqual(['cancelled']);
    const done = await create(w, { scheduledAt: later() });
    await setStatus(done.id, 'done');
    const tooLate = await act('broadcast_cancel', done.id);
    expect(reasonOf(tooLate)).toBe('conflict');
    expect(tooLate.body.msg).toBe('Broadcast ini sudah selesai atau dibatalkan.');
    expect((await act('broadcast_pause', done.id)).body.msg).toBe(
      'Broadcast ini sudah selesai atau dibatalkan.',
    );
    // Another project's broadcast: not found.
    const other = await world();
    const foreign = await server.act('broadcast_cancel', {
      token: other.setup.owner.token,
      key: other.setup.project.key,
      id: done.id,
    });
    expect(reasonOf(foreign)).toBe('not_found');
    await server.app.sapa.runBroadcastJobsOnce();
  });
});

describe('access', () => {
  it('lets members who see broadcasts read them, and refuses every change to them', async () => {
    const w = await world();
    const key = w.setup.project.key;
    const broadcast = await create(w, { scheduledAt: later() });
    const viewer = await addMember(server, w.setup.project, VIEWER);
    const agent = await addMember(server, w.setup.project, templatePermissions('agent'));
    const nobody = await addMember(server, w.setup.project, []);
    const id = broadcast.id;
    const reads: [string, Record<string, unknown>][] = [
      ['broadcast_list', {}],
      ['broadcast_get', { id }],
      ['broadcast_recipients', { id }],
      ['broadcast_export', { id }],
    ];
    const { token: _token, key: _key, ...composed } = compose(w);
    const { clientId: _clientId, ...edit } = composed;
    const changes: [string, Record<string, unknown>][] = [
      [
        'broadcast_preview',
        { accountId: w.setup.account.id, templateId: w.template.id, audience: composed.audience },
      ],
      ['broadcast_create', composed],
      ['broadcast_update', { id, ...edit }],
      ['broadcast_pause', { id }],
      ['broadcast_resume', { id }],
      ['broadcast_cancel', { id }],
      ['broadcast_retry', { id }],
      ['broadcast_delete', { id }],
    ];
    for (const [act, fields] of reads) {
      expect((await server.act(act, { token: viewer.token, key, ...fields })).body.code, act).toBe('1');
      expect(reasonOf(await server.act(act, { token: agent.token, key, ...fields })), act).toBe('forbidden');
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    for (const [act, fields] of changes) {
      expect(reasonOf(await server.act(act, { token: viewer.token, key, ...fields })), act).toBe('forbidden');
    }
    // Nothing changed.
    const after = dataOf<BroadcastDetail>(
      await server.act('broadcast_get', { token: viewer.token, key, id }),
    );
    expect(after).toMatchObject({
      status: 'scheduled',
      name: broadcast.name,
      scheduledAt: broadcast.scheduledAt,
    });
    expect(await broadcastCount(key)).toBe(1);
  });

  it('puts the members who see broadcasts, and only them, in the room their announcements go to', () => {
    const key = 'toko';
    expect(memberRooms('u1', key, VIEWER)).toContain('broadcasts:toko');
    expect(memberRooms('u1', key, ['crm.broadcast.view'])).not.toContain('broadcasts:toko');
    expect(memberRooms('u1', key, templatePermissions('admin'))).toContain('broadcasts:toko');
    expect(memberRooms('u1', key, templatePermissions('agent'))).not.toContain('broadcasts:toko');
    expect(audienceRooms({ broadcasts: key })).toEqual({ full: ['broadcasts:toko'], masked: [] });
  });
});
