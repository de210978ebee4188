import { ConversationWindows } from './ConversationWindows.ts';
import { createCustomers } from './customers.ts';
import type { Customer } from './customers.ts';
import { GraphApiServer } from './GraphApiServer.ts';
import type { AcceptedSend, GraphRequestRecord } from './GraphApiServer.ts';
import { newWamid } from './ids.ts';
import { adReferral, inboundMessage, isMediaKind, randomKind } from './inboundMessages.ts';
import type { InboundKind } from './inboundMessages.ts';
import { MediaStore, SAMPLE_FILES, mediaDownloadUrl } from './MediaStore.ts';
import { seededRandom } from './random.ts';
import { startRateRun } from './rateRun.ts';
import type { RateRun } from './rateRun.ts';
import { DEFAULT_STATUS_DELAYS, StatusResponder } from './StatusResponder.ts';
import type { StatusDelays, StatusName } from './StatusResponder.ts';
import type { TemplateStore } from './TemplateStore.ts';
import type { Clock, SimulatorAccount, SimulatorLimits } from './types.ts';
import { displayDigits, messagePayload } from './webhookPayloads.ts';
import { WebhookSender } from './WebhookSender.ts';
import type { DeliveryResult, WebhookSenderOptions } from './WebhookSender.ts';

export interface SimulatorOptions {
  /** Sapa's webhook callback URL, e.g. `http://localhost:3000/webhooks/whatsapp`. */
  target: string;
  /** The App Secret webhooks are signed with (Sapa's `WHATSAPP_APP_SECRET`). */
  appSecret: string;
  /** At least one business number; customer `i` writes to `accounts[i % accounts.length]`. */
  accounts: readonly SimulatorAccount[];
  /** How many customers exist (default 20). */
  customers?: number;
  /** Same seed, same customers and messages (default 1). */
  seed?: number;
  /** No customer's name holds another's (tests find customers by name); default false. */
  distinctNames?: boolean;
  /** Port of the Graph API server on 127.0.0.1 (default 0: a free one). */
  graphPort?: number;
  /** Delays between the status webhooks of a send (defaults 20, 80 and 250 ms). */
  statusDelaysMs?: Partial<StatusDelays>;
  /** Time of timestamps, the 24-hour window and rate limits (default `Date.now`). */
  now?: Clock;
  limits?: Partial<SimulatorLimits>;
  /** Retry policy of webhook POSTs. */
  webhook?: Omit<WebhookSenderOptions, 'target' | 'appSecret'>;
  /** Each send is answered this many ms after it arrived (default 0; see `GraphApiServer`). */
  sendLatencyMs?: number;
  /** Told of every status webhook once its delivery succeeded or gave up. */
  onStatus?: (status: StatusName, result: DeliveryResult, send: AcceptedSend) => void;
  /**
   * The templates of the numbers' WABAs (default: a store of its own); share one with another
   * `GraphApiServer` (e.g. the e2e harness's directory of numbers) so both know the same templates.
   * Template webhooks go to `target` from the server that was asked.
   */
  templates?: TemplateStore;
  /** A template created through the API is reviewed this many ms later (default 1500; `null`: only `graph.reviewNow()`). */
  templateReviewMs?: number | null;
}

/** What a customer writes: a text, or a kind (random content of that kind). Random when absent. */
export type CustomerMessage = string | { kind: InboundKind; text?: string };

export interface CustomerWrite {
  customer: Customer;
  account: SimulatorAccount;
  wamid: string;
  kind: InboundKind;
  delivery: DeliveryResult;
}

export interface SimulatorStats {
  /** Customers' messages delivered to the target, and those whose delivery gave up. */
  messagesDelivered: number;
  messagesFailed: number;
  /** Sends Sapa made that the Graph API accepted, and those it refused, by error code. */
  sendsAccepted: number;
  sendsRefused: Record<number, number>;
  /** Status webhooks delivered, by status (`failed`: 131047 outside the window, 131049 marketing limit). */
  statuses: Record<StatusName, number>;
  /** Status webhooks whose delivery gave up. */
  statusDeliveriesFailed: number;
}

