import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { buildApp, loadConfig, memorySender } from '@sapa/server';
import { compareLoad } from './load.ts';
import type { LoadResult } from './load.ts';
import type { Benchmark } from './types.ts';

const BUDGET = 0.5;
const PLAN = { connections: 10, warmupSeconds: 1, rounds: 5, secondsPerRound: 1 };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/api`;
}

async function post(url: string, body: unknown): Promise<{ code: string; data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; data: Record<string, unknown> };
}

/** The real app on PGlite in a temp dir, with a signed-in user. */
async function startSapa(dataDir: string) {
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: null,
    redisUrl: null,
    webDist: path.join(dataDir, 'no-dist'),
    // Quiet stdout; protocol limit out of the way of one loopback client.
    logLevel: 'warn' as const,
    rateLimit: { max: 100_000_000, windowMs: 60_000 },
  };
  const otp = memorySender();
  const app = await buildApp({ config, otpSender: otp });
  const url = await listen(app);
  const phone = '+6281200001111';
  const started = await post(url, { act: 'auth_register', name: 'Bench', phone, password: 'bench-password' });
  const verified = await post(url, {
    act: 'auth_verify_otp',
    challenge: started.data.challenge,
    code: otp.last(phone),
  });
  if (verified.code !== '1') throw new Error(`sign-in failed: ${JSON.stringify(verified)}`);
  return { app, url, token: String(verified.data.token), user: verified.data.user };
}

/** The floor: bare Fastify answering the same envelope from memory. */
async function startBare(user: unknown) {
  const app = Fastify({ logger: false });
  const answer = { code: '1', msg: 'Berhasil', data: user };
  app.post('/api', async () => answer);
  return { app, url: await listen(app) };
}

const describe = (r: LoadResult) =>
  `${r.label}: ${Math.round(r.requestsPerSecond)} req/s (p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.total} requests, ${r.failures} failed)`;

const benchmark: Benchmark = {
  name: 'user_check_token throughput vs bare Fastify',
  budget: `Sapa's req/s >= ${BUDGET} x bare Fastify's, no failed request (${PLAN.connections} connections; ${PLAN.warmupSeconds} s warm-up, then ${PLAN.rounds} alternating rounds of ${PLAN.secondsPerRound} s each)`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-'));
    const sapa = await startSapa(dataDir);
    const bare = await startBare(sapa.user);
    try {
      const body = JSON.stringify({ act: 'user_check_token', token: sapa.token });
      const check = await post(sapa.url, JSON.parse(body));
      if (check.code !== '1') throw new Error(`user_check_token failed: ${JSON.stringify(check)}`);
      const [bareResult, sapaResult] = await compareLoad(
        [
          { label: 'bare Fastify', url: bare.url, body },
          { label: 'Sapa user_check_token', url: sapa.url, body },
        ],
        PLAN,
      );
      if (bareResult === undefined || sapaResult === undefined) throw new Error('no result');
      const ratio = sapaResult.requestsPerSecond / bareResult.requestsPerSecond;
      return {
        lines: [describe(bareResult), describe(sapaResult), `ratio: ${ratio.toFixed(2)}`],
        pass: ratio >= BUDGET && sapaResult.failures === 0 && bareResult.failures === 0,
      };
    } finally {
      await Promise.all([sapa.app.close(), bare.app.close()]);
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
