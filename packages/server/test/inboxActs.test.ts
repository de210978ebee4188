import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '../src/db/schema.ts';
import { seedInbox } from '../src/demo/seedInbox.ts';
import { CONVERSATION_PAGE_SIZE } from '../src/inbox/conversations.ts';
import { CONVERSATION_COUNTED_PAGES_AHEAD } from '../src/sdk.ts';
import { maskPhone } from '../src/otp/maskPhone.ts';
import type { Published } from '../src/realtime/Publisher.ts';
import type { ConversationSummary, PermissionKey, ThreadMessage, WhatsAppAccount } from '../src/sdk.ts';
import { registerUser, uniquePhone } from './support/flows.ts';
import {
  addMember,
  CHAT_AGENT,
  CHAT_VIEWER,
  createAccount,
  dataOf,
  deliver,
  inbound,
  inboxProject,
  reasonOf,
  uniquePhoneNumberId,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function withCustomers(
  phones: { phone: string; name: string; text?: string }[],
): Promise<InboxProject> {
  const setup = await inboxProject(server);
  for (const customer of phones) {
    await deliver(
      server,
      inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: customer.phone,
        name: customer.name,
        text: customer.text ?? 'Halo',
        timestamp: server.clock.now(),
      }),
    );
    await server.app.sapa.processPendingDeliveries();
    server.clock.advance(1000);
  }
  return setup;
}

async function list(token: string, key: string, fields: Record<string, unknown> = {}) {
  const answer = await server.act('conversation_list', { token, key, ...fields });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  return answer.body as unknown as { data: ConversationSummary[]; total_page: number };
}

describe('accounts', () => {
  it('adds, lists, renames and logs out accounts, announcing the status', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    expect(setup.account).toMatchObject({
      name: 'Toko Utama',
      displayPhone: '+6281210009000',
      status: 'connected',
    });
    expect(setup.account).not.toHaveProperty('accessToken');
    const taken = await server.act('account_create', {
      token,
      key,
      name: 'Lagi',
      wabaId: setup.account.wabaId,
      phoneNumberId: setup.account.phoneNumberId,
      displayPhone: '081210009001',
      accessToken: `token-${setup.account.phoneNumberId}`,
    });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toHaveProperty('phoneNumberId');

    const renamed = dataOf<WhatsAppAccount>(
      await server.act('account_update', { token, key, id: setup.account.id, name: 'CS Jakarta' }),
    );
    expect(renamed.name).toBe('CS Jakarta');
    const published: Published[] = [];
    const stop = server.app.sapa.services.publisher.subscribe((event) => published.push(event));
    const out = dataOf<WhatsAppAccount>(
      await server.act('account_logout', { token, key, id: setup.account.id }),
    );
    stop();
    expect(out.status).toBe('logged_out');
    expect(published).toEqual([
      {
        audience: { project: key },
        event: 'account.status',
        payload: { key, accountId: setup.account.id, status: 'logged_out' },
      },
    ]);
    expect(dataOf<WhatsAppAccount[]>(await server.act('account_list', { token, key }))).toEqual([out]);
  });
});

