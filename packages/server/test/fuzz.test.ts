import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acts } from '../src/sdk.ts';
import { registerUser } from './support/flows.ts';
import { seeded } from './support/random.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const SEED = 20_240_611;
const actNames = Object.keys(acts);
const fieldNames = ['name', 'phone', 'password', 'challenge', 'code', 'token', 'fcm', 'key', 'page', 'act'];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'text/plain',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
];

type Case = { label: string; body: string | Uint8Array | FormData; headers: Record<string, string> };

function randomCase(random: ReturnType<typeof seeded>, index: number): Case {
  const json = { 'content-type': 'application/json' };
  switch (index % 5) {
    case 0:
      return { label: 'random JSON value', body: JSON.stringify(random.value()), headers: json };
    case 1: {
      const act = random.next() < 0.7 ? random.pick(actNames) : random.string(20);
      const fields = Object.fromEntries(
        Array.from({ length: random.int(5) }, () => [random.pick(fieldNames), random.value()]),
      );
      return {
        label: `act ${act} with random fields`,
        body: JSON.stringify({ ...fields, act }),
        headers: json,
      };
    }
    case 2: {
      const form = new FormData();
      form.set('act', random.pick(actNames));
      for (let i = 0; i < random.int(5); i += 1) form.append(random.pick(fieldNames), random.string(30));
      if (random.next() < 0.3) form.set('file', new Blob([random.bytes(512)]), random.string(10));
      return { label: 'random form-data', body: form, headers: {} };
    }
    case 3:
      return {
        label: 'random bytes',
        body: random.bytes(2048),
        headers: { 'content-type': random.pick(contentTypes) },
      };
    default: {
      const text = JSON.stringify({
        act: random.pick(actNames),
        phone: random.value(),
        password: random.value(),
      });
      const cut = text.slice(0, random.int(text.length + 1));
      const language = random.pick(['', '*', 'en;q=abc', 'xx-YY', 'id;q=0, en;q=0', ',,,;;;', 'en-US;q=1.5']);
      return { label: 'truncated JSON', body: cut, headers: { ...json, 'accept-language': language } };
    }
  }
}

describe('robustness', () => {
  it('answers 1,000 random bodies with code 0 or a 4xx, never a 5xx, a stack or a hang', async () => {
    const random = seeded(SEED);
    const cases = Array.from({ length: 1000 }, (_, index) => randomCase(random, index));
    const failures: string[] = [];
    for (let start = 0; start < cases.length; start += 25) {
      await Promise.all(
        cases.slice(start, start + 25).map(async (testCase, offset) => {
          const response = await fetch(`${server.url}/api`, {
            method: 'POST',
            body: testCase.body,
            headers: testCase.headers,
            signal: AbortSignal.timeout(10_000),
          });
          const text = await response.text();
          let body: { code?: unknown } = {};
          try {
            body = JSON.parse(text) as { code?: unknown };
          } catch {
            failures.push(`#${start + offset} ${testCase.label}: non-JSON ${response.status}`);
            return;
          }
          const ok =
            (response.status === 200 || (response.status >= 400 && response.status < 500)) &&
            body.code === '0';
          if (!ok || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`#${start + offset} ${testCase.label}: ${response.status} ${text.slice(0, 200)}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);

    // The server is still whole: a fresh user checks its token correctly.
    const { token, phone } = await registerUser(server);
    const checked = await server.act('user_check_token', { token });
    expect(checked.body).toMatchObject({ code: '1', data: { phone } });
    expect((await server.act('user_check_token', { token: 'nope' })).body).toMatchObject({
      code: '0',
      reason: 'unauthenticated',
    });
  });

  it('answers wrong field types for every act that takes fields with invalid_input, never a 5xx', async () => {
    const { token } = await registerUser(server);
    const junk: unknown[] = [null, 42, true, [], {}, ['a'], { $gt: '' }, 'x'.repeat(10_000)];
    const withFields = actNames.filter(
      (act) => Object.keys(acts[act as keyof typeof acts].input.shape).length > 0,
    );
    expect(withFields.length).toBeGreaterThan(3);
    for (const act of withFields) {
      for (const value of junk) {
        // The common names and the act's own (an act whose fields are all optional still gets junk).
        const names = [
          ...new Set([...fieldNames, ...Object.keys(acts[act as keyof typeof acts].input.shape)]),
        ];
        const fields = Object.fromEntries(
          names.filter((f) => f !== 'act' && f !== 'token').map((f) => [f, value]),
        );
        const answer = await server.act(act, { ...fields, token });
        expect(answer.status, act).toBe(200);
        expect(answer.body, `${act} ${JSON.stringify(value).slice(0, 40)}`).toMatchObject({
          code: '0',
          reason: 'invalid_input',
        });
      }
    }
    expect((await server.act('user_check_token', { token })).body.code).toBe('1');
  });
});
