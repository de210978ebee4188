import { CUSTOMER_SERVICE_WINDOW_MS, FREE_ENTRY_POINT_MS } from './types.ts';

/**
 * Per (business number, customer): when the customer last wrote, which opens the 24-hour
 * customer service window, the business's last delivered message (what a reply quotes), and the
 * free entry point of a customer who came from a Click-to-WhatsApp ad.
 */
export class ConversationWindows {
  readonly #lastInbound = new Map<string, number>();
  readonly #lastOutbound = new Map<string, string>();
  /** When a customer wrote from an ad (a message with `referral`), until the business answers. */
  readonly #referrals = new Map<string, number>();
  /** When the business's answer opened the 72-hour free entry point. */
  readonly #entryPoints = new Map<string, number>();

  recordInbound(phoneNumberId: string, waId: string, at: number): void {
    this.#lastInbound.set(key(phoneNumberId, waId), at);
  }

  /** Open while the customer's last message is less than 24 hours old; closed if they never wrote. */
  isOpen(phoneNumberId: string, waId: string, at: number): boolean {
    const last = this.#lastInbound.get(key(phoneNumberId, waId));
    return last !== undefined && at - last < CUSTOMER_SERVICE_WINDOW_MS;
  }

  /** The customer wrote from a Click-to-WhatsApp ad (their message carried a `referral`). */
  recordReferral(phoneNumberId: string, waId: string, at: number): void {
    this.#referrals.set(key(phoneNumberId, waId), at);
  }

  /**
   * Whether a business message sent at `at` is inside a free entry point (Meta: all messages
   * free). The business's first message within 24 hours of the customer's ad message opens one,
   * lasting 72 hours from that message.
   */
  freeEntryPoint(phoneNumberId: string, waId: string, at: number): boolean {
    const pair = key(phoneNumberId, waId);
    const opened = this.#entryPoints.get(pair);
    if (opened !== undefined && at >= opened && at - opened < FREE_ENTRY_POINT_MS) return true;
    const referral = this.#referrals.get(pair);
    if (referral === undefined || at < referral || at - referral >= CUSTOMER_SERVICE_WINDOW_MS) return false;
    this.#referrals.delete(pair);
    this.#entryPoints.set(pair, at);
    return true;
  }

  recordOutbound(phoneNumberId: string, waId: string, wamid: string): void {
    this.#lastOutbound.set(key(phoneNumberId, waId), wamid);
  }

  lastOutbound(phoneNumberId: string, waId: string): string | undefined {
    return this.#lastOutbound.get(key(phoneNumberId, waId));
  }
}

function key(phoneNumberId: string, waId: string): string {
  return `${phoneNumberId}:${waId}`;
}
