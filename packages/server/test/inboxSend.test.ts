import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages } from '../src/db/schema.ts';
import type { ConversationSummary, ThreadMessage, WhatsAppAccount } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import { dataOf, deliver, inbound, inboxProject, reasonOf, startFakeGraph } from './support/inbox.ts';
import type { FakeGraph, InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
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

interface Chat extends InboxProject {
  conversationId: string;
  customerPhone: string;
}

async function chat(): Promise<Chat> {
  const setup = await inboxProject(server);
  const customerPhone = uniquePhone();
  await deliver(
    server,
    inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: customerPhone }),
  );
  await server.app.sapa.processPendingDeliveries();
  const [listed] = dataOf<ConversationSummary[]>(
    await server.act('conversation_list', { token: setup.owner.token, key: setup.project.key }),
  );
  if (listed === undefined) throw new Error('no conversation');
  return { ...setup, conversationId: listed.id, customerPhone };
}

function send(setup: Chat, fields: Record<string, unknown>) {
  return server.act('message_send', {
    token: setup.owner.token,
    key: setup.project.key,
    conversationId: setup.conversationId,
    clientId: crypto.randomUUID(),
    type: 'text',
    caption: 'Masih ada, kak',
    ...fields,
  });
}

const callsTo = (setup: Chat) =>
  graph.calls.filter((call) => call.path.endsWith(`/${setup.account.phoneNumberId}/messages`));

