import { performance } from 'node:perf_hooks';
import { messagesDue, tickMs } from './ratePacer.ts';

/** A run of `writeAtRate`. */
export interface RateRun {
  /** Resolves with how many messages were written, once the run ended and their webhooks settled. */
  readonly done: Promise<number>;
  /** Ends the run now (it also ends by itself after its duration). */
  stop(): void;
}

/** Calls `write` on the schedule of `messagesDue`, ticking on the real clock. */
export function startRateRun(options: {
  rate: number;
  durationMs?: number;
  write: () => Promise<unknown>;
}): RateRun {
  const { rate, durationMs, write } = options;
  const started = performance.now();
  const writes: Promise<unknown>[] = [];
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  let stopped = false;

  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    finish();
  };
  const tick = (): void => {
    if (stopped) return;
    const elapsed = performance.now() - started;
    const due = messagesDue(rate, elapsed, durationMs);
    while (writes.length < due) writes.push(write().catch(() => undefined));
    if (durationMs !== undefined && elapsed >= durationMs) stop();
  };
  const timer = setInterval(tick, tickMs(rate));
  const done = ended.then(async () => {
    await Promise.all(writes);
    return writes.length;
  });
  return { done, stop };
}
