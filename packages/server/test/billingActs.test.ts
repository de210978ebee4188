/**
 * The prepaid balance through the act endpoint and the webhooks (issue 16): a template send is
 * charged in the transaction that stores it, or refused before anything goes to Meta when the
 * project's balance cannot pay for it; a send that fails, or that Meta's status says was free, is
 * refunded exactly once; "Bayar" moves money from a saldo once per client id; the members who see
 * billing hear of every change (phones masked as in the inbox) and are told once per fall below
 * the low-balance threshold.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { maskPhone } from '../src/otp/maskPhone.ts';
import { templatePermissions } from '../src/sdk.ts';
import type {
  ConversationSummary,
  LedgerEntry,
  Notification,
  ProjectBilling,
  ProjectSummary,
  Saldo,
  ServerEventPayload,
  ThreadMessage,
} from '../src/sdk.ts';
import { creditSaldo, entriesOf, entriesOfMessage, fundProject, walletNow } from './support/billing.ts';
import {
  addMember,
  CHAT_AGENT,
  dataOf,
  deliver,
  inboxProject,
  reasonOf,
  statusUpdate,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import {
  customerWrote,
  HOUR_MS,
  orderUpdate,
  projectIdOf,
  sendsOf,
  storedTemplate,
} from './support/outreach.ts';
import { listeners } from './support/realtime.ts';
import type { Heard } from './support/realtime.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.app.sapa.services.db;
/** A utility template's price in the default table. */
const UTILITY = 350;
const VALUES = { body: ['{nama}', 'INV-7'], buttonUrl: 'INV-7' };

function sendTemplate(
  setup: InboxProject,
  conversationId: string,
  templateId: string,
  token = setup.owner.token,
) {
  return server.act('message_send', {
    token,
    key: setup.project.key,
    conversationId,
    clientId: randomUUID(),
    type: 'template',
    template: { id: templateId, values: VALUES },
  });
}

/** A customer whose window closed a day ago: only a (charged) template reaches them. */
function closedConversation(setup: InboxProject): Promise<ConversationSummary> {
  return customerWrote(server, setup, { at: new Date(server.clock.now().getTime() - 48 * HOUR_MS) });
}

async function balanceOf(setup: InboxProject): Promise<number> {
  return dataOf<ProjectBilling>(
    await server.act('billing_get', { token: setup.owner.token, key: setup.project.key }),
  ).balance;
}

async function wamidOf(messageId: string): Promise<string> {
  const [row] = await db().select({ wamid: messages.wamid }).from(messages).where(eq(messages.id, messageId));
  if (row?.wamid === null || row?.wamid === undefined) throw new Error('the message was not sent');
  return row.wamid;
}

type Json = Record<string, unknown>;

/** A status webhook about a sent message, its pricing or error replaced as given. */
async function statusOf(
  setup: InboxProject,
  conversation: ConversationSummary,
  messageId: string,
  status: 'sent' | 'delivered' | 'failed',
  change: { pricing?: Json; errors?: Json[] } = {},
): Promise<Json> {
  const payload = statusUpdate(status, {
    phoneNumberId: setup.account.phoneNumberId,
    wamid: await wamidOf(messageId),
    to: conversation.customer.phone,
  });
  const entry = payload.entry as { changes: { value: { statuses: Json[] } }[] }[];
  const item = entry[0]?.changes[0]?.value.statuses[0];
  if (item === undefined) throw new Error('no status');
  if (change.pricing !== undefined) item.pricing = change.pricing;
  if (change.errors !== undefined) item.errors = change.errors;
  return payload;
}

async function delivered(...payloads: Json[]): Promise<void> {
  for (const payload of payloads) expect((await deliver(server, payload)).status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
}

const FREE = { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'utility' };
const BILLED = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' };
const FAILED = [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }];

