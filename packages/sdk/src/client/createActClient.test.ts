import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startActServer } from '../../test/actServer.ts';
import type { ActServer } from '../../test/actServer.ts';
import { createMemoryTokenStore } from '../auth/tokenStore.ts';
import { createPushTokenStore } from '../auth/pushTokenStore.ts';
import { ApiError, isApiError } from '../errors/ApiError.ts';
import { isEmptyResponseError } from '../errors/EmptyResponseError.ts';
import { isHttpError } from '../errors/HttpError.ts';
import { isNetworkError } from '../errors/NetworkError.ts';
import type { NetworkError } from '../errors/NetworkError.ts';
import type { HttpError } from '../errors/HttpError.ts';
import { createActClient } from './createActClient.ts';
import type { ActClient } from './createActClient.ts';

let server: ActServer;
beforeAll(async () => {
  server = await startActServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function setup(options: { timeout?: number } = {}) {
  const tokens = createMemoryTokenStore('tok-1');
  const pushToken = createPushTokenStore();
  pushToken.set('fcm-1');
  const client = createActClient({ baseUrl: server.url, tokens, pushToken, locale: () => 'en', ...options });
  return { client, tokens, pushToken };
}

/** The field names of a form, in order (FormData's iterators need the DOM.Iterable lib). */
function keysOf(form: FormData): string[] {
  const keys: string[] = [];
  form.forEach((_, key) => keys.push(key));
  return keys;
}

const challenge = { challenge: 'c1', maskedPhone: '+62812****789', length: 6, expiresIn: 300, resendIn: 60 };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('createActClient: requests', () => {
  it('POSTs { act, token, fcm, ...fields } as JSON to the base URL exactly', async () => {
    const { client } = setup();
    server.reply({ body: { code: '1', msg: 'ok', data: challenge } });
    await client.act('auth_login', { phone: '08123456789', password: 'rahasia123' });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api');
    expect(request?.body.toString('utf8')).toBe(
      '{"act":"auth_login","token":"tok-1","fcm":"fcm-1","phone":"08123456789","password":"rahasia123"}',
    );
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.headers['accept-language']).toBe('en');
  });

  it('reads the token stores on every call and sends null when they are empty', async () => {
    const { client, tokens, pushToken } = setup();
    tokens.set('tok-2');
    await client.act('auth_logout');
    tokens.set(null);
    pushToken.set(null);
    await client.act('user_check_token', {});
    expect(server.requests.map((r) => r.json())).toEqual([
      { act: 'auth_logout', token: 'tok-2', fcm: 'fcm-1' },
      { act: 'user_check_token', token: null, fcm: null },
    ]);
  });

  it('resolves the whole success envelope unchanged', async () => {
    const { client } = setup();
    const answer = { code: '1', msg: 'Kode terkirim', data: challenge, extra: true };
    server.reply({ body: answer });
    await expect(client.act('auth_login', { phone: '0812345678', password: 'rahasia123' })).resolves.toEqual(
      answer,
    );
  });

  it('sends multipart form data with act first and token and fcm appended as fields', async () => {
    const { client } = setup();
    const form = new FormData();
    form.append('name', 'Budi');
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    await client.actForm('user_check_token', form);
    const [request] = server.requests;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers['accept-language']).toBe('en');
    const received = await request!.form();
    expect(keysOf(received)).toEqual(['act', 'name', 'file', 'token', 'fcm']);
    expect(received.get('act')).toBe('user_check_token');
    expect(received.get('token')).toBe('tok-1');
    expect(received.get('fcm')).toBe('fcm-1');
    const file = received.get('file') as File;
    expect(file.name).toBe('hello.txt');
    expect(await file.text()).toBe('hello');
    expect(keysOf(form)).toEqual(['name', 'file']); // the caller's form is left alone
  });

  it('sends empty token and fcm fields in a form when the stores are empty', async () => {
    const client = createActClient({ baseUrl: server.url, tokens: createMemoryTokenStore() });
    await client.actForm('auth_logout', new FormData());
    const received = await server.requests[0]!.form();
    expect(received.get('token')).toBe('');
    expect(received.get('fcm')).toBe('');
  });

  it('page() sends the payload fields with a zero-based page, and none when pagination is off', async () => {
    const { client } = setup();
    server.reply({ body: { code: '1', msg: 'ok', data: [{ id: 1 }], total_page: 3 } });
    const page = await client.page({ act: 'user_check_token' }, 2);
    await client.page({ act: 'user_check_token' });
    expect(page).toEqual({ code: '1', msg: 'ok', data: [{ id: 1 }], total_page: 3 });
    expect(server.requests.map((r) => r.json())).toEqual([
      { act: 'user_check_token', token: 'tok-1', fcm: 'fcm-1', page: 2 },
      { act: 'user_check_token', token: 'tok-1', fcm: 'fcm-1' },
    ]);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const client = createActClient({
      baseUrl: server.url,
      tokens: createMemoryTokenStore(),
      fetch: (input, init) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    await client.act('auth_logout');
    expect(seen).toEqual([server.url]);
  });

  it('sends every act without credentials: the token is in the body, never in a cookie', async () => {
    const modes: (RequestCredentials | undefined)[] = [];
    const client = createActClient({
      baseUrl: server.url,
      tokens: createMemoryTokenStore('tok-1'),
      fetch: (input, init) => {
        modes.push(input instanceof Request ? input.credentials : init?.credentials);
        return fetch(input, init);
      },
    });
    await client.act('auth_logout');
    await client.actForm('auth_logout', new FormData());
    await client.page({ act: 'user_check_token' }, 0);
    expect(modes).toEqual(['omit', 'omit', 'omit']);
  });
});

describe('createActClient: normalisation (SPEC.md section 8)', () => {
  it.each([
    ['no body', undefined],
    ['null', 'null'],
    ['an empty string', '""'],
  ])('turns an empty response (%s) into an Error with message "Error"', async (_, body) => {
    const { client } = setup();
    server.reply(body === undefined ? {} : { body });
    const error = await rejection(client.act('auth_logout'));
    expect(error).toBeInstanceOf(Error);
    expect(isEmptyResponseError(error)).toBe(true);
    expect((error as Error).message).toBe('Error');
  });

  it('rejects code "0" with an ApiError carrying msg, reason, errors, data and the whole response', async () => {
    const { client } = setup();
    const failure = {
      code: '0',
      msg: 'Kode salah',
      reason: 'otp_invalid',
      errors: { code: 'Kode salah' },
      data: { attemptsLeft: 4 },
    };
    server.reply({ body: failure });
    const error = await rejection(client.act('auth_verify_otp', { challenge: 'c1', code: '123456' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    const api = error as ApiError;
    expect(api.message).toBe('Kode salah');
    expect(api.reason).toBe('otp_invalid');
    expect(api.errors).toEqual({ code: 'Kode salah' });
    expect(api.data).toEqual({ attemptsLeft: 4 });
    expect(api.response).toEqual(failure);
    expect(api.status).toBe(200);
    expect(api.request).toEqual({ method: 'POST', url: server.url });
  });

  it.each([400, 413, 429])('turns HTTP %i with { code: "0", msg } into an ApiError', async (status) => {
    const { client } = setup();
    server.reply({ status, body: { code: '0', msg: 'Terlalu banyak permintaan', reason: 'rate_limited' } });
    const error = await rejection(client.act('auth_logout'));
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).message).toBe('Terlalu banyak permintaan');
    expect((error as ApiError).status).toBe(status);
  });

  it('turns another non-2xx answer into an HttpError with status, method, URL and body', async () => {
    const { client } = setup();
    server.reply({ status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const error = await rejection(client.act('auth_logout'));
    expect(isHttpError(error)).toBe(true);
    const http = error as HttpError;
    expect(http.status).toBe(502);
    expect(http.body).toBe('<html>Bad gateway</html>');
    expect(http.message).toBe(`Request failed with status 502 Bad Gateway: POST ${server.url}`);
    expect(server.requests).toHaveLength(1); // no retry on POST
  });

  it('turns a 2xx body that is not JSON into a NetworkError with the parse error as cause', async () => {
    const { client } = setup();
    server.reply({ body: '<!doctype html>', contentType: 'text/html' });
    const error = await rejection(client.act('auth_logout'));
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).failure).toBe('invalid_body');
    expect((error as NetworkError).cause).toBeInstanceOf(SyntaxError);
  });

  it('turns a timeout into a NetworkError of failure "timeout", without retrying', async () => {
    const { client } = setup({ timeout: 50 });
    server.reply({ hold: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = rejection(client.act('auth_logout'));
      const request = await server.nextRequest();
      vi.advanceTimersByTime(50);
      const error = await pending;
      expect(isNetworkError(error)).toBe(true);
      expect((error as NetworkError).failure).toBe('timeout');
      expect((error as NetworkError).message).toBe(`Request timed out: POST ${server.url}`);
      expect((error as NetworkError).request).toEqual({ method: 'POST', url: server.url });
      expect(await request.ended).toBe('closed');
      expect(server.requests).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns an abort into a NetworkError of failure "aborted" and closes the request', async () => {
    const { client } = setup();
    server.reply({ hold: true });
    const controller = new AbortController();
    const pending = rejection(client.act('auth_logout', {}, { signal: controller.signal }));
    const request = await server.nextRequest();
    controller.abort();
    const error = await pending;
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).failure).toBe('aborted');
    expect(await request.ended).toBe('closed');
  });

  it('aborts form and page calls with their signal too', async () => {
    const { client } = setup();
    server.reply({ hold: true });
    server.reply({ hold: true });
    const form = new AbortController();
    const page = new AbortController();
    const pendingForm = rejection(client.actForm('auth_logout', new FormData(), { signal: form.signal }));
    const formRequest = await server.nextRequest();
    const pendingPage = rejection(client.page({ act: 'notification_list' }, 0, { signal: page.signal }));
    const pageRequest = await server.nextRequest();
    form.abort();
    page.abort();
    expect(((await pendingForm) as NetworkError).failure).toBe('aborted');
    expect(((await pendingPage) as NetworkError).failure).toBe('aborted');
    expect(await formRequest.ended).toBe('closed');
    expect(await pageRequest.ended).toBe('closed');
  });

  it('answers a call whose signal never aborts', async () => {
    const { client } = setup();
    const controller = new AbortController();
    await client.act('auth_logout', {}, { signal: controller.signal });
    expect(await server.requests[0]?.ended).toBe('answered');
  });

  it('rejects at once, sending nothing, when the signal has already aborted', async () => {
    const { client } = setup();
    const error = await rejection(client.act('auth_logout', {}, { signal: AbortSignal.abort() }));
    expect((error as NetworkError).failure).toBe('aborted');
    await client.act('auth_logout');
    expect(server.requests).toHaveLength(1);
  });

  it('turns an unreachable server into a NetworkError whose cause is the fetch TypeError', async () => {
    const closed = await startActServer();
    await closed.close();
    const client: ActClient = createActClient({ baseUrl: closed.url, tokens: createMemoryTokenStore() });
    const error = await rejection(client.act('auth_logout'));
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).failure).toBe('unreachable');
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });
});
