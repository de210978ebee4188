import type { IncomingMessage, ServerResponse } from 'node:http';
import { graphErrors } from './graphErrors.ts';
import type { GraphErrorAnswer } from './graphErrors.ts';
import { newWamid } from './ids.ts';
import { LoopbackServer, parseJson, readRequest } from './LoopbackServer.ts';
import { MediaStore, mediaDownloadUrl } from './MediaStore.ts';
import { MarketingLimiter, PairLimiter, ThroughputLimiter } from './rateLimits.ts';
import { sendBodySchema } from './sendBodySchema.ts';
import type { SendBody } from './sendBodySchema.ts';
import { checkTemplateSend } from './templateSend.ts';
import { TemplateStore } from './TemplateStore.ts';
import type { SimulatedTemplate, TemplateChange } from './TemplateStore.ts';
import { parseTemplateCreate } from './templateWire.ts';
import type { TemplateCategoryName, TemplateStatusName } from './templateWire.ts';
import { DEFAULT_LIMITS, wabaIdOf } from './types.ts';
import type { Clock, SimulatorAccount, SimulatorLimits } from './types.ts';
import { marketingLimitErrors, templateWebhookPayload, undeliverableErrors } from './webhookPayloads.ts';
import type { TemplateWebhookBody, WireStatus } from './webhookPayloads.ts';
import { WebhookSender } from './WebhookSender.ts';
import {
  DEFAULT_VERIFIED_NAME,
  cursor,
  fieldList,
  phoneNumberNode,
  pick,
  templateNode,
} from './graphNodes.ts';
import type { DeliveryResult, WebhookSenderOptions } from './WebhookSender.ts';

export interface GraphApiServerOptions {
  accounts: readonly SimulatorAccount[];
  /** The media files it serves and takes (default: an empty store). */
  media?: MediaStore;
  /** 0 (default) picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  now?: Clock;
  limits?: Partial<SimulatorLimits>;
  /**
   * Every send (`POST …/messages`) is answered this many ms after it arrived (default 0): Meta's
   * latency. A send whose caller went away meanwhile still goes out, as at Meta.
   */
  sendLatencyMs?: number;
  /**
   * The templates of every WABA (default: a store of its own). Give one store to several servers
   * (Meta's directory and per-number simulators) so they all know the same templates.
   */
  templates?: TemplateStore;
  /**
   * A template created through the API is reviewed this many ms later (default 1500; 0: right
   * after the create answer; `null`: only when `reviewNow()` is called).
   */
  templateReviewMs?: number | null;
  /**
   * Where template webhooks (`message_template_status_update`, `template_category_update`) go,
   * signed with the app secret; also `setWebhookTarget`. None: they are only told to
   * `onTemplateWebhook` listeners.
   */
  webhook?: WebhookSenderOptions;
}

/** A request whose body has been read, before it is answered. */
export interface ArrivedRequest {
  method: string;
  path: string;
  /** The parsed JSON body (`undefined` for another content type). */
  body: unknown;
  at: number;
}

/** A send the simulated Meta accepted (answered 200 with `wamid`). */
export interface AcceptedSend {
  account: SimulatorAccount;
  wamid: string;
  /** The recipient as digits (`wa_id`). */
  waId: string;
  body: SendBody;
  at: number;
  /** A template send: the template as it was when sent (its category sets the price). */
  template?: { id: string; name: string; language: string; category: TemplateCategoryName };
  /**
   * Accepted, but it will not be delivered: the `errors` of its one `failed` status (131049, a
   * marketing template over the user's per-user marketing limit).
   */
  failure?: NonNullable<WireStatus['errors']>;
}

/** One request the server saw, for tests. */
export interface GraphRequestRecord {
  method: string;
  path: string;
  status: number;
  at: number;
  phoneNumberId?: string;
  /** Template management requests: the WABA. */
  wabaId?: string;
  /** The parsed JSON body of a send or of a template creation. */
  body?: unknown;
  wamid?: string;
  errorCode?: number;
  /** An accepted send that will fail later: the code of its `failed` status (131049). */
  failureCode?: number;
}

type Answer =
  | { status: number; json: unknown; record?: Partial<GraphRequestRecord>; accepted?: AcceptedSend }
  | { status: number; bytes: Uint8Array; contentType: string };

