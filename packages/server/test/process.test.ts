import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase.ts';
import { projects, serverSettings, users } from '../src/db/schema.ts';
import { spawnServer } from './support/spawnServer.ts';
import type { SpawnedServer } from './support/spawnServer.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import type { TestDatabase } from './support/testDatabase.ts';
import { testServices } from './support/services.ts';

let dataDir: string;
let database: TestDatabase;
let server: SpawnedServer;
let base: string;

const post = async (body: Record<string, unknown>, url = base) => {
  const response = await fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; data: Record<string, unknown> };
};

const RANDOM_SECRET_LINE = 'WHATSAPP_APP_SECRET is empty: the demo uses a random one for this process';

// As `pnpm start` runs it: with the demo (SAPA_DEMO unset) and no WHATSAPP_APP_SECRET.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-main-'));
  database = await createTestDatabase();
  server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    SAPA_DATA_DIR: dataDir,
    SAPA_WEB_DIST: path.join(dataDir, 'no-dist'),
    DATABASE_URL: database.url ?? undefined,
    REDIS_URL: testServices.redisUrl ?? undefined,
    REDIS_PREFIX: `sapa-proc-${process.pid}-`,
    LOG_LEVEL: 'info',
  });
  const [, url] = await server.waitForLine(/^Sapa listening on (http:\/\/127\.0\.0\.1:\d+)$/);
  base = url ?? '';
});

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process (src/main.ts)', () => {
  it('prints each code as its own line `OTP <E.164 phone> <code>`, and the code works', async () => {
    const started = await post({
      act: 'auth_register',
      name: 'Joko',
      phone: '0812 7777 0001',
      password: 'rahasia-proses',
    });
    expect(started.code).toBe('1');
    const [line, code] = await server.waitForLine(/^OTP \+6281277770001 (\d{6})$/);
    expect(line).toMatch(/^OTP \+6281277770001 \d{6}$/);
    const verified = await post({ act: 'auth_verify_otp', challenge: started.data.challenge, code });
    expect(verified.code).toBe('1');

    // Logs are JSON lines; neither the code nor the password appears in any of them.
    const logLines = server.lines.filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const logLine of logLines) {
      expect(() => JSON.parse(logLine)).not.toThrow();
      expect(logLine).not.toContain('rahasia-proses');
      expect(logLine).not.toContain(`"${code}"`);
    }
    expect(server.lines.filter((l) => l.includes(code ?? 'none') && !l.startsWith('OTP '))).toEqual([]);
  });

  it('runs the demo: prints its sign-in block, and its phone and password sign in to a live inbox', async () => {
    const [, phone] = await server.waitForLine(/^ {2}Phone {5}(08\d{8,12})$/);
    const [, password] = await server.waitForLine(/^ {2}Password {2}(\S+)$/);
    const e164 = `+62${(phone ?? '').slice(1)}`;
    expect(server.lines).toContain(`  The sign-in code appears on this output as: OTP ${e164} <code>`);
    // No secret was configured: this process made one, said so, and the simulator's webhooks pass.
    expect(server.lines.some((l) => l.includes(RANDOM_SECRET_LINE))).toBe(true);

    const login = await post({ act: 'auth_login', phone, password });
    expect(login.code).toBe('1');
    const [, code] = await server.waitForLine(new RegExp(`^OTP \\${e164} (\\d{6})$`));
    const verified = await post({ act: 'auth_verify_otp', challenge: login.data.challenge, code });
    expect(verified.code).toBe('1');
    const token = verified.data.token;
    const listed = await post({ act: 'project_list', token });
    const [project] = listed.data as unknown as { key: string; name: string }[];
    expect(project?.name).toBe('Toko Demo');
    // Customers' messages of "earlier today" came through the webhook: their windows are open.
    await expect
      .poll(
        async () => {
          const page = await post({ act: 'conversation_list', token, key: project?.key });
          const rows = page.data as unknown as { windowClosesAt: string | null }[];
          return rows.filter((row) => row.windowClosesAt !== null).length;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(5);
  });

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const inFlight = post({
      act: 'auth_register',
      name: 'Sari',
      phone: '081277770002',
      password: 'rahasia-proses',
    });
    const requestsSoFar = server.lines.filter((l) => l.includes('"incoming request"')).length;
    // Wait until the server has the request, then ask it to stop while it works (scrypt).
    await expect
      .poll(() => server.lines.filter((l) => l.includes('"incoming request"')).length, {
        timeout: 10_000,
        interval: 5,
      })
      .toBeGreaterThan(requestsSoFar);
    server.child.kill('SIGTERM');
    expect((await inFlight).code).toBe('1');
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

describe('SAPA_DEMO=0', () => {
  // A fresh database (every migration), opened twice: 9 s alone, and 32 s in CI beside the other
  // test files on two cores, past the default 30 s. Room for a busy machine, not a time budget.
  it(
    'starts without the demo and leaves the database without a demo project',
    { timeout: 120_000 },
    async () => {
      const quietDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-main-nodemo-'));
      const quietDatabase = await createTestDatabase();
      const quiet = spawnServer({
        PORT: '0',
        HOST: '127.0.0.1',
        SAPA_DEMO: '0',
        SAPA_DATA_DIR: quietDir,
        SAPA_WEB_DIST: path.join(quietDir, 'no-dist'),
        DATABASE_URL: quietDatabase.url ?? undefined,
        LOG_LEVEL: 'info',
      });
      try {
        const [, url] = await quiet.waitForLine(/^Sapa listening on (http:\/\/127\.0\.0\.1:\d+)$/);
        expect((await post({ act: 'user_check_token' }, url)).code).toBe('0');
        quiet.child.kill('SIGTERM');
        expect(await quiet.exited).toBe(0);
        expect(quiet.lines.filter((l) => / Sapa demo |^ {2}Password /.test(l))).toEqual([]);
        expect(quiet.lines.some((l) => l.includes(RANDOM_SECRET_LINE))).toBe(false);

        const { db, close } = await openDatabase({ databaseUrl: quietDatabase.url, dataDir: quietDir });
        try {
          expect((await db.select({ n: count() }).from(projects))[0]?.n).toBe(0);
          expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(0);
          expect(await db.select().from(serverSettings).where(eq(serverSettings.key, 'demo'))).toEqual([]);
        } finally {
          await close();
        }
      } finally {
        if (quiet.child.exitCode === null) quiet.child.kill('SIGKILL');
        await quiet.exited;
        await quietDatabase.dispose();
        await rm(quietDir, { recursive: true, force: true });
      }
    },
  );
});

describe('configuration errors', () => {
  it('exits 1 with a clear message on an invalid variable', async () => {
    const bad = spawnServer({ PORT: 'abc', SAPA_DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain('PORT must be an integer from 0 to 65535 (got "abc")');
  });
});
