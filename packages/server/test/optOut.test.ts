/**
 * Opting out of broadcasts (issue 17): a customer who writes one of the project's opt-out words is
 * marked opted out as their message is stored and answered once; an agent opts a customer out or
 * back in (`customer_opt_out`); the words and the answer are project settings; a number's
 * broadcast rate; a thread names the broadcast a message belongs to.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcasts, customers, messages, projects } from '../src/db/schema.ts';
import { DEFAULT_OPT_OUT_WORDS } from '@sapa/sdk';
import { defaultPriceTable, translate } from '../src/sdk.ts';
import type {
  ConversationSummary,
  Customer,
  CustomerOptOut,
  ProjectSettings,
  ThreadMessage,
  WhatsAppAccount,
} from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import { fundProject } from './support/billing.ts';
import { addMember, dataOf, deliver, freshWamid, inboxProject, inbound, reasonOf } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { projectIdOf, sendsOf } from './support/outreach.ts';
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

const db = () => server.app.sapa.services.db;
const DEFAULT_REPLY = translate('id', 'settings.optOut.defaultReply');

type Json = Record<string, unknown>;

/** A customer's message: a text, or a tap on a template's quick-reply button. */
function customerMessage(
  setup: InboxProject,
  phone: string,
  text: string,
  options: { button?: boolean } = {},
): Json {
  const payload = inbound('inbound-text.json', {
    phoneNumberId: setup.account.phoneNumberId,
    from: phone,
    text,
    timestamp: server.clock.now(),
  });
  if (options.button === true) {
    const value = ((payload.entry as Json[])[0]?.changes as Json[])[0]?.value as Json;
    const message = (value.messages as Json[])[0] as Json;
    delete message.text;
    message.type = 'button';
    message.button = { text, payload: 'opt-out' };
  }
  return payload;
}

/** Delivers what a customer wrote and works it off; answers their conversation as the owner sees it. */
async function writes(
  setup: InboxProject,
  phone: string,
  text: string,
  options: { button?: boolean; withStatus?: boolean } = {},
): Promise<ConversationSummary> {
  const payload = customerMessage(setup, phone, text, options);
  if (options.withStatus === true) {
    // A status in the same delivery: the delivery goes through the transaction path, not the
    // single statement of a delivery that carries only messages.
    const value = ((payload.entry as Json[])[0]?.changes as Json[])[0]?.value as Json;
    value.statuses = [
      {
        id: freshWamid(),
        status: 'delivered',
        timestamp: String(Math.floor(server.clock.now().getTime() / 1000)),
        recipient_id: phone.replace(/^\+/, ''),
      },
    ];
  }
  expect((await deliver(server, payload)).status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
  const list = dataOf<ConversationSummary[]>(
    await server.act('conversation_list', {
      token: setup.owner.token,
      key: setup.project.key,
      search: phone,
    }),
  );
  const found = list.find((conversation) => conversation.customer.phone === phone);
  if (found === undefined) throw new Error(`no conversation with ${phone}`);
  return found;
}

async function thread(setup: InboxProject, conversationId: string): Promise<ThreadMessage[]> {
  return dataOf<ThreadMessage[]>(
    await server.act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId }),
  );
}

async function customerRow(id: string) {
  const [row] = await db().select().from(customers).where(eq(customers.id, id));
  if (row === undefined) throw new Error('no customer');
  return row;
}

function setOptOut(setup: InboxProject, optOut: Json, token = setup.owner.token) {
  return server.act('project_update', { token, key: setup.project.key, optOut });
}

