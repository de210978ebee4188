/**
 * The e2e harness's control port (packages/server/test/e2e/harness.ts): WhatsApp's side through a
 * simulator per account, and memberships with chosen permissions. Also signs webhook bodies with
 * the app secret the harness runs with, as Meta would.
 */
import { createHmac } from 'node:crypto';

export const E2E_APP_SECRET = 'e2e-app-secret';
export const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 3102);
const control = `http://127.0.0.1:${controlPort}`;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${control}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`control ${path}: ${answer.error ?? response.status}`);
  return answer;
}

export interface SimulatedCustomer {
  index: number;
  /** E.164. */
  phone: string;
  name: string;
  /** Their first message comes from a click-to-WhatsApp ad (so answering it opens Meta's free entry point). */
  fromAd: boolean;
}

export interface GraphRecord {
  method: string;
  path: string;
  status: number;
  body?: { type?: string; text?: { body?: string }; to?: string };
  wamid?: string;
}

export interface E2eSimulator {
  id: string;
  customers: SimulatedCustomer[];
  write(customer: number | string, text: string): Promise<{ wamid: string; delivered: boolean }>;
  sent(): Promise<GraphRecord[]>;
  /** Sends to `phone` are accepted, then fail with 131026 (not on WhatsApp). */
  notOnWhatsApp(phone: string): Promise<void>;
}

/** What Meta says of a number besides its token (the harness's defaults otherwise). */
export interface NumberAtMeta {
  /** Its WhatsApp Business Account (default: one per token). */
  wabaId?: string;
  /** Digits, as Meta shows it (default 6281210009000). */
  displayPhone?: string;
  verifiedName?: string;
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  messagingLimit?: string;
}

/**
 * Meta knows a number with its token (the harness's Graph API), so adding it through the accounts
 * screen passes `account_create`'s check. Answers the number's WABA id, which the form asks for.
 */
export async function registerNumber(
  phoneNumberId: string,
  accessToken: string,
  number: NumberAtMeta = {},
): Promise<{ wabaId: string }> {
  return call('POST', '/numbers', { phoneNumberId, accessToken, ...number });
}

/** A simulator speaking for the account's number: customers write, the account's sends reach it. */
export async function simulatorFor(accountId: string, customers = 5): Promise<E2eSimulator> {
  const made = await call<{ id: string; customers: SimulatedCustomer[] }>('POST', '/simulators', {
    accountId,
    customers,
  });
  return {
    ...made,
    write: (customer, text) => call('POST', `/simulators/${made.id}/write`, { customer, text }),
    sent: () => call('GET', `/simulators/${made.id}/sent`),
    notOnWhatsApp: async (phone) => {
      await call('POST', `/simulators/${made.id}/not-on-whatsapp`, { phone });
    },
  };
}

/**
 * Meta has had a template in the WABA for long (approved unless `status` says otherwise), without
 * a webhook: `template_sync` reads it. `body` is Meta's create body (SDK `templateCreateBody`).
 */
export async function seedTemplate(
  wabaId: string,
  body: unknown,
  status = 'APPROVED',
): Promise<{ id: string; name: string; status: string }> {
  return call('POST', '/templates', { wabaId, body, status });
}

/** The customer last wrote `hours` earlier than they did: their 24-hour window may have closed. */
export async function ageConversation(accountId: string, phone: string, hours: number): Promise<void> {
  await call('POST', '/conversations/age', { accountId, phone, hours });
}

/** Makes a registered user a member of project `key` holding exactly `permissions`. */
export async function addMember(key: string, phone: string, permissions: string[]): Promise<void> {
  await call('POST', '/members', { key, phone, permissions });
}

/** The project's balance gets `amount` rupiah (an adjustment), so a spec can send paid templates. */
export async function fundProject(key: string, amount: number): Promise<void> {
  await call('POST', '/billing/fund', { key, amount });
}

/**
 * The server's clock jumps `ms` ahead (for the rest of the run), and the jobs due by then run: a
 * follow-up's minutes pass without waiting them. Answers the server's new now.
 */
export async function advanceClock(ms: number): Promise<{ now: string }> {
  return call('POST', '/clock/advance', { ms });
}

/** Puts the server's clock (and the simulators') back on the wall clock after `advanceClock`. */
export async function resetClock(): Promise<{ now: string }> {
  return call('POST', '/clock/reset', {});
}

/** Which of `userIds` are online (a socket of theirs connected), as automation's assignment sees them. */
export async function onlineUsers(userIds: string[]): Promise<string[]> {
  return (await call<{ online: string[] }>('POST', '/presence', { userIds })).online;
}

/** `sha256=<hex>`: the `X-Hub-Signature-256` Meta sends with a body. */
export function signature(body: string, secret = E2E_APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** An order of the payment gateway simulator (src/simulator/payments), as its hooks show it. */
export interface GatewayOrder {
  orderId: string;
  grossAmount: number;
  /** `created` until a method is chosen, then `pending`, `settlement`, `expire` … */
  status: string;
  finishUrl: string | null;
}

/** A notification the simulated gateway sent, with how the app answered it. */
export interface GatewayNotification {
  orderId: string;
  body: { transaction_status: string; status_code: string; gross_amount: string };
  result: { ok: boolean; status?: number } | null;
}

/** The simulated gateway's orders, oldest first. */
export async function gatewayOrders(): Promise<GatewayOrder[]> {
  return call('GET', '/payments/orders');
}

/** Every notification the simulated gateway sent about `orderId`, redeliveries included. */
export async function gatewayNotifications(orderId: string): Promise<GatewayNotification[]> {
  return call('GET', `/payments/notifications?orderId=${encodeURIComponent(orderId)}`);
}

/** Delivers the order's last notification again, `times` times (as Midtrans may). */
export async function redeliverPayment(orderId: string, times = 1): Promise<{ ok: boolean }[]> {
  return call('POST', '/payments/redeliver', { orderId, times });
}

/** The payer pays the order without the page. */
export async function payOrder(orderId: string, method: 'qris' | 'bca_va' = 'qris'): Promise<void> {
  await call('POST', '/payments/pay', { orderId, method });
}

/** The gateway's API fails (every call, until `restorePayments`). */
export async function failPayments(mode: 'error' | 'drop' = 'error'): Promise<void> {
  await call('POST', '/payments/fail', { mode });
}

export async function restorePayments(): Promise<void> {
  await call('POST', '/payments/restore', {});
}
