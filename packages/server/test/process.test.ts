import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from './support/spawnServer.ts';
import type { SpawnedServer } from './support/spawnServer.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import type { TestDatabase } from './support/testDatabase.ts';
import { testServices } from './support/services.ts';

let dataDir: string;
let database: TestDatabase;
let server: SpawnedServer;
let base: string;

const post = async (body: Record<string, unknown>) => {
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; data: Record<string, unknown> };
};

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

describe('configuration errors', () => {
  it('exits 1 with a clear message on an invalid variable', async () => {
    const bad = spawnServer({ PORT: 'abc', SAPA_DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain('PORT must be an integer from 0 to 65535 (got "abc")');
  });
});
