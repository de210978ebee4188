/**
 * Divisions (issue 5): the divisions screen's acts, members, a conversation's division from the
 * chat, what a member without show_all_chat sees through their divisions (acts and real-time
 * events), the inbox and customer filters; every act refused without its key and with another
 * project's ids.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDivisionMember } from '../src/crm/divisions.ts';
import { divisionMembers, projectMembers, projects } from '../src/db/schema.ts';
import { setConversationDivision } from '../src/inbox/conversations.ts';
import type {
  ChatAgent,
  ConversationSummary,
  Customer,
  Division,
  DivisionMember,
  PermissionKey,
  ThreadMessage,
} from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import {
  addMember,
  CHAT_AGENT,
  conversationWith,
  dataOf,
  deliver,
  inboxProject,
  inbound,
  reasonOf,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { conversationEvents, listeners, summaries } from './support/realtime.ts';
import type { Heard } from './support/realtime.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
let sockets: ReturnType<typeof listeners>;

beforeAll(async () => {
  server = await startTestServer();
  sockets = listeners(server);
});

afterAll(async () => {
  sockets.disconnect();
  await server.close();
});

const DIVISION_ADMIN: PermissionKey[] = [
  'crm.menu',
  'crm.divisi.menu',
  'crm.divisi.view',
  'crm.divisi.add',
  'crm.divisi.edit',
  'crm.divisi.hapus',
  'crm.divisi.add_user',
];

let phones = 0;
/** A customer phone no other test of this file uses. */
const nextPhone = () => `+62813${String(7000000 + (phones += 1)).padStart(7, '0')}`;

async function createDivision(setup: InboxProject, name: string, color = '#1e90ff'): Promise<Division> {
  return dataOf<Division>(
    await server.act('division_create', { token: setup.owner.token, key: setup.project.key, name, color }),
  );
}

async function setMember(setup: InboxProject, divisionId: string, userId: string, member: boolean) {
  return dataOf<DivisionMember[]>(
    await server.act('division_member_set', {
      token: setup.owner.token,
      key: setup.project.key,
      divisionId,
      userId,
      member,
    }),
  );
}

async function putInDivision(setup: InboxProject, conversationId: string, divisionId: string) {
  return dataOf<ConversationSummary>(
    await server.act('conversation_division_set', {
      token: setup.owner.token,
      key: setup.project.key,
      conversationId,
      divisionId,
    }),
  );
}

/** The conversations `token` lists in the project. */
async function listed(setup: InboxProject, token: string, fields: Record<string, unknown> = {}) {
  return dataOf<ConversationSummary[]>(
    await server.act('conversation_list', { token, key: setup.project.key, ...fields }),
  ).map((conversation) => conversation.id);
}

/** The customer writes again on the project's number. */
async function customerWrites(setup: InboxProject, phone: string, text: string): Promise<void> {
  const answer = await deliver(
    server,
    inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: phone, text }),
  );
  expect(answer.status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
}

