import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionKeys } from '../src/sdk.ts';
import type { Project } from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function dataOf<T>(answer: ApiAnswer): T {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  return answer.body.data as T;
}

async function create(token: string, name: string): Promise<Project> {
  return dataOf<Project>(await server.act('project_create', { token, name }));
}

describe('projects', () => {
  it('creates a project owned by the caller, holding exactly every permission of the tree', async () => {
    const { token } = await registerUser(server);
    const before = Date.now();
    const project = await create(token, '  Toko Sapa  ');
    expect(project).toEqual({
      key: expect.stringMatching(/^[a-z0-9]{10}$/),
      name: 'Toko Sapa',
      timeZone: 'Asia/Jakarta',
      createdAt: expect.any(String),
      role: 'owner',
      permissions: expect.any(Array),
    });
    expect([...project.permissions].sort()).toEqual([...allPermissionKeys].sort());
    expect(Date.parse(project.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const got = dataOf<Project>(await server.act('project_get', { token, key: project.key }));
    expect(got).toEqual(project);
  });

  it('gives every project its own random key', async () => {
    const { token } = await registerUser(server);
    const keys = [];
    for (let index = 0; index < 5; index += 1) keys.push((await create(token, `Proyek ${index}`)).key);
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]{10}$/);
  });

  it("lists the caller's projects, newest first, and only theirs", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    expect(dataOf<Project[]>(await server.act('project_list', { token: alice.token }))).toEqual([]);
    const first = await create(alice.token, 'Toko Pertama');
    server.clock.advance(1000);
    const second = await create(alice.token, 'Toko Kedua');
    const bobs = await create(bob.token, 'Toko Bob');

    // Each card adds what the caller should notice: nothing unread, no WhatsApp numbers yet, and
    // (the owner sees billing) an empty balance.
    const card = { unreadCount: 0, accounts: { total: 0, connected: 0 }, balance: 0 };
    const listed = dataOf<Project[]>(await server.act('project_list', { token: alice.token }));
    expect(listed).toEqual([
      { ...second, ...card },
      { ...first, ...card },
    ]);
    expect(dataOf<Project[]>(await server.act('project_list', { token: bob.token }))).toEqual([
      { ...bobs, ...card },
    ]);
  });

  it('refuses a non-member on project_get exactly as for a key that does not exist', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const project = await create(owner.token, 'Toko Rahasia');

    for (const locale of ['id', 'en']) {
      const headers = { 'accept-language': locale };
      const foreign = await server.act('project_get', { token: stranger.token, key: project.key }, headers);
      const missing = await server.act('project_get', { token: stranger.token, key: 'zzzzzzzzzz' }, headers);
      expect(foreign.status).toBe(200);
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.body).toEqual({
        code: '0',
        reason: 'not_found',
        msg: locale === 'id' ? 'Proyek tidak ditemukan.' : 'Project not found.',
      });
    }
    expect(JSON.stringify(await server.act('project_list', { token: stranger.token }))).not.toContain(
      project.key,
    );
  });

  it('refuses bad names with field errors in the caller language', async () => {
    const { token } = await registerUser(server);
    const cases: Array<[unknown, string, string]> = [
      ['', 'Wajib diisi.', 'Required.'],
      ['    ', 'Wajib diisi.', 'Required.'],
      ['x'.repeat(101), 'Maksimal 100 karakter.', 'At most 100 characters.'],
      [undefined, 'Wajib diisi.', 'Required.'],
      [42, 'Isian tidak valid.', 'Invalid value.'],
    ];
    for (const [name, id, en] of cases) {
      const fields = name === undefined ? { token } : { token, name };
      const inId = await server.act('project_create', fields);
      expect(inId.body).toMatchObject({ code: '0', reason: 'invalid_input', errors: { name: id } });
      const inEn = await server.act('project_create', fields, { 'accept-language': 'en' });
      expect(inEn.body).toMatchObject({ code: '0', reason: 'invalid_input', errors: { name: en } });
    }
    expect(await create(token, 'x'.repeat(100))).toMatchObject({ name: 'x'.repeat(100) });
    expect(dataOf<Project[]>(await server.act('project_list', { token }))).toHaveLength(1);
  });

  it('refuses every project act without a live session', async () => {
    for (const [act, fields] of [
      ['project_create', { name: 'Toko' }],
      ['project_list', {}],
      ['project_get', { key: 'abcdefghij' }],
    ] as const) {
      const none = await server.act(act, fields);
      expect(none.body).toMatchObject({ code: '0', reason: 'unauthenticated' });
      const bogus = await server.act(act, { ...fields, token: 'not-a-token' });
      expect(bogus.body).toMatchObject({ code: '0', reason: 'unauthenticated' });
    }
  });
});
