import { RetryingSender } from '../RetryingSender.ts';
import type { DeliveryResult } from '../RetryingSender.ts';

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
  readonly #sender: RetryingSender;

  constructor(options: NotificationSenderOptions = {}) {
    this.#sender = new RetryingSender({
      maxAttempts: 4,
      backoffMs: 200,
      maxBackoffMs: 2_000,
      timeoutMs: 15_000,
      ...options,
    });
  }

  /** Delivers `body` to `url`; never throws. */
  async deliver(url: string, body: unknown): Promise<DeliveryResult> {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': 'Veritrans',
    };
    return this.#sender.post(url, headers, JSON.stringify(body));
  }

  /** Stops retrying: pending backoffs end and their deliveries report failure. */
  close(): void {
    this.#sender.close();
  }
}