export interface Simulator {
  /** Give this to Sapa's `GraphClient` as `baseUrl`. */
  readonly graphBaseUrl: string;
  readonly customers: readonly Customer[];
  /** The Graph API server: `dropNext`, `delayNext`, `onSend`, the template hooks (`seedTemplate`, `setTemplateStatus` …) for tests. */
  readonly graph: GraphApiServer;
  /** One customer (index or phone, `+62…` or digits) writes one message; resolves once delivered or given up. */
  customerWrites(customer: number | string, message?: CustomerMessage): Promise<CustomerWrite>;
  /**
   * Remembers that a customer last wrote at `atMs` without sending anything: what Meta knew before
   * this simulator started (its 24-hour window reopens; an ad customer's first message is behind
   * them). For a simulator restarted over an inbox that already has history.
   */
  rememberCustomerWrote(customer: number | string, atMs: number): void;
  /** The first `customers` customers (default all) write at `rate` messages/s, for `durationMs` or until stopped. */
  writeAtRate(options: { rate: number; customers?: number; durationMs?: number }): RateRun;
  /** Every Graph API request received, in order. */
  sent(): readonly GraphRequestRecord[];
  stats(): SimulatorStats;
  /** Resolves when every status progression and template webhook under way has finished. */
  idle(): Promise<void>;
  /** Stops runs, pending statuses and retries, and the Graph API server. */
  close(): Promise<void>;
}