describe('division acts', () => {
  it('creates, lists by name in pages of 10 with word-prefix search, edits and deletes divisions', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const names = Array.from({ length: 12 }, (_, index) => `Tim ${String(index + 1).padStart(2, '0')}`);
    for (const name of names) await createDivision(setup, name);
    const sales = dataOf<Division>(
      await server.act('division_create', { token, key, name: ' Sales Jakarta ', color: '#FF0000' }),
    );
    expect(sales).toMatchObject({ name: 'Sales Jakarta', color: '#ff0000', members: 0, conversations: 0 });

    const first = await server.act('division_list', { token, key });
    expect(first.body.total_page).toBe(2);
    expect((first.body.data as Division[]).map((division) => division.name)).toEqual([
      'Sales Jakarta',
      ...names.slice(0, 9),
    ]);
    const second = dataOf<Division[]>(await server.act('division_list', { token, key, page: 1 }));
    expect(second.map((division) => division.name)).toEqual(names.slice(9));
    const search = async (words: string) =>
      dataOf<Division[]>(await server.act('division_list', { token, key, search: words })).map(
        (division) => division.name,
      );
    expect(await search('tim 1')).toEqual(['Tim 10', 'Tim 11', 'Tim 12']);
    expect(await search('JAK')).toEqual(['Sales Jakarta']);
    // The start of a word, not any part of it; `%` and `_` are plain characters.
    expect(await search('ales')).toEqual([]);
    expect(await search('%')).toEqual([]);
    const all = await server.act('division_list', { token, key, all: true });
    expect((all.body.data as Division[]).length).toBe(13);
    expect(all.body.total_page).toBe(1);

    const taken = await server.act('division_create', {
      token,
      key,
      name: 'sales JAKARTA',
      color: '#000000',
    });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toEqual({ name: 'Divisi dengan nama ini sudah ada.' });
    const takenInEnglish = await server.act(
      'division_create',
      { token, key, name: 'Tim 01', color: '#000000' },
      { 'accept-language': 'en' },
    );
    expect(takenInEnglish.body.errors).toEqual({ name: 'A division with this name already exists.' });
    const renamedToTaken = await server.act('division_update', { token, key, id: sales.id, name: 'TIM 02' });
    expect(reasonOf(renamedToTaken)).toBe('invalid_input');
    expect(renamedToTaken.body.errors).toEqual({ name: 'Divisi dengan nama ini sudah ada.' });
    for (const fields of [
      { name: 'Merah', color: 'red' },
      { name: '', color: '#123456' },
      { name: 'x'.repeat(200), color: '#123456' },
    ]) {
      expect(reasonOf(await server.act('division_create', { token, key, ...fields }))).toBe('invalid_input');
    }
    // Nothing of the refused ones was kept.
    expect(dataOf<Division[]>(await server.act('division_list', { token, key, all: true }))).toHaveLength(13);

    const edited = dataOf<Division>(
      await server.act('division_update', { token, key, id: sales.id, name: 'Sales', color: '#00aa00' }),
    );
    expect(edited).toMatchObject({ id: sales.id, name: 'Sales', color: '#00aa00' });
    const recoloured = dataOf<Division>(
      await server.act('division_update', { token, key, id: sales.id, color: '#0000aa' }),
    );
    expect(recoloured).toMatchObject({ name: 'Sales', color: '#0000aa' });

    expect(dataOf(await server.act('division_delete', { token, key, id: sales.id }))).toEqual({
      id: sales.id,
    });
    expect(reasonOf(await server.act('division_delete', { token, key, id: sales.id }))).toBe('not_found');
    expect(reasonOf(await server.act('division_update', { token, key, id: sales.id, name: 'X' }))).toBe(
      'not_found',
    );
    expect(await search('sales')).toEqual([]);
  });

  it('takes in and lets go of members of the project only, and counts members and conversations', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const support = await createDivision(setup, 'Support');
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const outsider = await registerUser(server);

    const options = async () =>
      dataOf<ChatAgent[]>(
        await server.act('division_member_options', { token, key, divisionId: support.id }),
      ).map((option) => option.id);
    expect((await options()).sort()).toEqual([setup.owner.userId, agent.userId].sort());

    const members = await setMember(setup, support.id, agent.userId, true);
    expect(members).toEqual([{ userId: agent.userId, name: 'Budi Santoso', addedAt: expect.any(String) }]);
    // Twice changes nothing.
    expect(await setMember(setup, support.id, agent.userId, true)).toEqual(members);
    expect(await options()).toEqual([setup.owner.userId]);
    expect(
      dataOf<DivisionMember[]>(
        await server.act('division_member_list', { token, key, divisionId: support.id }),
      ),
    ).toEqual(members);

    // Someone who is not a member of the project, or no one: not_found, and nothing changes.
    for (const userId of [outsider.userId, randomUUID()]) {
      const refused = await server.act('division_member_set', {
        token,
        key,
        divisionId: support.id,
        userId,
        member: true,
      });
      expect(reasonOf(refused)).toBe('not_found');
    }
    expect(
      reasonOf(
        await server.act('division_member_set', {
          token,
          key,
          divisionId: support.id,
          userId: 'x',
          member: true,
        }),
      ),
    ).toBe('invalid_input');

    const sari = await conversationWith(server, setup, nextPhone());
    await putInDivision(setup, sari.id, support.id);
    const [counted] = dataOf<Division[]>(await server.act('division_list', { token, key }));
    expect(counted).toMatchObject({ id: support.id, members: 1, conversations: 1 });

    expect(await setMember(setup, support.id, agent.userId, false)).toEqual([]);
    expect(await setMember(setup, support.id, agent.userId, false)).toEqual([]);
    expect((await options()).sort()).toEqual([setup.owner.userId, agent.userId].sort());
  });
});

