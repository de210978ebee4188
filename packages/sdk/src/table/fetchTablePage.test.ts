import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startActServer } from '../../test/actServer.ts';
import type { ActServer } from '../../test/actServer.ts';
import { createMemoryTokenStore } from '../auth/tokenStore.ts';
import { createActClient } from '../client/createActClient.ts';
import { isApiError } from '../errors/ApiError.ts';
import { fetchTablePage } from './fetchTablePage.ts';

let server: ActServer;
beforeAll(async () => {
  server = await startActServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const client = () => createActClient({ baseUrl: server.url, tokens: createMemoryTokenStore('tok') });

describe('fetchTablePage', () => {
  it('POSTs the payload with the zero-based page and reads data and total_page', async () => {
    server.reply({ body: { code: '1', msg: 'ok', data: [{ id: 'a' }, { id: 'b' }], total_page: 4 } });
    const page = await fetchTablePage(client(), { act: 'user_check_token' }, { page: 1 });
    expect(page).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total_page: 4, error: null });
    expect(server.requests[0]?.json()).toEqual({ act: 'user_check_token', token: 'tok', fcm: null, page: 1 });
  });

  it('sends page 0 by default and no page when pagination is off', async () => {
    await fetchTablePage(client(), { act: 'user_check_token' });
    await fetchTablePage(client(), { act: 'user_check_token' }, { page: 3, pagination: false });
    const bodies = server.requests.map((r) => r.json() as Record<string, unknown>);
    expect(bodies[0]?.['page']).toBe(0);
    expect(bodies[1]).not.toHaveProperty('page');
  });

  it('answers an empty page with the error when the act fails', async () => {
    server.reply({ body: { code: '0', msg: 'Akses ditolak', reason: 'forbidden' } });
    const page = await fetchTablePage(client(), { act: 'user_check_token' });
    expect(page.data).toEqual([]);
    expect(page.total_page).toBe(0);
    expect(isApiError(page.error)).toBe(true);
    expect(page.error?.message).toBe('Akses ditolak');
  });

  it('answers an empty page with the error "Error" when the response is empty', async () => {
    server.reply({});
    const page = await fetchTablePage(client(), { act: 'user_check_token' });
    expect(page).toMatchObject({ data: [], total_page: 0 });
    expect(page.error?.message).toBe('Error');
  });

  it('answers an empty page without error when the answer lacks data', async () => {
    server.reply({ body: { code: '1', msg: 'ok' } });
    expect(await fetchTablePage(client(), { act: 'user_check_token' })).toEqual({
      data: [],
      total_page: 0,
      error: null,
    });
  });

  it('turns a thrown non-Error into an Error', async () => {
    const page = await fetchTablePage({ page: () => Promise.reject('boom') }, { act: 'user_check_token' });
    expect(page.error).toBeInstanceOf(Error);
    expect(page.error?.message).toBe('boom');
  });
});
