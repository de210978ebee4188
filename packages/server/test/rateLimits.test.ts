import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { challengeOf, registerUser, uniquePhone } from './support/flows.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';
import { testServices } from './support/services.ts';

const HOUR = 3_600_000;
const servers: TestServer[] = [];
async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('sign-in limits', () => {
  it('limits codes per phone per hour, registered or not, and lets them through again an hour later', async () => {
    const server = await start({ otp: { perPhonePerHour: 3 } });
    const { phone: known } = await registerUser(server); // one code sent
    const unknown = uniquePhone();
    for (const phone of [known, known])
      expect((await server.act('auth_forgot_password', { phone })).body.code).toBe('1');
    for (let i = 0; i < 3; i += 1)
      expect((await server.act('auth_forgot_password', { phone: unknown })).body.code).toBe('1');

    const knownLimited = await server.act('auth_forgot_password', { phone: known });
    const unknownLimited = await server.act('auth_forgot_password', { phone: unknown });
    for (const answer of [knownLimited, unknownLimited]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        code: '0',
        reason: 'rate_limited',
        data: { retryAfter: expect.any(Number) },
      });
      const { retryAfter } = answer.body.data as { retryAfter: number };
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Another phone from the same IP is not held back by these two.
    expect((await server.act('auth_forgot_password', { phone: uniquePhone() })).body.code).toBe('1');

    server.clock.advance(HOUR);
    expect((await server.act('auth_forgot_password', { phone: known })).body.code).toBe('1');
  });

  it('counts resends against the per-phone limit', async () => {
    const server = await start({ otp: { perPhonePerHour: 2 } });
    const phone = uniquePhone();
    const challenge = challengeOf(
      await server.act('auth_register', { name: 'Rina', phone, password: 'rahasia-123' }),
    );
    server.clock.advance(61_000);
    expect((await server.act('auth_resend_otp', { challenge })).body.code).toBe('1');
    server.clock.advance(61_000);
    expect((await server.act('auth_resend_otp', { challenge })).body).toMatchObject({
      code: '0',
      reason: 'rate_limited',
    });
  });

  it('limits codes per IP per hour across phones', async () => {
    const server = await start({ otp: { perIpPerHour: 4 } });
    for (let i = 0; i < 4; i += 1) {
      expect((await server.act('auth_forgot_password', { phone: uniquePhone() })).body.code).toBe('1');
    }
    const limited = await server.act('auth_register', {
      name: 'Dewi',
      phone: uniquePhone(),
      password: 'rahasia-123',
    });
    expect(limited.body).toMatchObject({ code: '0', reason: 'rate_limited' });
  });

  it('limits wrong passwords per phone: after the limit even the right one waits', async () => {
    const server = await start({ loginFailures: { perPhonePerHour: 3 } });
    const { phone, password } = await registerUser(server);
    for (let i = 0; i < 3; i += 1) {
      expect((await server.act('auth_login', { phone, password: 'salah-salah' })).body).toMatchObject({
        reason: 'invalid_credentials',
      });
    }
    expect((await server.act('auth_login', { phone, password })).body).toMatchObject({
      code: '0',
      reason: 'rate_limited',
    });
    server.clock.advance(HOUR);
    expect((await server.act('auth_login', { phone, password })).body.code).toBe('1');
  });
});

describe('protocol rate limit', () => {
  it('answers 429 JSON with reason rate_limited past RATE_LIMIT_MAX', async () => {
    const server = await start({ rateLimit: { max: 5 } });
    for (let i = 0; i < 5; i += 1) expect((await server.act('user_check_token')).status).toBe(200);
    const limited = await server.act('user_check_token', {}, { 'accept-language': 'en' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: '0',
      reason: 'rate_limited',
      msg: 'Too many requests. Please try again later.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(
    testServices.redisUrl
      ? 'shares one limit across processes through Redis (REDIS_URL is set)'
      : 'keeps a limit per process in memory (REDIS_URL is not set)',
    async () => {
      const first = await start({ rateLimit: { max: 6 } });
      const second = await start({ rateLimit: { max: 6 }, redisPrefix: first.config.redisPrefix });
      for (let i = 0; i < 3; i += 1) {
        expect((await first.act('user_check_token')).status).toBe(200);
        expect((await second.act('user_check_token')).status).toBe(200);
      }
      const seventh = await second.act('user_check_token');
      if (testServices.redisUrl) {
        expect(seventh.status).toBe(429);
        const redis = new Redis(testServices.redisUrl);
        try {
          const keys = await redis.keys(`${first.config.redisPrefix}*`);
          expect(keys.length).toBeGreaterThan(0);
          await redis.del(...keys);
        } finally {
          redis.disconnect();
        }
      } else {
        expect(seventh.status).toBe(200);
      }
    },
  );
});
