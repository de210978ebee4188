/**
 * Stages (issue 5): the stages screen's acts with board order, the pipeline board, moving
 * customers from the board and from the chat with their history and a live `customer.stage`,
 * the inbox's stage filter; refused without the keys and with another project's ids.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime } from '@sapa/sdk';
import type { ConversationSummary, CustomerStage, PermissionKey, Stage, StageColumn } from '../src/sdk.ts';
import { addMember, CHAT_AGENT, conversationWith, dataOf, inboxProject, reasonOf } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
const clients: Realtime[] = [];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
});

const STAGE_ADMIN: PermissionKey[] = [
  'crm.menu',
  'crm.stage.menu',
  'crm.stage.view',
  'crm.stage.add',
  'crm.stage.edit',
  'crm.stage.hapus',
];

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('stage acts', () => {
  it('keeps stages in board order through create, move, rename and delete', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const make = async (name: string) =>
      dataOf<Stage>(await server.act('stage_create', { token, key, name, color: '#3366FF' }));
    const lead = await make('Prospek');
    const offer = await make('Penawaran');
    const deal = await make('Deal');
    expect([lead.position, offer.position, deal.position]).toEqual([0, 1, 2]);
    const order = async () =>
      dataOf<Stage[]>(await server.act('stage_list', { token, key, all: true })).map((s) => s.name);

    dataOf(await server.act('stage_update', { token, key, id: deal.id, position: 0 }));
    expect(await order()).toEqual(['Deal', 'Prospek', 'Penawaran']);
    dataOf(await server.act('stage_update', { token, key, id: deal.id, position: 99 }));
    expect(await order()).toEqual(['Prospek', 'Penawaran', 'Deal']);
    const renamed = dataOf<Stage>(
      await server.act('stage_update', { token, key, id: offer.id, name: 'Nego', color: '#00AA00' }),
    );
    expect(renamed).toMatchObject({ name: 'Nego', color: '#00aa00', position: 1 });
    expect(reasonOf(await server.act('stage_create', { token, key, name: 'deal', color: '#000000' }))).toBe(
      'invalid_input',
    );
    expect(reasonOf(await server.act('stage_update', { token, key, id: lead.id, name: 'NEGO' }))).toBe(
      'invalid_input',
    );

    dataOf(await server.act('stage_delete', { token, key, id: lead.id }));
    const left = dataOf<Stage[]>(await server.act('stage_list', { token, key, all: true }));
    expect(left.map((stage) => [stage.name, stage.position])).toEqual([
      ['Nego', 0],
      ['Deal', 1],
    ]);
    for (let index = 0; index < 10; index += 1) await make(`Tahap ${index}`);
    const paged = await server.act('stage_list', { token, key });
    expect(paged.body.total_page).toBe(2);
    expect((paged.body.data as Stage[]).length).toBe(10);
  });

  it('moves customers on the board and from the chat, with history, live news and the inbox filter', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const sari = await conversationWith(server, setup, '+6281234570001');
    const budi = await conversationWith(server, setup, '+6281234570002');
    const lead = dataOf<Stage>(
      await server.act('stage_create', { token, key, name: 'Prospek', color: '#3366ff' }),
    );
    const deal = dataOf<Stage>(
      await server.act('stage_create', { token, key, name: 'Deal', color: '#00aa00' }),
    );

    const realtime = createRealtime({
      url: server.url,
      tokens: createMemoryTokenStore(token),
      logger: { warn: () => undefined },
    });
    clients.push(realtime);
    const heard: unknown[] = [];
    realtime.on('customer.stage', (event) => heard.push(event));
    realtime.connect();
    await until(() => realtime.getSnapshot().status === 'connected');

    const move = (customerId: string, stageId: string | null) =>
      server.act('customer_stage_set', { token, key, customerId, stageId });
    dataOf(await move(sari.customer.id, lead.id));
    const moved = dataOf<CustomerStage>(await move(sari.customer.id, deal.id));
    expect(moved.stage).toEqual({ id: deal.id, name: 'Deal', color: '#00aa00' });
    expect(
      moved.history.map((step) => [step.from?.name ?? null, step.to?.name ?? null, step.by?.id]),
    ).toEqual([
      ['Prospek', 'Deal', setup.owner.userId],
      [null, 'Prospek', setup.owner.userId],
    ]);
    await until(() => heard.length === 2);
    expect(heard[1]).toEqual({
      key,
      customerId: sari.customer.id,
      stage: { id: deal.id, name: 'Deal', color: '#00aa00' },
    });
    // The same stage again is no move.
    expect(dataOf<CustomerStage>(await move(sari.customer.id, deal.id)).history).toHaveLength(2);

    const board = dataOf<StageColumn[]>(await server.act('stage_board', { token, key }));
    expect(
      board.map((column) => [
        column.stage?.name ?? null,
        column.total,
        column.cards.map((card) => card.customerId),
      ]),
    ).toEqual([
      ['Prospek', 0, []],
      ['Deal', 1, [sari.customer.id]],
      [null, 1, [budi.customer.id]],
    ]);
    expect(board[1]?.cards[0]).toMatchObject({
      name: sari.customer.name,
      conversationId: sari.id,
      phone: '+6281234570001',
    });

    const inDeal = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token, key, stageId: deal.id }),
    );
    expect(inDeal.map((conversation) => conversation.id)).toEqual([sari.id]);

    // Deleting the stage leaves the customer in none, and the history still reads.
    dataOf(await server.act('stage_delete', { token, key, id: deal.id }));
    const after = dataOf<CustomerStage>(
      await server.act('customer_stage_get', { token, key, customerId: sari.customer.id }),
    );
    expect(after.stage).toBeNull();
    expect(after.history[0]).toMatchObject({ from: { name: 'Prospek' }, to: { id: null, name: 'Deal' } });
  });
});

describe('stage permissions and tenancy', () => {
  it('refuses every stage act without its key; the chat moves only customers the agent sees', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const conversation = await conversationWith(server, setup, '+6281234570003');
    const stage = dataOf<Stage>(
      await server.act('stage_create', { token: setup.owner.token, key, name: 'A', color: '#111111' }),
    );
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    for (const [act, fields] of [
      ['stage_list', {}],
      ['stage_create', { name: 'B', color: '#222222' }],
      ['stage_update', { id: stage.id, name: 'C' }],
      ['stage_delete', { id: stage.id }],
      ['stage_board', {}],
      ['customer_stage_get', { customerId: conversation.customer.id }],
      ['customer_stage_set', { customerId: conversation.customer.id, stageId: stage.id }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    const admin = await addMember(server, setup.project, STAGE_ADMIN);
    dataOf(
      await server.act('customer_stage_set', {
        token: admin.token,
        key,
        customerId: conversation.customer.id,
        stageId: stage.id,
      }),
    );
    const board = dataOf<StageColumn[]>(await server.act('stage_board', { token: admin.token, key }));
    expect(board[0]?.cards[0]?.phone).toBe('+62812*****003');

    const agent = await addMember(server, setup.project, [...CHAT_AGENT, 'crm.chat.add_stage']);
    const unseen = await server.act('customer_stage_set', {
      token: agent.token,
      key,
      customerId: conversation.customer.id,
      stageId: null,
    });
    expect(reasonOf(unseen)).toBe('not_found');
    dataOf(
      await server.act('conversation_assign', {
        token: setup.owner.token,
        key,
        conversationId: conversation.id,
        userId: agent.userId,
      }),
    );
    const seen = dataOf<CustomerStage>(
      await server.act('customer_stage_set', {
        token: agent.token,
        key,
        customerId: conversation.customer.id,
        stageId: null,
      }),
    );
    expect(seen.stage).toBeNull();
    expect(
      reasonOf(await server.act('stage_create', { token: agent.token, key, name: 'D', color: '#333333' })),
    ).toBe('forbidden');
  });

  it("refuses another project's stages and customers", async () => {
    const mine = await inboxProject(server);
    const theirs = await inboxProject(server);
    const key = mine.project.key;
    const token = mine.owner.token;
    const myConversation = await conversationWith(server, mine, '+6281234570004');
    const theirConversation = await conversationWith(server, theirs, '+6281234570005');
    const myStage = dataOf<Stage>(
      await server.act('stage_create', { token, key, name: 'Mine', color: '#111111' }),
    );
    const theirStage = dataOf<Stage>(
      await server.act('stage_create', {
        token: theirs.owner.token,
        key: theirs.project.key,
        name: 'Theirs',
        color: '#222222',
      }),
    );
    for (const [act, fields] of [
      ['stage_update', { id: theirStage.id, name: 'X' }],
      ['stage_delete', { id: theirStage.id }],
      ['customer_stage_get', { customerId: theirConversation.customer.id }],
      ['customer_stage_set', { customerId: theirConversation.customer.id, stageId: myStage.id }],
      ['customer_stage_set', { customerId: myConversation.customer.id, stageId: theirStage.id }],
      ['stage_update', { id: randomUUID(), name: 'Y' }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token, key, ...fields })), act).toBe('not_found');
    }
    const board = dataOf<StageColumn[]>(await server.act('stage_board', { token, key }));
    expect(board.flatMap((column) => column.cards.map((card) => card.customerId))).toEqual([
      myConversation.customer.id,
    ]);
  });
});
