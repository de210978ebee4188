/**
 * Starting a conversation (issue 15): `conversation_start` reaches a customer of the project
 * through one of its numbers with an approved template, creating the conversation when there is
 * none (in one transaction with its first message), announcing it at once, and answering the same
 * message for the same client id however often and concurrently it is called.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Customer, PermissionKey, ThreadMessage } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import { addMember, CHAT_AGENT, createAccount, dataOf, inboxProject, reasonOf } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { customerWrote, orderUpdate, sendsOf, storedTemplate } from './support/outreach.ts';
import { listeners } from './support/realtime.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** An agent who also sees the customers table. */
const CUSTOMER_AGENT: PermissionKey[] = [...CHAT_AGENT, 'crm.customer.menu', 'crm.customer.view'];

type Started = { conversation: ConversationSummary; message: ThreadMessage };

const VALUES = { body: ['{nama}', 'INV-7'], buttonUrl: 'INV-7' };

async function newCustomer(setup: InboxProject, name = 'Rina Wati'): Promise<Customer> {
  return dataOf<Customer>(
    await server.act('customer_create', {
      token: setup.owner.token,
      key: setup.project.key,
      name,
      phone: uniquePhone(),
    }),
  );
}

function start(
  setup: InboxProject,
  fields: { customerId: string; templateId: string; clientId?: string; accountId?: string; values?: unknown },
  token = setup.owner.token,
) {
  return server.act('conversation_start', {
    token,
    key: setup.project.key,
    accountId: fields.accountId ?? setup.account.id,
    customerId: fields.customerId,
    clientId: fields.clientId ?? crypto.randomUUID(),
    template: { id: fields.templateId, values: fields.values ?? VALUES },
  });
}

async function conversationsOf(
  setup: InboxProject,
  token = setup.owner.token,
): Promise<ConversationSummary[]> {
  return dataOf<ConversationSummary[]>(
    await server.act('conversation_list', { token, key: setup.project.key }),
  );
}

