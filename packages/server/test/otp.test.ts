import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeOf, lastCode, registerUser, uniquePhone, wrongCode } from './support/flows.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function startRegister(phone = uniquePhone()) {
  const challenge = challengeOf(
    await server.act('auth_register', { name: 'Ani', phone, password: 'rahasia-123' }),
  );
  return { challenge, phone, code: lastCode(server, phone) };
}

describe('one-time codes', () => {
  it('counts wrong codes down and locks the challenge at the 5th, even for the right code', async () => {
    const { challenge, code } = await startRegister();
    for (let left = 4; left >= 0; left -= 1) {
      const answer = await server.act('auth_verify_otp', { challenge, code: wrongCode(code) });
      expect(answer.body).toMatchObject({ code: '0', reason: 'otp_invalid', data: { attemptsLeft: left } });
      expect(answer.body.msg).toBe(`Kode OTP salah. Sisa percobaan: ${left}.`);
    }
    const right = await server.act('auth_verify_otp', { challenge, code });
    expect(right.body).toMatchObject({ code: '0', reason: 'otp_locked' });
    const resend = await server.act('auth_resend_otp', { challenge });
    expect(resend.body).toMatchObject({ code: '0', reason: 'otp_locked' });
  });

  it('expires a code after 5 minutes', async () => {
    const { challenge, code } = await startRegister();
    server.clock.advance(5 * 60_000 + 1000);
    const late = await server.act('auth_verify_otp', { challenge, code });
    expect(late.body).toMatchObject({ code: '0', reason: 'otp_expired' });
  });

  it('accepts a code just before 5 minutes', async () => {
    const { challenge, code } = await startRegister();
    server.clock.advance(5 * 60_000 - 2000);
    expect((await server.act('auth_verify_otp', { challenge, code })).body.code).toBe('1');
  });

  it('is single use', async () => {
    const { challenge, code } = await startRegister();
    expect((await server.act('auth_verify_otp', { challenge, code })).body.code).toBe('1');
    const again = await server.act('auth_verify_otp', { challenge, code });
    expect(again.body).toMatchObject({ code: '0', reason: 'otp_used' });
  });

  it('lets exactly one of two simultaneous uses win', async () => {
    const { challenge, code } = await startRegister();
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.act('auth_verify_otp', { challenge, code })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', '0', '1']);
  });

  it('binds a code to its challenge: the code of another challenge is wrong', async () => {
    const first = await startRegister();
    const second = await startRegister();
    if (first.code !== second.code) {
      const crossed = await server.act('auth_verify_otp', { challenge: first.challenge, code: second.code });
      expect(crossed.body).toMatchObject({ code: '0', reason: 'otp_invalid' });
    }
    expect((await server.act('auth_verify_otp', first)).body.code).toBe('1');
  });

  it('binds a code to its purpose: a reset challenge cannot sign in, a sign-in challenge cannot reset', async () => {
    const { phone, password } = await registerUser(server);
    const reset = challengeOf(await server.act('auth_forgot_password', { phone }));
    const resetCode = lastCode(server, phone);
    const asLogin = await server.act('auth_verify_otp', { challenge: reset, code: resetCode });
    expect(asLogin.body).toMatchObject({ code: '0', reason: 'not_found' });

    const login = challengeOf(await server.act('auth_login', { phone, password }));
    const loginCode = lastCode(server, phone);
    const asReset = await server.act('auth_reset_password', {
      challenge: login,
      code: loginCode,
      password: 'lain-lagi-1',
    });
    expect(asReset.body).toMatchObject({ code: '0', reason: 'not_found' });

    // Refusing the wrong purpose spent nothing: both still work for their own.
    expect((await server.act('auth_verify_otp', { challenge: login, code: loginCode })).body.code).toBe('1');
    const done = await server.act('auth_reset_password', {
      challenge: reset,
      code: resetCode,
      password: 'lain-lagi-1',
    });
    expect(done.body.code).toBe('1');
  });

  it('answers not_found for a challenge that never existed', async () => {
    const answer = await server.act('auth_verify_otp', { challenge: 'no-such-challenge', code: '123456' });
    expect(answer.body).toMatchObject({ code: '0', reason: 'not_found' });
  });
});

