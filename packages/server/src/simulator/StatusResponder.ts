import type { AcceptedSend } from './GraphApiServer.ts';
import type { ConversationWindows } from './ConversationWindows.ts';
import { reEngagementErrors, statusPayload } from './webhookPayloads.ts';
import type { WirePricing, WireStatus } from './webhookPayloads.ts';
import type { DeliveryResult, WebhookSender } from './WebhookSender.ts';
import { Sleeper } from './Sleeper.ts';
import type { Clock } from './types.ts';

/** Each step waits this long after the previous one's webhook was delivered. */
export interface StatusDelays {
  sent: number;
  delivered: number;
  read: number;
}

export const DEFAULT_STATUS_DELAYS: StatusDelays = { sent: 20, delivered: 80, read: 250 };

export type StatusName = WireStatus['status'];

/**
 * Plays the recipient's phone for each accepted send: `sent`, `delivered`, `read` status
 * webhooks in that order, or one `failed` status: 131047 when a free-form message went out with
 * the 24-hour window closed (templates always go through), or the send's own `failure` (131049, a
 * marketing template over the user's per-user limit; not delivered, not billed). Each status echoes the send's
 * `biz_opaque_callback_data`, as Meta does; `sent` and `delivered` carry the `pricing` of the
 * message as it was when sent (`pricingOf`).
 */
export class StatusResponder {
  readonly #sender: WebhookSender;
  readonly #windows: ConversationWindows;
  readonly #now: Clock;
  readonly #delays: StatusDelays;
  readonly #onStatus: (status: StatusName, result: DeliveryResult, send: AcceptedSend) => void;
  readonly #sleeper = new Sleeper();
  readonly #running = new Set<Promise<void>>();
  #closed = false;

  constructor(options: {
    sender: WebhookSender;
    windows: ConversationWindows;
    now: Clock;
    delays: StatusDelays;
    onStatus: (status: StatusName, result: DeliveryResult, send: AcceptedSend) => void;
  }) {
    this.#sender = options.sender;
    this.#windows = options.windows;
    this.#now = options.now;
    this.#delays = options.delays;
    this.#onStatus = options.onStatus;
  }

  respond(send: AcceptedSend): void {
    const run = this.#progress(send);
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
  }

  /** Resolves when every progression under way has finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  close(): void {
    this.#closed = true;
    this.#sleeper.wakeAll();
  }

  async #progress(send: AcceptedSend): Promise<void> {
    const { phoneNumberId } = send.account;
    const template = send.body.type === 'template';
    if (
      send.failure !== undefined ||
      (!template && !this.#windows.isOpen(phoneNumberId, send.waId, send.at))
    ) {
      await this.#step(send, 'failed', this.#delays.sent);
      return;
    }
    const pricing = pricingOf(send, this.#windows);
    this.#windows.recordOutbound(phoneNumberId, send.waId, send.wamid);
    for (const status of ['sent', 'delivered', 'read'] as const) {
      if (!(await this.#step(send, status, this.#delays[status], pricing))) return;
    }
  }

  async #step(
    send: AcceptedSend,
    status: StatusName,
    delayMs: number,
    pricing?: WirePricing,
  ): Promise<boolean> {
    await this.#sleeper.sleep(delayMs);
    if (this.#closed) return false;
    const result = await this.#sender.deliver(
      statusPayload(send.account, this.#status(send, status, pricing)),
    );
    this.#onStatus(status, result, send);
    return result.ok;
  }

  #status(send: AcceptedSend, status: StatusName, pricing: WirePricing | undefined): WireStatus {
    const callbackData = send.body.biz_opaque_callback_data;
    const base = {
      id: send.wamid,
      status,
      timestamp: String(Math.floor(this.#now() / 1000)),
      recipient_id: send.waId,
      ...(callbackData === undefined ? {} : { biz_opaque_callback_data: callbackData }),
    };
    if (status === 'failed') return { ...base, errors: send.failure ?? reEngagementErrors() };
    if (status === 'read' || pricing === undefined) return base;
    return { ...base, pricing };
  }
}

/**
 * What Meta bills a delivered message (per-message pricing, status-sent.json): inside a free
 * entry point everything is free (`free_entry_point`, `referral_conversion`); a free-form message
 * (inside the window, else it fails) is `service`, `free_customer_service`; a template is billed
 * by its category (`regular`), except a utility template inside an open window
 * (`free_customer_service`). Marketing and authentication templates are always billed.
 */
export function pricingOf(send: AcceptedSend, windows: ConversationWindows): WirePricing {
  const { phoneNumberId } = send.account;
  if (windows.freeEntryPoint(phoneNumberId, send.waId, send.at)) {
    return {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_entry_point',
      category: 'referral_conversion',
    };
  }
  if (send.template === undefined) {
    return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
  }
  const category = send.template.category.toLowerCase();
  if (category === 'utility' && windows.isOpen(phoneNumberId, send.waId, send.at)) {
    return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category };
  }
  return { billable: true, pricing_model: 'PMP', type: 'regular', category };
}
