/**
 * A number's life after it was added (issue 15): `account_refresh` reads it from Meta again
 * (the test server's simulated Graph API), and `account_delete` deletes it softly: it leaves the
 * list, its conversations stay readable, its pending sends fail at once and never reach Meta,
 * its webhooks are acknowledged and skipped, and its phone number id may be added again.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, waAccounts } from '../src/db/schema.ts';
import { isSealed, openToken, sealStoredTokens } from '../src/security/tokenBox.ts';
import type { ConversationSummary, ThreadMessage, WhatsAppAccount } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import {
  addMember,
  conversationWith,
  createAccount,
  dataOf,
  deliver,
  inbound,
  inboxProject,
  reasonOf,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { recordPublished } from './support/published.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const tokenKey = (): Buffer => {
  const key = server.app.sapa.services.config.whatsapp.tokenKey;
  if (key === null) throw new Error('no token key');
  return key;
};

const graph = () => {
  if (server.graph === null) throw new Error('the test server has no simulated Graph API');
  return server.graph;
};

function act(setup: InboxProject, name: string, fields: Record<string, unknown> = {}) {
  return server.act(name, { token: setup.owner.token, key: setup.project.key, ...fields });
}

async function accountsOf(setup: InboxProject): Promise<WhatsAppAccount[]> {
  return dataOf<WhatsAppAccount[]>(await act(setup, 'account_list'));
}

describe('account_refresh', () => {
  it("stores Meta's quality rating, tier and verified name as they are now, and announces the number", async () => {
    const setup = await inboxProject(server);
    const { account } = setup;
    expect(account).toMatchObject({
      qualityRating: 'GREEN',
      messagingLimit: 'TIER_250',
      verifiedName: 'Toko Utama',
    });
    graph().updateAccount(account.phoneNumberId, {
      qualityRating: 'RED',
      messagingLimit: 'TIER_10K',
      verifiedName: 'Toko Utama Jaya',
    });
    server.clock.advance(60_000);
    const published = recordPublished(server);
    try {
      const refreshed = dataOf<WhatsAppAccount>(await act(setup, 'account_refresh', { id: account.id }));
      expect(refreshed).toMatchObject({
        id: account.id,
        qualityRating: 'RED',
        messagingLimit: 'TIER_10K',
        verifiedName: 'Toko Utama Jaya',
        status: 'connected',
      });
      expect(Date.parse(refreshed.checkedAt ?? '')).toBeGreaterThan(Date.parse(account.checkedAt ?? ''));
      expect(published.of('account.updated')).toEqual([{ key: setup.project.key, account: refreshed }]);
      expect(published.of('account.status')).toEqual([]);
      expect(await accountsOf(setup)).toEqual([refreshed]);
    } finally {
      published.stop();
    }
  });

  it('marks the number disconnected when Meta refuses its token, and connected again once it answers', async () => {
    const setup = await inboxProject(server);
    const { account } = setup;
    const { db } = server.app.sapa.services;
    await db.update(waAccounts).set({ accessToken: 'token-revoked' }).where(eq(waAccounts.id, account.id));
    const published = recordPublished(server);
    try {
      const refused = dataOf<WhatsAppAccount>(await act(setup, 'account_refresh', { id: account.id }));
      expect(refused).toMatchObject({ status: 'disconnected', qualityRating: 'GREEN' });
      expect(published.of('account.status')).toEqual([
        { key: setup.project.key, accountId: account.id, status: 'disconnected' },
      ]);
      await db
        .update(waAccounts)
        .set({ accessToken: `token-${account.phoneNumberId}` })
        .where(eq(waAccounts.id, account.id));
      const back = dataOf<WhatsAppAccount>(await act(setup, 'account_refresh', { id: account.id }));
      expect(back.status).toBe('connected');
      expect(published.of('account.status').map((event) => event.status)).toEqual([
        'disconnected',
        'connected',
      ]);
    } finally {
      published.stop();
    }
  });

  it('answers whatsapp_unreachable and changes nothing when Meta does not answer', async () => {
    const setup = await inboxProject(server);
    graph().updateAccount(setup.account.phoneNumberId, { qualityRating: 'YELLOW' });
    graph().dropNext(1);
    expect(reasonOf(await act(setup, 'account_refresh', { id: setup.account.id }))).toBe(
      'whatsapp_unreachable',
    );
    expect(await accountsOf(setup)).toEqual([setup.account]);
  });

  it("answers not_found for another project's number", async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    expect(reasonOf(await act(setup, 'account_refresh', { id: other.account.id }))).toBe('not_found');
  });
});

describe('account_update', () => {
  it('checks a new token with Meta first: a token Meta refuses changes nothing', async () => {
    const setup = await inboxProject(server);
    const refused = await act(setup, 'account_update', {
      id: setup.account.id,
      name: 'Nama baru',
      accessToken: 'a-token-meta-never-issued',
    });
    expect(refused.body).toMatchObject({ code: '0', reason: 'invalid_input' });
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['accessToken']);
    const [row] = await server.app.sapa.services.db
      .select()
      .from(waAccounts)
      .where(eq(waAccounts.id, setup.account.id));
    expect(row?.name).toBe('Toko Utama');
    expect(openToken(tokenKey(), row?.accessToken ?? '')).toBe(`token-${setup.account.phoneNumberId}`);
  });

  it('gives a number stored without a WABA its WABA once Meta lists the number there', async () => {
    const setup = await inboxProject(server);
    const { db } = server.app.sapa.services;
    // A number added before issue 15: no WABA, so no templates.
    await db.update(waAccounts).set({ wabaId: null }).where(eq(waAccounts.id, setup.account.id));
    const wrong = await act(setup, 'account_update', { id: setup.account.id, wabaId: '109999999999999' });
    expect(Object.keys(wrong.body.errors ?? {})).toEqual(['wabaId']);
    expect((await accountsOf(setup))[0]?.wabaId).toBeNull();

    const wabaId = graph().wabaIdOf(setup.account.phoneNumberId);
    const updated = dataOf<WhatsAppAccount>(
      await act(setup, 'account_update', { id: setup.account.id, wabaId }),
    );
    expect(updated).toMatchObject({ wabaId, qualityRating: 'GREEN', verifiedName: 'Toko Utama' });
    expect(dataOf<unknown[]>(await act(setup, 'template_sync', { accountId: setup.account.id }))).toEqual(
      expect.any(Array),
    );
  });
});

describe('access tokens at rest', () => {
  it('stores every token sealed, never as typed; a token stored before sealing is sealed at start', async () => {
    const setup = await inboxProject(server);
    const { db } = server.app.sapa.services;
    const stored = async () =>
      (await db.select().from(waAccounts).where(eq(waAccounts.id, setup.account.id)))[0]?.accessToken ?? '';
    const typed = `token-${setup.account.phoneNumberId}`;
    expect(isSealed(await stored())).toBe(true);
    expect(await stored()).not.toContain(typed);
    expect(openToken(tokenKey(), await stored())).toBe(typed);

    // A number added before tokens were sealed: still used as it is, then sealed.
    await db.update(waAccounts).set({ accessToken: typed }).where(eq(waAccounts.id, setup.account.id));
    expect(
      dataOf<WhatsAppAccount>(await act(setup, 'account_refresh', { id: setup.account.id })).status,
    ).toBe('connected');
    expect(await sealStoredTokens(db, tokenKey())).toBeGreaterThanOrEqual(1);
    expect(isSealed(await stored())).toBe(true);
    expect(openToken(tokenKey(), await stored())).toBe(typed);
    expect(
      dataOf<WhatsAppAccount>(await act(setup, 'account_refresh', { id: setup.account.id })).status,
    ).toBe('connected');
    // No act answers a token.
    expect(JSON.stringify(await accountsOf(setup))).not.toContain(typed);
  });
});

describe('account_delete', () => {
  it('takes the number out of the list and announces it; its conversations stay readable', async () => {
    const setup = await inboxProject(server);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);
    const published = recordPublished(server);
    try {
      expect(dataOf(await act(setup, 'account_delete', { id: setup.account.id }))).toEqual({
        id: setup.account.id,
      });
      expect(published.of('account.deleted')).toEqual([
        { key: setup.project.key, accountId: setup.account.id },
      ]);
    } finally {
      published.stop();
    }
    expect(await accountsOf(setup)).toEqual([]);
    const thread = dataOf<ThreadMessage[]>(
      await act(setup, 'message_list', { conversationId: conversation.id }),
    );
    expect(thread.map((message) => message.direction)).toEqual(['in']);
    const listed = dataOf<ConversationSummary[]>(await act(setup, 'conversation_list'));
    expect(listed.map((summary) => summary.id)).toEqual([conversation.id]);
    // Nothing more can be done to it.
    for (const name of ['account_refresh', 'account_update', 'account_logout', 'account_delete']) {
      expect(reasonOf(await act(setup, name, { id: setup.account.id })), name).toBe('not_found');
    }
  });

  it('fails its pending sends at once: they are announced failed and never reach Meta', async () => {
    const setup = await inboxProject(server);
    const conversation = await conversationWith(server, setup, uniquePhone());
    // Its first try never reaches Meta (the connection drops): the message stays pending, due again later.
    graph().dropNext(1);
    const sent = dataOf<ThreadMessage>(
      await act(setup, 'message_send', {
        conversationId: conversation.id,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: 'Pesanan Anda sedang kami siapkan',
      }),
    );
    expect(sent.status).toBe('pending');
    await server.app.sapa.runJobsOnce();
    const published = recordPublished(server);
    try {
      dataOf(await act(setup, 'account_delete', { id: setup.account.id }));
      const updates = published.of('message.updated');
      expect(updates).toEqual([
        expect.objectContaining({
          messageId: sent.id,
          status: 'failed',
          error: { code: 0, title: 'Account deleted' },
        }),
      ]);
    } finally {
      published.stop();
    }
    const sendJobs = await server.app.sapa.services.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'messageId' = ${sent.id}`);
    expect(sendJobs.map((job) => [job.doneAt !== null, job.lastError])).toEqual([[true, 'account deleted']]);
    server.clock.advance(3_600_000);
    await server.app.sapa.runJobsOnce();
    const sends = graph()
      .sent()
      .filter(
        (request) =>
          request.method === 'POST' &&
          request.status === 200 &&
          request.path.endsWith(`/${setup.account.phoneNumberId}/messages`),
      );
    expect(sends).toEqual([]);
    const [row] = await server.app.sapa.services.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ status: 'failed', error: { code: 0, title: 'Account deleted' } });
  });

  it('acknowledges and skips the webhooks of a deleted number; its id may be added again and routes there', async () => {
    const setup = await inboxProject(server);
    const phone = uniquePhone();
    const conversation = await conversationWith(server, setup, phone);
    dataOf(await act(setup, 'account_delete', { id: setup.account.id }));

    const late = await deliver(
      server,
      inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: phone,
        text: 'Halo lagi?',
      }),
    );
    expect(late.status).toBe(200);
    await server.app.sapa.processPendingDeliveries();
    const thread = dataOf<ThreadMessage[]>(
      await act(setup, 'message_list', { conversationId: conversation.id }),
    );
    expect(thread).toHaveLength(1);

    // Another project adds the same number (Meta knows it under the same token) and gets its webhooks.
    const other = await inboxProject(server);
    const again = await createAccount(
      server,
      other.owner.token,
      other.project.key,
      setup.account.phoneNumberId,
    );
    expect(again.id).not.toBe(setup.account.id);
    const moved = await conversationWith(server, { ...other, account: again }, phone);
    expect(moved.accountId).toBe(again.id);
    expect(
      dataOf<ThreadMessage[]>(await act(setup, 'message_list', { conversationId: conversation.id })),
    ).toHaveLength(1);
  });

  it('needs project.account.hapus', async () => {
    const setup = await inboxProject(server);
    const viewer = await addMember(server, setup.project, [
      'project.menu',
      'project.account.view',
      'project.account.edit',
    ]);
    const answer = await server.act('account_delete', {
      token: viewer.token,
      key: setup.project.key,
      id: setup.account.id,
    });
    expect(reasonOf(answer)).toBe('forbidden');
    expect(await accountsOf(setup)).toHaveLength(1);
  });
});
