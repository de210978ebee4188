import { SIGNATURE_HEADER, sign } from '../channels/whatsapp/index.ts';
import { RetryingSender } from './RetryingSender.ts';
import type { DeliveryResult } from './RetryingSender.ts';

export type { DeliveryResult } from './RetryingSender.ts';

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

/**
 * POSTs webhook deliveries the way Meta does: JSON body, `X-Hub-Signature-256` over the exact
 * bytes sent, retried with exponential backoff on anything but a 2xx or on a network error.
 */
export class WebhookSender {
  readonly #target: string;
  readonly #appSecret: string;
  readonly #sender: RetryingSender;

  constructor(options: WebhookSenderOptions) {
    const { target, appSecret, ...policy } = options;
    this.#target = target;
    this.#appSecret = appSecret;
    this.#sender = new RetryingSender({
      maxAttempts: 6,
      backoffMs: 200,
      maxBackoffMs: 5_000,
      timeoutMs: 10_000,
      ...policy,
    });
  }

  /** Delivers one payload; never throws. */
  async deliver(payload: unknown): Promise<DeliveryResult> {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
      [SIGNATURE_HEADER]: sign(body, this.#appSecret),
    };
    return this.#sender.post(this.#target, headers, body);
  }

  /** Stops retrying: pending backoffs end and their deliveries report failure. */
  close(): void {
    this.#sender.close();
  }
}