const MAX_BODY_BYTES = 100 * 1024 * 1024;
const VERSION = /^v\d+\.\d+$/;
const DEFAULT_TEMPLATE_REVIEW_MS = 1_500;
/** Graph's page size when `limit` is not given, and the most one page holds. */
const DEFAULT_PAGE_LIMIT = 25;
const MAX_PAGE_LIMIT = 1_000;

/**
 * The Graph API endpoints Sapa calls, on loopback, answering with the fixtures' shapes (README.md
 * has the table): sends, media, a number's fields, a WABA's numbers and its message templates
 * (create, list paged, delete, reviewed after `templateReviewMs` with a status webhook), plus test
 * hooks that play Meta's later decisions (pause, disable, recategorise).
 */
export class GraphApiServer {
  readonly #accounts: Map<string, SimulatorAccount>;
  readonly #media: MediaStore;
  readonly #now: Clock;
  readonly #throughput: ThroughputLimiter;
  readonly #pairs: PairLimiter;
  readonly #marketing: MarketingLimiter;
  readonly #server: LoopbackServer;
  readonly #records: GraphRequestRecord[] = [];
  readonly #listeners = new Set<(send: AcceptedSend) => void>();
  readonly #arrivals = new Set<(request: ArrivedRequest) => void>();
  readonly #sendLatencyMs: number;
  readonly #templates: TemplateStore;
  readonly #reviewMs: number | null;
  readonly #reviewTimers = new Set<NodeJS.Timeout>();
  readonly #templateListeners = new Set<
    (payload: TemplateWebhookBody, result: DeliveryResult | null) => void
  >();
  readonly #deliveries = new Set<Promise<DeliveryResult | null>>();
  #sender: WebhookSender | undefined;
  #faults: { drop: number; delay: number; delayMs: number } = { drop: 0, delay: 0, delayMs: 0 };
  /** Numbers that are not on WhatsApp (digits, as `wa_id`). */
  readonly #notOnWhatsApp = new Set<string>();

