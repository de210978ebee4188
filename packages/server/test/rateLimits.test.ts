import { randomBytes } from 'node:crypto';
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
    // Reset codes are counted apart from the registration code sent above.
    for (const phone of [known, known, known])
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

  it('holds back the device that guesses, not the owner on another one', async () => {
    const server = await start({ trustProxy: true, loginFailures: { perPhonePerHour: 3 } });
    const { phone, password } = await registerUser(server);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await server.act('auth_login', { phone, password: 'salah-salah' }, from('203.0.113.7'))).body,
      ).toMatchObject({ reason: 'invalid_credentials' });
    }
    // The guessing address is refused for the hour, even with the right password.
    server.clock.advance(60_000);
    const attacker = await server.act('auth_login', { phone, password }, from('203.0.113.7'));
    expect(attacker.body).toMatchObject({ code: '0', reason: 'rate_limited' });
    expect((attacker.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(3000);
    // The owner, elsewhere, signs in.
    expect((await server.act('auth_login', { phone, password }, from('198.51.100.20'))).body.code).toBe('1');
    server.clock.advance(HOUR);
    expect((await server.act('auth_login', { phone, password }, from('203.0.113.7'))).body.code).toBe('1');
  });

  it('slows guessing spread over many addresses with a back-off that doubles up to a minute, never an hour', async () => {
    const server = await start({ trustProxy: true, loginFailures: { perPhonePerHour: 3 } });
    const { phone, password } = await registerUser(server);
    let address = 0;
    const fresh = () => ({ 'x-forwarded-for': `203.0.113.${(address += 1)}` });
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await server.act('auth_login', { phone, password: 'salah-salah' }, fresh());
      if (answer.body.reason === 'rate_limited') {
        const { retryAfter } = answer.body.data as { retryAfter: number };
        waits.push(retryAfter);
        server.clock.advance(retryAfter * 1000);
        continue;
      }
      expect(answer.body).toMatchObject({ reason: 'invalid_credentials' });
    }
    // Past 3 failures: 1 s, 2 s, 4 s… after each, never more than 60 s.
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
    // The owner waits out the current back-off at most, then signs in.
    const owner = await server.act('auth_login', { phone, password }, fresh());
    if (owner.body.reason === 'rate_limited') {
      const { retryAfter } = owner.body.data as { retryAfter: number };
      expect(retryAfter).toBeLessThanOrEqual(60);
      server.clock.advance(retryAfter * 1000);
    }
    expect((await server.act('auth_login', { phone, password }, fresh())).body.code).toBe('1');
  });

  it('does not let reset codes asked for by anyone block the owner from signing in', async () => {
    const server = await start({ otp: { perPhonePerHour: 3 } });
    const { phone, password } = await registerUser(server);
    for (let i = 0; i < 3; i += 1)
      expect((await server.act('auth_forgot_password', { phone })).body.code).toBe('1');
    expect((await server.act('auth_forgot_password', { phone })).body).toMatchObject({
      reason: 'rate_limited',
    });
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

  it('limits the upload, file and webhook routes per IP too, each with its share', async () => {
    const server = await start({ rateLimit: { max: 2 } });
    const status = async (method: string, path: string) =>
      (await fetch(`${server.url}${path}`, { method, body: method === 'DELETE' ? 'x' : null })).status;
    // Two answers (whatever they are) per window for the upload routes, then 429.
    for (const method of ['HEAD', 'DELETE']) {
      const path = `/upload/nokey${method}`;
      for (let i = 0; i < 2; i += 1) expect(await status(method, path)).not.toBe(429);
      expect(await status(method, path)).toBe(429);
    }
    // Files: five times the act limit.
    const media = '/media/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 10; i += 1) expect(await status('GET', media)).toBe(403);
    expect(await status('GET', media)).toBe(429);
    // Webhooks: ten times the act limit (refused unsigned, but counted).
    for (let i = 0; i < 20; i += 1) expect(await status('POST', '/webhooks/whatsapp')).toBe(401);
    expect(await status('POST', '/webhooks/whatsapp')).toBe(429);
  });

  it(
    testServices.redisUrl
      ? 'shares one limit across processes through Redis (REDIS_URL is set)'
      : 'keeps a limit per process in memory (REDIS_URL is not set)',
    async () => {
      // Two processes of one deployment (one Redis prefix), started side by side.
      const redisPrefix = `sapa-test-${randomBytes(6).toString('hex')}-`;
      const [first, second] = await Promise.all([
        start({ rateLimit: { max: 6 }, redisPrefix }),
        start({ rateLimit: { max: 6 }, redisPrefix }),
      ]);
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
    // Two servers start in it, each migrating a database of its own: on a CI machine busy with
    // the other files they took over the 30 s a test has by default.
    120_000,
  );
});