describe('charging a template send', () => {
  it('refuses a send the balance cannot cover before anything goes to Meta, and charges a covered one in the same transaction', async () => {
    const setup = await inboxProject(server);
    const projectId = await projectIdOf(server, setup.project.key);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate(), { funds: 0 });
    await fundProject(db(), projectId, UTILITY - 1);

    const refused = await sendTemplate(setup, conversation.id, template.id);
    expect(reasonOf(refused)).toBe('insufficient_balance');
    expect(refused.body.msg).toBe('Saldo proyek tidak cukup untuk mengirim pesan ini.');
    const english = await server.act(
      'message_send',
      {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
        clientId: randomUUID(),
        type: 'template',
        template: { id: template.id, values: VALUES },
      },
      { 'accept-language': 'en' },
    );
    expect(english.body.msg).toBe("The project's balance is not enough to send this message.");
    // Nothing stored, nothing queued, nothing sent, nothing charged.
    const thread = () =>
      server.act('message_list', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
      });
    expect(dataOf<ThreadMessage[]>(await thread())).toHaveLength(1);
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
    expect(await balanceOf(setup)).toBe(UTILITY - 1);

    // Starting a conversation with a new customer is refused alike, and leaves no conversation.
    const customer = dataOf<{ id: string }>(
      await server.act('customer_create', {
        token: setup.owner.token,
        key: setup.project.key,
        name: 'Rina',
        phone: '+6281277009911',
      }),
    );
    const start = await server.act('conversation_start', {
      token: setup.owner.token,
      key: setup.project.key,
      accountId: setup.account.id,
      customerId: customer.id,
      clientId: randomUUID(),
      template: { id: template.id, values: VALUES },
    });
    expect(reasonOf(start)).toBe('insufficient_balance');
    const list = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token: setup.owner.token, key: setup.project.key }),
    );
    expect(list.map((item) => item.customer.id)).not.toContain(customer.id);

    // One rupiah more pays for it: the message and its charge are stored together.
    await fundProject(db(), projectId, 1);
    const message = dataOf<ThreadMessage>(await sendTemplate(setup, conversation.id, template.id));
    expect(await balanceOf(setup)).toBe(0);
    const [charge, ...others] = await entriesOfMessage(db(), message.id);
    expect(others).toEqual([]);
    const [stored] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(charge).toMatchObject({
      kind: 'charge',
      amount: -UTILITY,
      balanceAfter: 0,
      category: 'UTILITY',
      actorUserId: setup.owner.userId,
      idempotencyKey: `charge:${message.id}`,
    });
    expect(charge?.createdAt.getTime()).toBe(stored?.createdAt.getTime());
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toHaveLength(1);

    // Empty again: the next send is refused and nothing more reaches Meta.
    expect(reasonOf(await sendTemplate(setup, conversation.id, template.id))).toBe('insufficient_balance');
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toHaveLength(1);
  });

  it('sends a free-form reply (no price in the default table) without charging, whatever the balance', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup);
    dataOf<ThreadMessage>(
      await server.act('message_send', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
        clientId: randomUUID(),
        type: 'text',
        caption: 'Halo kak',
      }),
    );
    expect(await walletNow(db(), { projectId: await projectIdOf(server, setup.project.key) })).toBeNull();
  });
});

describe('refunds', () => {
  it('refunds a message Meta did not bill exactly once, however often its statuses arrive', async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const funded = await balanceOf(setup);
    const send = async () => {
      const message = dataOf<ThreadMessage>(await sendTemplate(setup, conversation.id, template.id));
      await server.app.sapa.runJobsOnce();
      return message;
    };

    // Free (inside a window, say): the same webhook delivered twice, then a later status.
    const free = await send();
    expect(await balanceOf(setup)).toBe(funded - UTILITY);
    const freeStatus = await statusOf(setup, conversation, free.id, 'sent', { pricing: FREE });
    await delivered(freeStatus, freeStatus);
    await delivered(await statusOf(setup, conversation, free.id, 'delivered', { pricing: FREE }));
    expect(
      (await entriesOfMessage(db(), free.id)).map((entry) => [entry.kind, entry.amount, entry.memo]),
    ).toEqual([
      ['charge', -UTILITY, null],
      ['refund', UTILITY, 'free_customer_service'],
    ]);
    expect(await balanceOf(setup)).toBe(funded);

    // Billed: no refund.
    const billed = await send();
    await delivered(await statusOf(setup, conversation, billed.id, 'sent', { pricing: BILLED }));
    expect((await entriesOfMessage(db(), billed.id)).map((entry) => entry.kind)).toEqual(['charge']);

    // Failed after it was accepted, then a status saying it was free: one refund.
    const failed = await send();
    await delivered(
      await statusOf(setup, conversation, failed.id, 'failed', { errors: FAILED }),
      await statusOf(setup, conversation, failed.id, 'sent', { pricing: FREE }),
    );
    // The other way round: free first, then failed.
    const freeThenFailed = await send();
    await delivered(
      await statusOf(setup, conversation, freeThenFailed.id, 'sent', { pricing: FREE }),
      await statusOf(setup, conversation, freeThenFailed.id, 'failed', { errors: FAILED }),
    );
    expect((await entriesOfMessage(db(), failed.id)).map((entry) => [entry.kind, entry.memo])).toEqual([
      ['charge', null],
      ['refund', 'send_failed'],
    ]);
    expect(
      (await entriesOfMessage(db(), freeThenFailed.id)).map((entry) => [entry.kind, entry.memo]),
    ).toEqual([
      ['charge', null],
      ['refund', 'free_customer_service'],
    ]);
    expect(await balanceOf(setup)).toBe(funded - UTILITY);
  });

  it('refunds a send that fails for good at Meta (132000), once', async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const atMeta = orderUpdate();
    // The stored copy is stale: Meta refuses the send.
    const stale = { ...atMeta, body: 'Halo {{1}}, pesanan Anda sudah dikirim.', bodyExamples: ['Budi'] };
    const template = await storedTemplate(server, setup, stale, { atMeta });
    const funded = await balanceOf(setup);
    const message = dataOf<ThreadMessage>(
      await server.act('message_send', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
        clientId: randomUUID(),
        type: 'template',
        template: { id: template.id, values: { body: ['Sari'], buttonUrl: 'INV-1' } },
      }),
    );
    // The send job runs at once: Meta refuses it, and the charge comes back.
    await server.app.sapa.runJobsOnce();
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toMatchObject([{ status: 400, errorCode: 132000 }]);
    expect((await entriesOfMessage(db(), message.id)).map((entry) => [entry.kind, entry.memo])).toEqual([
      ['charge', null],
      ['refund', 'send_failed'],
    ]);
    expect(await balanceOf(setup)).toBe(funded);
  });
});

