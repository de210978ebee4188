/**
 * Who hears about a conversation: events reach members who may see it (show_all_chat, or its
 * assignee), phones masked for members without show_user_contact_detail, nothing for members
 * without crm.chat.view; an assignee who loses a conversation is told so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEventPayload } from '@sapa/sdk';
import { realtimeOf } from '../src/realtime/attachRealtime.ts';
import type { PermissionKey } from '../src/sdk.ts';
import { uniquePhone } from './support/flows.ts';
import { addMember, CHAT_AGENT, dataOf, deliver, inbound, inboxProject } from './support/inbox.ts';
import { conversationEvents, listeners, summaries } from './support/realtime.ts';
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

const listen = (token: string) => sockets.listen(token);
const barrier: ReturnType<typeof listeners>['barrier'] = (key, heards, toUser) =>
  sockets.barrier(key, heards, toUser);

describe('conversation events', () => {
  it('reach those who may see the conversation, masked where phones are hidden', async () => {
    const setup = await inboxProject(server);
    const { project } = setup;
    const limited = await addMember(server, project, CHAT_AGENT);
    const allMasked = await addMember(server, project, [
      ...CHAT_AGENT,
      'crm.chat.show_all_chat',
    ] satisfies PermissionKey[]);
    const outsider = await addMember(server, project, ['crm.menu']);
    const [owner, agent, viewer, stranger] = await Promise.all([
      listen(setup.owner.token),
      listen(limited.token),
      listen(allMasked.token),
      listen(outsider.token),
    ]);
    const everyone = [owner, agent, viewer, stranger];
    const phone = uniquePhone();
    const write = async (text: string) =>
      expect(
        (
          await deliver(
            server,
            inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: phone, text }),
          )
        ).status,
      ).toBe(200);

    await write('Halo, stok masih ada?');
    await barrier(project.key, everyone);
    expect(conversationEvents(owner).map((entry) => entry.event)).toEqual([
      'message.new',
      'conversation.updated',
    ]);
    expect(summaries(owner)[0]?.customer.phone).toBe(phone);
    expect(conversationEvents(viewer).map((entry) => entry.event)).toEqual([
      'message.new',
      'conversation.updated',
    ]);
    expect(summaries(viewer)[0]?.customer.phone).not.toBe(phone);
    expect(summaries(viewer)[0]?.customer.phone).toMatch(/\*{4}/);
    expect(conversationEvents(agent)).toEqual([]);
    expect(conversationEvents(stranger)).toEqual([]);

    // Assigned to the limited agent: from now on they hear about it, phones masked.
    const conversationId = summaries(owner)[0]?.id ?? '';
    dataOf(
      await server.act('conversation_assign', {
        token: setup.owner.token,
        key: project.key,
        conversationId,
        userId: limited.userId,
      }),
    );
    await write('Saya mau pesan 2');
    await barrier(project.key, everyone);
    expect(conversationEvents(agent).map((entry) => entry.event)).toEqual([
      'conversation.updated',
      'message.new',
      'conversation.updated',
    ]);
    expect(summaries(agent).every((summary) => summary.customer.phone.includes('****'))).toBe(true);
    expect(summaries(agent).at(-1)?.assignedTo).toBe(limited.userId);
    expect(conversationEvents(stranger)).toEqual([]);

    // Taken back: the agent is told it is gone and hears nothing more of it.
    dataOf(
      await server.act('conversation_assign', {
        token: setup.owner.token,
        key: project.key,
        conversationId,
        userId: setup.owner.userId,
      }),
    );
    await write('Halo?');
    await barrier(project.key, everyone);
    const after = conversationEvents(agent).slice(3);
    expect(after).toEqual([{ event: 'conversation.removed', payload: { key: project.key, conversationId } }]);
    expect(conversationEvents(owner).filter((entry) => entry.event === 'message.new')).toHaveLength(3);
    expect(conversationEvents(stranger)).toEqual([]);
  });

  it('follows a membership change at once: new rooms, without reconnecting', async () => {
    const setup = await inboxProject(server);
    const { project } = setup;
    const member = await addMember(server, project, ['crm.menu']);
    const heard = await listen(member.token);
    const owner = await listen(setup.owner.token);
    const { publisher } = realtimeOf(server.app);
    await publisher.membershipChanged({
      userId: member.userId,
      key: project.key,
      permissions: [...CHAT_AGENT, 'crm.chat.show_all_chat', 'crm.chat.show_user_contact_detail'],
    });
    const phone = uniquePhone();
    await deliver(
      server,
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: phone }),
    );
    await barrier(project.key, [heard, owner]);
    expect(summaries(heard)[0]?.customer.phone).toBe(phone);

    await publisher.membershipChanged({ userId: member.userId, key: project.key, permissions: null });
    await deliver(
      server,
      inbound('inbound-text.json', { phoneNumberId: setup.account.phoneNumberId, from: phone }),
    );
    await barrier(project.key, [owner]);
    publisher.toProject(project.key, 'account.status', {
      key: project.key,
      accountId: 'after-leaving',
      status: 'connected',
    });
    await barrier(project.key, [heard], member.userId);
    // No longer a member: neither the conversation's events nor the project's reach them.
    expect(conversationEvents(heard).filter((entry) => entry.event === 'message.new')).toHaveLength(1);
    expect(
      heard.some(
        (entry) =>
          entry.event === 'account.status' &&
          (entry.payload as ServerEventPayload<'account.status'>).accountId === 'after-leaving',
      ),
    ).toBe(false);
  });
});
