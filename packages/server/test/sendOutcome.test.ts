/**
 * Sends whose outcome is unknown (issue 14): the request reached the Graph API but its answer was
 * never stored. A status webhook naming the message (its id rides in `biz_opaque_callback_data`)
 * settles it; without one, the job sends again only after the grace period.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, webhookDeliveries } from '../src/db/schema.ts';
import { storeOutbound } from '../src/inbox/messages.ts';
import { DEFAULT_LEASE_MS } from '../src/jobs/JobRunner.ts';
import { claimJobs, saveJobPayload } from '../src/jobs/jobQueue.ts';
import type { ConversationSummary, ThreadMessage } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import {
  dataOf,
  deliver,
  freshWamid,
  inbound,
  inboxProject,
  startFakeGraph,
  statusUpdate,
} from './support/inbox.ts';
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

async function send(setup: Chat): Promise<ThreadMessage> {
  return dataOf<ThreadMessage>(
    await server.act('message_send', {
      token: setup.owner.token,
      key: setup.project.key,
      conversationId: setup.conversationId,
      clientId: crypto.randomUUID(),
      type: 'text',
      caption: 'Sudah kami kirim, kak',
    }),
  );
}

const db = () => server.app.sapa.services.db;
const grace = () => server.config.whatsapp.sendGraceMs;
/** The Graph API calls sending to the chat's customer (one chat per test). */
const callsFor = (setup: Chat) =>
  graph.calls.filter((call) => call.body.to === setup.customerPhone.replace(/^\+/, ''));