describe('a customer who writes an opt-out word', () => {
  it('is opted out with their message and answered once, in Indonesian; STOP again is not answered', async () => {
    const setup = await inboxProject(server);
    const phone = uniquePhone();
    const published = recordPublished(server);
    const at = server.clock.now();
    const conversation = await writes(setup, phone, '  Stop! ');
    const row = await customerRow(conversation.customer.id);
    expect(row.optedOutVia).toBe('message');
    expect(row.optedOutAt?.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(conversation.customer).toMatchObject({ optedOutVia: 'message', optedOutAt: expect.any(String) });
    const messagesNow = await thread(setup, conversation.id);
    expect(messagesNow.map((message) => [message.direction, message.caption, message.senderId])).toEqual([
      ['in', '  Stop! ', null],
      ['out', DEFAULT_REPLY, null],
    ]);
    // Announced: the customer opted out on the message's summary, then the answer.
    const summaries = published.of('conversation.updated').map((event) => event.conversation);
    expect(summaries[0]?.customer.optedOutVia).toBe('message');
    expect(summaries.at(-1)?.lastMessage?.caption).toBe(DEFAULT_REPLY);
    expect(published.of('message.new').map((event) => event.message.caption)).toEqual([
      '  Stop! ',
      DEFAULT_REPLY,
    ]);
    published.stop();

    // The answer goes out through the send job, as any reply does.
    await server.app.sapa.runJobsOnce();
    const sent = sendsOf(server, setup.account.phoneNumberId);
    expect(sent.map((request) => (request.body as { text?: { body?: string } }).text?.body)).toEqual([
      DEFAULT_REPLY,
    ]);

    // STOP again: nothing changes and nobody answers; anything later keeps them opted out.
    server.clock.advance(60_000);
    await writes(setup, phone, 'BERHENTI');
    await writes(setup, phone, 'Halo kak, ada promo apa?');
    const after = await thread(setup, conversation.id);
    expect(after.filter((message) => message.direction === 'out')).toHaveLength(1);
    expect(after).toHaveLength(4);
    const still = await customerRow(conversation.customer.id);
    expect(still.optedOutAt?.getTime()).toBe(row.optedOutAt?.getTime());
  });

  it('is opted out by a tapped button, and through a delivery that also carries statuses', async () => {
    const setup = await inboxProject(server);
    const tapped = await writes(setup, uniquePhone(), 'Stop promo', { button: true });
    expect(tapped.customer.optedOutVia).toBe('message');
    const mixed = await writes(setup, uniquePhone(), 'unsubscribe', { withStatus: true });
    expect(mixed.customer.optedOutVia).toBe('message');
    expect((await thread(setup, mixed.id)).map((message) => message.caption)).toEqual([
      'unsubscribe',
      DEFAULT_REPLY,
    ]);
  });

  it('is not opted out by a sentence that holds the word', async () => {
    const setup = await inboxProject(server);
    const conversation = await writes(setup, uniquePhone(), 'jangan stop dulu ya kak');
    expect(conversation.customer.optedOutAt).toBeNull();
    expect(await thread(setup, conversation.id)).toHaveLength(1);
  });

  it("follows the project's own words and answer, and may leave the answer out", async () => {
    const setup = await inboxProject(server);
    const saved = dataOf<ProjectSettings>(
      await setOptOut(setup, {
        words: ['Hentikan', 'stop kirim!'],
        reply: ' Siap, tidak kami kirimi lagi. ',
        replyEnabled: true,
      }),
    );
    expect(saved.optOut).toEqual({
      words: ['HENTIKAN', 'STOP KIRIM'],
      reply: 'Siap, tidak kami kirimi lagi.',
      replyEnabled: true,
    });
    const notAWord = await writes(setup, uniquePhone(), 'STOP');
    expect(notAWord.customer.optedOutAt).toBeNull();
    const custom = await writes(setup, uniquePhone(), 'hentikan 🙏');
    expect(custom.customer.optedOutVia).toBe('message');
    expect((await thread(setup, custom.id)).at(-1)?.caption).toBe('Siap, tidak kami kirimi lagi.');

    await setOptOut(setup, { words: ['hentikan'], reply: 'Siap.', replyEnabled: false });
    const silent = await writes(setup, uniquePhone(), 'HENTIKAN');
    expect(silent.customer.optedOutVia).toBe('message');
    expect(await thread(setup, silent.id)).toHaveLength(1);
  });

  it('charges the answer as SERVICE at the configured prices; a balance that cannot pay leaves it out', async () => {
    const priced = await startTestServer({
      billing: { prices: [...defaultPriceTable, { category: 'SERVICE', price: 350, from: '2025-06-01' }] },
    });
    try {
      const setup = await inboxProject(priced);
      const send = async (phone: string) => {
        const payload = inbound('inbound-text.json', {
          phoneNumberId: setup.account.phoneNumberId,
          from: phone,
          text: 'STOP',
          timestamp: priced.clock.now(),
        });
        expect((await deliver(priced, payload)).status).toBe(200);
        await priced.app.sapa.processPendingDeliveries();
        const [row] = await priced.app.sapa.services.db
          .select()
          .from(customers)
          .where(eq(customers.phone, phone));
        const outbound = await priced.app.sapa.services.db
          .select()
          .from(messages)
          .where(eq(messages.direction, 'out'));
        return { row, outbound };
      };
      // No balance: the opt-out stands, the answer is left out.
      const broke = await send(uniquePhone());
      expect(broke.row?.optedOutVia).toBe('message');
      expect(broke.outbound).toHaveLength(0);

      const projectId = await projectIdOf(priced, setup.project.key);
      await fundProject(priced.app.sapa.services.db, projectId, 1_000, priced.clock.now());
      const paid = await send(uniquePhone());
      expect(paid.row?.optedOutVia).toBe('message');
      expect(paid.outbound).toHaveLength(1);
      const billing = dataOf<{ balance: number }>(
        await priced.act('billing_get', { token: setup.owner.token, key: setup.project.key }),
      );
      expect(billing.balance).toBe(650);
    } finally {
      await priced.close();
    }
  });
});

describe('customer_opt_out', () => {
  it('lets an agent opt a customer out and back in, announced on their conversations', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const conversation = await writes(setup, uniquePhone(), 'Halo');
    const customerId = conversation.customer.id;
    const published = recordPublished(server);

    const before = server.clock.now().getTime();
    const out = dataOf<CustomerOptOut>(
      await server.act('customer_opt_out', { token, key, customerId, optedOut: true }),
    );
    expect(out).toMatchObject({ customerId, optedOutVia: 'agent' });
    expect(Date.parse(out.optedOutAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(
      published.of('conversation.updated').map((event) => event.conversation.customer.optedOutVia),
    ).toEqual(['agent']);
    // Asking again changes nothing: the time stays, nothing is announced.
    server.clock.advance(5_000);
    expect(
      dataOf<CustomerOptOut>(
        await server.act('customer_opt_out', { token, key, customerId, optedOut: true }),
      ),
    ).toEqual(out);
    expect(published.of('conversation.updated')).toHaveLength(1);

    const listed = dataOf<Customer[]>(await server.act('customer_list', { token, key }));
    expect(listed.find((customer) => customer.id === customerId)).toMatchObject({
      optedOutAt: out.optedOutAt,
      optedOutVia: 'agent',
    });

    const back = dataOf<CustomerOptOut>(
      await server.act('customer_opt_out', { token, key, customerId, optedOut: false }),
    );
    expect(back).toEqual({ customerId, optedOutAt: null, optedOutVia: null });
    expect(published.of('conversation.updated').at(-1)?.conversation.customer.optedOutAt).toBeNull();
    published.stop();

    // Back in, a later STOP opts them out (and answers them) again.
    const again = await writes(setup, conversation.customer.phone, 'stop');
    expect(again.customer.optedOutVia).toBe('message');
    expect(
      (await thread(setup, conversation.id)).filter((message) => message.direction === 'out'),
    ).toHaveLength(1);
  });

  it('refuses a member without crm.customer.edit and a customer of another project', async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    const conversation = await writes(setup, uniquePhone(), 'Halo');
    const viewer = await addMember(server, setup.project, [
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.view',
    ]);
    const editor = await addMember(server, setup.project, [
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.edit',
    ]);
    const fields = { key: setup.project.key, customerId: conversation.customer.id, optedOut: true };
    expect(reasonOf(await server.act('customer_opt_out', { token: viewer.token, ...fields }))).toBe(
      'forbidden',
    );
    expect(reasonOf(await server.act('customer_opt_out', { token: other.owner.token, ...fields }))).toBe(
      'not_found',
    );
    expect(
      reasonOf(
        await server.act('customer_opt_out', {
          token: other.owner.token,
          ...fields,
          key: other.project.key,
        }),
      ),
    ).toBe('not_found');
    expect((await customerRow(conversation.customer.id)).optedOutAt).toBeNull();
    const done = dataOf<CustomerOptOut>(
      await server.act('customer_opt_out', { token: editor.token, ...fields }),
    );
    expect(done.optedOutVia).toBe('agent');
  });
});

describe('the opt-out settings', () => {
  it('start with the default words and answer, kept as null until the project writes its own', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const settings = dataOf<ProjectSettings>(
      await server.act('project_settings_get', { token: setup.owner.token, key }),
    );
    expect(settings.optOut).toEqual({
      words: [...DEFAULT_OPT_OUT_WORDS],
      reply: DEFAULT_REPLY,
      replyEnabled: true,
    });
    // Saving them as they are (in another case) keeps the defaults.
    await setOptOut(setup, {
      words: DEFAULT_OPT_OUT_WORDS.map((word) => word.toLowerCase()),
      reply: ` ${DEFAULT_REPLY} `,
      replyEnabled: false,
    });
    const projectId = await projectIdOf(server, key);
    const [row] = await db().select().from(projects).where(eq(projects.id, projectId));
    expect(row).toMatchObject({ optOutWords: null, optOutReply: null, optOutReplyEnabled: false });
  });

  it('refuses no word, too many, a word too long and an empty answer, beside their fields', async () => {
    const setup = await inboxProject(server);
    const errorsOf = async (optOut: Json) => {
      const answer = await setOptOut(setup, optOut);
      expect(reasonOf(answer)).toBe('invalid_input');
      return answer.body.errors as Record<string, string>;
    };
    const none = await errorsOf({ words: [' ?! '], reply: '  ', replyEnabled: true });
    expect(Object.keys(none).sort()).toEqual(['optOut.reply', 'optOut.words']);
    expect(none['optOut.words']).toBe(translate('id', 'settings.optOut.words.empty'));
    const many = await errorsOf({
      words: Array.from({ length: 21 }, (_, index) => `kata ${index}`),
      reply: 'ok',
      replyEnabled: true,
    });
    expect(many['optOut.words']).toBe(translate('id', 'settings.optOut.words.too_many', { max: 20 }));
    const long = await errorsOf({ words: ['stop', 'x'.repeat(41)], reply: 'ok', replyEnabled: true });
    expect(long['optOut.words']).toBe(translate('id', 'settings.optOut.words.too_long', { max: 40 }));
    // Nothing was saved.
    const settings = dataOf<ProjectSettings>(
      await server.act('project_settings_get', { token: setup.owner.token, key: setup.project.key }),
    );
    expect(settings.optOut.words).toEqual([...DEFAULT_OPT_OUT_WORDS]);
  });

  it('are changed only with project.edit', async () => {
    const setup = await inboxProject(server);
    const member = await addMember(server, setup.project, [
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.edit',
    ]);
    const answer = await setOptOut(setup, { words: ['stop'], reply: 'ok', replyEnabled: true }, member.token);
    expect(reasonOf(answer)).toBe('forbidden');
  });
});

