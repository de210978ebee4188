import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Realtime } from '@sapa/sdk';
import {
  ACCOUNT,
  APP_SECRET,
  benchSeconds,
  CUSTOMERS,
  customerSends,
  describeLatency,
  RATE,
  runAtRate,
  startInboxSapa,
  WARMUP_MESSAGES,
  warmUp,
} from './inbox/latencyRun.ts';
import { connectClient } from './inbox/measure.ts';
import type { LatencyResult } from './inbox/measure.ts';
import { startRelay } from './inbox/relay.ts';
import { createSimulator } from './inbox/simulator.ts';
import type { BenchSimulator } from './inbox/simulator.ts';
import type { Benchmark } from './types.ts';

const BUDGET = 3;
const DEFAULT_SECONDS = 60;

/** Warm-up (not counted), then the measured run, both through `simulator` to `realtime`. */
async function measure(label: string, simulator: BenchSimulator, realtime: Realtime, count: number) {
  const send = customerSends(simulator);
  await warmUp(label, realtime, send);
  return runAtRate(label, 'bench', realtime, count, send);
}

const benchmark: Benchmark = {
  name: 'inbox latency: webhook to agent socket vs a bare socket.io relay',
  budget: `Sapa's p99 <= ${BUDGET} x the bare relay's p99, every message received (${RATE} messages/s, BENCH_SECONDS or ${DEFAULT_SECONDS} s each)`,
  async run() {
    const duration = benchSeconds(DEFAULT_SECONDS);
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

      const sapa = await startInboxSapa(dataDir);
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
          describeLatency(relayResult),
          describeLatency(sapaResult),
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