/** Starts the Graph API server and returns the simulator (see README.md). */
export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  if (options.accounts.length === 0) throw new Error('createSimulator needs at least one account');
  const now = options.now ?? Date.now;
  const random = seededRandom(options.seed ?? 1);
  const customers = createCustomers(options.customers ?? 20, options.seed ?? 1, {
    distinctNames: options.distinctNames ?? false,
  });
  const media = new MediaStore();
  const windows = new ConversationWindows();
  const sender = new WebhookSender({
    ...options.webhook,
    target: options.target,
    appSecret: options.appSecret,
  });
  const stats: SimulatorStats = {
    messagesDelivered: 0,
    messagesFailed: 0,
    sendsAccepted: 0,
    sendsRefused: {},
    statuses: { sent: 0, delivered: 0, read: 0, failed: 0 },
    statusDeliveriesFailed: 0,
  };
  const responder = new StatusResponder({
    sender,
    windows,
    now,
    delays: { ...DEFAULT_STATUS_DELAYS, ...options.statusDelaysMs },
    onStatus: (status, result, send) => {
      if (result.ok) stats.statuses[status] += 1;
      else stats.statusDeliveriesFailed += 1;
      options.onStatus?.(status, result, send);
    },
  });
  const graph = new GraphApiServer({
    accounts: options.accounts,
    media,
    now,
    ...(options.graphPort === undefined ? {} : { port: options.graphPort }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.sendLatencyMs === undefined ? {} : { sendLatencyMs: options.sendLatencyMs }),
    ...(options.templates === undefined ? {} : { templates: options.templates }),
    ...(options.templateReviewMs === undefined ? {} : { templateReviewMs: options.templateReviewMs }),
    webhook: { ...options.webhook, target: options.target, appSecret: options.appSecret },
  });
  graph.onSend((send) => {
    stats.sendsAccepted += 1;
    responder.respond(send);
  });
  const graphBaseUrl = await graph.listen();
  const wroteBefore = new Set<string>();
  const runs = new Set<RateRun>();

  const findCustomer = (who: number | string): Customer => {
    const digits = typeof who === 'string' ? who.replace(/\D/g, '') : undefined;
    const found =
      typeof who === 'number' ? customers[who] : customers.find((customer) => customer.waId === digits);
    if (found === undefined) throw new Error(`No simulated customer ${String(who)}`);
    return found;
  };

  const customerWrites = async (who: number | string, message?: CustomerMessage): Promise<CustomerWrite> => {
    const customer = findCustomer(who);
    const account = options.accounts[customer.index % options.accounts.length] as SimulatorAccount;
    const pairKey = `${account.phoneNumberId}:${customer.waId}`;
    const first = !wroteBefore.has(pairKey);
    wroteBefore.add(pairKey);
    const kind: InboundKind =
      typeof message === 'string'
        ? 'text'
        : (message?.kind ?? (first && customer.fromAd ? 'text' : randomKind(random)));
    const text = typeof message === 'string' ? message : message?.text;
    const at = now();
    const wamid = newWamid(customer.waId);
    const quotedWamid = windows.lastOutbound(account.phoneNumberId, customer.waId);
    const fromAd = first && customer.fromAd && kind === 'text';
    const sample = isMediaKind(kind) ? SAMPLE_FILES[kind] : undefined;
    const item = sample === undefined ? undefined : media.add(sample.bytes, sample.mimeType);
    const wire = inboundMessage({
      kind,
      wamid,
      from: customer.waId,
      timestamp: Math.floor(at / 1000),
      random,
      ...(item === undefined ? {} : { media: { ...item, url: mediaDownloadUrl(graphBaseUrl, item.id, at) } }),
      ...(quotedWamid === undefined ? {} : { quoted: { wamid: quotedWamid, from: displayDigits(account) } }),
      ...(text === undefined ? {} : { text }),
      ...(fromAd ? { referral: adReferral(random) } : {}),
    });
    windows.recordInbound(account.phoneNumberId, customer.waId, at);
    if (fromAd) windows.recordReferral(account.phoneNumberId, customer.waId, at);
    const delivery = await sender.deliver(messagePayload(account, customer, wire));
    if (delivery.ok) stats.messagesDelivered += 1;
    else stats.messagesFailed += 1;
    // A reply or reaction with nothing to quote goes out as a text.
    const sentKind = wire.type === 'text' ? ('context' in wire ? 'reply' : 'text') : kind;
    return { customer, account, wamid, kind: sentKind, delivery };
  };

  const rememberCustomerWrote = (who: number | string, atMs: number): void => {
    const customer = findCustomer(who);
    const account = options.accounts[customer.index % options.accounts.length] as SimulatorAccount;
    wroteBefore.add(`${account.phoneNumberId}:${customer.waId}`);
    windows.recordInbound(account.phoneNumberId, customer.waId, atMs);
  };

  return {
    graphBaseUrl,
    customers,
    graph,
    customerWrites,
    rememberCustomerWrote,
    writeAtRate: ({ rate, customers: count, durationMs }) => {
      if (!(rate > 0)) throw new Error('writeAtRate needs a rate above 0');
      const pool = Math.max(1, Math.min(count ?? customers.length, customers.length));
      const run = startRateRun({
        rate,
        ...(durationMs === undefined ? {} : { durationMs }),
        write: () => customerWrites(Math.floor(random() * pool)),
      });
      runs.add(run);
      void run.done.finally(() => runs.delete(run));
      return run;
    },
    sent: () => graph.sent(),
    stats: () => ({ ...stats, sendsRefused: refusals(graph.sent()), statuses: { ...stats.statuses } }),
    idle: async () => {
      await responder.idle();
      await graph.idle();
    },
    close: async () => {
      for (const run of runs) run.stop();
      responder.close();
      sender.close();
      await graph.close();
    },
  };
}

/** Refused sends by error code (other requests' errors, e.g. a template refused, are not sends). */
function refusals(records: readonly GraphRequestRecord[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const record of records) {
    if (record.errorCode === undefined || record.method !== 'POST' || !record.path.endsWith('/messages'))
      continue;
    counts[record.errorCode] = (counts[record.errorCode] ?? 0) + 1;
  }
  return counts;
}
