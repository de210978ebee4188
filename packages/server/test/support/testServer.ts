import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { memorySender } from '../../src/otp/memorySender.ts';
import { GraphApiServer } from '../../src/simulator/GraphApiServer.ts';
import { createTestDatabase } from './testDatabase.ts';
import { testServices } from './services.ts';

export const TEST_VERIFY_TOKEN = 'test-verify-token';
export const TEST_APP_SECRET = 'test-app-secret';

/** A movable clock: tests jump past expiry and cooldowns instead of waiting. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  otp: ReturnType<typeof memorySender>;
  clock: TestClock;
  config: Config;
  /**
   * The simulator's Graph API this server asks (`account_create` checks a number there; sends go
   * there too), unless the test gave its own `graphBaseUrl` (then `null`). It knows the numbers
   * registered with `graph.addAccount`, as Meta knows the numbers of a business, and their WABAs'
   * templates; it reviews templates only on `graph.reviewNow()`, and its template webhooks come
   * to this server (then `app.sapa.processPendingDeliveries()` works them off).
   */
  graph: GraphApiServer | null;
  /** Calls an act with a JSON body. */
  act(act: string, fields?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiAnswer>;
  /** Sends raw bytes to `POST /api`. */
  raw(body: string | Uint8Array | FormData, headers?: Record<string, string>): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export type ConfigOverrides = {
  [K in keyof Config]?: Config[K] extends object ? Partial<Config[K]> : Config[K];
};

/**
 * The real app on 127.0.0.1, port 0, over real HTTP: PGlite in a temp directory, or a fresh
 * PostgreSQL database and Redis for the rate limiter in the `server-postgres` project (services.ts).
 */
export async function startTestServer(
  overrides: ConfigOverrides = {},
  options: {
    backgroundWork?: boolean;
    jobPollMs?: number;
    fetchAllowAddress?: (address: string) => boolean;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-test-'));
  // Templates are reviewed only when a test says so (`graph.reviewNow()`): no timers race the test.
  const graph =
    overrides.whatsapp?.graphBaseUrl === undefined
      ? new GraphApiServer({ accounts: [], templateReviewMs: null })
      : null;
  const graphBaseUrl = graph === null ? (overrides.whatsapp?.graphBaseUrl ?? '') : await graph.listen();
  const base = loadConfig({});
  const config: Config = {
    ...base,
    dataDir,
    databaseUrl: database.url,
    redisUrl: testServices.redisUrl,
    redisPrefix: `sapa-test-${randomBytes(6).toString('hex')}-`,
    webDist: path.join(dataDir, 'no-web-dist'),
    logLevel: 'silent',
    ...overrides,
    rateLimit: { max: 100_000, windowMs: 60_000, ...overrides.rateLimit },
    otp: { perPhonePerHour: 1000, perIpPerHour: 100_000, ...overrides.otp },
    loginFailures: { perPhonePerHour: 1000, perIpPerHour: 100_000, ...overrides.loginFailures },
    whatsapp: {
      ...base.whatsapp,
      verifyToken: TEST_VERIFY_TOKEN,
      appSecret: TEST_APP_SECRET,
      ...overrides.whatsapp,
      // Never Meta's servers from a test: the simulator's Graph API, or the test's own fake.
      graphBaseUrl,
    },
  } as Config;
  const otp = memorySender();
  const clock = new TestClock();
  // Background polling is off unless asked for: tests drive the webhook worker and the job runner
  // themselves (`app.sapa.processPendingDeliveries()`, `app.sapa.runJobsOnce()`), so nothing races them.
  const app = await buildApp({
    config,
    otpSender: otp,
    now: clock.now,
    backgroundWork: options.backgroundWork ?? false,
    ...(options.jobPollMs === undefined ? {} : { jobPollMs: options.jobPollMs }),
    ...(options.fetchAllowAddress === undefined ? {} : { fetchAllowAddress: options.fetchAllowAddress }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  // Template webhooks (status, category) of the simulated Meta come to this server, signed.
  graph?.setWebhookTarget({ target: `${url}/webhooks/whatsapp`, appSecret: TEST_APP_SECRET, maxAttempts: 3 });

  const send = async (
    body: string | Uint8Array | FormData,
    headers: Record<string, string>,
  ): Promise<ApiAnswer> => {
    const response = await fetch(`${url}/api`, { method: 'POST', body, headers });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`non-JSON answer ${response.status}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  return {
    url,
    app,
    otp,
    clock,
    config,
    graph,
    act: (act, fields = {}, headers = {}) =>
      send(JSON.stringify({ act, ...fields }), { 'content-type': 'application/json', ...headers }),
    raw: (body, headers = {}) => send(body, headers),
    async close() {
      await app.close();
      await graph?.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
