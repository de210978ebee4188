/**
 * Seeing the inbox is not acting in it (issue 14, item 7): a member who joined with the Viewer
 * template reads a conversation of their division but cannot send, upload an attachment, mark it
 * read or assign it; an Agent can. Through the real acts and the real upload route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Division, ThreadMessage } from '../src/sdk.ts';
import { conversationWith, dataOf, inboxProject, reasonOf, TINY_PNG } from './support/inbox.ts';
import { join } from './support/team.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function upload(key: string, token: string): Promise<Response> {
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(TINY_PNG)]), 'katalog.png');
  return fetch(`${server.url}/upload/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe('the Viewer template in the inbox', () => {
  it('reads a conversation but cannot send, upload, mark it read or assign it; an Agent can', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const owner = setup.owner;
    const conversation = await conversationWith(server, setup, '+6281234571001');
    const ownerTeam = { owner: { ...owner, phone: '' }, project: setup.project };
    const viewer = await join(server, ownerTeam, 'viewer', 'Vina Pengamat');
    const agent = await join(server, ownerTeam, 'agent', 'Agus Agen');
    // Both see the conversation through their division (neither holds `show_all_chat`).
    const division = dataOf<Division>(
      await server.act('division_create', { token: owner.token, key, name: 'Toko', color: '#123456' }),
    );
    for (const member of [viewer, agent])
      dataOf(
        await server.act('division_member_set', {
          token: owner.token,
          key,
          divisionId: division.id,
          userId: member.userId,
          member: true,
        }),
      );
    dataOf(
      await server.act('conversation_division_set', {
        token: owner.token,
        key,
        conversationId: conversation.id,
        divisionId: division.id,
      }),
    );
    const conversationId = conversation.id;
    const thread = async (as: { token: string }) =>
      dataOf<ThreadMessage[]>(await server.act('message_list', { token: as.token, key, conversationId }));
    const send = (as: { token: string }, text: string) =>
      server.act('message_send', {
        token: as.token,
        key,
        conversationId,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: text,
      });
    const summary = async () =>
      dataOf<ConversationSummary>(
        await server.act('conversation_find', { token: owner.token, key, receiver: conversationId }),
      );

    const before = await summary();
    expect(before.unread).toBeGreaterThan(0);
    expect(await thread(viewer)).toHaveLength(1);

    expect(reasonOf(await send(viewer, 'Halo dari pengamat'))).toBe('forbidden');
    const refusedUpload = await upload(key, viewer.token);
    expect(refusedUpload.status).toBe(403);
    expect(((await refusedUpload.json()) as { reason: string }).reason).toBe('forbidden');
    expect(
      reasonOf(
        await server.act('conversation_assign', {
          token: viewer.token,
          key,
          conversationId,
          userId: viewer.userId,
        }),
      ),
    ).toBe('forbidden');
    expect(
      reasonOf(await server.act('conversation_read', { token: viewer.token, key, conversationId })),
    ).toBe('forbidden');
    // Nothing changed: no message, the same assignee, still unread for the team.
    expect(await thread(owner)).toHaveLength(1);
    const after = await summary();
    expect(after.assignedTo).toBe(before.assignedTo);
    expect(after.unread).toBe(before.unread);

    // The Agent template does each of them.
    expect(dataOf<ThreadMessage>(await send(agent, 'Halo dari agen')).direction).toBe('out');
    expect((await upload(key, agent.token)).status).toBe(200);
    const assigned = dataOf<ConversationSummary>(
      await server.act('conversation_assign', {
        token: agent.token,
        key,
        conversationId,
        userId: agent.userId,
      }),
    );
    expect(assigned.assignedTo).toBe(agent.userId);
    expect(
      dataOf<ConversationSummary>(
        await server.act('conversation_read', { token: agent.token, key, conversationId }),
      ).unread,
    ).toBe(0);
    expect(await thread(viewer)).toHaveLength(2);
  });
});
