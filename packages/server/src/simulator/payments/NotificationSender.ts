import type { DeliveryResult } from '../WebhookSender.ts';

export interface NotificationSenderOptions {
  /** Tries per delivery, the first included (default 4). Midtrans retries for hours; a simulator gives up sooner. */
  maxAttempts?: number;
  /** First retry delay; doubles each retry up to `maxBackoffMs` (defaults 200 ms and 2 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Per POST (default 15 s, as long as Midtrans waits). */
  timeoutMs?: number;
}

/**
 * POSTs payment notifications the way Midtrans does: a JSON body with no auth header (the
 * signature is inside), `User-Agent: Veritrans`, retried with backoff on anything but a 2xx or on
 * a network error.
 */
export class NotificationSender {
  readonly #options: Required<NotificationSenderOptions>;
  readonly #timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  #closed = false;

  constructor(options: NotificationSenderOptions = {}) {
    this.#options = { maxAttempts: 4, backoffMs: 200, maxBackoffMs: 2_000, timeoutMs: 15_000, ...options };
  }

  /** Delivers `body` to `url`; never throws. */
  async deliver(url: string, body: unknown): Promise<DeliveryResult> {
    const bytes = JSON.stringify(body);
    let last: DeliveryResult = { ok: false, attempts: 0 };
    for (let attempt = 1; attempt <= this.#options.maxAttempts && !this.#closed; attempt += 1) {
      if (attempt > 1)
        await this.#sleep(Math.min(this.#options.maxBackoffMs, this.#options.backoffMs * 2 ** (attempt - 2)));
      if (this.#closed) break;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'user-agent': 'Veritrans',
          },
          body: bytes,
          signal: AbortSignal.timeout(this.#options.timeoutMs),
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
    for (const pending of this.#timers) {
      clearTimeout(pending.timer);
      pending.resolve();
    }
    this.#timers.clear();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const pending = {
        timer: setTimeout(() => {
          this.#timers.delete(pending);
          resolve();
        }, ms),
        resolve,
      };
      this.#timers.add(pending);
    });
  }
}
