import { SIGNATURE_HEADER, sign } from '../channels/whatsapp/index.ts';

export interface WebhookSenderOptions {
  /** The callback URL (Sapa's `POST /webhooks/whatsapp`). */
  target: string;
  appSecret: string;
  /** Tries per delivery, the first included (default 6). Meta retries for days; a simulator gives up sooner. */
  maxAttempts?: number;
  /** First retry delay; doubles each retry up to `maxBackoffMs` (defaults 200 ms and 5 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Per POST (default 10 s). */
  timeoutMs?: number;
}

export type DeliveryResult =
  | { ok: true; attempts: number; status: number }
  | { ok: false; attempts: number; status?: number; error?: string };

/**
 * POSTs webhook deliveries the way Meta does: JSON body, `X-Hub-Signature-256` over the exact
 * bytes sent, retried with exponential backoff on anything but a 2xx or on a network error.
 */
export class WebhookSender {
  readonly #options: Required<WebhookSenderOptions>;
  readonly #timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  #closed = false;

  constructor(options: WebhookSenderOptions) {
    this.#options = {
      maxAttempts: 6,
      backoffMs: 200,
      maxBackoffMs: 5_000,
      timeoutMs: 10_000,
      ...options,
    };
  }

  /** Delivers one payload; never throws. */
  async deliver(payload: unknown): Promise<DeliveryResult> {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
      [SIGNATURE_HEADER]: sign(body, this.#options.appSecret),
    };
    let last: DeliveryResult = { ok: false, attempts: 0 };
    for (let attempt = 1; attempt <= this.#options.maxAttempts && !this.#closed; attempt += 1) {
      if (attempt > 1) await this.#sleep(this.#backoff(attempt - 1));
      if (this.#closed) break;
      try {
        const response = await fetch(this.#options.target, {
          method: 'POST',
          headers,
          body,
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

  #backoff(retry: number): number {
    return Math.min(this.#options.maxBackoffMs, this.#options.backoffMs * 2 ** (retry - 1));
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
