import { Sleeper } from './Sleeper.ts';

export type DeliveryResult =
  | { ok: true; attempts: number; status: number }
  | { ok: false; attempts: number; status?: number; error?: string };

export interface RetryPolicy {
  /** Tries per delivery, the first included. */
  maxAttempts: number;
  /** First retry delay; doubles each retry up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Per POST. */
  timeoutMs: number;
}

/**
 * POSTs a body the way a platform delivers its webhooks (Meta's, Midtrans' notifications):
 * retried with exponential backoff on anything but a 2xx or on a network error, each try cut off
 * after `timeoutMs`.
 */
export class RetryingSender {
  readonly #policy: RetryPolicy;
  readonly #sleeper = new Sleeper();
  #closed = false;

  constructor(policy: RetryPolicy) {
    this.#policy = policy;
  }

  /** POSTs `body` to `url` with `headers` until a 2xx or the last try; never throws. */
  async post(
    url: string,
    headers: Record<string, string>,
    body: string | Uint8Array<ArrayBuffer>,
  ): Promise<DeliveryResult> {
    let last: DeliveryResult = { ok: false, attempts: 0 };
    for (let attempt = 1; attempt <= this.#policy.maxAttempts && !this.#closed; attempt += 1) {
      if (attempt > 1) await this.#sleeper.sleep(this.#backoff(attempt - 1));
      if (this.#closed) break;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(this.#policy.timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { ok: true, attempts: attempt, status: response.status };
        last = { ok: false, attempts: attempt, status: response.status };
      } catch (error) {
        last = {
          ok: false,
          attempts: attempt,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    }
    return last;
  }

  /** Stops retrying: pending backoffs end and their deliveries report failure. */
  close(): void {
    this.#closed = true;
    this.#sleeper.wakeAll();
  }

  #backoff(retry: number): number {
    return Math.min(this.#policy.maxBackoffMs, this.#policy.backoffMs * 2 ** (retry - 1));
  }
}