describe('conversation_list', () => {
  it('pages newest activity first, filters unread and mine, and searches names, phones and words', async () => {
    const phones = [
      { phone: uniquePhone(), name: 'Andi Wijaya', text: 'Apakah sepatu merah ready?' },
      { phone: uniquePhone(), name: 'Budi Santoso', text: 'Kirim ke Bandung berapa?' },
      { phone: uniquePhone(), name: 'Citra Lestari', text: 'Terima kasih' },
    ];
    const setup = await withCustomers(phones);
    const { token } = setup.owner;
    const key = setup.project.key;
    const all = await list(token, key);
    expect(all.total_page).toBe(1);
    expect(all.data.map((row) => row.customer.name)).toEqual([
      'Citra Lestari',
      'Budi Santoso',
      'Andi Wijaya',
    ]);
    expect(all.data[0]?.customer.phone).toBe(phones[2]?.phone);

    const budi = all.data[1];
    dataOf(await server.act('conversation_read', { token, key, conversationId: budi?.id }));
    const unread = await list(token, key, { filter: 'unread' });
    expect(unread.data.map((row) => row.customer.name)).toEqual(['Citra Lestari', 'Andi Wijaya']);
    const assigned = dataOf<ConversationSummary>(
      await server.act('conversation_assign', {
        token,
        key,
        conversationId: budi?.id,
        userId: setup.owner.userId,
      }),
    );
    expect(assigned.assignedTo).toBe(setup.owner.userId);
    expect((await list(token, key, { filter: 'mine' })).data.map((row) => row.id)).toEqual([budi?.id]);

    const names = async (search: string) =>
      (await list(token, key, { search })).data.map((row) => row.customer.name);
    expect(await names('budi')).toEqual(['Budi Santoso']);
    expect(await names('lestari')).toEqual(['Citra Lestari']);
    expect(await names('sepatu')).toEqual(['Andi Wijaya']);
    const budiPhone = phones[1]?.phone ?? '';
    expect(await names(budiPhone.slice(1))).toEqual(['Budi Santoso']);
    expect(await names(`0${budiPhone.slice(3)}`)).toEqual(['Budi Santoso']);
    expect(await names('tidakada')).toEqual([]);
    expect((await list(token, key, { page: 1 })).data).toEqual([]);
  });

  it('answers 20 conversations a page', async () => {
    const setup = await inboxProject(server);
    for (let index = 0; index < 21; index += 1) {
      await deliver(
        server,
        inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: uniquePhone() }),
      );
    }
    await server.app.sapa.processPendingDeliveries();
    const first = await list(setup.owner.token, setup.project.key);
    const second = await list(setup.owner.token, setup.project.key, { page: 1 });
    expect([first.data.length, first.total_page]).toEqual([20, 2]);
    expect([second.data.length, second.total_page]).toEqual([1, 2]);
  });

  it('counts at most CONVERSATION_COUNTED_PAGES_AHEAD pages past the asked one, and exactly near the end', async () => {
    const setup = await inboxProject(server);
    const { db } = server.app.sapa.services;
    const [found] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.key, setup.project.key));
    const total = (1 + CONVERSATION_COUNTED_PAGES_AHEAD + 4) * CONVERSATION_PAGE_SIZE + 3;
    await seedInbox(db, {
      projectId: found?.id ?? '',
      accountId: setup.account.id,
      agentUserId: setup.owner.userId,
      customers: Array.from({ length: total }, (_, index) => ({
        phone: `+62819${String(index).padStart(8, '0')}`,
        name: `Pelanggan ${index}`,
      })),
      messages: { min: 1, max: 1 },
    });
    const pages = Math.ceil(total / CONVERSATION_PAGE_SIZE);
    const { token } = setup.owner;
    const first = await list(token, setup.project.key);
    expect([first.data.length, first.total_page]).toEqual([20, 1 + CONVERSATION_COUNTED_PAGES_AHEAD]);
    // Each page counts further: the list always knows whether there is a next one.
    const third = await list(token, setup.project.key, { page: 2 });
    expect(third.total_page).toBe(3 + CONVERSATION_COUNTED_PAGES_AHEAD);
    const last = await list(token, setup.project.key, { page: pages - 1 });
    expect([last.data.length, last.total_page]).toEqual([3, pages]);
    // A search counts the same way.
    const searched = await list(token, setup.project.key, { search: 'Pelanggan' });
    expect(searched.total_page).toBe(1 + CONVERSATION_COUNTED_PAGES_AHEAD);
  });

  it('shows an agent without show_all_chat only their conversations, and masks phones without show_user_contact_detail', async () => {
    const phone = uniquePhone();
    const setup = await withCustomers([{ phone, name: 'Dewi' }]);
    const key = setup.project.key;
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const [conversation] = (await list(setup.owner.token, key)).data;
    const conversationId = conversation?.id;

    expect((await list(agent.token, key)).data).toEqual([]);
    const hidden = await server.act('message_list', { token: agent.token, key, conversationId });
    const missing = await server.act('message_list', {
      token: agent.token,
      key,
      conversationId: crypto.randomUUID(),
    });
    expect(reasonOf(hidden)).toBe('not_found');
    expect(hidden.body).toEqual(missing.body);
    for (const act of ['conversation_read', 'message_send']) {
      const answer = await server.act(act, {
        token: agent.token,
        key,
        conversationId,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: 'x',
      });
      expect(reasonOf(answer)).toBe('not_found');
    }

    dataOf(
      await server.act('conversation_assign', {
        token: setup.owner.token,
        key,
        conversationId,
        userId: agent.userId,
      }),
    );
    const [seen] = (await list(agent.token, key)).data;
    expect(seen?.id).toBe(conversationId);
    expect(seen?.customer.phone).toBe(maskPhone(phone));
    expect(seen?.customer.phone).toMatch(/^\+62812\*{4,}\d{3}$/);
    expect((await list(agent.token, key, { search: phone.slice(1) })).data).toEqual([]);
    expect(
      dataOf<ThreadMessage[]>(await server.act('message_list', { token: agent.token, key, conversationId })),
    ).toHaveLength(1);

    const detailed = await addMember(server, setup.project, [
      ...CHAT_AGENT,
      'crm.chat.show_all_chat',
      'crm.chat.show_user_contact_detail',
    ]);
    expect((await list(detailed.token, key)).data[0]?.customer.phone).toBe(phone);
  });

  it('assigns only to members and renames customers', async () => {
    const setup = await withCustomers([{ phone: uniquePhone(), name: 'Eka' }]);
    const { token } = setup.owner;
    const key = setup.project.key;
    const [conversation] = (await list(token, key)).data;
    const stranger = await registerUser(server);
    const refused = await server.act('conversation_assign', {
      token,
      key,
      conversationId: conversation?.id,
      userId: stranger.userId,
    });
    expect(reasonOf(refused)).toBe('not_found');
    const renamed = await server.act('customer_rename', {
      token,
      key,
      customerId: conversation?.customer.id,
      name: '  Bu Eka  ',
    });
    expect(dataOf(renamed)).toEqual({ id: conversation?.customer.id, name: 'Bu Eka' });
    expect((await list(token, key)).data[0]?.customer.name).toBe('Bu Eka');
  });
});

