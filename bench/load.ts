import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  body: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  failures: number;
}

function fire(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: options.body,
    connections: options.connections,
    duration: seconds,
  });
}

/** Loads `url` with POSTs of `body`: a warm-up, then the measured run. Bounded by time. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  await fire(options, options.warmupSeconds);
  const result = await fire(options, options.seconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
