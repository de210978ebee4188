import autocannon from 'autocannon';

export interface Target {
  label: string;
  url: string;
  body: string;
}

export interface LoadPlan {
  connections: number;
  warmupSeconds: number;
  /** Measured time per target is `rounds` x `secondsPerRound`. */
  rounds: number;
  secondsPerRound: number;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  /** Medians over the rounds. */
  p50Ms: number;
  p99Ms: number;
  total: number;
  failures: number;
}

function fire(target: Target, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: target.body,
    connections,
    duration: seconds,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Loads every target with the same client and concurrency: a warm-up each, then short rounds
 * taking turns, so a load spike from elsewhere on the machine falls on all of them alike.
 * Bounded by time: (warm-up + rounds x seconds) per target.
 */
export async function compareLoad(targets: Target[], plan: LoadPlan): Promise<LoadResult[]> {
  for (const target of targets) await fire(target, plan.connections, plan.warmupSeconds);
  const runs = targets.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < plan.rounds; round += 1) {
    for (const [index, target] of targets.entries()) {
      runs[index]?.push(await fire(target, plan.connections, plan.secondsPerRound));
    }
  }
  return targets.map((target, index) => {
    const results = runs[index] ?? [];
    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const seconds = results.reduce((sum, r) => sum + r.duration, 0);
    return {
      label: target.label,
      requestsPerSecond: seconds > 0 ? total / seconds : 0,
      p50Ms: median(results.map((r) => r.latency.p50)),
      p99Ms: median(results.map((r) => r.latency.p99)),
      total,
      failures: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };
  });
}