describe('finding a conversation and its agents', () => {
  it('finds a conversation by id or by phone; a masked agent only by id', async () => {
    const phone = uniquePhone();
    const setup = await withCustomers([{ phone, name: 'Hana' }]);
    const { token } = setup.owner;
    const key = setup.project.key;
    const [listed] = (await list(token, key)).data;
    const id = listed?.id ?? '';
    const find = (receiver: string, as = token) =>
      server.act('conversation_find', { token: as, key, receiver });
    for (const receiver of [id, id.toUpperCase(), phone, phone.slice(1), `0${phone.slice(3)}`]) {
      expect(dataOf<ConversationSummary>(await find(receiver)).id, receiver).toBe(id);
    }
    expect(reasonOf(await find('6281100000000'))).toBe('not_found');
    expect(reasonOf(await find(crypto.randomUUID()))).toBe('not_found');
    expect(reasonOf(await find('bukan nomor'))).toBe('not_found');

    const masked = await addMember(server, setup.project, [...CHAT_AGENT, 'crm.chat.show_all_chat']);
    expect(dataOf<ConversationSummary>(await find(id, masked.token)).customer.phone).toBe(maskPhone(phone));
    expect(reasonOf(await find(phone, masked.token))).toBe('not_found');
    const limited = await addMember(server, setup.project, CHAT_AGENT);
    expect(reasonOf(await find(id, limited.token))).toBe('not_found');
  });

  it("lists a conversation's messages by its id or by the address as conversation_find finds it", async () => {
    const phone = uniquePhone();
    const setup = await withCustomers([{ phone, name: 'Hani' }]);
    const { token } = setup.owner;
    const key = setup.project.key;
    const [listed] = (await list(token, key)).data;
    const id = listed?.id ?? '';
    const messages = (fields: Record<string, unknown>, as = token) =>
      server.act('message_list', { token: as, key, ...fields });
    const byId = dataOf<ThreadMessage[]>(await messages({ conversationId: id }));
    expect(byId.length).toBeGreaterThan(0);
    for (const receiver of [id, phone, phone.slice(1), `0${phone.slice(3)}`]) {
      expect(dataOf<ThreadMessage[]>(await messages({ receiver })), receiver).toEqual(byId);
    }
    expect(reasonOf(await messages({ receiver: '6281100000000' }))).toBe('not_found');
    const other = await withCustomers([{ phone, name: 'Hani di toko lain' }]);
    const [theirs] = (await list(other.owner.token, other.project.key)).data;
    expect(reasonOf(await messages({ receiver: theirs?.id }))).toBe('not_found');
    const masked = await addMember(server, setup.project, [...CHAT_AGENT, 'crm.chat.show_all_chat']);
    expect(dataOf<ThreadMessage[]>(await messages({ receiver: id }, masked.token))).toHaveLength(byId.length);
    expect(reasonOf(await messages({ receiver: phone }, masked.token))).toBe('not_found');
    // Exactly one of the two.
    const neither = await messages({});
    expect(reasonOf(neither)).toBe('invalid_input');
    expect(neither.body.errors).toHaveProperty('conversationId');
    const both = await messages({ conversationId: id, receiver: phone });
    expect(reasonOf(both)).toBe('invalid_input');
    expect(both.body.errors).toHaveProperty('receiver');
  });

  it('lists the members a conversation can be assigned to, and refuses assigning to anyone else', async () => {
    const setup = await withCustomers([{ phone: uniquePhone(), name: 'Indra' }]);
    const { token } = setup.owner;
    const key = setup.project.key;
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const noChat = await addMember(server, setup.project, ['crm.menu']);
    // Seeing the inbox is not answering it: a viewer takes no conversation.
    const viewer = await addMember(server, setup.project, CHAT_VIEWER);
    const agents = dataOf<{ id: string; name: string }[]>(
      await server.act('chat_agent_list', { token, key }),
    );
    expect(agents.map((entry) => entry.id).sort()).toEqual([setup.owner.userId, agent.userId].sort());
    const [conversation] = (await list(token, key)).data;
    const assign = (userId: string) =>
      server.act('conversation_assign', { token, key, conversationId: conversation?.id, userId });
    expect(dataOf<ConversationSummary>(await assign(agent.userId)).assignedTo).toBe(agent.userId);
    expect(reasonOf(await assign(noChat.userId))).toBe('not_found');
    expect(reasonOf(await assign(viewer.userId))).toBe('not_found');
  });

  it('keeps one number with accountId', async () => {
    const setup = await withCustomers([{ phone: uniquePhone(), name: 'Joko' }]);
    const { token } = setup.owner;
    const key = setup.project.key;
    const second = await createAccount(server, token, key);
    await deliver(
      server,
      inbound('inbound-text.json', {
        phoneNumberId: second.phoneNumberId,
        from: uniquePhone(),
        name: 'Kiki',
      }),
    );
    expect((await list(token, key)).data).toHaveLength(2);
    const onSecond = (await list(token, key, { accountId: second.id })).data;
    expect(onSecond.map((item) => item.customer.name)).toEqual(['Kiki']);
    expect(
      (await list(token, key, { accountId: setup.account.id })).data.map((item) => item.customer.name),
    ).toEqual(['Joko']);
  });

  it("lets project.account keys manage numbers as the chat's account keys do", async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const admin = await addMember(server, setup.project, [
      'project.menu',
      'project.account.menu',
      'project.account.view',
      'project.account.add',
      'project.account.edit',
    ]);
    expect(
      dataOf<WhatsAppAccount[]>(await server.act('account_list', { token: admin.token, key })),
    ).toHaveLength(1);
    const added = await createAccount(server, admin.token, key);
    expect(
      dataOf<WhatsAppAccount>(
        await server.act('account_update', { token: admin.token, key, id: added.id, name: 'Gudang 2' }),
      ).name,
    ).toBe('Gudang 2');
    // Logging out stays a chat key.
    expect(reasonOf(await server.act('account_logout', { token: admin.token, key, id: added.id }))).toBe(
      'forbidden',
    );
  });
});

