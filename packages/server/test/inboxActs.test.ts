import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone } from '../src/otp/maskPhone.ts';
import type { Published } from '../src/realtime/Publisher.ts';
import type { ConversationSummary, PermissionKey, ThreadMessage, WhatsAppAccount } from '../src/sdk.ts';
import { registerUser, uniquePhone } from './support/flows.ts';
import {
  addMember,
  CHAT_AGENT,
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
      phoneNumberId: setup.account.phoneNumberId,
      displayPhone: '081210009001',
      accessToken: 'x',
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

describe('access to every inbox act', () => {
  const needs: Record<string, PermissionKey> = {
    account_list: 'crm.chat.view',
    account_create: 'crm.chat.add_account',
    account_update: 'crm.chat.edit_account',
    account_logout: 'crm.chat.logout_account',
    conversation_list: 'crm.chat.view',
    message_list: 'crm.chat.view',
    message_send: 'crm.chat.view',
    conversation_read: 'crm.chat.view',
    conversation_assign: 'crm.chat.view',
    customer_rename: 'crm.chat.rename_client',
  };

  it('refuses a member lacking the key (forbidden), a non-member and ids of another project (not_found)', async () => {
    const setup = await withCustomers([{ phone: uniquePhone(), name: 'Fajar' }]);
    const other = await withCustomers([{ phone: uniquePhone(), name: 'Gita' }]);
    const [mine] = (await list(setup.owner.token, setup.project.key)).data;
    const [theirs] = (await list(other.owner.token, other.project.key)).data;
    const fields = (target: { conversation: ConversationSummary | undefined; account: WhatsAppAccount }) => ({
      id: target.account.id,
      name: 'Nama Baru',
      phoneNumberId: uniquePhoneNumberId(),
      displayPhone: '081210009002',
      accessToken: 'secret',
      conversationId: target.conversation?.id,
      customerId: target.conversation?.customer.id,
      clientId: crypto.randomUUID(),
      type: 'text',
      caption: 'Halo',
      userId: null,
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
      const own = fields({ conversation: mine, account: setup.account });
      expect(
        reasonOf(await server.act(act, { ...own, token: lacking.token, key: setup.project.key })),
        act,
      ).toBe('forbidden');
      expect(
        reasonOf(await server.act(act, { ...own, token: stranger.token, key: setup.project.key })),
        act,
      ).toBe('not_found');
      if (act === 'account_list' || act === 'conversation_list' || act === 'account_create') continue;
      const foreign = fields({ conversation: theirs, account: other.account });
      expect(
        reasonOf(await server.act(act, { ...foreign, token: setup.owner.token, key: setup.project.key })),
        act,
      ).toBe('not_found');
    }
  });
});