  constructor(options: GraphApiServerOptions) {
    this.#accounts = new Map(options.accounts.map((account) => [account.phoneNumberId, account]));
    this.#media = options.media ?? new MediaStore();
    this.#now = options.now ?? Date.now;
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#throughput = new ThroughputLimiter(limits.messagesPerSecond);
    this.#pairs = new PairLimiter(limits);
    this.#marketing = new MarketingLimiter(limits);
    this.#sendLatencyMs = options.sendLatencyMs ?? 0;
    this.#templates = options.templates ?? new TemplateStore({ now: this.#now });
    this.#reviewMs =
      options.templateReviewMs === undefined ? DEFAULT_TEMPLATE_REVIEW_MS : options.templateReviewMs;
    if (options.webhook !== undefined) this.#sender = new WebhookSender(options.webhook);
    this.#server = new LoopbackServer((request, response) => void this.#handle(request, response), {
      port: options.port ?? 0,
      name: 'GraphApiServer',
    });
  }

  /** Starts listening; resolves with the base URL to give `GraphClient` (`http://127.0.0.1:<port>`). */
  listen(): Promise<string> {
    return this.#server.listen();
  }

  get baseUrl(): string {
    return this.#server.baseUrl;
  }

  async close(): Promise<void> {
    for (const timer of this.#reviewTimers) clearTimeout(timer);
    this.#reviewTimers.clear();
    this.#sender?.close();
    await this.#server.close();
  }

  /** Called for every accepted send; returns the unsubscribe function. */
  onSend(listener: (send: AcceptedSend) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Called for every request once its body is read, before it is answered; returns the unsubscribe function. */
  onRequest(listener: (request: ArrivedRequest) => void): () => void {
    this.#arrivals.add(listener);
    return () => this.#arrivals.delete(listener);
  }

  /** Every request so far, in arrival order. */
  sent(): readonly GraphRequestRecord[] {
    return [...this.#records];
  }

  /**
   * `phone` (`+62…` or digits) is not on WhatsApp: a send to it is accepted, as Meta does, and
   * then fails by a status webhook with 131026 "Message undeliverable".
   */
  markNotOnWhatsApp(phone: string): void {
    this.#notOnWhatsApp.add(phone.replace(/^\+/, ''));
  }

  /** The next `count` requests get no answer: their connection is destroyed. */
  dropNext(count: number): void {
    this.#faults.drop = count;
  }

  /** The next `count` requests are answered `ms` later. */
  delayNext(count: number, ms: number): void {
    this.#faults.delay = count;
    this.#faults.delayMs = ms;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = this.#now();
    const read = await readRequest(request, response, MAX_BODY_BYTES);
    if (read === undefined) return;
    const { method, url, raw } = read;
    if (this.#arrivals.size > 0) {
      const json = /^application\/json\b/i.test(request.headers['content-type'] ?? '');
      const arrived = { method, path: url.pathname, body: json ? parseJson(raw) : undefined, at };
      for (const listener of this.#arrivals) listener(arrived);
    }
    if (this.#faults.drop > 0) {
      this.#faults.drop -= 1;
      this.#records.push({ method, path: url.pathname, status: 0, at });
      response.destroy();
      return;
    }
    if (this.#faults.delay > 0) {
      this.#faults.delay -= 1;
      await new Promise((resolve) => setTimeout(resolve, this.#faults.delayMs));
    }
    if (this.#sendLatencyMs > 0 && method === 'POST' && url.pathname.endsWith('/messages')) {
      await new Promise((resolve) => setTimeout(resolve, this.#sendLatencyMs));
    }
    const answer = this.#route(method, url, bearer(request), raw, request.headers['content-type'], at);
    const resolved = answer instanceof Promise ? await answer : answer;
    const record: GraphRequestRecord = { method, path: url.pathname, status: resolved.status, at };
    if ('json' in resolved) Object.assign(record, resolved.record);
    this.#records.push(record);
    if ('bytes' in resolved) {
      response.writeHead(resolved.status, { 'content-type': resolved.contentType });
      response.end(resolved.bytes);
    } else {
      response.writeHead(resolved.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(resolved.json));
    }
    if ('json' in resolved && resolved.accepted !== undefined) {
      for (const listener of this.#listeners) listener(resolved.accepted);
    }
  }

  #route(
    method: string,
    url: URL,
    token: string | undefined,
    raw: Buffer,
    contentType: string | undefined,
    at: number,
  ): Answer | Promise<Answer> {
    if (method === 'GET' && url.pathname === '/whatsapp_business/attachments/') {
      return this.#download(url.searchParams.get('mid') ?? '', token);
    }
    const [version, id, edge, ...rest] = url.pathname.split('/').slice(1);
    if (version === undefined || !VERSION.test(version) || id === undefined || id === '' || rest.length > 0) {
      return error(graphErrors.unsupportedRequest(method, url.pathname));
    }
    if (method === 'GET' && edge === undefined) {
      if (this.#accounts.has(id)) return this.#phoneNumber(id, token, url);
      if (this.#wabaAccounts(id).length > 0) return this.#waba(id, token, url);
      return this.#mediaUrl(id, token);
    }
    if (method === 'POST' && edge === 'messages') return this.#send(id, token, raw, at);
    if (method === 'POST' && edge === 'media') return this.#upload(id, token, raw, contentType);
    if (method === 'GET' && edge === 'phone_numbers') return this.#phoneNumbers(id, token, url);
    if (edge === 'message_templates') {
      if (method === 'GET') return this.#listTemplates(id, token, url);
      if (method === 'POST') return this.#createTemplate(id, token, raw);
      if (method === 'DELETE') return this.#deleteTemplate(id, token, url);
    }
    return error(graphErrors.unsupportedRequest(method, id));
  }

  #send(phoneNumberId: string, token: string | undefined, raw: Buffer, at: number): Answer {
    const record = { phoneNumberId };
    const account = this.#accounts.get(phoneNumberId);
    if (token === undefined || !this.#knowsToken(token)) return error(graphErrors.invalidToken(), record);
    if (account === undefined || account.accessToken !== token) {
      return error(graphErrors.unsupportedRequest('POST', phoneNumberId), record);
    }
    const json = parseJson(raw);
    const withBody = { ...record, body: json };
    const parsed = sendBodySchema.safeParse(json);
    if (!parsed.success) {
      const details = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      return error(graphErrors.invalidParameter(details), withBody);
    }
    let template: SimulatedTemplate | undefined;
    if (parsed.data.type === 'template') {
      const checked = checkTemplateSend(this.#templates, wabaIdOf(account), parsed.data.template);
      if (!checked.ok) return error(checked.error, withBody);
      template = checked.template;
    }
    const now = this.#now();
    const waId = parsed.data.to.replace(/^\+/, '');
    if (!this.#throughput.tryTake(phoneNumberId, now)) return error(graphErrors.throughput(), withBody);
    if (!this.#pairs.tryTake(phoneNumberId, waId, now)) return error(graphErrors.pairRate(), withBody);
    // Meta accepts a send to a number not on WhatsApp, or a marketing template over the user's
    // limit, and fails it by a status webhook.
    const failure = this.#notOnWhatsApp.has(waId)
      ? undeliverableErrors()
      : template?.category === 'MARKETING' && !this.#marketing.tryTake(waId, now)
        ? marketingLimitErrors()
        : undefined;
    const wamid = newWamid(waId);
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: parsed.data.to, wa_id: waId }],
        messages: [{ id: wamid, ...(template === undefined ? {} : { message_status: 'accepted' }) }],
      },
      record: {
        ...withBody,
        wamid,
        ...(failure?.[0] === undefined ? {} : { failureCode: failure[0].code }),
      },
      accepted: {
        account,
        wamid,
        waId,
        body: parsed.data,
        at,
        ...(failure === undefined ? {} : { failure }),
        ...(template === undefined
          ? {}
          : {
              template: {
                id: template.id,
                name: template.name,
                language: template.language,
                category: template.category,
              },
            }),
      },
    };
  }

  /**
   * `GET /{phone-number-id}?fields=…`: the number, to its own token only; another token Meta
   * knows gets the "does not exist, cannot be loaded due to missing permissions" 100, as for an
   * id that is no number at all.
   */
  #phoneNumber(phoneNumberId: string, token: string | undefined, url: URL): Answer {
    const record = { phoneNumberId };
    const account = this.#accounts.get(phoneNumberId);
    if (token === undefined || !this.#knowsToken(token)) return error(graphErrors.invalidToken(), record);
    if (account === undefined || account.accessToken !== token) {
      return error(graphErrors.unsupportedRequest('GET', phoneNumberId), record);
    }
    return { status: 200, json: phoneNumberNode(account, url.searchParams.get('fields')), record };
  }

  /**
   * `GET /{waba-id}?fields=…`: the WhatsApp Business Account, to a token of one of its numbers. A
   * phone number's field asked of it is Meta's "nonexisting field" 100.
   */
  #waba(wabaId: string, token: string | undefined, url: URL): Answer {
    const record = { wabaId };
    const refused = this.#wabaAccess(wabaId, token, 'GET');
    if (refused !== undefined) return error(refused, record);
    const [first] = this.#wabaAccounts(wabaId);
    const all: Record<string, unknown> = {
      id: wabaId,
      name: first?.verifiedName ?? DEFAULT_VERIFIED_NAME,
      currency: 'IDR',
      timezone_id: '1',
      message_template_namespace: `sapa_sim_${wabaId}`,
    };
    const asked = fieldList(url.searchParams.get('fields'));
    const unknown = asked.find((field) => !(field in all));
    if (unknown !== undefined)
      return error(graphErrors.nonexistingField(unknown, 'WhatsAppBusinessAccount'), record);
    const fields = asked.length > 0 ? asked : Object.keys(all);
    return { status: 200, json: { ...pick(all, fields), id: wabaId }, record };
  }

  /** `GET /{waba-id}/phone_numbers`: the WABA's numbers (Graph paging, one page). */
  #phoneNumbers(wabaId: string, token: string | undefined, url: URL): Answer {
    const record = { wabaId };
    const refused = this.#wabaAccess(wabaId, token, 'GET');
    if (refused !== undefined) return error(refused, record);
    const numbers = this.#wabaAccounts(wabaId);
    const data = numbers.map((account) => phoneNumberNode(account, url.searchParams.get('fields')));
    const [first] = numbers;
    const last = numbers.at(-1);
    return {
      status: 200,
      json:
        first === undefined || last === undefined
          ? { data }
          : {
              data,
              paging: { cursors: { before: cursor(first.phoneNumberId), after: cursor(last.phoneNumberId) } },
            },
      record,
    };
  }

  /**
   * `GET /{waba-id}/message_templates`: newest first, `limit` per page (default 25), Graph cursor
   * paging (`after` / `before`; `paging.next` only when more follow), `fields`, and the filters
   * `status`, `name`, `language`, `category`.
   */
  #listTemplates(wabaId: string, token: string | undefined, url: URL): Answer {
    const record = { wabaId };
    const refused = this.#wabaAccess(wabaId, token, 'GET');
    if (refused !== undefined) return error(refused, record);
    const query = url.searchParams;
    const limitText = query.get('limit');
    const limit = limitText === null ? DEFAULT_PAGE_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) {
      return error(
        graphErrors.invalidParameter(`limit must be a whole number above 0 (got "${limitText}")`),
        record,
      );
    }
    const filter = (name: string, value: string) => {
      const wanted = query.get(name);
      return wanted === null || wanted === '' || wanted.toUpperCase() === value.toUpperCase();
    };
    const all = this.#templates
      .list(wabaId)
      .filter(
        (template) =>
          filter('status', template.status) &&
          filter('name', template.name) &&
          filter('language', template.language) &&
          filter('category', template.category),
      );
    const after = query.get('after');
    const before = query.get('before');
    const position = (value: string) => all.findIndex((template) => cursor(template.id) === value);
    if ((after !== null && position(after) < 0) || (before !== null && position(before) < 0)) {
      return error(
        graphErrors.invalidParameter('The cursor (after or before) is not valid for this list'),
        record,
      );
    }
    const size = Math.min(limit, MAX_PAGE_LIMIT);
    const start =
      after !== null ? position(after) + 1 : before !== null ? Math.max(0, position(before) - size) : 0;
    const end = before !== null && after === null ? position(before) : Math.min(all.length, start + size);
    const page = all.slice(start, end);
    const fields = fieldList(query.get('fields'));
    const data = page.map((template) => templateNode(template, fields));
    const [first] = page;
    const last = page.at(-1);
    if (first === undefined || last === undefined) return { status: 200, json: { data }, record };
    const link = (name: 'after' | 'before', value: string) => {
      const next = new URLSearchParams(query);
      next.delete('after');
      next.delete('before');
      next.set(name, value);
      return `${this.baseUrl}${url.pathname}?${next.toString()}`;
    };
    const paging = {
      cursors: { before: cursor(first.id), after: cursor(last.id) },
      ...(end < all.length ? { next: link('after', cursor(last.id)) } : {}),
      ...(start > 0 ? { previous: link('before', cursor(first.id)) } : {}),
    };
    return { status: 200, json: { data, paging }, record };
  }

  /**
   * `POST /{waba-id}/message_templates` (create-request-*.json): Meta's checks at once (code 100),
   * then `{ id, status: 'PENDING', category }` (create-response.json); the review follows after
   * `templateReviewMs`.
   */
  #createTemplate(wabaId: string, token: string | undefined, raw: Buffer): Answer {
    const json = parseJson(raw);
    const record = { wabaId, body: json };
    const refused = this.#wabaAccess(wabaId, token, 'POST');
    if (refused !== undefined) return error(refused, record);
    const parsed = parseTemplateCreate(json);
    if (!parsed.ok) return error(parsed.error, record);
    const created = this.#templates.create(wabaId, parsed.definition);
    if (!created.ok) return error(created.error, record);
    const { template } = created;
    this.#scheduleReview(wabaId, template.id);
    return {
      status: 200,
      json: { id: template.id, status: template.status, category: template.category },
      record,
    };
  }

  /** `DELETE /{waba-id}/message_templates?name=…[&hsm_id=…]` (delete-response.json). */
  #deleteTemplate(wabaId: string, token: string | undefined, url: URL): Answer {
    const record = { wabaId };
    const refused = this.#wabaAccess(wabaId, token, 'DELETE');
    if (refused !== undefined) return error(refused, record);
    const name = url.searchParams.get('name');
    if (name === null || name === '') return error(graphErrors.requiredParameter('name'), record);
    const hsmId = url.searchParams.get('hsm_id');
    const deleted = this.#templates.delete(wabaId, name, hsmId === null || hsmId === '' ? undefined : hsmId);
    if (!deleted.ok) return error(deleted.error, record);
    return { status: 200, json: { success: true }, record };
  }

  /** The numbers of a WABA. */
  #wabaAccounts(wabaId: string): SimulatorAccount[] {
    return [...this.#accounts.values()].filter((account) => wabaIdOf(account) === wabaId);
  }

  /**
   * Whether `token` may use the WABA: the token of one of its numbers. Unknown token: 190; a
   * WABA it cannot see (or none by that id): the "does not exist … missing permissions" 100.
   */
  #wabaAccess(wabaId: string, token: string | undefined, method: string): GraphErrorAnswer | undefined {
    if (token === undefined || !this.#knowsToken(token)) return graphErrors.invalidToken();
    if (!this.#wabaAccounts(wabaId).some((account) => account.accessToken === token)) {
      return graphErrors.unsupportedRequest(method, wabaId);
    }
    return undefined;
  }

  #scheduleReview(wabaId: string, id: string): void {
    if (this.#reviewMs === null) return;
    const timer = setTimeout(() => {
      this.#reviewTimers.delete(timer);
      void this.#announce(this.#templates.review(wabaId, id));
    }, this.#reviewMs);
    this.#reviewTimers.add(timer);
  }

  /** Sends a template webhook to the target (if any) and tells the listeners once it settled. */
  #announce(change: TemplateChange | null): Promise<DeliveryResult | null> {
    if (change === null) return Promise.resolve(null);
    const payload = templateWebhookPayload(change, this.#now());
    const sender = this.#sender;
    const delivery = (async () => {
      const result = sender === undefined ? null : await sender.deliver(payload);
      for (const listener of this.#templateListeners) listener(payload, result);
      return result;
    })();
    this.#deliveries.add(delivery);
    void delivery.finally(() => this.#deliveries.delete(delivery));
    return delivery;
  }

  /** The store of every WABA's templates (shared when given in the options). */
  get templates(): TemplateStore {
    return this.#templates;
  }

  /** The WABA of a number the server knows. */
  wabaIdOf(phoneNumberId: string): string | undefined {
    const account = this.#accounts.get(phoneNumberId);
    return account === undefined ? undefined : wabaIdOf(account);
  }

  /**
   * Where template webhooks go from now on (`null`: nowhere), signed with `appSecret`. For a
   * server started before the app it reports to (the test server, the e2e harness).
   */
  setWebhookTarget(options: WebhookSenderOptions | null): void {
    this.#sender?.close();
    this.#sender = options === null ? undefined : new WebhookSender(options);
  }

  /**
   * Called for every template webhook once delivered or given up (`result` `null` when no target
   * is set); returns the unsubscribe function.
   */
  onTemplateWebhook(
    listener: (payload: TemplateWebhookBody, result: DeliveryResult | null) => void,
  ): () => void {
    this.#templateListeners.add(listener);
    return () => this.#templateListeners.delete(listener);
  }

  /** Resolves when every template webhook under way has been delivered or given up. */
  async idle(): Promise<void> {
    while (this.#deliveries.size > 0) await Promise.all([...this.#deliveries]);
  }

  /**
   * Test hook: reviews every template still pending at once (`APPROVED`, or `REJECTED` with
   * `INVALID_FORMAT`); resolves once their webhooks were delivered or given up.
   */
  async reviewNow(): Promise<void> {
    const changes = this.#templates
      .pendingReviews()
      .map(({ wabaId, id }) => this.#templates.review(wabaId, id));
    await Promise.all(changes.map((change) => this.#announce(change)));
  }

  /**
   * Test hook: a template the WABA has had for long, without a review or a webhook (the demo's, a
   * test's). `body` is a create body (create-request-*.json, e.g. SDK `templateCreateBody`);
   * `status` defaults to `APPROVED`, `id` to a fresh one. Throws Meta's refusal of a bad body.
   */
  seedTemplate(
    wabaId: string,
    body: unknown,
    options: { status?: TemplateStatusName; id?: string; reason?: string } = {},
  ): SimulatedTemplate {
    return this.#templates.seed(wabaId, body, options);
  }

  /**
   * Test hook: Meta changes a template's status and says so by a `message_template_status_update`
   * webhook: `PAUSED` (first 3 h, then 6 h), `DISABLED`, `APPROVED` (an unpause too), `REJECTED`
   * (`reason`, default `INVALID_FORMAT`) …; `ref` is the template's id, or its name (with
   * `language` when it has several). Resolves with the delivery (`null` without a target).
   */
  setTemplateStatus(
    wabaId: string,
    ref: string,
    status: TemplateStatusName,
    options: { language?: string; reason?: string } = {},
  ): Promise<DeliveryResult | null> {
    return this.#announce(this.#templates.setStatus(wabaId, ref, status, options));
  }

  /**
   * Test hook: Meta recategorises a template (`template_category_update`): at once, or with
   * `impendingAt` (ms) only the notice that it will. Resolves with the delivery.
   */
  recategorizeTemplate(
    wabaId: string,
    ref: string,
    category: TemplateCategoryName,
    options: { language?: string; impendingAt?: number } = {},
  ): Promise<DeliveryResult | null> {
    return this.#announce(this.#templates.recategorize(wabaId, ref, category, options));
  }

  /** Test hook: Meta re-rates a number or changes its tier or verified name (no webhook). */
  updateAccount(
    phoneNumberId: string,
    changes: Partial<Pick<SimulatorAccount, 'qualityRating' | 'messagingLimit' | 'verifiedName'>>,
  ): void {
    const account = this.#accounts.get(phoneNumberId);
    if (account === undefined) throw new Error(`No simulated number ${phoneNumberId}`);
    this.#accounts.set(phoneNumberId, { ...account, ...changes });
  }

  /** Meta learns a number (it was registered after the server started). */
  addAccount(account: SimulatorAccount): void {
    this.#accounts.set(account.phoneNumberId, account);
  }

  #mediaUrl(mediaId: string, token: string | undefined): Answer {
    if (token === undefined || !this.#knowsToken(token)) return error(graphErrors.invalidToken());
    const item = this.#media.get(mediaId);
    if (item === undefined) return error(graphErrors.unsupportedRequest('GET', mediaId));
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        url: mediaDownloadUrl(this.baseUrl, item.id, this.#now()),
        mime_type: item.mimeType,
        sha256: Buffer.from(item.sha256, 'base64').toString('hex'),
        file_size: item.bytes.byteLength,
        id: item.id,
      },
    };
  }

  #download(mediaId: string, token: string | undefined): Answer {
    if (token === undefined || !this.#knowsToken(token)) return error(graphErrors.invalidToken());
    const item = this.#media.get(mediaId);
    if (item === undefined) return error(graphErrors.unsupportedRequest('GET', mediaId));
    return { status: 200, bytes: item.bytes, contentType: item.mimeType };
  }

  async #upload(
    phoneNumberId: string,
    token: string | undefined,
    raw: Buffer,
    contentType: string | undefined,
  ): Promise<Answer> {
    const record = { phoneNumberId };
    const account = this.#accounts.get(phoneNumberId);
    if (token === undefined || !this.#knowsToken(token)) return error(graphErrors.invalidToken(), record);
    if (account === undefined || account.accessToken !== token) {
      return error(graphErrors.unsupportedRequest('POST', phoneNumberId), record);
    }
    let form: FormData;
    try {
      // A copy on a plain ArrayBuffer: what BodyInit accepts under the DOM lib as well as Node's.
      form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
    } catch {
      return error(graphErrors.invalidParameter('expected multipart/form-data'), record);
    }
    const file = form.get('file');
    if (form.get('messaging_product') !== 'whatsapp' || file === null || typeof file === 'string') {
      return error(graphErrors.invalidParameter('messaging_product=whatsapp and file are required'), record);
    }
    const type = form.get('type');
    const mimeType = typeof type === 'string' && type !== '' ? type : file.type || 'application/octet-stream';
    const item = this.#media.add(new Uint8Array(await file.arrayBuffer()), mimeType, file.name);
    return { status: 200, json: { id: item.id }, record };
  }

  #knowsToken(token: string): boolean {
    for (const account of this.#accounts.values()) if (account.accessToken === token) return true;
    return false;
  }
}

function error(answer: GraphErrorAnswer, record: Partial<GraphRequestRecord> = {}): Answer {
  return {
    status: answer.status,
    json: answer.body,
    record: { ...record, errorCode: answer.body.error.code },
  };
}

function bearer(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim();
}