describe('resend', () => {
  it('honours the 60 s cooldown, then issues a fresh code and kills the old one', async () => {
    const { challenge, phone, code: oldCode } = await startRegister();
    const early = await server.act('auth_resend_otp', { challenge });
    expect(early.body).toMatchObject({ code: '0', reason: 'otp_cooldown', data: { retryAfter: 60 } });
    server.clock.advance(45_000);
    const stillEarly = await server.act('auth_resend_otp', { challenge });
    expect(stillEarly.body).toMatchObject({ reason: 'otp_cooldown', data: { retryAfter: 15 } });
    expect(stillEarly.body.msg).toBe('Tunggu 15 detik sebelum mengirim ulang kode.');

    server.clock.advance(15_000);
    const resent = await server.act('auth_resend_otp', { challenge });
    expect(resent.body).toMatchObject({
      code: '1',
      data: { challenge, length: 6, expiresIn: 300, resendIn: 60 },
    });
    const newCode = lastCode(server, phone);
    expect(server.otp.sent.filter((m) => m.phone === phone)).toHaveLength(2);

    if (newCode !== oldCode) {
      const old = await server.act('auth_verify_otp', { challenge, code: oldCode });
      expect(old.body).toMatchObject({ reason: 'otp_invalid' });
    }
    expect((await server.act('auth_verify_otp', { challenge, code: newCode })).body.code).toBe('1');
  });

  it('gives an expired code a fresh life', async () => {
    const { challenge, phone } = await startRegister();
    server.clock.advance(6 * 60_000);
    expect((await server.act('auth_resend_otp', { challenge })).body.code).toBe('1');
    expect(
      (await server.act('auth_verify_otp', { challenge, code: lastCode(server, phone) })).body.code,
    ).toBe('1');
  });

  it('refuses a used challenge', async () => {
    const { challenge, code } = await startRegister();
    await server.act('auth_verify_otp', { challenge, code });
    server.clock.advance(61_000);
    expect((await server.act('auth_resend_otp', { challenge })).body).toMatchObject({ reason: 'otp_used' });
  });
});

describe('forgot password', () => {
  it('answers an unknown phone exactly like a known one, sends nothing, and never succeeds', async () => {
    const { phone: known } = await registerUser(server);
    const unknown = uniquePhone();
    const sentBefore = server.otp.sent.length;
    const real = await server.act('auth_forgot_password', { phone: known });
    const fake = await server.act('auth_forgot_password', { phone: unknown });
    expect(server.otp.sent.length).toBe(sentBefore + 1);
    expect(server.otp.last(unknown)).toBeUndefined();

    type Data = { challenge: string; maskedPhone: string };
    const { challenge: realId, maskedPhone: _realMask, ...realRest } = real.body.data as Data;
    const { challenge: fakeId, maskedPhone: fakeMask, ...fakeRest } = fake.body.data as Data;
    expect(fake.status).toBe(real.status);
    expect(Object.keys(fake.body)).toEqual(Object.keys(real.body));
    expect(fake.body.msg).toBe(real.body.msg);
    expect(fakeRest).toEqual(realRest);
    expect(fakeId).toHaveLength(realId.length);
    expect(fakeMask).toBe(`${unknown.slice(0, 6)}*****${unknown.slice(-3)}`);

    // Every guess fails, as for a real challenge, until it locks; resends send nothing.
    const challenge = challengeOf(fake);
    for (const code of ['000000', '123456', '999999', '111111', '424242']) {
      const answer = await server.act('auth_reset_password', { challenge, code, password: 'apa-saja-123' });
      expect(answer.body).toMatchObject({ code: '0', reason: 'otp_invalid' });
    }
    expect(
      (await server.act('auth_reset_password', { challenge, code: '000000', password: 'apa-saja-123' })).body,
    ).toMatchObject({
      reason: 'otp_locked',
    });
    const another = challengeOf(await server.act('auth_forgot_password', { phone: unknown }));
    server.clock.advance(61_000);
    expect((await server.act('auth_resend_otp', { challenge: another })).body.code).toBe('1');
    expect(server.otp.last(unknown)).toBeUndefined();
    expect((await server.act('auth_login', { phone: unknown, password: 'apa-saja-123' })).body).toMatchObject(
      {
        reason: 'invalid_credentials',
      },
    );
  });
});