describe('division storage', () => {
  it('keeps a member row to a membership and a division that exist, whatever the handlers checked', async () => {
    const setup = await inboxProject(server);
    const { db } = server.app.sapa.services;
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.key, setup.project.key));
    const projectId = project?.id ?? '';
    const division = await createDivision(setup, 'Kasir');
    const other = await inboxProject(server);
    const theirDivision = await createDivision(other, 'Kasir');
    const outsider = await registerUser(server);
    const sari = await conversationWith(server, setup, nextPhone());
    await putInDivision(setup, sari.id, division.id);
    const now = server.clock.now();
    // Someone who left the project meanwhile, or a division deleted meanwhile (or another project's).
    for (const change of [
      { divisionId: division.id, userId: outsider.userId },
      { divisionId: randomUUID(), userId: setup.owner.userId },
      { divisionId: theirDivision.id, userId: setup.owner.userId },
    ]) {
      expect(await setDivisionMember(db, { projectId, member: true, now, ...change })).toBe('gone');
    }
    expect(await setConversationDivision(db, sari.id, randomUUID())).toBe(false);
    expect(await db.select().from(divisionMembers).where(eq(divisionMembers.projectId, projectId))).toEqual(
      [],
    );
    const [unchanged] = await listed(setup, setup.owner.token, { divisionId: division.id });
    expect(unchanged).toBe(sari.id);
  });
});

