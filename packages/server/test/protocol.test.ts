import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, uniquePhone } from './support/flows.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const json = { 'content-type': 'application/json' };

/** A protocol error: a 4xx JSON body of exactly code, msg, reason (no stack, no internals). */
function expectProtocolError(
  answer: { status: number; body: Record<string, unknown> },
  status: number,
  reason: string,
) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'msg', 'reason']);
  expect(answer.body).toMatchObject({ code: '0', reason, msg: expect.any(String) });
}

describe('the act envelope', () => {
  it('answers an unknown or missing act with code 0 unknown_act', async () => {
    for (const body of [
      { act: 'label_explode' },
      { act: 42 },
      {},
      { act: '__proto__' },
      { act: 'toString' },
    ]) {
      const answer = await server.raw(JSON.stringify(body), json);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: '0', reason: 'unknown_act', msg: 'Permintaan tidak dikenal.' });
    }
  });

  it('answers field errors in Indonesian by default and in English on request', async () => {
    const missing = await server.act('auth_register', {});
    expect(missing.body).toEqual({
      code: '0',
      reason: 'invalid_input',
      msg: 'Periksa kembali isian Anda.',
      errors: { name: 'Wajib diisi.', phone: 'Wajib diisi.', password: 'Wajib diisi.' },
    });
    const wrong = await server.act(
      'auth_register',
      { name: ['x'], phone: '12', password: 'short' },
      { 'accept-language': 'en-GB,en;q=0.9,id;q=0.5' },
    );
    expect(wrong.body).toEqual({
      code: '0',
      reason: 'invalid_input',
      msg: 'Please check what you entered.',
      errors: { name: 'Invalid value.', phone: 'Invalid phone number.', password: 'At least 8 characters.' },
    });
    const code = await server.act('auth_verify_otp', { challenge: 'x', code: '12ab56' });
    expect(code.body).toMatchObject({
      reason: 'invalid_input',
      errors: { code: 'Kode OTP terdiri dari 6 angka.' },
    });
  });

  it('refuses NUL characters (which PostgreSQL text cannot hold) as invalid input', async () => {
    const answer = await server.act('auth_resend_otp', { challenge: 'abc\u0000def' });
    expect(answer.body).toEqual({
      code: '0',
      reason: 'invalid_input',
      msg: 'Periksa kembali isian Anda.',
      errors: { challenge: 'Isian tidak valid.' },
    });
    const nested = await server.act('auth_forgot_password', {
      phone: '081234567890',
      extra: { 'k\u0000': 1 },
    });
    expect(nested.body).toMatchObject({ reason: 'invalid_input', errors: { extra: 'Isian tidak valid.' } });
  });

  it('ignores act, token and fcm as input fields and unknown extra fields', async () => {
    const phone = uniquePhone();
    const answer = await server.act('auth_forgot_password', {
      phone,
      fcm: 'push-token',
      extra: { deep: [1, 2] },
    });
    expect(answer.body.code).toBe('1');
  });

  it('takes multipart form-data with the same field names (and drains files)', async () => {
    const phone = uniquePhone();
    const form = new FormData();
    form.set('act', 'auth_register');
    form.set('name', 'Wati');
    form.set('phone', phone);
    form.set('password', 'rahasia-123');
    form.set('attachment', new Blob([new Uint8Array(2048)]), 'photo.jpg');
    const started = await server.raw(form);
    expect(started.body.code).toBe('1');
    const challenge = (started.body.data as { challenge: string }).challenge;

    const verify = new FormData();
    verify.set('act', 'auth_verify_otp');
    verify.set('challenge', challenge);
    verify.set('code', lastCode(server, phone));
    const verified = await server.raw(verify);
    expect(verified.body.code).toBe('1');
    const token = (verified.body.data as { token: string }).token;

    const check = new FormData();
    check.set('act', 'user_check_token');
    check.set('token', token);
    expect((await server.raw(check)).body).toMatchObject({ code: '1', data: { phone } });
  });
});

describe('protocol violations', () => {
  it('answers malformed JSON with 400 malformed_body', async () => {
    for (const body of ['{bad', '{"act":', '', '{"__proto__":{"x":1}}', '\u0000']) {
      expectProtocolError(await server.raw(body, json), 400, 'malformed_body');
    }
  });

  it('answers JSON that is not an object with 400 malformed_body', async () => {
    for (const body of ['[1,2]', '"auth_login"', '42', 'null', 'true']) {
      expectProtocolError(await server.raw(body, json), 400, 'malformed_body');
    }
  });

  it('answers a 2 MB body with 413 payload_too_large, JSON or multipart', async () => {
    const big = JSON.stringify({ act: 'auth_login', phone: '0812', password: 'x'.repeat(2 * 1024 * 1024) });
    expectProtocolError(await server.raw(big, json), 413, 'payload_too_large');
    const form = new FormData();
    form.set('act', 'auth_login');
    form.set('password', 'x'.repeat(2 * 1024 * 1024));
    expectProtocolError(await server.raw(form), 413, 'payload_too_large');
  });

  it('answers other content types and broken multipart with a 4xx JSON', async () => {
    expectProtocolError(
      await server.raw('act=user_check_token', { 'content-type': 'application/xml' }),
      415,
      'malformed_body',
    );
    expectProtocolError(
      await server.raw('act=user_check_token', { 'content-type': 'text/plain' }),
      400,
      'malformed_body',
    );
    const noBoundary = await server.raw('--x\r\nbroken', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
    expect(noBoundary.body.code).toBe('0');
    const truncated = await server.raw('--b\r\nContent-Disposition: form-data; name="act"\r\n\r\nuser_ch', {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(truncated.status).toBeLessThan(500);
    expect(truncated.body.code).toBe('0');
  });

  it('answers other methods and paths under /api with 404 JSON', async () => {
    const get = await fetch(`${server.url}/api`);
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ code: '0', reason: 'not_found' });
    const deeper = await fetch(`${server.url}/api/users`, { method: 'POST', body: '{}', headers: json });
    expect(deeper.status).toBe(404);
  });
});
