import { CUSTOMER_SERVICE_WINDOW_MS } from './types.ts';

/**
 * Per (business number, customer): when the customer last wrote, which opens the 24-hour
 * customer service window, and the business's last delivered message (what a reply quotes).
 */
export class ConversationWindows {
  readonly #lastInbound = new Map<string, number>();
  readonly #lastOutbound = new Map<string, string>();

  recordInbound(phoneNumberId: string, waId: string, at: number): void {
    this.#lastInbound.set(key(phoneNumberId, waId), at);
  }

  /** Open while the customer's last message is less than 24 hours old; closed if they never wrote. */
  isOpen(phoneNumberId: string, waId: string, at: number): boolean {
    const last = this.#lastInbound.get(key(phoneNumberId, waId));
    return last !== undefined && at - last < CUSTOMER_SERVICE_WINDOW_MS;
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
