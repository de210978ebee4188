/**
 * What the webhook-to-agent latency benchmarks share (inboxLatency, automation): the bench's
 * number and app secret, the real app on PGlite for it, customers writing at `RATE` through a
 * simulator (a warm-up, then a measured run), and how a run is printed.
 */
import type { Realtime } from '@sapa/sdk';
import { measureLatency } from './measure.ts';
import type { LatencyResult } from './measure.ts';
import { startBenchSapa } from './sapa.ts';
import type { BenchSapaOptions } from './sapa.ts';
import type { BenchSimulator } from './simulator.ts';

export const RATE = 200;
export const CUSTOMERS = 100;
export const WARMUP_MESSAGES = 100;
/** A message not in after 15 s without any arrival, or 10 min after the last webhook, is lost. */
export const IDLE_MS = 15_000;
export const MAX_WAIT_MS = 600_000;
export const APP_SECRET = 'bench-app-secret';
export const ACCOUNT = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'bench-access-token',
};

/** `BENCH_SECONDS`, else `fallback`: how long a measured run sends. */
export function benchSeconds(fallback: number): number {
  const raw = process.env.BENCH_SECONDS;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0 && value <= 600)) throw new Error(`BENCH_SECONDS must be in (0, 600], got "${raw}"`);
  return value;
}

/**
 * The real app on PGlite in a temp dir (or on `databaseUrl`: bench/database.ts), background work
 * on; a user with a project and an account.
 */
export function startInboxSapa(
  dataDir: string,
  databaseUrl: string | null = null,
  process: Pick<BenchSapaOptions, 'role' | 'redis'> = {},
) {
  return startBenchSapa({
    ...process,
    dataDir,
    databaseUrl,
    account: { ...ACCOUNT, displayPhone: `+${ACCOUNT.displayPhone}` },
    // The Graph API is the simulator's on loopback (startBenchSapa): sends, if any, go there.
    whatsapp: {
      verifyToken: 'bench-verify-token',
      appSecret: APP_SECRET,
    },
  });
}

/** Customer `index % CUSTOMERS` writes `text` (rewritten by `reword`, if given); whether it was delivered. */
export function customerSends(simulator: BenchSimulator, reword?: (index: number, text: string) => string) {
  return async (index: number, text: string) =>
    (await simulator.customerWrites(index % CUSTOMERS, reword?.(index, text) ?? text)).delivery.ok;
}

/** `count` messages tagged `tag` at `RATE` through `simulator` to `realtime`, timed (measure.ts). */
export function runAtRate(
  label: string,
  tag: string,
  realtime: Realtime,
  count: number,
  send: (index: number, text: string) => Promise<boolean>,
  maxWaitMs = MAX_WAIT_MS,
): Promise<LatencyResult> {
  return measureLatency({
    label,
    tag,
    realtime,
    rate: RATE,
    count,
    idleMs: IDLE_MS,
    maxWaitMs,
    send,
  });
}

/** `WARMUP_MESSAGES` not counted; throws when one of them is lost. */
export async function warmUp(
  label: string,
  realtime: Realtime,
  send: (index: number, text: string) => Promise<boolean>,
): Promise<void> {
  const warm = await runAtRate(label, 'warm', realtime, WARMUP_MESSAGES, send);
  if (warm.received !== warm.sent)
    throw new Error(`${label}: warm-up lost ${warm.sent - warm.received} messages`);
}

export const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);

export const describeLatency = (r: LatencyResult) =>
  `${r.label}: p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}, max ${ms(r.maxMs)}; received ${r.received}/${r.sent}` +
  ` (${r.failedDeliveries} webhook POSTs failed); sent at ${r.achievedRate.toFixed(0)} msg/s, drained at ${r.drainRate.toFixed(0)} msg/s`;