describe('conversation_start', () => {
  it('reaches a customer who never wrote: the conversation appears at once and the template goes out', async () => {
    const setup = await inboxProject(server);
    const customer = await newCustomer(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const events = listeners(server);
    const heard = await events.listen(setup.owner.token);
    try {
      const started = dataOf<Started>(
        await start(setup, { customerId: customer.id, templateId: template.id }),
      );
      expect(started.conversation).toMatchObject({
        accountId: setup.account.id,
        customer: { id: customer.id, name: 'Rina Wati' },
        windowClosesAt: null,
        assignedTo: setup.owner.userId,
        accountDeleted: false,
        lastSeq: 1,
        lastMessage: { type: 'template', direction: 'out' },
      });
      expect(started.message).toMatchObject({
        conversationId: started.conversation.id,
        seq: 1,
        type: 'template',
        status: 'pending',
        caption: 'Halo Rina Wati, pesanan INV-7 sudah dikirim hari ini.',
        template: { templateId: template.id, category: 'UTILITY' },
      });
      await events.barrier(setup.project.key, [heard]);
      expect(heard.map((entry) => entry.event).slice(0, 2)).toEqual(['message.new', 'conversation.updated']);
      expect((await conversationsOf(setup)).map((item) => item.id)).toEqual([started.conversation.id]);

      await server.app.sapa.runJobsOnce();
      const [call] = sendsOf(server, setup.account.phoneNumberId);
      expect(call).toMatchObject({
        status: 200,
        body: { type: 'template', to: customer.phone.replace('+', '') },
      });
    } finally {
      events.disconnect();
    }
  });

  it('answers the same message for the same client id, however often and concurrently it is called', async () => {
    const setup = await inboxProject(server);
    const customer = await newCustomer(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const clientId = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => start(setup, { customerId: customer.id, templateId: template.id, clientId })),
    );
    const started = answers.map((answer) => dataOf<Started>(answer));
    expect(new Set(started.map((item) => item.message.id)).size).toBe(1);
    expect(new Set(started.map((item) => item.conversation.id)).size).toBe(1);
    const again = dataOf<Started>(
      await start(setup, { customerId: customer.id, templateId: template.id, clientId }),
    );
    expect(again.message.id).toBe(started[0]?.message.id);

    const conversationId = started[0]?.conversation.id ?? '';
    const thread = dataOf<ThreadMessage[]>(
      await server.act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId }),
    );
    expect(thread).toHaveLength(1);
    await server.app.sapa.runJobsOnce();
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toHaveLength(1);

    // The client id of that message, for another customer: refused.
    const other = await newCustomer(setup, 'Dodi');
    const reused = await start(setup, { customerId: other.id, templateId: template.id, clientId });
    expect(reasonOf(reused)).toBe('invalid_input');
    expect(Object.keys(reused.body.errors as Record<string, string>)).toEqual(['clientId']);
  });

  it("continues the customer's conversation on that number when there is one", async () => {
    const setup = await inboxProject(server);
    const wrote = await customerWrote(server, setup, {
      at: new Date(server.clock.now().getTime() - 30 * 3_600_000),
    });
    const template = await storedTemplate(server, setup, orderUpdate());
    const started = dataOf<Started>(
      await start(setup, { customerId: wrote.customer.id, templateId: template.id }),
    );
    expect(started.conversation.id).toBe(wrote.id);
    expect(started.message.seq).toBe(2);
    expect(await conversationsOf(setup)).toHaveLength(1);
  });

  it('refuses what it may not reach, and a refused send leaves no conversation behind', async () => {
    const setup = await inboxProject(server);
    const customer = await newCustomer(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const other = await inboxProject(server);
    const foreignCustomer = await newCustomer(other);

    expect(reasonOf(await start(setup, { customerId: foreignCustomer.id, templateId: template.id }))).toBe(
      'not_found',
    );
    expect(
      reasonOf(
        await start(setup, { customerId: customer.id, templateId: template.id, accountId: other.account.id }),
      ),
    ).toBe('not_found');
    const invalid = await start(setup, {
      customerId: customer.id,
      templateId: template.id,
      values: { body: [] },
    });
    expect(reasonOf(invalid)).toBe('invalid_input');
    expect(Object.keys(invalid.body.errors as Record<string, string>).sort()).toEqual([
      'template.values.body.0',
      'template.values.body.1',
      'template.values.buttonUrl',
    ]);
    const pending = await storedTemplate(server, setup, orderUpdate(), { metaStatus: 'PENDING' });
    expect(reasonOf(await start(setup, { customerId: customer.id, templateId: pending.id }))).toBe(
      'template_not_approved',
    );
    // Another number of the project has another WABA: this template is not one of its templates.
    const second = await createAccount(server, setup.owner.token, setup.project.key);
    expect(
      reasonOf(
        await start(setup, { customerId: customer.id, templateId: template.id, accountId: second.id }),
      ),
    ).toBe('not_found');
    expect(await conversationsOf(setup)).toEqual([]);
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
  });

  it('lets an agent reach a customer they see, and gives them the conversation they start', async () => {
    const setup = await inboxProject(server);
    const template = await storedTemplate(server, setup, orderUpdate());
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    // Without the customers table, only a customer whose conversation the agent sees.
    const stranger = await newCustomer(setup);
    expect(
      reasonOf(await start(setup, { customerId: stranger.id, templateId: template.id }, agent.token)),
    ).toBe('not_found');

    const withTable = await addMember(server, setup.project, CUSTOMER_AGENT);
    const started = dataOf<Started>(
      await start(setup, { customerId: stranger.id, templateId: template.id }, withTable.token),
    );
    expect(started.conversation.assignedTo).toBe(withTable.userId);
    expect((await conversationsOf(setup, withTable.token)).map((item) => item.id)).toEqual([
      started.conversation.id,
    ]);
    expect(await conversationsOf(setup, agent.token)).toEqual([]);

    // The conversation now exists and is that agent's: another, who sees the customers table but
    // not that conversation, may not send into it.
    const another = await addMember(server, setup.project, CUSTOMER_AGENT);
    expect(
      reasonOf(await start(setup, { customerId: stranger.id, templateId: template.id }, another.token)),
    ).toBe('not_found');
    expect(await conversationsOf(setup, another.token)).toEqual([]);
  });

  it('refuses a deleted number', async () => {
    const setup = await inboxProject(server);
    const customer = await newCustomer(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    dataOf(
      await server.act('account_delete', {
        token: setup.owner.token,
        key: setup.project.key,
        id: setup.account.id,
      }),
    );
    expect(reasonOf(await start(setup, { customerId: customer.id, templateId: template.id }))).toBe(
      'account_deleted',
    );
  });
});
