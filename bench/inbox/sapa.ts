/**
 * The real app for the benchmarks: `buildApp` on PGlite in `dataDir` (or `databaseUrl`), listening on a free
 * loopback port, with a registered and signed-in owner, their project and one WhatsApp account
 * (added through `account_create`, which checks it with the simulator's Graph API on loopback,
 * the app's Graph API unless `whatsapp.graphBaseUrl` says otherwise).
 * `LOG_LEVEL` is `warn` and the protocol rate limit is lifted, so the figures measure the request
 * path rather than log lines or a single client's 429s.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, GraphApiServer, loadConfig, memorySender } from '@sapa/server';
import type { Config } from '@sapa/server';

export interface BenchSapa {
  app: FastifyInstance;
  url: string;
  token: string;
  userId: string;
  key: string;
  accountId: string;
}

export interface BenchSapaOptions {
  dataDir: string;
  /** PostgreSQL (see bench/database.ts); default PGlite in `dataDir`. */
  databaseUrl?: string | null;
  /** The built web app (default: none; pages answer 503). */
  webDist?: string;
  whatsapp?: Partial<Config['whatsapp']>;
  account: { phoneNumberId: string; displayPhone: string; accessToken: string };
  /** Run the webhook and job workers' polls (default true). */
  backgroundWork?: boolean;
  /** What the process does (`SAPA_ROLE`; default `all`). */
  role?: Config['role'];
  /** Redis for the socket adapter (beside other processes); default none. */
  redis?: { url: string; prefix: string } | null;
}

/**
 * POSTs once more when the kept-alive connection was reset: a long synchronous PGlite statement
 * (seeding) holds the event loop past the server's keep-alive timeout, and the client may pick the
 * connection the server is closing.
 */
export async function post(url: string, body: string): Promise<Response> {
  const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  try {
    return await send();
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}

/** Calls an act over HTTP; throws unless it answers `code: "1"`. */
export async function act(url: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await post(`${url}/api`, JSON.stringify(body));
  const answer = (await response.json()) as { code: string; data: Record<string, unknown> };
  if (answer.code !== '1') throw new Error(`${String(body.act)} failed: ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function startBenchSapa(options: BenchSapaOptions): Promise<BenchSapa> {
  const base = loadConfig({});
  // Meta, as far as the account's check goes: it knows the bench's number and token.
  const graph = new GraphApiServer({
    accounts: [{ ...options.account, displayPhone: options.account.displayPhone.replace(/^\+/, '') }],
  });
  const graphBaseUrl = await graph.listen();
  const config: Config = {
    ...base,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl ?? null,
    role: options.role ?? 'all',
    redisUrl: options.redis?.url ?? null,
    redisPrefix: options.redis?.prefix ?? base.redisPrefix,
    webDist: options.webDist ?? path.join(options.dataDir, 'no-dist'),
    logLevel: 'warn',
    rateLimit: { max: 100_000_000, windowMs: 60_000 },
    whatsapp: { ...base.whatsapp, graphBaseUrl, ...options.whatsapp },
  };
  const otp = memorySender();
  const app = await buildApp({ config, otpSender: otp, backgroundWork: options.backgroundWork ?? true });
  app.addHook('onClose', () => graph.close());
  if (process.env.BENCH_WATERFALL) {
    // Each act's name and time in the server (the waterfall in the browser cannot read bodies).
    app.addHook('onResponse', async (request, reply) => {
      const act = (request.body as { act?: unknown } | undefined)?.act;
      if (typeof act === 'string') console.log(`      server: ${act} ${reply.elapsedTime.toFixed(0)} ms`);
    });
  }
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const phone = '+6281200002222';
    const started = await act(url, {
      act: 'auth_register',
      name: 'Bench',
      phone,
      password: 'bench-password',
    });
    const verified = await act(url, {
      act: 'auth_verify_otp',
      challenge: started.challenge,
      code: otp.last(phone),
    });
    const token = String(verified.token);
    const userId = String((verified.user as { id: string }).id);
    const project = await act(url, { act: 'project_create', token, name: 'Bench' });
    const key = String(project.key);
    const account = await act(url, {
      act: 'account_create',
      token,
      key,
      name: 'Bench',
      // The WABA the simulated Meta put the number in (one derived from its token).
      wabaId: graph.wabaIdOf(options.account.phoneNumberId),
      phoneNumberId: options.account.phoneNumberId,
      displayPhone: options.account.displayPhone,
      accessToken: options.account.accessToken,
    });
    return { app, url, token, userId, key, accountId: String(account.id) };
  } catch (error) {
    await app.close();
    throw error;
  }
}