describe('billing_pay', () => {
  it('moves money from the saldo once per client id, refuses more than the saldo, and tells who may see it', async () => {
    const setup = await inboxProject(server);
    const { key } = setup.project;
    const admin = await addMember(server, setup.project, templatePermissions('admin'));
    const viewer = await addMember(server, setup.project, templatePermissions('viewer'));
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const ears = listeners(server);
    const heardBy = {
      owner: await ears.listen(setup.owner.token, ['billing.updated', 'saldo.updated']),
      viewer: await ears.listen(viewer.token, ['billing.updated', 'saldo.updated']),
      agent: await ears.listen(agent.token, ['billing.updated', 'saldo.updated']),
    };
    try {
      await creditSaldo(db(), setup.owner.userId, 100_000);
      const clientId = randomUUID();
      const pay = (amount: number, id = clientId, token = setup.owner.token) =>
        server.act('billing_pay', { token, key, amount, clientId: id });

      const paid = dataOf<{ billing: ProjectBilling; saldo: Saldo }>(await pay(30_000));
      expect(paid.billing).toMatchObject({ key, balance: 30_000, lowBalanceThreshold: null });
      expect(paid.saldo).toEqual({ balance: 70_000, pending: 0 });
      // Again with the same client id: the same answer, nothing more moved.
      expect(dataOf<{ billing: ProjectBilling; saldo: Saldo }>(await pay(30_000))).toEqual(paid);
      // More than the saldo holds: refused, nothing moved.
      const tooMuch = await pay(70_001, randomUUID());
      expect(reasonOf(tooMuch)).toBe('insufficient_saldo');
      expect(tooMuch.body.msg).toBe('Saldo Anda tidak cukup untuk jumlah ini.');
      // A client id of another transfer is not this one.
      expect(reasonOf(await pay(1_000))).toBe('invalid_input');
      expect(dataOf<Saldo>(await server.act('saldo_get', { token: setup.owner.token }))).toEqual({
        balance: 70_000,
        pending: 0,
      });
      expect(await balanceOf(setup)).toBe(30_000);
      const saldoWallet = await walletNow(db(), { userId: setup.owner.userId });
      expect(
        (await entriesOf(db(), saldoWallet?.id ?? '')).map((entry) => [entry.kind, entry.amount]),
      ).toEqual([
        ['topup', 100_000],
        ['transfer_out', -30_000],
      ]);

      // The saldo's ledger names the project; the project's names who paid.
      const saldoLedger = dataOf<LedgerEntry[]>(
        await server.act('saldo_ledger', { token: setup.owner.token }),
      );
      expect(saldoLedger[0]).toMatchObject({
        kind: 'transfer_out',
        amount: -30_000,
        balanceAfter: 70_000,
        project: { key, name: setup.project.name },
      });
      const projectLedger = dataOf<LedgerEntry[]>(
        await server.act('billing_ledger', { token: viewer.token, key }),
      );
      expect(projectLedger).toMatchObject([
        { kind: 'transfer_in', amount: 30_000, balanceAfter: 30_000, actor: { id: setup.owner.userId } },
      ]);

      // Who may: the admin sees billing but may not pay or set the threshold; the agent neither.
      expect(
        dataOf<ProjectBilling>(await server.act('billing_get', { token: admin.token, key })).balance,
      ).toBe(30_000);
      expect(reasonOf(await pay(1_000, randomUUID(), admin.token))).toBe('forbidden');
      expect(
        reasonOf(await server.act('billing_threshold_set', { token: admin.token, key, threshold: 1 })),
      ).toBe('forbidden');
      expect(reasonOf(await server.act('billing_get', { token: agent.token, key }))).toBe('forbidden');
      expect(reasonOf(await server.act('billing_ledger', { token: agent.token, key }))).toBe('forbidden');
      // The home page's cards show the balance to those who see billing only.
      const card = async (token: string) =>
        dataOf<ProjectSummary[]>(await server.act('project_list', { token })).find(
          (item) => item.key === key,
        );
      expect((await card(setup.owner.token))?.balance).toBe(30_000);
      expect((await card(agent.token))?.balance).toBeNull();

      await ears.barrier(key, [heardBy.owner, heardBy.viewer, heardBy.agent]);
      const billingEvents = (heard: Heard[]) =>
        heard
          .filter((item) => item.event === 'billing.updated')
          .map((item) => item.payload as ServerEventPayload<'billing.updated'>);
      expect(billingEvents(heardBy.owner).map((event) => [event.billing.balance, event.entry?.kind])).toEqual(
        [[30_000, 'transfer_in']],
      );
      expect(billingEvents(heardBy.viewer)).toHaveLength(1);
      expect(heardBy.agent.filter((item) => item.event !== 'account.status')).toEqual([]);
      const saldoEvents = heardBy.owner.filter((item) => item.event === 'saldo.updated');
      expect(saldoEvents.map((item) => item.payload)).toMatchObject([
        { saldo: { balance: 70_000 }, entry: { kind: 'transfer_out', amount: -30_000 } },
      ]);
      expect(heardBy.viewer.some((item) => item.event === 'saldo.updated')).toBe(false);
    } finally {
      ears.disconnect();
    }
  });

  it("shows a charge's customer to those who see billing, the phone masked unless they see contact details", async () => {
    const setup = await inboxProject(server);
    const { key } = setup.project;
    const viewer = await addMember(server, setup.project, templatePermissions('viewer'));
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const ears = listeners(server);
    const owner = await ears.listen(setup.owner.token, ['billing.updated']);
    const masked = await ears.listen(viewer.token, ['billing.updated']);
    try {
      const message = dataOf<ThreadMessage>(await sendTemplate(setup, conversation.id, template.id));
      await ears.barrier(key, [owner, masked]);
      const entryOf = (heard: Heard[]) =>
        heard
          .filter((item) => item.event === 'billing.updated')
          .map((item) => (item.payload as ServerEventPayload<'billing.updated'>).entry)
          .find((entry) => entry?.kind === 'charge');
      const phone = conversation.customer.phone;
      const expected = {
        id: message.id,
        conversationId: conversation.id,
        category: 'UTILITY',
        customerName: conversation.customer.name,
        accountName: 'Toko Utama',
      };
      expect(entryOf(owner)?.message).toEqual({ ...expected, customerPhone: phone });
      expect(entryOf(masked)?.message).toEqual({ ...expected, customerPhone: maskPhone(phone) });
      const [listed] = dataOf<LedgerEntry[]>(
        await server.act('billing_ledger', { token: viewer.token, key }),
      );
      expect(listed?.message?.customerPhone).toBe(maskPhone(phone));
      const byNumber = await server.act('billing_ledger', {
        token: setup.owner.token,
        key,
        accountId: setup.account.id,
      });
      expect(dataOf<LedgerEntry[]>(byNumber).map((entry) => entry.kind)).toEqual(['charge']);
      const exported = dataOf<{ csv: string; rows: number }>(
        await server.act('billing_export', { token: viewer.token, key }),
      );
      expect(exported.rows).toBe(2);
      expect(exported.csv.split('\r\n')[0]).toContain('created_at,seq,kind,category,customer,phone');
      expect(exported.csv).toContain(maskPhone(phone));
      expect(exported.csv).not.toContain(phone);
    } finally {
      ears.disconnect();
    }
  });
});