describe('division permissions and tenancy', () => {
  it('refuses every division act without its key', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const conversation = await conversationWith(server, setup, nextPhone());
    const division = await createDivision(setup, 'A');
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    const calls: [string, Record<string, unknown>][] = [
      ['division_list', {}],
      ['division_create', { name: 'B', color: '#222222' }],
      ['division_update', { id: division.id, name: 'C' }],
      ['division_delete', { id: division.id }],
      ['division_member_list', { divisionId: division.id }],
      ['division_member_options', { divisionId: division.id }],
      ['division_member_set', { divisionId: division.id, userId: nobody.userId, member: true }],
      ['conversation_division_set', { conversationId: conversation.id, divisionId: division.id }],
      ['conversation_division_clear', { conversationId: conversation.id }],
    ];
    for (const [act, fields] of calls) {
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    // A viewer of divisions lists them and their members, nothing more.
    const viewer = await addMember(server, setup.project, ['crm.menu', 'crm.divisi.menu', 'crm.divisi.view']);
    dataOf(await server.act('division_list', { token: viewer.token, key }));
    dataOf(await server.act('division_member_list', { token: viewer.token, key, divisionId: division.id }));
    for (const [act, fields] of calls.slice(1)) {
      if (act === 'division_member_list') continue;
      expect(reasonOf(await server.act(act, { token: viewer.token, key, ...fields })), act).toBe('forbidden');
    }
    // An agent lists divisions (the chat's picker and filter) but needs add_divisi / delete_divisi.
    const agent = await addMember(server, setup.project, [...CHAT_AGENT, 'crm.chat.show_all_chat']);
    dataOf(await server.act('division_list', { token: agent.token, key, all: true }));
    expect(
      reasonOf(
        await server.act('conversation_division_set', {
          token: agent.token,
          key,
          conversationId: conversation.id,
          divisionId: division.id,
        }),
      ),
    ).toBe('forbidden');
    const setter = await addMember(server, setup.project, [
      ...CHAT_AGENT,
      'crm.chat.show_all_chat',
      'crm.chat.add_divisi',
    ]);
    const set = dataOf<ConversationSummary>(
      await server.act('conversation_division_set', {
        token: setter.token,
        key,
        conversationId: conversation.id,
        divisionId: division.id,
      }),
    );
    expect(set.division).toEqual({ id: division.id, name: 'A', color: '#1e90ff' });
    expect(
      reasonOf(
        await server.act('conversation_division_clear', {
          token: setter.token,
          key,
          conversationId: conversation.id,
        }),
      ),
    ).toBe('forbidden');
    const admin = await addMember(server, setup.project, DIVISION_ADMIN);
    dataOf(await server.act('division_create', { token: admin.token, key, name: 'D', color: '#444444' }));
    dataOf(
      await server.act('division_member_set', {
        token: admin.token,
        key,
        divisionId: division.id,
        userId: agent.userId,
        member: true,
      }),
    );
    // A stranger to the project: not_found, as for every project act.
    const stranger = await registerUser(server);
    expect(reasonOf(await server.act('division_list', { token: stranger.token, key }))).toBe('not_found');
  });

  it("refuses another project's divisions, members and conversations", async () => {
    const mine = await inboxProject(server);
    const theirs = await inboxProject(server);
    const key = mine.project.key;
    const token = mine.owner.token;
    const myConversation = await conversationWith(server, mine, nextPhone());
    const theirConversation = await conversationWith(server, theirs, nextPhone());
    const myDivision = await createDivision(mine, 'Mine');
    const theirDivision = await createDivision(theirs, 'Theirs');
    await putInDivision(theirs, theirConversation.id, theirDivision.id);
    for (const [act, fields] of [
      ['division_update', { id: theirDivision.id, name: 'X' }],
      ['division_delete', { id: theirDivision.id }],
      ['division_member_list', { divisionId: theirDivision.id }],
      ['division_member_options', { divisionId: theirDivision.id }],
      ['division_member_set', { divisionId: theirDivision.id, userId: mine.owner.userId, member: true }],
      ['division_member_set', { divisionId: myDivision.id, userId: theirs.owner.userId, member: true }],
      ['conversation_division_set', { conversationId: myConversation.id, divisionId: theirDivision.id }],
      ['conversation_division_set', { conversationId: theirConversation.id, divisionId: myDivision.id }],
      ['conversation_division_clear', { conversationId: theirConversation.id }],
      ['division_update', { id: randomUUID(), name: 'Y' }],
      ['conversation_division_set', { conversationId: randomUUID(), divisionId: myDivision.id }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token, key, ...fields })), act).toBe('not_found');
    }
    expect(
      dataOf<Division[]>(await server.act('division_list', { token, key, all: true })).map((d) => d.id),
    ).toEqual([myDivision.id]);
    // Their division filters to nothing here; theirs is untouched.
    expect(await listed(mine, token, { divisionId: theirDivision.id })).toEqual([]);
    expect(
      dataOf<Customer[]>(await server.act('customer_list', { token, key, divisionId: theirDivision.id })),
    ).toEqual([]);
    const [untouched] = dataOf<Division[]>(
      await server.act('division_list', { token: theirs.owner.token, key: theirs.project.key }),
    );
    expect(untouched).toMatchObject({ name: 'Theirs', members: 0, conversations: 1 });
  });

  it('takes a member who leaves the project out of its divisions', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const division = await createDivision(setup, 'Gudang');
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const sari = await conversationWith(server, setup, nextPhone());
    await putInDivision(setup, sari.id, division.id);
    await setMember(setup, division.id, agent.userId, true);
    expect(await listed(setup, agent.token)).toEqual([sari.id]);

    const { db } = server.app.sapa.services;
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, key));
    const projectId = project?.id ?? '';
    await db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, agent.userId)));
    expect(
      dataOf<DivisionMember[]>(
        await server.act('division_member_list', { token, key, divisionId: division.id }),
      ),
    ).toEqual([]);
    expect(await db.select().from(divisionMembers).where(eq(divisionMembers.userId, agent.userId))).toEqual(
      [],
    );
    // Back in the project, they are in no division until someone puts them there again.
    await db
      .insert(projectMembers)
      .values({ projectId, userId: agent.userId, permissions: CHAT_AGENT, createdAt: new Date() });
    expect(await listed(setup, agent.token)).toEqual([]);
  });
});