describe("a number's broadcast rate", () => {
  it('is Meta’s default until set, from 1 to 1,000 messages a second', async () => {
    const setup = await inboxProject(server);
    const update = (broadcastRate: unknown) =>
      server.act('account_update', {
        token: setup.owner.token,
        key: setup.project.key,
        id: setup.account.id,
        broadcastRate,
      });
    expect(setup.account.broadcastRate).toBeNull();
    expect(dataOf<WhatsAppAccount>(await update(200)).broadcastRate).toBe(200);
    const listed = dataOf<WhatsAppAccount[]>(
      await server.act('account_list', { token: setup.owner.token, key: setup.project.key }),
    );
    expect(listed[0]?.broadcastRate).toBe(200);
    for (const wrong of [0, 1_001, 2.5, '80'])
      expect(reasonOf(await update(wrong)), String(wrong)).toBe('invalid_input');
    expect(dataOf<WhatsAppAccount>(await update(null)).broadcastRate).toBeNull();
  });
});

describe('a thread', () => {
  it('names the broadcast a message was sent by or answers', async () => {
    const setup = await inboxProject(server);
    const conversation = await writes(setup, uniquePhone(), 'Mau dong promonya');
    const projectId = await projectIdOf(server, setup.project.key);
    const now = server.clock.now();
    const broadcastId = randomUUID();
    await db()
      .insert(broadcasts)
      .values({
        id: broadcastId,
        projectId,
        accountId: setup.account.id,
        clientId: randomUUID(),
        name: 'Promo Lebaran',
        template: { name: 'promo', language: 'id', components: [] } as never,
        category: 'MARKETING',
        values: { body: [] },
        audience: { kind: 'filter', filter: {} },
        status: 'done',
        scheduledAt: now,
        createdAt: now,
        updatedAt: now,
      });
    await db().update(messages).set({ broadcastId }).where(eq(messages.conversationId, conversation.id));
    const [message] = await thread(setup, conversation.id);
    expect(message?.broadcast).toEqual({ id: broadcastId, name: 'Promo Lebaran' });
    await db().delete(broadcasts).where(eq(broadcasts.id, broadcastId));
    const [gone] = await thread(setup, conversation.id);
    expect(gone?.broadcast).toBeNull();
  });
});
