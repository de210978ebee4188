/**
 * Labels (issue 5): the labels screen's acts, labels on customers from the chat, and the inbox's
 * label filter; every act refused without its permission key and with another project's ids.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Label, PermissionKey } from '../src/sdk.ts';
import { addMember, CHAT_AGENT, conversationWith, dataOf, inboxProject, reasonOf } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const LABEL_ADMIN: PermissionKey[] = [
  'crm.menu',
  'crm.label.menu',
  'crm.label.view',
  'crm.label.add',
  'crm.label.edit',
  'crm.label.hapus',
];

describe('label acts', () => {
  it('creates, lists by name with search and pages of 10, edits and deletes labels', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const names = Array.from({ length: 12 }, (_, index) => `Pelanggan ${String(index + 1).padStart(2, '0')}`);
    for (const name of names)
      dataOf(await server.act('label_create', { token, key, name, color: '#1E90FF' }));
    const vip = dataOf<Label>(
      await server.act('label_create', { token, key, name: ' VIP ', color: '#FF0000' }),
    );
    expect(vip).toMatchObject({ name: 'VIP', color: '#ff0000', customers: 0 });

    const first = await server.act('label_list', { token, key });
    expect(first.body.total_page).toBe(2);
    expect((first.body.data as Label[]).map((label) => label.name)).toEqual(names.slice(0, 10));
    const second = dataOf<Label[]>(await server.act('label_list', { token, key, page: 1 }));
    expect(second.map((label) => label.name)).toEqual([...names.slice(10), 'VIP']);
    const found = dataOf<Label[]>(await server.act('label_list', { token, key, search: 'pelanggan 1' }));
    expect(found.map((label) => label.name)).toEqual([
      'Pelanggan 01',
      'Pelanggan 10',
      'Pelanggan 11',
      'Pelanggan 12',
    ]);
    const all = await server.act('label_list', { token, key, all: true });
    expect((all.body.data as Label[]).length).toBe(13);
    expect(all.body.total_page).toBe(1);
    const newest = dataOf<Label[]>(await server.act('label_list', { token, key, sort: 'newest' }));
    expect(newest[0]?.id).toBe(vip.id);

    const taken = await server.act('label_create', { token, key, name: 'vip', color: '#000000' });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toEqual({ name: 'Label dengan nama ini sudah ada.' });
    const renamedToTaken = await server.act('label_update', { token, key, id: vip.id, name: 'PELANGGAN 01' });
    expect(reasonOf(renamedToTaken)).toBe('invalid_input');
    const edited = dataOf<Label>(
      await server.act('label_update', { token, key, id: vip.id, name: 'VVIP', color: '#00aa00' }),
    );
    expect(edited).toMatchObject({ id: vip.id, name: 'VVIP', color: '#00aa00' });
    expect(reasonOf(await server.act('label_create', { token, key, name: 'Merah', color: 'red' }))).toBe(
      'invalid_input',
    );

    expect(dataOf(await server.act('label_delete', { token, key, id: vip.id }))).toEqual({ id: vip.id });
    expect(reasonOf(await server.act('label_delete', { token, key, id: vip.id }))).toBe('not_found');
    const after = await server.act('label_list', { token, key, all: true });
    expect((after.body.data as Label[]).some((label) => label.id === vip.id)).toBe(false);
  });

  it('attaches and detaches labels on a customer, counts them, and filters the inbox by label', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const sari = await conversationWith(server, setup, '+6281234560001');
    const budi = await conversationWith(server, setup, '+6281234560002');
    const hot = dataOf<Label>(
      await server.act('label_create', { token, key, name: 'Hot lead', color: '#ff5500' }),
    );
    const set = (customerId: string, attached: boolean) =>
      server.act('customer_label_set', { token, key, customerId, labelId: hot.id, attached });

    const labelled = dataOf<Label[]>(await set(sari.customer.id, true));
    expect(labelled.map((label) => label.id)).toEqual([hot.id]);
    dataOf(await set(sari.customer.id, true));
    expect(
      dataOf<Label[]>(await server.act('customer_label_list', { token, key, customerId: sari.customer.id })),
    ).toHaveLength(1);
    const counted = dataOf<Label[]>(await server.act('label_list', { token, key }));
    expect(counted.find((label) => label.id === hot.id)?.customers).toBe(1);

    const filtered = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token, key, labelId: hot.id }),
    );
    expect(filtered.map((conversation) => conversation.id)).toEqual([sari.id]);
    const unfiltered = dataOf<ConversationSummary[]>(await server.act('conversation_list', { token, key }));
    expect(unfiltered.map((conversation) => conversation.id).sort()).toEqual([sari.id, budi.id].sort());

    expect(dataOf<Label[]>(await set(sari.customer.id, false))).toEqual([]);
    expect(
      dataOf<ConversationSummary[]>(await server.act('conversation_list', { token, key, labelId: hot.id })),
    ).toEqual([]);

    // Deleting the label takes it off its customers.
    dataOf(await set(budi.customer.id, true));
    dataOf(await server.act('label_delete', { token, key, id: hot.id }));
    expect(
      dataOf<Label[]>(await server.act('customer_label_list', { token, key, customerId: budi.customer.id })),
    ).toEqual([]);
  });
});

describe('label permissions and tenancy', () => {
  it('refuses every label act without its key', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const conversation = await conversationWith(server, setup, '+6281234560003');
    const label = dataOf<Label>(
      await server.act('label_create', { token: setup.owner.token, key, name: 'A', color: '#111111' }),
    );
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    const calls: [string, Record<string, unknown>][] = [
      ['label_list', {}],
      ['label_create', { name: 'B', color: '#222222' }],
      ['label_update', { id: label.id, name: 'C' }],
      ['label_delete', { id: label.id }],
      ['customer_label_list', { customerId: conversation.customer.id }],
      ['customer_label_set', { customerId: conversation.customer.id, labelId: label.id, attached: true }],
    ];
    for (const [act, fields] of calls) {
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    // A viewer of labels may list, nothing more.
    const viewer = await addMember(server, setup.project, ['crm.menu', 'crm.label.menu', 'crm.label.view']);
    dataOf(await server.act('label_list', { token: viewer.token, key }));
    expect(
      reasonOf(await server.act('label_create', { token: viewer.token, key, name: 'D', color: '#333333' })),
    ).toBe('forbidden');
    // An agent lists labels (for the chat) but needs add_label to attach them.
    const agent = await addMember(server, setup.project, [...CHAT_AGENT, 'crm.chat.show_all_chat']);
    dataOf(await server.act('label_list', { token: agent.token, key, all: true }));
    expect(
      reasonOf(
        await server.act('customer_label_set', {
          token: agent.token,
          key,
          customerId: conversation.customer.id,
          labelId: label.id,
          attached: true,
        }),
      ),
    ).toBe('forbidden');
    const admin = await addMember(server, setup.project, LABEL_ADMIN);
    dataOf(await server.act('label_create', { token: admin.token, key, name: 'E', color: '#444444' }));
  });

  it("refuses another project's labels and customers, and customers the agent does not see", async () => {
    const mine = await inboxProject(server);
    const theirs = await inboxProject(server);
    const key = mine.project.key;
    const token = mine.owner.token;
    const myConversation = await conversationWith(server, mine, '+6281234560004');
    const theirConversation = await conversationWith(server, theirs, '+6281234560005');
    const myLabel = dataOf<Label>(
      await server.act('label_create', { token, key, name: 'Mine', color: '#111111' }),
    );
    const theirLabel = dataOf<Label>(
      await server.act('label_create', {
        token: theirs.owner.token,
        key: theirs.project.key,
        name: 'Theirs',
        color: '#222222',
      }),
    );
    for (const [act, fields] of [
      ['label_update', { id: theirLabel.id, name: 'X' }],
      ['label_delete', { id: theirLabel.id }],
      ['customer_label_list', { customerId: theirConversation.customer.id }],
      [
        'customer_label_set',
        { customerId: theirConversation.customer.id, labelId: myLabel.id, attached: true },
      ],
      [
        'customer_label_set',
        { customerId: myConversation.customer.id, labelId: theirLabel.id, attached: true },
      ],
      ['label_update', { id: randomUUID(), name: 'Y' }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token, key, ...fields })), act).toBe('not_found');
    }
    expect(
      dataOf<Label[]>(await server.act('label_list', { token, key, all: true })).map((label) => label.id),
    ).toEqual([myLabel.id]);
    // A stranger to the project: not_found, as for every project act.
    expect(reasonOf(await server.act('label_list', { token: theirs.owner.token, key }))).toBe('not_found');

    // An agent without show_all_chat sees no unassigned customer.
    const agent = await addMember(server, mine.project, [...CHAT_AGENT, 'crm.chat.add_label']);
    const attach = await server.act('customer_label_set', {
      token: agent.token,
      key,
      customerId: myConversation.customer.id,
      labelId: myLabel.id,
      attached: true,
    });
    expect(reasonOf(attach)).toBe('not_found');
  });
});