describe('what a division member sees', () => {
  it('shows an agent without show_all_chat the conversations of their divisions, only while they belong', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const sales = await createDivision(setup, 'Sales', '#ff8800');
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const sariPhone = nextPhone();
    const sari = await conversationWith(server, setup, sariPhone);
    const budi = await conversationWith(server, setup, nextPhone());
    expect(sari.division).toBeNull();

    const moved = await putInDivision(setup, sari.id, sales.id);
    expect(moved.division).toEqual({ id: sales.id, name: 'Sales', color: '#ff8800' });
    // The same division again changes nothing.
    expect((await putInDivision(setup, sari.id, sales.id)).division).toEqual(moved.division);

    const acts = (conversationId: string) => ({
      find: () => server.act('conversation_find', { token: agent.token, key, receiver: conversationId }),
      messages: () => server.act('message_list', { token: agent.token, key, conversationId }),
      send: () =>
        server.act('message_send', {
          token: agent.token,
          key,
          conversationId,
          clientId: randomUUID(),
          type: 'text',
          caption: 'Halo kak',
        }),
    });
    const onSari = acts(sari.id);
    expect(await listed(setup, agent.token)).toEqual([]);
    expect(reasonOf(await onSari.find())).toBe('not_found');
    expect(reasonOf(await onSari.messages())).toBe('not_found');

    await setMember(setup, sales.id, agent.userId, true);
    const seen = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token: agent.token, key }),
    );
    expect(seen.map((conversation) => conversation.id)).toEqual([sari.id]);
    expect(seen[0]?.division).toEqual({ id: sales.id, name: 'Sales', color: '#ff8800' });
    expect(seen[0]?.customer.phone).toMatch(/\*{4}/);
    expect(dataOf<ConversationSummary>(await onSari.find()).division?.id).toBe(sales.id);
    expect(dataOf<ThreadMessage[]>(await onSari.messages()).length).toBeGreaterThan(0);
    expect(dataOf<ThreadMessage>(await onSari.send())).toMatchObject({
      status: 'pending',
      caption: 'Halo kak',
    });
    expect(reasonOf(await acts(budi.id).messages())).toBe('not_found');

    // The owner sees everything; the division filter keeps Sari's.
    expect((await listed(setup, token)).sort()).toEqual([sari.id, budi.id].sort());
    expect(await listed(setup, token, { divisionId: sales.id })).toEqual([sari.id]);
    expect(await listed(setup, agent.token, { divisionId: sales.id })).toEqual([sari.id]);
    // Customers with a conversation in the division.
    const customers = dataOf<Customer[]>(
      await server.act('customer_list', { token, key, divisionId: sales.id }),
    );
    expect(customers.map((customer) => customer.id)).toEqual([sari.customer.id]);
    const exported = dataOf<{ rows: number; csv: string }>(
      await server.act('customer_export', { token, key, divisionId: sales.id }),
    );
    expect(exported.rows).toBe(1);
    expect(exported.csv).toContain(sariPhone.slice(1));

    // Out of the division: gone again, everywhere.
    await setMember(setup, sales.id, agent.userId, false);
    expect(await listed(setup, agent.token)).toEqual([]);
    expect(reasonOf(await onSari.find())).toBe('not_found');
    expect(reasonOf(await onSari.messages())).toBe('not_found');
    expect(reasonOf(await onSari.send())).toBe('not_found');

    // Assigned to them, they see it whatever its division.
    dataOf(
      await server.act('conversation_assign', { token, key, conversationId: sari.id, userId: agent.userId }),
    );
    expect(await listed(setup, agent.token)).toEqual([sari.id]);
    const cleared = dataOf<ConversationSummary>(
      await server.act('conversation_division_clear', { token, key, conversationId: sari.id }),
    );
    expect(cleared.division).toBeNull();
    expect(await listed(setup, agent.token)).toEqual([sari.id]);
    expect(await listed(setup, token, { divisionId: sales.id })).toEqual([]);
    expect(
      dataOf<Customer[]>(await server.act('customer_list', { token, key, divisionId: sales.id })),
    ).toEqual([]);
  });

  it('lets a limited agent move only conversations they see, and deleting a division frees its conversations', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const sales = await createDivision(setup, 'Sales');
    const support = await createDivision(setup, 'Support');
    const agent = await addMember(server, setup.project, [
      ...CHAT_AGENT,
      'crm.chat.add_divisi',
      'crm.chat.delete_divisi',
    ]);
    const sari = await conversationWith(server, setup, nextPhone());
    const budi = await conversationWith(server, setup, nextPhone());
    await putInDivision(setup, sari.id, sales.id);
    await setMember(setup, sales.id, agent.userId, true);

    // Not theirs to see: not_found, and it stays where it was.
    const refused = await server.act('conversation_division_set', {
      token: agent.token,
      key,
      conversationId: budi.id,
      divisionId: sales.id,
    });
    expect(reasonOf(refused)).toBe('not_found');
    expect(await listed(setup, token, { divisionId: sales.id })).toEqual([sari.id]);

    // They hand Sari's to Support, where they are not: it leaves their inbox.
    const handed = dataOf<ConversationSummary>(
      await server.act('conversation_division_set', {
        token: agent.token,
        key,
        conversationId: sari.id,
        divisionId: support.id,
      }),
    );
    expect(handed.division?.name).toBe('Support');
    expect(await listed(setup, agent.token)).toEqual([]);

    await putInDivision(setup, budi.id, support.id);
    const [before] = dataOf<Division[]>(await server.act('division_list', { token, key, search: 'support' }));
    expect(before?.conversations).toBe(2);
    dataOf(await server.act('division_delete', { token, key, id: support.id }));
    const freed = dataOf<ConversationSummary[]>(await server.act('conversation_list', { token, key }));
    expect(freed.map((conversation) => conversation.division)).toEqual([null, null]);
  });
});