describe('the low-balance threshold', () => {
  it('tells the members who see billing once per fall below it, again after it was topped up above', async () => {
    const setup = await inboxProject(server);
    const { key } = setup.project;
    const viewer = await addMember(server, setup.project, templatePermissions('viewer'));
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate(), { funds: 0 });
    await creditSaldo(db(), setup.owner.userId, 10_000);
    const pay = async (amount: number) =>
      dataOf(
        await server.act('billing_pay', { token: setup.owner.token, key, amount, clientId: randomUUID() }),
      );
    const lowNotices = async (token: string) =>
      dataOf<Notification[]>(await server.act('notification_list', { token })).filter(
        (item) => item.kind === 'low_balance',
      );
    const send = async () => dataOf<ThreadMessage>(await sendTemplate(setup, conversation.id, template.id));

    await pay(1_200);
    const set = dataOf<ProjectBilling>(
      await server.act('billing_threshold_set', { token: setup.owner.token, key, threshold: 500 }),
    );
    expect(set).toMatchObject({ balance: 1_200, lowBalanceThreshold: 500 });
    await send(); // 850
    await send(); // 500: at the threshold, not below it
    expect(await lowNotices(setup.owner.token)).toEqual([]);
    await send(); // 150: below
    const [notice] = await lowNotices(setup.owner.token);
    expect(notice).toMatchObject({ kind: 'low_balance', key, projectName: setup.project.name, read: false });
    expect(notice?.subject.replace(/\s/g, ' ')).toBe('Rp 500');
    expect(await lowNotices(viewer.token)).toHaveLength(1);
    expect(await lowNotices(agent.token)).toEqual([]);

    // Still below after another charge: no second notice.
    await fundProject(db(), await projectIdOf(server, key), 200); // 350
    await send(); // 0
    expect(await lowNotices(setup.owner.token)).toHaveLength(1);

    // Paid in above the threshold, then below again: told again.
    await pay(1_000); // 1000
    await send(); // 650
    expect(await lowNotices(setup.owner.token)).toHaveLength(1);
    await send(); // 300: below again
    expect(await lowNotices(setup.owner.token)).toHaveLength(2);
    expect(await lowNotices(viewer.token)).toHaveLength(2);
    expect(await lowNotices(agent.token)).toEqual([]);
    expect(await balanceOf(setup)).toBe(300);
  });
});

