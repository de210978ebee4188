import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWebhook } from '../src/channels/whatsapp/index.ts';
import {
  conversations,
  customers,
  messages,
  projects,
  waAccounts,
  webhookDeliveries,
} from '../src/db/schema.ts';
import { receiveMessage } from '../src/inbox/inbound.ts';
import type { ConversationSummary, ThreadMessage } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import {
  createAccount,
  dataOf,
  deliver,
  freshWamid,
  inbound,
  inboxProject,
  startFakeGraph,
  statusUpdate,
  uniquePhoneNumberId,
} from './support/inbox.ts';
import type { FakeGraph, InboxProject } from './support/inbox.ts';
import { startTestServer, TEST_VERIFY_TOKEN } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startTestServer({ whatsapp: { graphBaseUrl: graph.url } });
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

const db = () => server.app.sapa.services.db;

async function conversationsOf(setup: InboxProject): Promise<ConversationSummary[]> {
  const answer = await server.act('conversation_list', { token: setup.owner.token, key: setup.project.key });
  return dataOf<ConversationSummary[]>(answer);
}

async function thread(setup: InboxProject, conversationId: string): Promise<ThreadMessage[]> {
  return dataOf<ThreadMessage[]>(
    await server.act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId }),
  );
}

async function deliverAndProcess(payload: Record<string, unknown>): Promise<void> {
  const response = await deliver(server, payload);
  expect(response.status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
}

describe('GET /webhooks/whatsapp', () => {
  it("echoes the challenge for Meta's verification and refuses anything else with 403", async () => {
    const query = (token: string, mode = 'subscribe') =>
      `${server.url}/webhooks/whatsapp?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(query(TEST_VERIFY_TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(query('wrong'))).status).toBe(403);
    expect((await fetch(query(TEST_VERIFY_TOKEN, 'unsubscribe'))).status).toBe(403);
    expect((await fetch(`${server.url}/webhooks/whatsapp`)).status).toBe(403);
  });
});

describe('POST /webhooks/whatsapp', () => {
  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const setup = await inboxProject(server);
    const payload = inbound('inbound-text.json', {
      phoneNumberId: setup.account.phoneNumberId,
      from: uniquePhone(),
    });
    const [before] = await db().select({ value: count() }).from(webhookDeliveries);
    const bad = await deliver(server, payload, `sha256=${'0'.repeat(64)}`);
    expect(bad.status).toBe(401);
    const missing = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(missing.status).toBe(401);
    await server.app.sapa.processPendingDeliveries();
    const [after] = await db().select({ value: count() }).from(webhookDeliveries);
    expect(after?.value).toBe(before?.value);
    expect(await conversationsOf(setup)).toEqual([]);
  });

  it('stores a message once however often it is delivered, also concurrently', async () => {
    const setup = await inboxProject(server);
    const payload = inbound('inbound-text.json', {
      phoneNumberId: setup.account.phoneNumberId,
      from: uniquePhone(),
      text: 'Halo, masih ada?',
    });
    for (let index = 0; index < 3; index += 1) expect((await deliver(server, payload)).status).toBe(200);
    const concurrent = await Promise.all([1, 2, 3].map(() => deliver(server, payload)));
    expect(concurrent.map((response) => response.status)).toEqual([200, 200, 200]);
    await server.app.sapa.processPendingDeliveries();
    const [listed] = await conversationsOf(setup);
    expect(listed?.unread).toBe(1);
    const messagesStored = await thread(setup, listed?.id ?? '');
    expect(messagesStored.map((message) => [message.seq, message.caption])).toEqual([
      [1, 'Halo, masih ada?'],
    ]);
  });

  it('stores one message when workers of several processes take the same event at once', async () => {
    const setup = await inboxProject(server);
    const [routed] = await db()
      .select({ account: waAccounts, projectKey: projects.key, optOutWords: projects.optOutWords })
      .from(waAccounts)
      .innerJoin(projects, eq(projects.id, waAccounts.projectId))
      .where(eq(waAccounts.id, setup.account.id));
    if (routed === undefined) throw new Error('no account');
    const from = uniquePhone();
    const events = (texts: string[]) =>
      texts.map((text) => {
        const [event] = parseWebhook(
          inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from, text }),
        );
        if (event?.kind !== 'message') throw new Error('not a message');
        return event;
      });
    const [first] = events(['sama']);
    if (first === undefined) throw new Error('no event');
    const view = { links: server.app.sapa.services.media.links, now: server.clock.now() };
    const receive = (event: typeof first) =>
      db().transaction((tx) => receiveMessage(tx, routed, event, view));
    // First contact, the same wamid three times and two other messages, all at once.
    const results = await Promise.all([
      ...[1, 2, 3].map(() => receive(first)),
      ...events(['lain 1', 'lain 2']).map(receive),
    ]);
    expect(results.filter((received) => received.announcements.length > 0)).toHaveLength(3);
    const [listed, ...others] = await conversationsOf(setup);
    expect(others).toEqual([]);
    const stored = await thread(setup, listed?.id ?? '');
    expect(stored.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(stored.filter((message) => message.caption === 'sama')).toHaveLength(1);
  });

  it('creates the customer and conversation once and numbers messages without gaps', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    const base = { phoneNumberId: setup.account.phoneNumberId, from, name: 'Siti Aminah' };
    await deliverAndProcess(inbound('inbound-text.json', { ...base, text: 'satu' }));
    await Promise.all(
      ['dua', 'tiga', 'empat'].map((text) =>
        deliver(server, inbound('inbound-text.json', { ...base, text })),
      ),
    );
    await deliverAndProcess(inbound('inbound-image.json', base));
    const [listed, ...others] = await conversationsOf(setup);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      accountId: setup.account.id,
      customer: { name: 'Siti Aminah', phone: from },
      lastSeq: 5,
      unread: 5,
      lastMessage: { type: 'jpeg', direction: 'in' },
    });
    expect(listed?.windowClosesAt).not.toBeNull();
    const stored = await thread(setup, listed?.id ?? '');
    expect(stored.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(stored[0]?.caption).toBe('satu');
    expect(stored[4]).toMatchObject({ type: 'jpeg', direction: 'in' });
    const customerRows = await db().select().from(customers).where(eq(customers.phone, from));
    expect(customerRows).toHaveLength(1);
  });

  it('maps contacts, audio, video and documents to the message types of the spec, and keeps replies', async () => {
    const setup = await inboxProject(server);
    const base = { phoneNumberId: setup.account.phoneNumberId, from: uniquePhone() };
    const firstWamid = freshWamid();
    await deliverAndProcess(inbound('inbound-text.json', { ...base, wamid: firstWamid, text: 'Pertama' }));
    for (const fixture of [
      'inbound-contacts.json',
      'inbound-audio-voice.json',
      'inbound-video.json',
      'inbound-document.json',
    ]) {
      await deliverAndProcess(inbound(fixture, base));
    }
    await deliverAndProcess(inbound('inbound-reply.json', { ...base, quotedWamid: firstWamid }));
    const [listed] = await conversationsOf(setup);
    const stored = await thread(setup, listed?.id ?? '');
    expect(stored.map((message) => message.type)).toEqual(['text', 'vcard', 'ogg', 'mp4', 'pdf', 'text']);
    expect(stored[1]?.name).toBeTruthy();
    expect(stored[4]?.filename).toMatch(/\.pdf$/);
    expect(stored[5]?.replyTo).toMatchObject({ id: stored[0]?.id, caption: 'Pertama' });
  });

  it('routes each event by phone_number_id to its account and skips unknown numbers', async () => {
    const first = await inboxProject(server);
    const second = await inboxProject(server);
    const extra = await createAccount(server, second.owner.token, second.project.key);
    const from = uniquePhone();
    await deliverAndProcess(inbound('inbound-text.json', { phoneNumberId: extra.phoneNumberId, from }));
    await deliverAndProcess(inbound('inbound-text.json', { phoneNumberId: uniquePhoneNumberId(), from }));
    expect(await conversationsOf(first)).toEqual([]);
    const listed = await conversationsOf(second);
    expect(listed.map((conversation) => conversation.accountId)).toEqual([extra.id]);
    const [unprocessed] = await db()
      .select({ value: count() })
      .from(webhookDeliveries)
      .where(isNull(webhookDeliveries.processedAt));
    expect(unprocessed?.value).toBe(0);
  });

  it("keeps the click-to-WhatsApp referral of the conversation's first message", async () => {
    const setup = await inboxProject(server);
    const base = { phoneNumberId: setup.account.phoneNumberId, from: uniquePhone() };
    await deliverAndProcess(inbound('inbound-referral-ctwa.json', base));
    await deliverAndProcess(inbound('inbound-text.json', base));
    const [listed] = await conversationsOf(setup);
    const [row] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, listed?.id ?? ''));
    expect(row?.referral).toMatchObject({ sourceType: 'ad', ctwaClid: expect.any(String) });
  });
});

describe('status webhooks', () => {
  it('move a sent message forward only, and failed carries the error', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    await deliverAndProcess(
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from }),
    );
    const [listed] = await conversationsOf(setup);
    const conversationId = listed?.id ?? '';
    // Outbound messages as the send job leaves them: sent, with their wamid.
    const wamids = [freshWamid(), freshWamid()];
    for (const [index, wamid] of wamids.entries()) {
      const answer = await server.act('message_send', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: `balasan ${index}`,
      });
      const sent = dataOf<ThreadMessage>(answer);
      await db().update(messages).set({ wamid, status: 'sent' }).where(eq(messages.id, sent.id));
    }
    const status = (kind: 'sent' | 'delivered' | 'read' | 'failed', wamid: string) =>
      statusUpdate(kind, { phoneNumberId: setup.account.phoneNumberId, wamid, to: from });
    const statusOf = async (wamid: string) =>
      (await db().select().from(messages).where(eq(messages.wamid, wamid)))[0];

    await deliverAndProcess(status('read', wamids[0] ?? ''));
    await deliverAndProcess(status('delivered', wamids[0] ?? ''));
    await deliverAndProcess(status('sent', wamids[0] ?? ''));
    expect((await statusOf(wamids[0] ?? ''))?.status).toBe('read');

    await deliverAndProcess(status('delivered', wamids[1] ?? ''));
    expect((await statusOf(wamids[1] ?? ''))?.status).toBe('delivered');
    await deliverAndProcess(status('failed', wamids[1] ?? ''));
    await deliverAndProcess(status('read', wamids[1] ?? ''));
    const failed = await statusOf(wamids[1] ?? '');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toEqual({ code: 131047, title: 'Re-engagement message' });
    const [after] = await conversationsOf(setup);
    expect(after?.lastMessage).toMatchObject({ status: 'failed', caption: 'balasan 1' });
  });

  it('applies the statuses of one delivery together as if one by one, and retries the one naming no message', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    await deliverAndProcess(
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from }),
    );
    const [listed] = await conversationsOf(setup);
    const conversationId = listed?.id ?? '';
    const wamids = [freshWamid(), freshWamid(), freshWamid(), freshWamid()];
    const sentIds: string[] = [];
    for (const index of wamids.keys()) {
      const sent = dataOf<ThreadMessage>(
        await server.act('message_send', {
          token: setup.owner.token,
          key: setup.project.key,
          conversationId,
          clientId: crypto.randomUUID(),
          type: 'text',
          caption: `jawaban ${index}`,
        }),
      );
      sentIds.push(sent.id);
    }
    // Their sends done, the first two are stored under these wamids; the third's is not stored
    // yet (its answer has not come back); the fourth's answer was lost (its statuses name it by
    // callback data).
    await server.app.sapa.runJobsOnce();
    for (const [index, id] of sentIds.entries()) {
      if (index < 2)
        await db().update(messages).set({ wamid: wamids[index], status: 'sent' }).where(eq(messages.id, id));
      if (index === 3)
        await db().update(messages).set({ wamid: null, status: 'pending' }).where(eq(messages.id, id));
    }
    const status = (kind: 'sent' | 'delivered' | 'read' | 'failed', wamid: string, callbackData?: string) =>
      statusUpdate(kind, {
        phoneNumberId: setup.account.phoneNumberId,
        wamid,
        to: from,
        ...(callbackData === undefined ? {} : { callbackData }),
      });
    // One delivery: the first message delivered then read; the second failed, then a late read
    // (nothing follows failed); a status of a message not stored yet; the lost answer's sent and
    // read, naming it.
    const batch = status('delivered', wamids[0] ?? '');
    const value = (batch.entry as { changes: { value: { statuses: unknown[] } }[] }[])[0]?.changes[0]?.value;
    for (const [kind, wamid, named] of [
      ['read', wamids[0], undefined],
      ['failed', wamids[1], undefined],
      ['read', wamids[1], undefined],
      ['delivered', wamids[2], undefined],
      ['sent', wamids[3], sentIds[3]],
      ['read', wamids[3], sentIds[3]],
    ] as const) {
      const more = status(kind, wamid ?? '', named);
      value?.statuses.push(
        ...(more.entry as { changes: { value: { statuses: unknown[] } }[] }[])[0]!.changes[0]!.value.statuses,
      );
    }
    await deliverAndProcess(batch);
    const rows = await db()
      .select()
      .from(messages)
      .where(sql`${messages.wamid} in (${wamids[0]}, ${wamids[1]})`);
    const byWamid = new Map(rows.map((row) => [row.wamid, row]));
    expect(byWamid.get(wamids[0] ?? '')?.status).toBe('read');
    expect(byWamid.get(wamids[1] ?? '')).toMatchObject({
      status: 'failed',
      error: { code: 131047, title: 'Re-engagement message' },
    });
    // The lost answer's message adopted its wamid, at its later status.
    const [adopted] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, sentIds[3] ?? ''));
    expect(adopted).toMatchObject({ wamid: wamids[3], status: 'read' });
    const [after] = await conversationsOf(setup);
    expect(after?.lastMessage).toMatchObject({ status: 'read', caption: 'jawaban 3' });
    // The status naming no message keeps its delivery for another try, which finds it stored.
    const pending = () =>
      db()
        .select({ lastError: webhookDeliveries.lastError })
        .from(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.processedAt} is null and ${webhookDeliveries.body}::text like ${`%${wamids[2]}%`}`,
        );
    expect(await pending()).toEqual([{ lastError: '1 status(es) for an unknown wamid' }]);
    await db()
      .update(messages)
      .set({ wamid: wamids[2], status: 'sent' })
      .where(eq(messages.id, sentIds[2] ?? ''));
    server.clock.advance(60_000);
    await server.app.sapa.processPendingDeliveries();
    expect(await pending()).toEqual([]);
    const [third] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, sentIds[2] ?? ''));
    expect(third?.status).toBe('delivered');
    // Its try applied the whole delivery again: the others moved no further.
    const [second] = await db()
      .select()
      .from(messages)
      .where(eq(messages.wamid, wamids[1] ?? ''));
    expect(second?.status).toBe('failed');
    expect((await conversationsOf(setup))[0]?.lastMessage).toMatchObject({
      status: 'read',
      caption: 'jawaban 3',
    });
  });

  it('retries a delivery whose status names a wamid not stored yet', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    await deliverAndProcess(
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from }),
    );
    const [listed] = await conversationsOf(setup);
    const sent = dataOf<ThreadMessage>(
      await server.act('message_send', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: listed?.id,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: 'Siap',
      }),
    );
    const wamid = freshWamid();
    await deliverAndProcess(
      statusUpdate('delivered', { phoneNumberId: setup.account.phoneNumberId, wamid, to: from }),
    );
    const [waiting] = await db()
      .select({ value: count() })
      .from(webhookDeliveries)
      .where(isNull(webhookDeliveries.processedAt));
    expect(waiting?.value).toBe(1);
    await db().update(messages).set({ wamid, status: 'sent' }).where(eq(messages.id, sent.id));
    server.clock.advance(60_000);
    await server.app.sapa.processPendingDeliveries();
    const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
    expect(row?.status).toBe('delivered');
  });

  it('has stored the messages of a delivery, and recorded it processed, by the time it answers 200', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    const texts = ['pagi kak', 'ada stok?', 'yang merah'];
    const answers = await Promise.all(
      texts.map((text) =>
        deliver(
          server,
          inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from, text }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // No worker pass in between: the answer came after the store.
    const [listed] = await conversationsOf(setup);
    const stored = await thread(setup, listed?.id ?? '');
    expect(stored.map((message) => message.caption).sort()).toEqual([...texts].sort());
    const rows = await db()
      .select({ receivedAt: webhookDeliveries.receivedAt, processedAt: webhookDeliveries.processedAt })
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.body}->'entry'->0->'changes'->0->'value'->'metadata'->>'phone_number_id' = ${setup.account.phoneNumberId}`,
      );
    expect(rows).toHaveLength(3);
    // Stored and processed in the same statement, not kept for a retry.
    for (const row of rows) expect(row.processedAt).toEqual(row.receivedAt);
  });

  it('keeps the deliveries of a batch that cannot be stored, answers 200, and stores them once it can', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    const texts = ['satu', 'dua', 'tiga'];
    // The database refuses the inbox's function for a moment (a failed migration, a bad deploy).
    await db().execute(sql`alter function sapa_receive_messages(jsonb) rename to sapa_receive_messages_away`);
    try {
      const answers = await Promise.all(
        texts.map(
          async (text) =>
            (
              await deliver(
                server,
                inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from, text }),
              )
            ).status,
        ),
      );
      expect(answers).toEqual([200, 200, 200]);
      // The worker tries them again at once, one by one, and fails while the function is away.
      await server.app.sapa.processPendingDeliveries();
      const kept = await db()
        .select({ lastError: webhookDeliveries.lastError })
        .from(webhookDeliveries)
        .where(isNull(webhookDeliveries.processedAt));
      expect(kept.length).toBeGreaterThanOrEqual(3);
      expect(kept.map((row) => row.lastError)).toContain(
        'function sapa_receive_messages(jsonb) does not exist',
      );
      expect(await conversationsOf(setup)).toEqual([]);
    } finally {
      await db().execute(
        sql`alter function sapa_receive_messages_away(jsonb) rename to sapa_receive_messages`,
      );
    }

    // Once the retry is due, the worker stores them, one per transaction.
    server.clock.advance(60_000);
    await server.app.sapa.processPendingDeliveries();
    const [listed] = await conversationsOf(setup);
    const stored = await thread(setup, listed?.id ?? '');
    expect(stored.map((message) => message.caption).sort()).toEqual([...texts].sort());
    expect(stored.map((message) => message.seq)).toEqual([1, 2, 3]);
    const [left] = await db()
      .select({ value: count() })
      .from(webhookDeliveries)
      .where(isNull(webhookDeliveries.processedAt));
    expect(left?.value).toBe(0);
  });

  it('accepts a batch larger than the act body limit, as Meta sends up to 3 MB, and stores every message', async () => {
    const setup = await inboxProject(server);
    const from = uniquePhone();
    const batch = inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from });
    const value = (batch.entry as { changes: { value: { messages: Record<string, unknown>[] } }[] }[])[0]!
      .changes[0]!.value;
    const template = value.messages[0]!;
    // 400 messages of 3,000 characters: over the 1 MiB act limit, as a busy number's batch is.
    value.messages = Array.from({ length: 400 }, (_, index) => ({
      ...template,
      id: freshWamid(),
      text: { body: `Pesan ${index} ${'x'.repeat(3_000)}` },
    }));
    const body = JSON.stringify(batch);
    expect(Buffer.byteLength(body)).toBeGreaterThan(server.config.bodyLimit);
    const [before] = await db().select({ value: count() }).from(webhookDeliveries);
    const response = await deliver(server, body);
    expect(response.status).toBe(200);
    // Stored before the 200, whether or not the worker has got to it yet.
    const [after] = await db().select({ value: count() }).from(webhookDeliveries);
    expect(after!.value - before!.value).toBe(1);
    await server.app.sapa.processPendingDeliveries();
    const [conversation] = await conversationsOf(setup);
    const [stored] = await db()
      .select({ value: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversation!.id));
    expect(stored?.value).toBe(400);
  });

  it('refuses a delivery over the webhook body limit with 413', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      pad: 'x'.repeat(server.config.whatsapp.webhookBodyLimit),
    });
    expect((await deliver(server, body)).status).toBe(413);
  });

  it('drops a NUL character a customer sent instead of losing the message', async () => {
    const setup = await inboxProject(server);
    await deliverAndProcess(
      inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: uniquePhone(),
        text: 'ha\u0000lo',
      }),
    );
    const [listed] = await conversationsOf(setup);
    expect(listed?.lastMessage?.caption).toBe('halo');
  });

  it('publishes message.new, message.updated and conversation.updated after storing', async () => {
    const setup = await inboxProject(server);
    const seen: string[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((published) => {
      if ('conversation' in published.audience && published.audience.conversation === setup.project.key) {
        seen.push(published.event);
      }
    });
    const from = uniquePhone();
    await deliverAndProcess(
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from }),
    );
    stop();
    expect(seen).toEqual(['message.new', 'conversation.updated']);
  });
});

describe('background work', () => {
  it('processes a delivery and sends a reply by itself, without anyone driving the worker', async () => {
    const live = await startTestServer({ whatsapp: { graphBaseUrl: graph.url } }, { backgroundWork: true });
    try {
      const setup = await inboxProject(live);
      const payload = inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: uniquePhone(),
        text: 'Ada ongkir ke Bandung?',
      });
      expect((await deliver(live, payload)).status).toBe(200);
      const token = setup.owner.token;
      const listConversations = async () =>
        dataOf<ConversationSummary[]>(await live.act('conversation_list', { token, key: setup.project.key }));
      const deadline = Date.now() + 15_000;
      let listed = await listConversations();
      while (listed.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        listed = await listConversations();
      }
      expect(listed[0]?.lastMessage?.caption).toBe('Ada ongkir ke Bandung?');

      const conversationId = listed[0]?.id ?? '';
      const sent = await live.act('message_send', {
        token,
        key: setup.project.key,
        conversationId,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: 'Ada, kak',
      });
      const messageId = dataOf<ThreadMessage>(sent).id;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const thread = dataOf<ThreadMessage[]>(
          await live.act('message_list', { token, key: setup.project.key, conversationId }),
        );
        status = thread.find((message) => message.id === messageId)?.status ?? 'pending';
      }
      expect(status).toBe('sent');
    } finally {
      await live.close();
    }
  });
});