describe('access to every inbox act', () => {
  const needs: Record<string, PermissionKey> = {
    account_list: 'crm.chat.view',
    account_create: 'crm.chat.add_account',
    account_update: 'crm.chat.edit_account',
    account_logout: 'crm.chat.logout_account',
    conversation_list: 'crm.chat.view',
    message_list: 'crm.chat.view',
    message_send: 'crm.chat.send',
    conversation_start: 'crm.chat.send',
    conversation_read: 'crm.chat.send',
    conversation_assign: 'crm.chat.assign',
    customer_rename: 'crm.chat.rename_client',
    conversation_find: 'crm.chat.view',
    chat_agent_list: 'crm.chat.view',
    media_get: 'crm.chat.view',
  };

  it('refuses a member lacking the key (forbidden), a non-member and ids of another project (not_found)', async () => {
    const setup = await withCustomers([{ phone: uniquePhone(), name: 'Fajar' }]);
    const other = await withCustomers([{ phone: uniquePhone(), name: 'Gita' }]);
    const [mine] = (await list(setup.owner.token, setup.project.key)).data;
    const [theirs] = (await list(other.owner.token, other.project.key)).data;
    const fileOf = async (target: InboxProject) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'a.pdf');
      const answer = await fetch(`${server.url}/upload/${target.project.key}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.owner.token}` },
        body: form,
      });
      return answer.text();
    };
    const files = { mine: await fileOf(setup), theirs: await fileOf(other) };
    const fields = (
      act: string,
      target: { conversation: ConversationSummary | undefined; account: WhatsAppAccount; file: string },
    ) => ({
      id: act === 'media_get' ? target.file : target.account.id,
      // message_list takes one of the two (its test above reaches it by `receiver`).
      receiver: act === 'message_list' ? undefined : target.conversation?.id,
      name: 'Nama Baru',
      wabaId: '102938475610293',
      phoneNumberId: uniquePhoneNumberId(),
      displayPhone: '081210009002',
      accessToken: 'secret',
      conversationId: target.conversation?.id,
      customerId: target.conversation?.customer.id,
      clientId: crypto.randomUUID(),
      type: 'text',
      caption: 'Halo',
      userId: null,
      ...(act === 'conversation_start'
        ? { accountId: target.account.id, template: { id: crypto.randomUUID(), values: { body: [] } } }
        : {}),
    });
    const stranger = await registerUser(server);
    for (const [act, permission] of Object.entries(needs)) {
      const lacking = await addMember(
        server,
        setup.project,
        [
          ...CHAT_AGENT,
          'crm.chat.show_all_chat',
          'crm.chat.rename_client',
          'crm.chat.add_account',
          'crm.chat.edit_account',
          'crm.chat.logout_account',
        ].filter((key) => key !== permission) as PermissionKey[],
      );
      const own = fields(act, { conversation: mine, account: setup.account, file: files.mine });
      expect(
        reasonOf(await server.act(act, { ...own, token: lacking.token, key: setup.project.key })),
        act,
      ).toBe('forbidden');
      expect(
        reasonOf(await server.act(act, { ...own, token: stranger.token, key: setup.project.key })),
        act,
      ).toBe('not_found');
      if (['account_list', 'conversation_list', 'account_create', 'chat_agent_list'].includes(act)) continue;
      const foreign = fields(act, { conversation: theirs, account: other.account, file: files.theirs });
      expect(
        reasonOf(await server.act(act, { ...foreign, token: setup.owner.token, key: setup.project.key })),
        act,
      ).toBe('not_found');
    }
  });
});
