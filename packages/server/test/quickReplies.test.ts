/**
 * Quick replies (issue 5): the acts of `/crm/quick-reply/{key}` and the composer's list, with a
 * file from the project's uploads; refused without the keys and with another project's ids.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema.ts';
import type { QuickReply } from '../src/sdk.ts';
import { addMember, CHAT_AGENT, dataOf, inboxProject, reasonOf, uploadPng } from './support/inbox.ts';
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

const upload = (setup: InboxProject) => uploadPng(server, setup);

describe('quick reply acts', () => {
  it('creates with a kept file, lists by shortcut in pages of 10 or all, searches, edits and deletes', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    for (let index = 1; index <= 11; index += 1) {
      dataOf(
        await server.act('quick_reply_create', {
          token,
          key,
          shortcut: `q${String(index).padStart(2, '0')}`,
          text: `Jawaban ${index}`,
        }),
      );
    }
    const file = await upload(setup);
    const salam = dataOf<QuickReply>(
      await server.act('quick_reply_create', {
        token,
        key,
        shortcut: '/Salam',
        text: 'Halo kak {nama}!',
        mediaId: file,
      }),
    );
    expect(salam).toMatchObject({
      shortcut: 'salam',
      text: 'Halo kak {nama}!',
      media: { id: file, type: 'png' },
    });
    const [row] = await server.app.sapa.services.db.select().from(media).where(eq(media.id, file));
    expect(row?.expiresAt).toBeNull();

    const first = await server.act('quick_reply_list', { token, key });
    expect(first.body.total_page).toBe(2);
    expect((first.body.data as QuickReply[]).map((reply) => reply.shortcut)).toEqual(
      Array.from({ length: 10 }, (_, index) => `q${String(index + 1).padStart(2, '0')}`),
    );
    const all = dataOf<QuickReply[]>(await server.act('quick_reply_list', { token, key, all: true }));
    expect(all).toHaveLength(12);
    expect(
      dataOf<QuickReply[]>(await server.act('quick_reply_list', { token, key, search: 'halo' })).map(
        (r) => r.id,
      ),
    ).toEqual([salam.id]);

    const taken = await server.act('quick_reply_create', { token, key, shortcut: 'SALAM', text: 'x' });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toEqual({ shortcut: 'Pintasan ini sudah dipakai.' });
    expect(
      reasonOf(await server.act('quick_reply_create', { token, key, shortcut: 'ada spasi', text: 'x' })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await server.act('quick_reply_update', { token, key, id: salam.id, shortcut: 'q01' })),
    ).toBe('invalid_input');

    const edited = dataOf<QuickReply>(
      await server.act('quick_reply_update', {
        token,
        key,
        id: salam.id,
        text: 'Selamat datang {nama}',
        mediaId: null,
      }),
    );
    expect(edited).toMatchObject({ shortcut: 'salam', text: 'Selamat datang {nama}', media: null });
    expect(dataOf(await server.act('quick_reply_delete', { token, key, id: salam.id }))).toEqual({
      id: salam.id,
    });
    expect(reasonOf(await server.act('quick_reply_delete', { token, key, id: salam.id }))).toBe('not_found');
  });
});

describe('quick reply permissions and tenancy', () => {
  it('refuses every act without its key; an agent may list them for the composer', async () => {
    const setup = await inboxProject(server);
    const key = setup.project.key;
    const reply = dataOf<QuickReply>(
      await server.act('quick_reply_create', { token: setup.owner.token, key, shortcut: 'a', text: 'A' }),
    );
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    for (const [act, fields] of [
      ['quick_reply_list', {}],
      ['quick_reply_create', { shortcut: 'b', text: 'B' }],
      ['quick_reply_update', { id: reply.id, text: 'C' }],
      ['quick_reply_delete', { id: reply.id }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token: nobody.token, key, ...fields })), act).toBe('forbidden');
    }
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    expect(
      dataOf<QuickReply[]>(await server.act('quick_reply_list', { token: agent.token, key, all: true })),
    ).toHaveLength(1);
    expect(
      reasonOf(await server.act('quick_reply_create', { token: agent.token, key, shortcut: 'd', text: 'D' })),
    ).toBe('forbidden');
  });

  it("refuses another project's quick replies and files", async () => {
    const mine = await inboxProject(server);
    const theirs = await inboxProject(server);
    const key = mine.project.key;
    const token = mine.owner.token;
    const their = dataOf<QuickReply>(
      await server.act('quick_reply_create', {
        token: theirs.owner.token,
        key: theirs.project.key,
        shortcut: 'x',
        text: 'X',
      }),
    );
    const theirFile = await upload(theirs);
    for (const [act, fields] of [
      ['quick_reply_update', { id: their.id, text: 'Y' }],
      ['quick_reply_delete', { id: their.id }],
      ['quick_reply_update', { id: randomUUID(), text: 'Y' }],
    ] as const) {
      expect(reasonOf(await server.act(act, { token, key, ...fields })), act).toBe('not_found');
    }
    const withForeignFile = await server.act('quick_reply_create', {
      token,
      key,
      shortcut: 'y',
      text: 'Y',
      mediaId: theirFile,
    });
    expect(reasonOf(withForeignFile)).toBe('invalid_input');
    expect(dataOf<QuickReply[]>(await server.act('quick_reply_list', { token, key, all: true }))).toEqual([]);
  });
});
