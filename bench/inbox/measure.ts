import { performance } from 'node:perf_hooks';
import { createMemoryTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime } from '@sapa/sdk';

/** Messages carry `<tag>#<n>` in their text, so each arrival is matched to its send. */
const TAGGED = /(\w+)#(\d+)/;

/** The SDK's real-time client from Node, connected (rejects after `ms`). */
export async function connectClient(url: string, token: string, ms = 10_000): Promise<Realtime> {
  const realtime = createRealtime({
    url,
    tokens: createMemoryTokenStore(token),
    logger: { warn: () => undefined },
  });
  realtime.connect();
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      const { status, lastError } = realtime.getSnapshot();
      if (status === 'connected') return true;
      if (status === 'disconnected') {
        reject(new Error(`socket refused: ${lastError ?? 'disconnected'}`));
        return true;
      }
      return false;
    };
    if (check()) return resolve();
    const timer = setTimeout(() => {
      stop();
      realtime.disconnect();
      reject(new Error(`socket still ${realtime.getSnapshot().status} after ${ms} ms`));
    }, ms);
    const stop = realtime.subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  return realtime;
}

export interface LatencyResult {
  label: string;
  sent: number;
  received: number;
  /** Webhook POSTs that did not end in a 2xx after the sender's retries. */
  failedDeliveries: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Every received message's latency, ascending (to pool several runs). */
  latenciesMs: number[];
  /** Messages actually started per second over the send window. */
  achievedRate: number;
  /** Messages received per second, from the first send to the last arrival. */
  drainRate: number;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

/**
 * Sends `count` tagged messages at `rate` per second (each send time taken when its webhook
 * starts), and times each one's `message.new` on `realtime`. Bounded: the sends end after
 * `count`; the wait for arrivals is bounded by `idleMs` and `maxWaitMs`.
 */
export async function measureLatency(options: {
  label: string;
  tag: string;
  realtime: Realtime;
  rate: number;
  count: number;
  /** Stop waiting when no message arrived for this long… */
  idleMs: number;
  /** …or this long after the last webhook settled. */
  maxWaitMs: number;
  /** Posts the webhook of message `text`; answers whether it was delivered (2xx). */
  send: (index: number, text: string) => Promise<boolean>;
}): Promise<LatencyResult> {
  const { label, tag, realtime, rate, count, idleMs, maxWaitMs, send } = options;
  const sentAt = new Array<number>(count).fill(Number.NaN);
  const arrivedAt = new Array<number>(count).fill(Number.NaN);
  let received = 0;
  let allIn: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => (allIn = resolve));
  const stopListening = realtime.on('message.new', (event) => {
    const match = TAGGED.exec(event.message.caption ?? '');
    if (match === null || match[1] !== tag) return;
    const index = Number(match[2]);
    if (!(index >= 0 && index < count) || !Number.isNaN(arrivedAt[index])) return;
    arrivedAt[index] = performance.now();
    received += 1;
    if (received === count) allIn();
  });

  const deliveries: Promise<boolean>[] = [];
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (deliveries.length < due) {
        const index = deliveries.length;
        sentAt[index] = performance.now();
        deliveries.push(send(index, `${tag}#${index} halo kak, stoknya masih ada?`).catch(() => false));
      }
      if (deliveries.length >= count) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 2);
    tick();
  });
  const sendSeconds = (performance.now() - started) / 1000;
  const outcomes = await Promise.all(deliveries);
  // Bounded wait for stragglers: until all are in, or nothing arrived for `idleMs`, or `maxWaitMs`.
  const waitStarted = performance.now();
  let lastCount = received;
  let lastProgress = waitStarted;
  while (received < count) {
    const now = performance.now();
    if (received !== lastCount) [lastCount, lastProgress] = [received, now];
    if (now - lastProgress > idleMs || now - waitStarted > maxWaitMs) break;
    await Promise.race([complete, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  stopListening();

  const lastArrival = arrivedAt.reduce((latest, at) => (at > latest ? at : latest), 0);
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const took = (arrivedAt[index] ?? Number.NaN) - (sentAt[index] ?? Number.NaN);
    if (!Number.isNaN(took)) latencies.push(took);
  }
  latencies.sort((a, b) => a - b);
  return {
    label,
    sent: count,
    received,
    failedDeliveries: outcomes.filter((ok) => !ok).length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? Number.NaN,
    latenciesMs: latencies,
    achievedRate: sendSeconds > 0 ? count / Math.max(sendSeconds, (count - 1) / rate) : 0,
    drainRate: lastArrival > started ? (received * 1000) / (lastArrival - started) : 0,
  };
}
