import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Realtime } from '@sapa/sdk';
import { connectClient, measureLatency } from './inbox/measure.ts';
import type { LatencyResult } from './inbox/measure.ts';
import { startRelay } from './inbox/relay.ts';
import { startBenchSapa } from './inbox/sapa.ts';
import { createSimulator } from './inbox/simulator.ts';
import type { BenchSimulator } from './inbox/simulator.ts';
import type { Benchmark } from './types.ts';

const BUDGET = 3;
const RATE = 200;
const DEFAULT_SECONDS = 60;
const CUSTOMERS = 100;
const WARMUP_MESSAGES = 100;
/** A message not in after 15 s without any arrival, or 10 min after the last webhook, is lost. */
const IDLE_MS = 15_000;
const MAX_WAIT_MS = 600_000;
const APP_SECRET = 'bench-app-secret';
const ACCOUNT = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'bench-access-token',
};

function seconds(): number {
  const raw = process.env.BENCH_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_SECONDS;
  const value = Number(raw);
  if (!(value > 0 && value <= 600)) throw new Error(`BENCH_SECONDS must be in (0, 600], got "${raw}"`);
  return value;
}

/** The real app on PGlite in a temp dir, background work on; a user with a project and an account. */
function startSapa(dataDir: string) {
  return startBenchSapa({
    dataDir,
    account: { ...ACCOUNT, displayPhone: `+${ACCOUNT.displayPhone}` },
    // Nothing is sent in this bench; the Graph API is the simulator's on loopback (startBenchSapa).
    whatsapp: {
      verifyToken: 'bench-verify-token',
      appSecret: APP_SECRET,
    },
  });
}

/** Warm-up (not counted), then the measured run, both through `simulator` to `realtime`. */
async function measure(label: string, simulator: BenchSimulator, realtime: Realtime, count: number) {
  const send = async (index: number, text: string) =>
    (await simulator.customerWrites(index % CUSTOMERS, text)).delivery.ok;
  const warm = await measureLatency({
    label,
    tag: 'warm',
    realtime,
    rate: RATE,
    count: WARMUP_MESSAGES,
    idleMs: IDLE_MS,
    maxWaitMs: MAX_WAIT_MS,
    send,
  });
  if (warm.received !== warm.sent)
    throw new Error(`${label}: warm-up lost ${warm.sent - warm.received} messages`);
  return measureLatency({
    label,
    tag: 'bench',
    realtime,
    rate: RATE,
    count,
    idleMs: IDLE_MS,
    maxWaitMs: MAX_WAIT_MS,
    send,
  });
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);
const describe = (r: LatencyResult) =>
  `${r.label}: p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}, max ${ms(r.maxMs)}; received ${r.received}/${r.sent}` +
  ` (${r.failedDeliveries} webhook POSTs failed); sent at ${r.achievedRate.toFixed(0)} msg/s, drained at ${r.drainRate.toFixed(0)} msg/s`;

const benchmark: Benchmark = {
  name: 'inbox latency: webhook to agent socket vs a bare socket.io relay',
  budget: `Sapa's p99 <= ${BUDGET} x the bare relay's p99, every message received (${RATE} messages/s, BENCH_SECONDS or ${DEFAULT_SECONDS} s each)`,
  async run() {
    const duration = seconds();
    const count = Math.round(RATE * duration);
    const cleanup: Array<() => Promise<unknown> | void> = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-inbox-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    try {
      const relay = await startRelay();
      cleanup.push(() => relay.close());
      const relayClient = await connectClient(relay.url, 'relay-ignores-tokens');
      cleanup.push(() => relayClient.disconnect());
      const relaySimulator = await createSimulator({
        target: `${relay.url}/webhooks/whatsapp`,
        appSecret: APP_SECRET,
        accounts: [ACCOUNT],
        customers: CUSTOMERS,
      });
      cleanup.push(() => relaySimulator.close());

      const sapa = await startSapa(dataDir);
      cleanup.push(() => sapa.app.close());
      const agent = await connectClient(sapa.url, sapa.token);
      cleanup.push(() => agent.disconnect());
      const sapaSimulator = await createSimulator({
        target: `${sapa.url}/webhooks/whatsapp`,
        appSecret: APP_SECRET,
        accounts: [ACCOUNT],
        customers: CUSTOMERS,
      });
      cleanup.push(() => sapaSimulator.close());

      const relayResult = await measure('bare socket.io relay', relaySimulator, relayClient, count);
      const sapaResult = await measure('Sapa webhook -> agent socket', sapaSimulator, agent, count);
      const ratio = sapaResult.p99Ms / relayResult.p99Ms;
      const complete = (r: LatencyResult) => r.received === r.sent && r.failedDeliveries === 0;
      return {
        lines: [
          `duration: ${duration} s per server at ${RATE} messages/s (${count} messages, ${CUSTOMERS} customers, after ${WARMUP_MESSAGES} warm-up messages)`,
          describe(relayResult),
          describe(sapaResult),
          `p99 ratio (Sapa / relay): ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}`,
        ],
        pass: Number.isFinite(ratio) && ratio <= BUDGET && complete(sapaResult) && complete(relayResult),
      };
    } finally {
      for (const step of cleanup.reverse()) await step();
    }
  },
};

export default benchmark;