describe('division events', () => {
  it('reach the division members, who hear when they gain or lose its conversations', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const sales = await createDivision(setup, 'Sales', '#ff8800');
    const member = await addMember(server, setup.project, CHAT_AGENT);
    const other = await addMember(server, setup.project, CHAT_AGENT);
    const phone = nextPhone();
    const sari = await conversationWith(server, setup, phone);
    await putInDivision(setup, sari.id, sales.id);
    const [owner, agent, bystander] = await Promise.all([
      sockets.listen(token),
      sockets.listen(member.token),
      sockets.listen(other.token),
    ]);
    const everyone = [owner, agent, bystander];
    let seenSoFar = 0;
    /** What the agent heard since the last call. */
    const heardNow = async (): Promise<Heard[]> => {
      await sockets.barrier(key, everyone);
      const events = conversationEvents(agent);
      const fresh = events.slice(seenSoFar);
      seenSoFar = events.length;
      return fresh;
    };
    const removed = { event: 'conversation.removed', payload: { key, conversationId: sari.id } };

    // Joining the division shows them its conversation at once, phones masked.
    await setMember(setup, sales.id, member.userId, true);
    const joined = await heardNow();
    expect(joined.map((entry) => entry.event)).toEqual(['conversation.updated']);
    expect(summaries(joined)[0]).toMatchObject({ id: sari.id, division: { id: sales.id, name: 'Sales' } });
    expect(summaries(joined)[0]?.customer.phone).toMatch(/\*{4}/);

    await customerWrites(setup, phone, 'Masih ada stok?');
    const wrote = await heardNow();
    expect(wrote.map((entry) => entry.event)).toEqual(['message.new', 'conversation.updated']);
    // A customer's message announces the division as summaries show it, name and colour.
    expect(summaries(wrote)[0]?.division).toEqual({ id: sales.id, name: 'Sales', color: '#ff8800' });
    expect(summaries(owner).at(-1)?.customer.phone).toBe(phone);

    // Taken out of the division: told it is gone, then nothing more of it.
    await setMember(setup, sales.id, member.userId, false);
    expect(await heardNow()).toEqual([removed]);
    await customerWrites(setup, phone, 'Halo?');
    expect(await heardNow()).toEqual([]);

    // Back in; the conversation leaves the division.
    await setMember(setup, sales.id, member.userId, true);
    expect((await heardNow()).map((entry) => entry.event)).toEqual(['conversation.updated']);
    dataOf(await server.act('conversation_division_clear', { token, key, conversationId: sari.id }));
    expect(await heardNow()).toEqual([removed]);
    await customerWrites(setup, phone, 'Halo lagi');
    expect(await heardNow()).toEqual([]);

    // Back in the division, which is then deleted.
    await putInDivision(setup, sari.id, sales.id);
    expect(summaries(await heardNow()).map((summary) => summary.division?.id)).toEqual([sales.id]);
    dataOf(await server.act('division_delete', { token, key, id: sales.id }));
    expect(await heardNow()).toEqual([removed]);
    expect(summaries(owner).at(-1)).toMatchObject({ id: sari.id, division: null });
    await customerWrites(setup, phone, 'Ada orang?');
    expect(await heardNow()).toEqual([]);

    // The member outside the division never heard of it.
    expect(conversationEvents(bystander)).toEqual([]);
  });

  it('keeps an assignee informed, and a socket opened later joins its division rooms', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const support = await createDivision(setup, 'Support');
    const member = await addMember(server, setup.project, [
      ...CHAT_AGENT,
      'crm.chat.show_user_contact_detail',
    ]);
    const phone = nextPhone();
    const sari = await conversationWith(server, setup, phone);
    await putInDivision(setup, sari.id, support.id);
    // In the division before their app opens.
    await setMember(setup, support.id, member.userId, true);
    const agent = await sockets.listen(member.token);
    const owner = await sockets.listen(token);

    await customerWrites(setup, phone, 'Pesanan saya sudah dikirim?');
    await sockets.barrier(key, [agent, owner]);
    expect(conversationEvents(agent).map((entry) => entry.event)).toEqual([
      'message.new',
      'conversation.updated',
    ]);
    // They see phones: the full payload.
    expect(summaries(agent)[0]?.customer.phone).toBe(phone);

    // Assigned to them and then taken out of the division: still theirs, nothing removed.
    dataOf(
      await server.act('conversation_assign', { token, key, conversationId: sari.id, userId: member.userId }),
    );
    await setMember(setup, support.id, member.userId, false);
    await sockets.barrier(key, [agent, owner]);
    expect(conversationEvents(agent).some((entry) => entry.event === 'conversation.removed')).toBe(false);
    await customerWrites(setup, phone, 'Terima kasih');
    await sockets.barrier(key, [agent, owner]);
    // One conversation.updated (the assignment), then message.new and conversation.updated: each once.
    expect(conversationEvents(agent).map((entry) => entry.event)).toEqual([
      'message.new',
      'conversation.updated',
      'conversation.updated',
      'message.new',
      'conversation.updated',
    ]);

    // In the division again and assigned away: they still see it through the division.
    await setMember(setup, support.id, member.userId, true);
    dataOf(await server.act('conversation_assign', { token, key, conversationId: sari.id, userId: null }));
    await sockets.barrier(key, [agent, owner]);
    expect(conversationEvents(agent).some((entry) => entry.event === 'conversation.removed')).toBe(false);
    expect(summaries(agent).at(-1)).toMatchObject({ id: sari.id, assignedTo: null });
  });
});
