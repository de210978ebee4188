import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeOf, lastCode, registerUser, signIn, uniquePhone } from './support/flows.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('register, sign in, sign out', () => {
  it('registers: the challenge has the contract shape, the user exists only after the code', async () => {
    const phone = uniquePhone();
    const started = await server.act('auth_register', { name: '  Siti  ', phone, password: 'rahasia-123' });
    expect(started.status).toBe(200);
    expect(started.body.code).toBe('1');
    expect(started.body.data).toEqual({
      challenge: expect.stringMatching(/^[\w-]{20,}$/),
      maskedPhone: `${phone.slice(0, 6)}*****${phone.slice(-3)}`,
      length: 6,
      expiresIn: 300,
      resendIn: 60,
    });
    expect(lastCode(server, phone)).toMatch(/^\d{6}$/);

    // Not a user yet: signing in fails the same way as a wrong password.
    const early = await server.act('auth_login', { phone, password: 'rahasia-123' });
    expect(early.body).toMatchObject({ code: '0', reason: 'invalid_credentials' });

    const verified = await server.act('auth_verify_otp', {
      challenge: challengeOf(started),
      code: lastCode(server, phone),
    });
    expect(verified.body.code).toBe('1');
    const { token, user } = verified.body.data as { token: string; user: Record<string, unknown> };
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Siti',
      phone,
      createdAt: expect.any(String),
      avatarUrl: null,
      language: null,
      theme: null,
    });
    expect(Number.isNaN(Date.parse(String(user.createdAt)))).toBe(false);

    const checked = await server.act('user_check_token', { token });
    expect(checked.body).toEqual({ code: '1', msg: 'Berhasil', data: user });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const { token, phone } = await registerUser(server);
    const checked = await server.act('user_check_token', {}, { authorization: `Bearer ${token}` });
    expect(checked.body).toMatchObject({ code: '1', data: { phone } });
  });

  it('refuses a phone that is taken, in any of its forms', async () => {
    const { phone } = await registerUser(server);
    const local = `0${phone.slice(3)}`;
    const again = await server.act('auth_register', { name: 'Lain', phone: local, password: 'rahasia-456' });
    expect(again.body).toMatchObject({
      code: '0',
      reason: 'phone_taken',
      msg: 'Nomor telepon ini sudah terdaftar.',
    });
  });

  it("normalises '0812…', '62812…' and '+62 812-…' to one E.164 phone", async () => {
    const phone = uniquePhone();
    const local = `0${phone.slice(3)}`;
    const { token } = await registerUser(server, local);
    const checked = await server.act('user_check_token', { token });
    expect((checked.body.data as { phone: string }).phone).toBe(phone);
    const spaced = `+62 ${phone.slice(3, 6)}-${phone.slice(6)}`;
    expect(await signIn(server, spaced, 'rahasia-123')).toMatch(/^[\w-]{40,}$/);
    expect(await signIn(server, phone.slice(1), 'rahasia-123')).toMatch(/^[\w-]{40,}$/);
  });

  it('signs in with phone, password and code; each sign-in is its own session', async () => {
    const { token: first, phone, password } = await registerUser(server);
    const second = await signIn(server, phone, password);
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      expect((await server.act('user_check_token', { token })).body.code).toBe('1');
    }
  });

  it('answers a wrong phone and a wrong password with one and the same message', async () => {
    const { phone } = await registerUser(server);
    const wrongPassword = await server.act('auth_login', { phone, password: 'salah-sekali' });
    const unknownPhone = await server.act('auth_login', { phone: uniquePhone(), password: 'rahasia-123' });
    expect(wrongPassword.body).toEqual({
      code: '0',
      reason: 'invalid_credentials',
      msg: 'Nomor telepon atau kata sandi salah.',
    });
    expect(unknownPhone.body).toEqual(wrongPassword.body);
  });

  it('logout revokes the token of the call and only that one', async () => {
    const { token, phone, password } = await registerUser(server);
    const other = await signIn(server, phone, password);
    const out = await server.act('auth_logout', { token });
    expect(out.body).toMatchObject({ code: '1', data: {} });
    expect((await server.act('user_check_token', { token })).body).toMatchObject({
      code: '0',
      reason: 'unauthenticated',
    });
    expect((await server.act('auth_logout', { token })).body).toMatchObject({
      code: '0',
      reason: 'unauthenticated',
    });
    expect((await server.act('user_check_token', { token: other })).body.code).toBe('1');
  });

  it('refuses user acts without a token or with a made-up one', async () => {
    for (const fields of [{}, { token: 'made-up' }, { token: 42 }]) {
      const answer = await server.act('user_check_token', fields);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: '0', reason: 'unauthenticated' });
    }
  });

  it('expires sessions after SESSION_TTL_DAYS', async () => {
    const { token } = await registerUser(server);
    server.clock.advance(29 * 86_400_000);
    expect((await server.act('user_check_token', { token })).body.code).toBe('1');
    server.clock.advance(1 * 86_400_000 + 1000);
    expect((await server.act('user_check_token', { token })).body).toMatchObject({
      code: '0',
      reason: 'unauthenticated',
    });
  });
});

describe('password reset', () => {
  it('sets the new password, revokes every session; the old password stops working', async () => {
    const { token, phone, password } = await registerUser(server);
    const second = await signIn(server, phone, password);
    const challenge = challengeOf(await server.act('auth_forgot_password', { phone }));
    const reset = await server.act('auth_reset_password', {
      challenge,
      code: lastCode(server, phone),
      password: 'baru-sekali-9',
    });
    expect(reset.body).toMatchObject({ code: '1', data: {} });
    for (const old of [token, second]) {
      expect((await server.act('user_check_token', { token: old })).body).toMatchObject({
        reason: 'unauthenticated',
      });
    }
    expect((await server.act('auth_login', { phone, password })).body).toMatchObject({
      reason: 'invalid_credentials',
    });
    expect(await signIn(server, phone, 'baru-sekali-9')).toMatch(/^[\w-]{40,}$/);
  });

  it('kills a login challenge issued before the password changed', async () => {
    const { phone, password } = await registerUser(server);
    const login = challengeOf(await server.act('auth_login', { phone, password }));
    const loginCode = lastCode(server, phone);
    const reset = challengeOf(await server.act('auth_forgot_password', { phone }));
    await server.act('auth_reset_password', {
      challenge: reset,
      code: lastCode(server, phone),
      password: 'baru-sekali-9',
    });
    const stale = await server.act('auth_verify_otp', { challenge: login, code: loginCode });
    expect(stale.body).toMatchObject({ code: '0', reason: 'otp_expired' });
  });
});
