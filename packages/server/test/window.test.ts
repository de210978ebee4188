/**
 * The 24-hour customer service window, enforced by the server (issue 15): a free-form message to
 * a customer who has not written in the last 24 hours is refused before anything is stored,
 * queued or sent to Meta; a number deleted from the project leaves its conversations readable and
 * refuses every send; Meta's pricing is kept on each message from its status webhooks; and an
 * answer to a customer who came from a click-to-WhatsApp ad opens the 72-hour free entry point.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, waAccounts } from '../src/db/schema.ts';
import { OutboundRefused, storeOutbound } from '../src/inbox/messages.ts';
import type { ConversationSummary, ThreadMessage } from '../src/sdk.ts';
import { dataOf, deliver, inboxProject, reasonOf, statusUpdate } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { customerWrote, HOUR_MS, sendsOf } from './support/outreach.ts';
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

function send(setup: InboxProject, conversationId: string, fields: Record<string, unknown> = {}) {
  return server.act('message_send', {
    token: setup.owner.token,
    key: setup.project.key,
    conversationId,
    clientId: crypto.randomUUID(),
    type: 'text',
    caption: 'Masih ada, kak',
    ...fields,
  });
}

function thread(setup: InboxProject, conversationId: string): Promise<ThreadMessage[]> {
  return server
    .act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId })
    .then((answer) => dataOf<ThreadMessage[]>(answer));
}

async function summaryOf(setup: InboxProject, conversationId: string): Promise<ConversationSummary> {
  return dataOf<ConversationSummary>(
    await server.act('conversation_find', {
      token: setup.owner.token,
      key: setup.project.key,
      receiver: conversationId,
    }),
  );
}

const sendJobs = async () => (await db().select().from(jobs).where(eq(jobs.kind, 'whatsapp.send'))).length;

async function wamidOf(messageId: string): Promise<string> {
  const [row] = await db().select({ wamid: messages.wamid }).from(messages).where(eq(messages.id, messageId));
  if (row?.wamid === null || row?.wamid === undefined) throw new Error('not sent');
  return row.wamid;
}

describe('the 24-hour window', () => {
  it('refuses a free-form message when the customer last wrote more than 24 hours ago: nothing stored, queued or sent', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup, {
      at: new Date(server.clock.now().getTime() - 24 * HOUR_MS - 60_000),
    });
    expect(conversation.windowClosesAt).toBeNull();
    const jobsBefore = await sendJobs();

    const answer = await send(setup, conversation.id);
    expect(reasonOf(answer)).toBe('window_closed');
    expect(answer.body.msg).toMatch(/24 jam/);
    // A file too: refused before the upload is kept.
    expect(
      reasonOf(await send(setup, conversation.id, { type: 'jpeg', url: 'https://cdn.example.com/a.jpg' })),
    ).toBe('window_closed');

    await server.app.sapa.runJobsOnce();
    expect(await thread(setup, conversation.id)).toHaveLength(1);
    expect(await sendJobs()).toBe(jobsBefore);
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
    expect((await summaryOf(setup, conversation.id)).lastMessage).toMatchObject({ direction: 'in' });
  });

  it('lets a free-form message through while the window is open, and again once the customer writes', async () => {
    const setup = await inboxProject(server);
    // Meta's timestamps are whole seconds.
    const closing = new Date(
      Math.floor((server.clock.now().getTime() - 24 * HOUR_MS + 60_000) / 1000) * 1000,
    );
    const conversation = await customerWrote(server, setup, { at: closing });
    expect(conversation.windowClosesAt).toBe(new Date(closing.getTime() + 24 * HOUR_MS).toISOString());

    const sent = dataOf<ThreadMessage>(await send(setup, conversation.id));
    expect(sent).toMatchObject({ status: 'pending', type: 'text', template: null, pricing: null });
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toHaveLength(1);

    // Two minutes later the window has closed; the customer's next message opens it again.
    server.clock.advance(2 * 60_000);
    expect(reasonOf(await send(setup, conversation.id))).toBe('window_closed');
    await customerWrote(server, setup, { phone: conversation.customer.phone });
    dataOf<ThreadMessage>(await send(setup, conversation.id));
  });

  it('answers a send already stored under the same client id even after the window closed', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup, {
      at: new Date(server.clock.now().getTime() - 24 * HOUR_MS + 30_000),
    });
    const clientId = crypto.randomUUID();
    const first = dataOf<ThreadMessage>(await send(setup, conversation.id, { clientId }));
    server.clock.advance(60_000);
    const again = dataOf<ThreadMessage>(await send(setup, conversation.id, { clientId }));
    expect(again.id).toBe(first.id);
    expect(reasonOf(await send(setup, conversation.id))).toBe('window_closed');
  });
});

describe('storeOutbound', () => {
  it('decides the window under the conversation lock: a free-form message is refused, a template is not', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup, {
      at: new Date(server.clock.now().getTime() - 25 * HOUR_MS),
    });
    const fields = {
      type: 'text',
      caption: 'Halo',
      url: null,
      mediaId: null,
      filename: null,
      name: null,
      phone: null,
      mediaFileId: null,
      replyTo: null,
      senderUserId: setup.owner.userId,
      createdAt: server.clock.now(),
    };
    const refused = storeOutbound(
      db(),
      conversation.id,
      { ...fields, clientId: crypto.randomUUID() },
      {},
      [],
    );
    await expect(refused).rejects.toBeInstanceOf(OutboundRefused);
    await expect(refused).rejects.toMatchObject({ reason: 'window_closed' });
    expect(await thread(setup, conversation.id)).toHaveLength(1);

    const template = {
      templateId: null,
      name: 'halo',
      language: 'id',
      category: 'UTILITY' as const,
      header: null,
      footer: null,
      buttons: [],
    };
    const { message } = await storeOutbound(
      db(),
      conversation.id,
      {
        ...fields,
        type: 'template',
        template,
        clientId: crypto.randomUUID(),
      },
      {},
      [],
    );
    expect(message).toMatchObject({ seq: 2, type: 'template', template });
  });
});

describe('a deleted number', () => {
  it('keeps its conversations readable and refuses every send with account_deleted', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup);
    dataOf(
      await server.act('account_delete', {
        token: setup.owner.token,
        key: setup.project.key,
        id: setup.account.id,
      }),
    );
    expect(await thread(setup, conversation.id)).toHaveLength(1);
    const summary = await summaryOf(setup, conversation.id);
    expect(summary.accountDeleted).toBe(true);
    const listed = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token: setup.owner.token, key: setup.project.key }),
    );
    expect(listed.map((item) => [item.id, item.accountDeleted])).toEqual([[conversation.id, true]]);

    const answer = await send(setup, conversation.id);
    expect(reasonOf(answer)).toBe('account_deleted');
    expect(answer.body.msg).toMatch(/dihapus/);
    await server.app.sapa.runJobsOnce();
    expect(await thread(setup, conversation.id)).toHaveLength(1);
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
  });
});

describe('a send queued before its number was deleted', () => {
  it('fails without going to Meta', async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup);
    // Stored directly (an act would wake the job runner at once).
    const { message: sent } = await storeOutbound(
      db(),
      conversation.id,
      {
        type: 'text',
        caption: 'Halo',
        url: null,
        mediaId: null,
        filename: null,
        name: null,
        phone: null,
        mediaFileId: null,
        clientId: crypto.randomUUID(),
        replyTo: null,
        senderUserId: setup.owner.userId,
        createdAt: server.clock.now(),
      },
      {},
      [],
    );
    // Deleted between the store and the job's run (account_delete also fails pending sends itself).
    await db()
      .update(waAccounts)
      .set({ deletedAt: server.clock.now() })
      .where(eq(waAccounts.id, setup.account.id));
    await server.app.sapa.runJobsOnce();
    const [, failed] = await thread(setup, conversation.id);
    expect(failed).toMatchObject({
      id: sent.id,
      status: 'failed',
      error: { code: 0, title: 'Account deleted' },
    });
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
  });
});

describe('pricing', () => {
  it("keeps each status's pricing on its message, announced with message.updated, never erased", async () => {
    const setup = await inboxProject(server);
    const conversation = await customerWrote(server, setup);
    const events = listeners(server);
    const heard: Heard[] = await events.listen(setup.owner.token);
    try {
      const sent = dataOf<ThreadMessage>(await send(setup, conversation.id));
      await server.app.sapa.runJobsOnce();
      const wamid = await wamidOf(sent.id);
      const to = conversation.customer.phone;
      const { phoneNumberId } = setup.account;
      const service = {
        billable: false,
        pricing_model: 'PMP',
        type: 'free_customer_service',
        category: 'service',
      };
      const statusWith = (status: 'sent' | 'delivered' | 'read', pricing: Record<string, unknown> | null) => {
        const payload = statusUpdate(status === 'read' ? 'read' : status, { phoneNumberId, wamid, to });
        const entry = payload.entry as { changes: { value: { statuses: Record<string, unknown>[] } }[] }[];
        const status0 = entry[0]?.changes[0]?.value.statuses[0];
        if (status0 === undefined) throw new Error('no status');
        if (pricing === null) delete status0.pricing;
        else status0.pricing = pricing;
        return payload;
      };

      await deliver(server, statusWith('sent', service));
      await server.app.sapa.processPendingDeliveries();
      const expected = {
        billable: false,
        pricingModel: 'PMP',
        category: 'service',
        type: 'free_customer_service',
      };
      expect((await thread(setup, conversation.id))[1]).toMatchObject({ status: 'sent', pricing: expected });

      // A later status without pricing keeps it.
      await deliver(server, statusWith('read', null));
      await server.app.sapa.processPendingDeliveries();
      expect((await thread(setup, conversation.id))[1]).toMatchObject({ status: 'read', pricing: expected });

      // A late status that moves nothing still brings newer pricing (the latest one wins).
      const utility = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' };
      await deliver(server, statusWith('delivered', utility));
      await server.app.sapa.processPendingDeliveries();
      const [, last] = await thread(setup, conversation.id);
      expect(last).toMatchObject({
        status: 'read',
        pricing: { billable: true, pricingModel: 'PMP', category: 'utility', type: 'regular' },
      });

      await events.barrier(setup.project.key, [heard]);
      const updates = heard
        .filter((entry) => entry.event === 'message.updated')
        .map(
          (entry) =>
            entry.payload as { messageId: string; status: string; pricing?: { category: string } | null },
        );
      expect(
        updates
          .filter((update) => update.messageId === sent.id)
          .map((update) => [update.status, update.pricing?.category]),
      ).toEqual([
        ['sent', undefined],
        ['sent', 'service'],
        ['read', 'service'],
        ['read', 'utility'],
      ]);
    } finally {
      events.disconnect();
    }
  });
});

describe('the free entry point', () => {
  it('opens 72 hours from an answer sent within 24 hours of a message from a click-to-WhatsApp ad, once', async () => {
    const setup = await inboxProject(server);
    const wrote = new Date(server.clock.now().getTime() - 2 * HOUR_MS);
    const fromAd = await customerWrote(server, setup, { at: wrote, fixture: 'inbound-referral-ctwa.json' });
    expect(fromAd.freeEntryUntil).toBeNull();

    const answeredAt = server.clock.now().getTime();
    dataOf<ThreadMessage>(await send(setup, fromAd.id));
    await server.app.sapa.runJobsOnce();
    // From the moment the answer went out.
    const opened = (await summaryOf(setup, fromAd.id)).freeEntryUntil;
    const openedAt = Date.parse(opened ?? '') - 72 * HOUR_MS;
    expect(openedAt).toBeGreaterThanOrEqual(answeredAt);
    expect(openedAt).toBeLessThanOrEqual(server.clock.now().getTime());

    // A later answer does not move it.
    server.clock.advance(60_000);
    dataOf<ThreadMessage>(await send(setup, fromAd.id));
    await server.app.sapa.runJobsOnce();
    expect((await summaryOf(setup, fromAd.id)).freeEntryUntil).toBe(opened);

    // An ordinary customer's conversation has none.
    const plain = await customerWrote(server, setup);
    dataOf<ThreadMessage>(await send(setup, plain.id));
    await server.app.sapa.runJobsOnce();
    expect((await summaryOf(setup, plain.id)).freeEntryUntil).toBeNull();
  });

  it('does not open when the answer goes out more than 24 hours after the message from the ad', async () => {
    const setup = await inboxProject(server);
    // The customer wrote from the ad 25 hours ago, then again without it: the window is open, but
    // the answer goes out too late for the entry point.
    const fromAd = await customerWrote(server, setup, {
      at: new Date(server.clock.now().getTime() - 25 * HOUR_MS),
      fixture: 'inbound-referral-ctwa.json',
    });
    await customerWrote(server, setup, { phone: fromAd.customer.phone });
    dataOf<ThreadMessage>(await send(setup, fromAd.id));
    await server.app.sapa.runJobsOnce();
    expect((await summaryOf(setup, fromAd.id)).freeEntryUntil).toBeNull();
  });
});