const messageRow = async (id: string) => (await db().select().from(messages).where(eq(messages.id, id)))[0];
const jobOf = async (messageId: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'messageId' = ${messageId}`)
  )[0];

/** A reply whose request reached the Graph API but whose answer was lost: its job ran once. */
async function sendAnswerLost(setup: Chat): Promise<ThreadMessage> {
  graph.mode = 'lost';
  try {
    const sent = await send(setup);
    await server.app.sapa.runJobsOnce();
    return sent;
  } finally {
    graph.mode = 'ok';
  }
}

/** Meta's status webhook about the send of a message, naming it in `biz_opaque_callback_data`. */
async function statusNaming(
  setup: Chat,
  messageId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  wamid: string,
) {
  const answer = await deliver(
    server,
    statusUpdate(status, {
      phoneNumberId: setup.account.phoneNumberId,
      wamid,
      to: setup.customerPhone,
      callbackData: messageId,
    }),
  );
  expect(answer.status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
}

describe('a send whose answer was lost', () => {
  it('is settled by a status webhook naming it: its wamid is adopted and it is not sent again', async () => {
    const setup = await chat();
    const sent = await sendAnswerLost(setup);
    expect(callsFor(setup)).toHaveLength(1);
    expect(callsFor(setup)[0]?.body.biz_opaque_callback_data).toBe(sent.id);
    expect(await messageRow(sent.id)).toMatchObject({ status: 'pending', wamid: null });

    const updates: unknown[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((published) => {
      if (published.event === 'message.updated') updates.push(published.payload);
    });
    const wamid = freshWamid();
    try {
      await statusNaming(setup, sent.id, 'delivered', wamid);
    } finally {
      stop();
    }
    expect(await messageRow(sent.id)).toMatchObject({ status: 'delivered', wamid, error: null });
    expect(updates).toMatchObject([{ messageId: sent.id, status: 'delivered', error: null }]);
    // Later statuses find it by its wamid, and move it forward as usual.
    await statusNaming(setup, sent.id, 'read', wamid);
    expect((await messageRow(sent.id))?.status).toBe('read');

    // Well past any grace period: the job ends without sending again.
    server.clock.advance(10 * grace());
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(1);
    expect(await jobOf(sent.id)).toMatchObject({ failed: false, doneAt: expect.any(Date) as unknown });
  });

  it('is sent again only once the grace period has passed without a status naming it', async () => {
    const setup = await chat();
    const sent = await sendAnswerLost(setup);
    expect(callsFor(setup)).toHaveLength(1);
    expect((await jobOf(sent.id))?.payload).toMatchObject({
      messageId: sent.id,
      attemptAt: expect.any(String),
    });

    // The retry is due after its backoff, but the first request may have gone out: it waits.
    server.clock.advance(10_000);
    const lookedAt = server.clock.now();
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(1);
    const waiting = await jobOf(sent.id);
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.doneAt).toBeNull();
    expect(waiting?.runAt.getTime()).toBeGreaterThanOrEqual(lookedAt.getTime() + grace());

    server.clock.advance(grace() - 1_000);
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(1);

    server.clock.advance(1_000 + 10);
    await server.app.sapa.runJobsOnce();
    const calls = callsFor(setup);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(await messageRow(sent.id)).toMatchObject({
      status: 'sent',
      wamid: expect.stringMatching(/^wamid\.out\./),
    });
    expect(await jobOf(sent.id)).toMatchObject({ attempts: 2, doneAt: expect.any(Date) as unknown });
  });

  it('counts its grace only once the webhooks that came in are read', async () => {
    const setup = await chat();
    const sent = await sendAnswerLost(setup);
    // A delivery that came in and is not read yet (this process, or another, is behind).
    const unread = crypto.randomUUID();
    const arrivedAt = server.clock.now();
    await db()
      .insert(webhookDeliveries)
      .values({ id: unread, body: {}, receivedAt: arrivedAt, nextAttemptAt: arrivedAt, attempts: 0 });
    try {
      // Past the backoff and a whole grace: still behind, so it waits a grace more.
      server.clock.advance(10_000);
      await server.app.sapa.runJobsOnce();
      server.clock.advance(grace());
      const lastBehindAt = server.clock.now();
      await server.app.sapa.runJobsOnce();
      expect(callsFor(setup)).toHaveLength(1);
      expect((await jobOf(sent.id))?.runAt.getTime()).toBeGreaterThanOrEqual(
        lastBehindAt.getTime() + grace(),
      );
    } finally {
      await db()
        .update(webhookDeliveries)
        .set({ processedAt: server.clock.now() })
        .where(eq(webhookDeliveries.id, unread));
    }
    // Read: a grace after the last look that found it behind, it goes again.
    server.clock.advance(grace() - 1_000);
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(1);
    server.clock.advance(1_000 + 10);
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(2);
    expect(await messageRow(sent.id)).toMatchObject({ status: 'sent' });
  });

  it('of a process that died mid-request comes back after a short lease, then waits for a status', async () => {
    const setup = await chat();
    // What a process leaves behind when it dies during the request: the job claimed under its
    // lease, the request recorded, no answer stored. (Stored directly: no act, so nothing runs it here.)
    const { message } = await storeOutbound(
      db(),
      setup.conversationId,
      {
        type: 'text',
        caption: 'Pesanan dikirim hari ini',
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
    const claimed = await claimJobs(db(), server.clock.now(), DEFAULT_LEASE_MS, 100);
    const job = claimed.find((row) => (row.payload as { messageId?: string }).messageId === message.id);
    if (job === undefined) throw new Error('the job was not claimed');
    expect(
      await saveJobPayload(db(), job, { messageId: message.id, attemptAt: server.clock.now().toISOString() }),
    ).toBe(true);

    // While its lease holds, no one else touches it.
    await server.app.sapa.runJobsOnce();
    expect((await jobOf(message.id))?.claimId).toBe(job.claimId);

    // The lease (seconds, not minutes) runs out: it is taken over, and waits for a status.
    server.clock.advance(DEFAULT_LEASE_MS + 1);
    await server.app.sapa.runJobsOnce();
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(20_000);
    expect((await jobOf(message.id))?.payload).toMatchObject({ awaitingSince: expect.any(String) });
    expect(callsFor(setup)).toHaveLength(0);

    // The status arrives: the first request went out after all.
    const wamid = freshWamid();
    await statusNaming(setup, message.id, 'sent', wamid);
    expect(await messageRow(message.id)).toMatchObject({ status: 'sent', wamid });

    server.clock.advance(grace());
    await server.app.sapa.runJobsOnce();
    expect(callsFor(setup)).toHaveLength(0);
    expect((await jobOf(message.id))?.doneAt).toBeInstanceOf(Date);
  });

  it('is corrected by a status naming it after the job gave up on it', async () => {
    const setup = await chat();
    graph.mode = 'network';
    let sent: ThreadMessage;
    try {
      sent = await send(setup);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await server.app.sapa.runJobsOnce();
        server.clock.advance(10 * 60_000);
        await server.app.sapa.runJobsOnce();
        server.clock.advance(grace());
      }
    } finally {
      graph.mode = 'ok';
    }
    expect((await messageRow(sent.id))?.status).toBe('failed');
    const wamid = freshWamid();
    await statusNaming(setup, sent.id, 'read', wamid);
    expect(await messageRow(sent.id)).toMatchObject({ status: 'read', wamid, error: null });
  });

  it('ignores callback data that names no message of the account', async () => {
    const setup = await chat();
    const other = await chat();
    const sent = await sendAnswerLost(other);
    // Another account's message, and strings that are no message id at all.
    for (const callbackData of [sent.id, 'not-a-uuid', "x'; drop table messages; --"]) {
      const answer = await deliver(
        server,
        statusUpdate('sent', {
          phoneNumberId: setup.account.phoneNumberId,
          wamid: freshWamid(),
          to: setup.customerPhone,
          callbackData,
        }),
      );
      expect(answer.status).toBe(200);
    }
    await server.app.sapa.processPendingDeliveries();
    expect(await messageRow(sent.id)).toMatchObject({ status: 'pending', wamid: null });
  });
});