describe('message_send', () => {
  it('stores a pending message with the next seq; the same clientId answers the same message and sends once', async () => {
    const setup = await chat();
    const clientId = crypto.randomUUID();
    const first = dataOf<ThreadMessage>(await send(setup, { clientId }));
    expect(first).toMatchObject({
      seq: 2,
      direction: 'out',
      clientId,
      type: 'text',
      caption: 'Masih ada, kak',
      status: 'pending',
      senderId: setup.owner.userId,
    });
    const again = dataOf<ThreadMessage>(await send(setup, { clientId }));
    // The same message; the background sender may already have moved it on to 'sent'.
    expect({ ...again, status: first.status }).toEqual(first);
    expect(['pending', 'sent']).toContain(again.status);
    const concurrent = await Promise.all([1, 2, 3].map(() => send(setup, { clientId })));
    for (const answer of concurrent) expect(dataOf<ThreadMessage>(answer).id).toBe(first.id);

    await server.app.sapa.runJobsOnce();
    await server.app.sapa.runJobsOnce();
    const calls = callsTo(setup);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe(`/v24.0/${setup.account.phoneNumberId}/messages`);
    expect(calls[0]?.authorization).toBe(`Bearer token-${setup.account.phoneNumberId}`);
    expect(calls[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: setup.customerPhone.replace('+', ''),
      type: 'text',
      text: { body: 'Masih ada, kak' },
      // The message's own id: a status webhook naming it proves a send whose answer was lost.
      biz_opaque_callback_data: first.id,
    });
    const listed = dataOf<ThreadMessage[]>(
      await server.act('message_list', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: setup.conversationId,
      }),
    );
    expect(listed.map((message) => [message.seq, message.status])).toEqual([
      [1, 'delivered'],
      [2, 'sent'],
    ]);
    const [row] = await server.app.sapa.services.db.select().from(messages).where(eq(messages.id, first.id));
    expect(row?.wamid).toMatch(/^wamid\.out\./);
  });

  it('sends media by link with its caption and a reply quoting the wamid', async () => {
    const setup = await chat();
    const [inboundMessage] = dataOf<ThreadMessage[]>(
      await server.act('message_list', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: setup.conversationId,
      }),
    );
    const image = dataOf<ThreadMessage>(
      await send(setup, {
        type: 'jpeg',
        url: 'https://cdn.example.com/katalog.jpg',
        caption: 'Katalog',
        replyTo: inboundMessage?.id,
      }),
    );
    expect(image.replyTo).toMatchObject({ id: inboundMessage?.id, type: 'text' });
    await server.app.sapa.runJobsOnce();
    const [call] = callsTo(setup);
    expect(call?.body).toMatchObject({
      type: 'image',
      image: { link: 'https://cdn.example.com/katalog.jpg', caption: 'Katalog' },
      context: { message_id: expect.stringMatching(/^wamid\./) },
    });
    expect(reasonOf(await send(setup, { type: 'pdf', url: 'https://cdn.example.com/a.pdf' }))).toBe(
      'invalid_input',
    );
    expect(reasonOf(await send(setup, { type: 'text', caption: '  ' }))).toBe('invalid_input');
  });

  it('marks the message failed with the code and title of a Graph error', async () => {
    const setup = await chat();
    graph.mode = 'error';
    try {
      const sent = dataOf<ThreadMessage>(await send(setup, {}));
      await server.app.sapa.runJobsOnce();
      const [row] = await server.app.sapa.services.db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row?.status).toBe('failed');
      expect(row?.error).toEqual({ code: 131026, title: '(#131026) Message undeliverable' });
    } finally {
      graph.mode = 'ok';
    }
  });

  it('marks the account disconnected when Meta refuses its token, and a new token reconnects it', async () => {
    const setup = await chat();
    const statuses: string[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((published) => {
      if (published.event === 'account.status')
        statuses.push((published.payload as { status: string }).status);
    });
    graph.mode = 'token';
    try {
      const sent = dataOf<ThreadMessage>(await send(setup, {}));
      await server.app.sapa.runJobsOnce();
      const [row] = await server.app.sapa.services.db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row?.status).toBe('failed');
      expect(row?.error?.code).toBe(190);
      const accounts = dataOf<WhatsAppAccount[]>(
        await server.act('account_list', { token: setup.owner.token, key: setup.project.key }),
      );
      expect(accounts[0]?.status).toBe('disconnected');
      expect(statuses).toEqual(['disconnected']);
      // Its members are told (docs/profile-and-notifications.md).
      const told = await server.act('notification_list', { token: setup.owner.token });
      expect(told.body.data).toMatchObject([
        { kind: 'account_disconnected', subject: setup.account.name, key: setup.project.key },
      ]);

      graph.mode = 'ok';
      const renewed = dataOf<WhatsAppAccount>(
        await server.act('account_update', {
          token: setup.owner.token,
          key: setup.project.key,
          id: setup.account.id,
          // A token Meta accepts for the number (checked before it is stored).
          accessToken: `token-${setup.account.phoneNumberId}-fresh`,
        }),
      );
      expect(renewed.status).toBe('connected');
      expect(statuses).toEqual(['disconnected', 'connected']);
      await send(setup, {});
      await server.app.sapa.runJobsOnce();
      expect(callsTo(setup).at(-1)?.authorization).toBe(`Bearer token-${setup.account.phoneNumberId}-fresh`);
    } finally {
      stop();
      graph.mode = 'ok';
    }
  });

  it('retries network failures with backoff and gives up after the last attempt', async () => {
    const setup = await chat();
    graph.mode = 'network';
    try {
      const sent = dataOf<ThreadMessage>(await send(setup, {}));
      const { db } = server.app.sapa.services;
      const jobOf = async () =>
        (
          await db
            .select()
            .from(jobs)
            .where(sql`${jobs.payload}->>'messageId' = ${sent.id}`)
        )[0];
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await server.app.sapa.runJobsOnce();
        expect((await jobOf())?.attempts).toBe(attempt);
        server.clock.advance(10 * 60_000);
        if (attempt === 5) break;
        // The connection broke after the request went out: the next run first waits for a status
        // webhook naming the message (no attempt counted), and sends again once none came.
        await server.app.sapa.runJobsOnce();
        expect((await jobOf())?.attempts).toBe(attempt);
        server.clock.advance(server.config.whatsapp.sendGraceMs);
      }
      const [row] = await db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row?.status).toBe('failed');
      expect(row?.error?.code).toBe(0);
    } finally {
      graph.mode = 'ok';
    }
  });
});
