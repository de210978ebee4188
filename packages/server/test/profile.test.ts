/**
 * The profile's acts (docs/profile-and-notifications.md): name, language and theme; the picture and
 * its URL; moving to a new phone with a code; changing the password (other sessions and their
 * sockets end); the session list and signing one out.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime } from '@sapa/sdk';
import { AVATAR_MAX_BYTES } from '../src/sdk.ts';
import type { OtpChallenge, User } from '../src/sdk.ts';
import { challengeOf, lastCode, registerUser, signIn, uniquePhone, wrongCode } from './support/flows.ts';
import { dataOf, reasonOf } from './support/inbox.ts';
import { until } from './support/realtime.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
const clients: Realtime[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
});

/** A real 1×1 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([13, 10, 26, 10]);
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    header,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

async function me(token: string): Promise<User> {
  return dataOf<User>(await server.act('user_check_token', { token }));
}

async function listen(token: string, events: string[]): Promise<{ heard: string[]; client: Realtime }> {
  const client = createRealtime({
    url: server.url,
    tokens: createMemoryTokenStore(token),
    logger: { warn: () => undefined },
  });
  clients.push(client);
  const heard: string[] = [];
  for (const event of events) client.on(event as 'session.ended', () => heard.push(event));
  client.connect();
  await until(() => client.getSnapshot().status === 'connected');
  return { heard, client };
}

describe('profile_update', () => {
  it('changes the name, language and theme, and null follows the device again', async () => {
    const user = await registerUser(server);
    const fresh = await me(user.token);
    expect(fresh).toMatchObject({ avatarUrl: null, language: null, theme: null });
    const updated = dataOf<User>(
      await server.act('profile_update', {
        token: user.token,
        name: 'Sari Dewi',
        language: 'en',
        theme: 'dark',
      }),
    );
    expect(updated).toMatchObject({ name: 'Sari Dewi', language: 'en', theme: 'dark' });
    // Seen at once by the next call, not after the session cache expires.
    expect(await me(user.token)).toMatchObject({ name: 'Sari Dewi', language: 'en', theme: 'dark' });
    const reset = dataOf<User>(await server.act('profile_update', { token: user.token, theme: null }));
    expect(reset).toMatchObject({ name: 'Sari Dewi', language: 'en', theme: null });
  });

  it('refuses a bad name or language with a field error and changes nothing', async () => {
    const user = await registerUser(server);
    const answer = await server.act('profile_update', { token: user.token, name: '', language: 'fr' });
    expect(reasonOf(answer)).toBe('invalid_input');
    const errors = answer.body.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['language', 'name']);
    expect((await me(user.token)).name).toBe('Budi Santoso');
  });
});

describe('avatar', () => {
  it('stores a PNG, serves it at a versioned URL and replaces it with a new URL', async () => {
    const user = await registerUser(server);
    const set = dataOf<User>(
      await server.act('profile_avatar_set', { token: user.token, image: dataUrl(png()) }),
    );
    expect(set.avatarUrl).toMatch(new RegExp(`^/avatar/${user.userId}/[A-Za-z0-9_-]{20,}$`));
    const served = await fetch(`${server.url}${set.avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await served.arrayBuffer()).equals(png())).toBe(true);

    // The claimed type is ignored: the bytes decide.
    const again = dataOf<User>(
      await server.act('profile_avatar_set', { token: user.token, image: dataUrl(png(), 'image/jpeg') }),
    );
    expect(again.avatarUrl).not.toBe(set.avatarUrl);
    expect((await fetch(`${server.url}${set.avatarUrl}`)).status).toBe(404);
    expect((await fetch(`${server.url}${again.avatarUrl}`)).status).toBe(200);
    expect((await me(user.token)).avatarUrl).toBe(again.avatarUrl);

    const cleared = dataOf<User>(await server.act('profile_avatar_clear', { token: user.token }));
    expect(cleared.avatarUrl).toBeNull();
    expect((await fetch(`${server.url}${again.avatarUrl}`)).status).toBe(404);
  });

  it('refuses a non-image or a too-big image and keeps the old picture', async () => {
    const user = await registerUser(server);
    const kept = dataOf<User>(
      await server.act('profile_avatar_set', { token: user.token, image: dataUrl(png()) }),
    );
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const notImage = await server.act('profile_avatar_set', { token: user.token, image: dataUrl(html) });
    expect(reasonOf(notImage)).toBe('file_invalid_type');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    expect(reasonOf(await server.act('profile_avatar_set', { token: user.token, image: dataUrl(pdf) }))).toBe(
      'file_invalid_type',
    );
    expect(
      reasonOf(await server.act('profile_avatar_set', { token: user.token, image: 'not a data url' })),
    ).toBe('invalid_input');
    expect(
      reasonOf(await server.act('profile_avatar_set', { token: user.token, image: 'data:image/png,raw' })),
    ).toBe('file_invalid_type');
    // One byte over the limit (the input's length limit lets it through to the check of the bytes).
    const big = Buffer.concat([png(), Buffer.alloc(AVATAR_MAX_BYTES + 1 - png().length)]);
    const tooBig = await server.act('profile_avatar_set', { token: user.token, image: dataUrl(big) });
    expect(reasonOf(tooBig)).toBe('file_too_large');
    expect(String(tooBig.body.msg)).toMatch(/\d/);
    expect((await me(user.token)).avatarUrl).toBe(kept.avatarUrl);
    expect((await fetch(`${server.url}${kept.avatarUrl}`)).status).toBe(200);
  });

  it('answers 404 for unknown or malformed avatar URLs', async () => {
    const user = await registerUser(server);
    expect((await fetch(`${server.url}/avatar/${user.userId}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await fetch(`${server.url}/avatar/not-a-uuid/x`)).status).toBe(404);
  });
});

describe('phone change', () => {
  it('moves the account to a new phone with a code sent there; the old phone no longer signs in', async () => {
    const user = await registerUser(server);
    const newPhone = uniquePhone();
    const started = await server.act('profile_phone_change', {
      token: user.token,
      phone: newPhone,
      password: user.password,
    });
    const challenge = challengeOf(started);
    expect((started.body.data as OtpChallenge).maskedPhone).not.toContain(newPhone.slice(5, 9));
    expect(server.otp.sent.at(-1)).toMatchObject({ phone: newPhone, purpose: 'change_phone' });

    // Resend works for it too, after the cooldown.
    server.clock.advance(61_000);
    expect(challengeOf(await server.act('auth_resend_otp', { challenge }))).toBe(challenge);
    const code = lastCode(server, newPhone);

    // Someone else cannot confirm it, even with the right code.
    const other = await registerUser(server);
    expect(reasonOf(await server.act('profile_phone_confirm', { token: other.token, challenge, code }))).toBe(
      'not_found',
    );
    const wrong = await server.act('profile_phone_confirm', {
      token: user.token,
      challenge,
      code: wrongCode(code),
    });
    expect(reasonOf(wrong)).toBe('otp_invalid');
    expect((await me(user.token)).phone).toBe(user.phone);

    const confirmed = dataOf<User>(
      await server.act('profile_phone_confirm', { token: user.token, challenge, code }),
    );
    expect(confirmed.phone).toBe(newPhone);
    expect((await me(user.token)).phone).toBe(newPhone);
    expect(reasonOf(await server.act('profile_phone_confirm', { token: user.token, challenge, code }))).toBe(
      'otp_used',
    );

    expect(reasonOf(await server.act('auth_login', { phone: user.phone, password: user.password }))).toBe(
      'invalid_credentials',
    );
    const token = await signIn(server, newPhone, user.password);
    expect((await me(token)).id).toBe(user.userId);
  });

  it('checks the current password and refuses a phone another account uses', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const sentBefore = server.otp.sent.length;
    const wrong = await server.act('profile_phone_change', {
      token: user.token,
      phone: uniquePhone(),
      password: 'bukan-sandinya',
    });
    expect(reasonOf(wrong)).toBe('wrong_password');
    expect(Object.keys(wrong.body.errors as object)).toEqual(['password']);
    const taken = await server.act('profile_phone_change', {
      token: user.token,
      phone: other.phone,
      password: user.password,
    });
    expect(reasonOf(taken)).toBe('phone_taken');
    expect(server.otp.sent.length).toBe(sentBefore);
    expect((await me(user.token)).phone).toBe(user.phone);
  });

  it('answers phone_taken when another account takes the phone before the code is confirmed', async () => {
    const user = await registerUser(server);
    const newPhone = uniquePhone();
    const challenge = challengeOf(
      await server.act('profile_phone_change', {
        token: user.token,
        phone: newPhone,
        password: user.password,
      }),
    );
    const code = lastCode(server, newPhone);
    await registerUser(server, newPhone);
    expect(reasonOf(await server.act('profile_phone_confirm', { token: user.token, challenge, code }))).toBe(
      'phone_taken',
    );
    expect((await me(user.token)).phone).toBe(user.phone);
  });
});

describe('password change', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const user = await registerUser(server);
    const other = await signIn(server, user.phone, user.password);
    const answer = await server.act('profile_password_change', {
      token: user.token,
      currentPassword: 'salah-sandi-1',
      password: 'sandi-baru-456',
    });
    expect(reasonOf(answer)).toBe('wrong_password');
    expect(Object.keys(answer.body.errors as object)).toEqual(['currentPassword']);
    expect((await me(other)).id).toBe(user.userId);
    expect(
      challengeOf(await server.act('auth_login', { phone: user.phone, password: user.password })),
    ).toBeTruthy();
  });

  it('changes the password and signs out every other session, whose sockets hear session.ended', async () => {
    const user = await registerUser(server);
    const other = await signIn(server, user.phone, user.password);
    const otherSocket = await listen(other, ['session.ended']);
    const ownSocket = await listen(user.token, ['session.ended']);
    const answer = await server.act('profile_password_change', {
      token: user.token,
      currentPassword: user.password,
      password: 'sandi-baru-456',
    });
    expect(answer.body.code).toBe('1');
    await until(() => otherSocket.heard.includes('session.ended'));
    await until(() => otherSocket.client.getSnapshot().status !== 'connected');
    expect(reasonOf(await server.act('user_check_token', { token: other }))).toBe('unauthenticated');
    // This session goes on.
    expect((await me(user.token)).id).toBe(user.userId);
    expect(ownSocket.heard).toEqual([]);
    expect(ownSocket.client.getSnapshot().status).toBe('connected');
    expect(reasonOf(await server.act('auth_login', { phone: user.phone, password: user.password }))).toBe(
      'invalid_credentials',
    );
    await signIn(server, user.phone, 'sandi-baru-456');
  });
});

describe('sessions', () => {
  it('lists the live sessions with their device and address, the current one first', async () => {
    const user = await registerUser(server);
    const second = await (async () => {
      const challenge = challengeOf(
        await server.act('auth_login', { phone: user.phone, password: user.password }),
      );
      const verified = await server.act(
        'auth_verify_otp',
        { challenge, code: lastCode(server, user.phone) },
        { 'user-agent': 'Mozilla/5.0 (Test Phone) Sapa' },
      );
      return (verified.body.data as { token: string }).token;
    })();
    const list = dataOf<
      { id: string; current: boolean; userAgent: string | null; ip: string | null; lastSeenAt: string }[]
    >(await server.act('session_list', { token: second }));
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      userAgent: 'Mozilla/5.0 (Test Phone) Sapa',
      ip: '127.0.0.1',
    });
    expect(list[1]?.current).toBe(false);
    expect(Number.isNaN(Date.parse(list[0]?.lastSeenAt ?? ''))).toBe(false);
  });

  it("revokes one's own session (its socket hears session.ended) but not another user's", async () => {
    const user = await registerUser(server);
    const second = await signIn(server, user.phone, user.password);
    const stranger = await registerUser(server);
    const strangerSessions = dataOf<{ id: string }[]>(
      await server.act('session_list', { token: stranger.token }),
    );
    const strangerSession = strangerSessions[0]?.id as string;
    expect(reasonOf(await server.act('session_revoke', { token: user.token, id: strangerSession }))).toBe(
      'not_found',
    );
    expect((await me(stranger.token)).id).toBe(stranger.userId);

    const socket = await listen(second, ['session.ended']);
    const mine = dataOf<{ id: string; current: boolean }[]>(
      await server.act('session_list', { token: user.token }),
    );
    const target = mine.find((session) => !session.current)?.id as string;
    expect(dataOf(await server.act('session_revoke', { token: user.token, id: target }))).toEqual({
      id: target,
    });
    await until(() => socket.heard.includes('session.ended'));
    expect(reasonOf(await server.act('user_check_token', { token: second }))).toBe('unauthenticated');
    expect(reasonOf(await server.act('session_revoke', { token: user.token, id: target }))).toBe('not_found');

    // Revoking the current session signs this client out.
    const current = mine.find((session) => session.current)?.id as string;
    expect(dataOf(await server.act('session_revoke', { token: user.token, id: current }))).toEqual({
      id: current,
    });
    expect(reasonOf(await server.act('user_check_token', { token: user.token }))).toBe('unauthenticated');
  });

  it('refreshes last use at most once a minute', async () => {
    const user = await registerUser(server);
    const lastSeen = async () =>
      dataOf<{ lastSeenAt: string }[]>(await server.act('session_list', { token: user.token }))[0]
        ?.lastSeenAt;
    const first = await lastSeen();
    server.clock.advance(30_000);
    expect(await lastSeen()).toBe(first);
    server.clock.advance(31_000);
    const later = await lastSeen();
    expect(Date.parse(later ?? '') - Date.parse(first ?? '')).toBeGreaterThanOrEqual(61_000);
  });

  it('ends the sockets of a logged-out session', async () => {
    const user = await registerUser(server);
    const socket = await listen(user.token, ['session.ended']);
    expect((await server.act('auth_logout', { token: user.token })).body.code).toBe('1');
    await until(() => socket.heard.includes('session.ended'));
  });
});
