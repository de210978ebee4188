import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphErrors } from './graphErrors.ts';
import type { GraphErrorAnswer } from './graphErrors.ts';
import { newWamid } from './ids.ts';
import { MediaStore, mediaDownloadUrl } from './MediaStore.ts';
import { PairLimiter, ThroughputLimiter } from './rateLimits.ts';
import { sendBodySchema } from './sendBodySchema.ts';
import type { SendBody } from './sendBodySchema.ts';
import { DEFAULT_LIMITS } from './types.ts';
import type { Clock, SimulatorAccount, SimulatorLimits } from './types.ts';

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
}

/** One request the server saw, for tests. */
export interface GraphRequestRecord {
  method: string;
  path: string;
  status: number;
  at: number;
  phoneNumberId?: string;
  /** The parsed JSON body of a send. */
  body?: unknown;
  wamid?: string;
  errorCode?: number;
}

type Answer =
  | { status: number; json: unknown; record?: Partial<GraphRequestRecord> }
  | { status: number; bytes: Uint8Array; contentType: string };

const MAX_BODY_BYTES = 100 * 1024 * 1024;
const VERSION = /^v\d+\.\d+$/;

/**
 * The Graph API endpoints Sapa calls, on loopback, answering with the fixtures' shapes:
 * `POST /{version}/{phone-number-id}/messages`, `GET /{version}/{phone-number-id}` (the number's
 * display number and verified name, to its own token), `GET /{version}/{media-id}`, the media
 * download URL, and `POST /{version}/{phone-number-id}/media`.
 */
export class GraphApiServer {
  readonly #accounts: Map<string, SimulatorAccount>;
  readonly #media: MediaStore;
  readonly #now: Clock;
  readonly #throughput: ThroughputLimiter;
  readonly #pairs: PairLimiter;
  readonly #port: number;
  readonly #server: Server;
  readonly #records: GraphRequestRecord[] = [];
  readonly #listeners = new Set<(send: AcceptedSend) => void>();
  readonly #arrivals = new Set<(request: ArrivedRequest) => void>();
  readonly #sendLatencyMs: number;
  #faults: { drop: number; delay: number; delayMs: number } = { drop: 0, delay: 0, delayMs: 0 };
  #baseUrl: string | undefined;

  constructor(options: GraphApiServerOptions) {
    this.#accounts = new Map(options.accounts.map((account) => [account.phoneNumberId, account]));
    this.#media = options.media ?? new MediaStore();
    this.#now = options.now ?? Date.now;
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#throughput = new ThroughputLimiter(limits.messagesPerSecond);
    this.#pairs = new PairLimiter(limits);
    this.#port = options.port ?? 0;
    this.#sendLatencyMs = options.sendLatencyMs ?? 0;
    this.#server = createServer((request, response) => void this.#handle(request, response));
  }

  /** Starts listening; resolves with the base URL to give `GraphClient` (`http://127.0.0.1:<port>`). */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.#server.address() as AddressInfo;
    this.#baseUrl = `http://127.0.0.1:${port}`;
    return this.#baseUrl;
  }

  get baseUrl(): string {
    if (this.#baseUrl === undefined) throw new Error('GraphApiServer is not listening');
    return this.#baseUrl;
  }

  async close(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
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
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const at = this.#now();
    let raw: Buffer;
    try {
      raw = await readBody(request);
    } catch {
      response.destroy();
      return;
    }
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
    const answer = this.#route(method, url, bearer(request), raw, request.headers['content-type']);
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
    if ('json' in resolved && resolved.record?.wamid !== undefined) this.#emitAccepted(resolved.record, at);
  }

  #route(
    method: string,
    url: URL,
    token: string | undefined,
    raw: Buffer,
    contentType: string | undefined,
  ): Answer | Promise<Answer> {
    if (method === 'GET' && url.pathname === '/whatsapp_business/attachments/') {
      return this.#download(url.searchParams.get('mid') ?? '', token);
    }
    const [version, id, edge, ...rest] = url.pathname.split('/').slice(1);
    if (version === undefined || !VERSION.test(version) || id === undefined || id === '' || rest.length > 0) {
      return error(graphErrors.unsupportedRequest(method, url.pathname));
    }
    if (method === 'GET' && edge === undefined) {
      return this.#accounts.has(id) ? this.#phoneNumber(id, token, url) : this.#mediaUrl(id, token);
    }
    if (method === 'POST' && edge === 'messages') return this.#send(id, token, raw);
    if (method === 'POST' && edge === 'media') return this.#upload(id, token, raw, contentType);
    return error(graphErrors.unsupportedRequest(method, id));
  }

  #send(phoneNumberId: string, token: string | undefined, raw: Buffer): Answer {
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
    const now = this.#now();
    const waId = parsed.data.to.replace(/^\+/, '');
    if (!this.#throughput.tryTake(phoneNumberId, now)) return error(graphErrors.throughput(), withBody);
    if (!this.#pairs.tryTake(phoneNumberId, waId, now)) return error(graphErrors.pairRate(), withBody);
    const wamid = newWamid(waId);
    const template = parsed.data.type === 'template';
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: parsed.data.to, wa_id: waId }],
        messages: [{ id: wamid, ...(template ? { message_status: 'accepted' } : {}) }],
      },
      record: { ...withBody, wamid },
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
    const all: Record<string, unknown> = {
      verified_name: account.verifiedName ?? DEFAULT_VERIFIED_NAME,
      code_verification_status: 'VERIFIED',
      display_phone_number: displayPhoneNumber(account.displayPhone),
      quality_rating: 'GREEN',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
    };
    const asked = (url.searchParams.get('fields') ?? '').split(',').filter((field) => field in all);
    const fields = asked.length > 0 ? asked : Object.keys(all);
    return {
      status: 200,
      json: { ...Object.fromEntries(fields.map((field) => [field, all[field]])), id: phoneNumberId },
      record,
    };
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

  #emitAccepted(record: Partial<GraphRequestRecord>, at: number): void {
    const account = this.#accounts.get(record.phoneNumberId ?? '');
    const parsed = sendBodySchema.safeParse(record.body);
    if (account === undefined || !parsed.success || record.wamid === undefined) return;
    const send: AcceptedSend = {
      account,
      wamid: record.wamid,
      waId: parsed.data.to.replace(/^\+/, ''),
      body: parsed.data,
      at,
    };
    for (const listener of this.#listeners) listener(send);
  }
}

const DEFAULT_VERIFIED_NAME = 'Sapa Simulator';

/** Digits as Meta shows a number: `6281210009000` -> `+62 812-1000-9000` (others: `+` and the digits). */
function displayPhoneNumber(digits: string): string {
  const bare = digits.replace(/^\+/, '');
  if (!/^62\d{9,12}$/.test(bare)) return `+${bare}`;
  return `+62 ${bare.slice(2, 5)}-${bare.slice(5, 9)}-${bare.slice(9)}`;
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

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