describe('a configured price table', () => {
  let priced: TestServer;
  beforeAll(async () => {
    priced = await startTestServer({
      billing: {
        prices: [
          { category: 'UTILITY', price: 400, from: '2025-07-01' },
          { category: 'SERVICE', price: 0, from: '2024-11-01' },
          { category: 'SERVICE', price: 120, from: '2026-01-01' },
          { category: 'MARKETING', price: 900, from: '2999-01-01' },
        ],
      },
    });
  });
  afterAll(async () => {
    await priced.close();
  });

  it('charges free-form replies once a SERVICE row is in force, and shows the rows in force and ahead', async () => {
    const setup = await inboxProject(priced);
    const projectId = await projectIdOf(priced, setup.project.key);
    const conversation = await customerWrote(priced, setup);
    await fundProject(priced.app.sapa.services.db, projectId, 1_000);
    const billing = dataOf<ProjectBilling>(
      await priced.act('billing_get', { token: setup.owner.token, key: setup.project.key }),
    );
    expect(billing.prices).toEqual([
      { category: 'UTILITY', price: 400, from: '2025-07-01' },
      { category: 'SERVICE', price: 120, from: '2026-01-01' },
    ]);
    expect(billing.upcomingPrices).toEqual([{ category: 'MARKETING', price: 900, from: '2999-01-01' }]);
    const reply = dataOf<ThreadMessage>(
      await priced.act('message_send', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
        clientId: randomUUID(),
        type: 'text',
        caption: 'Halo kak',
      }),
    );
    expect(
      (await entriesOfMessage(priced.app.sapa.services.db, reply.id)).map((entry) => [
        entry.amount,
        entry.category,
      ]),
    ).toEqual([[-120, 'SERVICE']]);
  });
});
