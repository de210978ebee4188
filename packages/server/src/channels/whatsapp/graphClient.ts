import { z } from 'zod';
import { GraphApiError } from './GraphApiError.ts';
import { GraphRequestError } from './GraphRequestError.ts';
import type { SendMessageBody } from './sendRequest.ts';

/** The Graph API version of the fixtures (v24.0: status webhooks without `conversation`). */
export const DEFAULT_GRAPH_API_VERSION = 'v24.0';
export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com';

export interface GraphClientOptions {
  /** System-user or business access token, sent as `Authorization: Bearer …`. */
  accessToken: string;
  /** Meta's Graph API by default; the simulator's loopback URL in tests and the demo. */
  baseUrl?: string;
  apiVersion?: string;
  /** Per API call (default 15 s). */
  timeoutMs?: number;
  /** Per media download, body included (default 60 s; inbound files reach 100 MB). */
  downloadTimeoutMs?: number;
}

export interface SentMessage {
  /** The id status webhooks will carry. A 200 means accepted, not delivered. */
  wamid: string;
  /** The user's WhatsApp id (may differ from the number sent to). */
  waId?: string;
  /** Templates only: `accepted`, `held_for_quality_assessment` or `paused`. */
  messageStatus?: string;
}

export interface MediaUrl {
  /** Expires after 5 minutes; download it with `downloadMedia` (same token). */
  url: string;
  mimeType: string;
  sha256?: string;
  fileSize?: number;
  mediaId: string;
}

/** A business phone number as `GET /{phone-number-id}` answers it. */
export interface PhoneNumberInfo {
  /** The phone number id (as asked). */
  id: string;
  /** As Meta shows it, e.g. `+62 812-1000-9000`. */
  displayPhoneNumber: string;
  /** The business name Meta verified for the number. */
  verifiedName: string;
  /** `GREEN`, `YELLOW`, `RED` or `UNKNOWN`. */
  qualityRating?: string;
  /** `VERIFIED`, `NOT_VERIFIED` or `EXPIRED`. */
  codeVerificationStatus?: string;
  /**
   * The messaging limit tier (`TIER_250`, `TIER_2K`, `TIER_10K`, `TIER_100K`, `TIER_UNLIMITED`):
   * `whatsapp_business_manager_messaging_limit` (v24+), else the older `messaging_limit_tier`.
   */
  messagingLimit?: string;
}

/** The fields `getPhoneNumber` asks for. */
export const PHONE_NUMBER_FIELDS = [
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'code_verification_status',
  'whatsapp_business_manager_messaging_limit',
] as const;

/** A number of a WhatsApp Business Account, as `GET /{waba-id}/phone_numbers` lists it. */
export interface WabaPhoneNumber {
  id: string;
  displayPhoneNumber?: string;
}

/**
 * A template as `GET /{waba-id}/message_templates` lists it: the fields Sapa relies on checked,
 * `components` left as Meta sent them (the SDK's `templateFromMeta` reads them).
 */
export interface MetaTemplate {
  /** Meta's template id (a string here; webhooks send it as a number). */
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  /** `POSITIONAL` or `NAMED` (absent on older answers: positional). */
  parameter_format?: string;
  components: Record<string, unknown>[];
  /** Why it was rejected (`INVALID_FORMAT` …; `NONE` when it was not). */
  rejected_reason?: string;
  /** The category it had before Meta recategorised it, when asked for. */
  previous_category?: string;
}

/** One page of `GET /{waba-id}/message_templates`; `after` is the cursor of the next page, if any. */
export interface TemplatePage {
  templates: MetaTemplate[];
  after: string | null;
}

/** The fields `listTemplates` asks for. */
export const TEMPLATE_FIELDS = [
  'id',
  'name',
  'language',
  'status',
  'category',
  'previous_category',
  'parameter_format',
  'components',
  'rejected_reason',
] as const;

/** Meta's answer to `POST /{waba-id}/message_templates`. */
export interface CreatedTemplate {
  id: string;
  /** Usually `PENDING`; may be `APPROVED` or `REJECTED` at once. */
  status: string;
  /** The category Meta assigned (may differ from the one asked for). */
  category: string;
}

export interface DownloadedMedia {
  bytes: Uint8Array;
  contentType: string;
}

const sendResponseSchema = z.object({
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string().optional() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});

const mediaUrlResponseSchema = z.object({
  url: z.string().min(1),
  mime_type: z.string(),
  sha256: z.string().optional(),
  // Meta documents a string, SDKs see a number: accept both.
  file_size: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  id: z.string().min(1),
});

const uploadResponseSchema = z.object({ id: z.string().min(1) });

const phoneNumberResponseSchema = z.object({
  id: z.string().min(1),
  display_phone_number: z.string().min(1),
  verified_name: z.string(),
  quality_rating: z.string().optional(),
  code_verification_status: z.string().optional(),
  whatsapp_business_manager_messaging_limit: z.string().optional(),
  messaging_limit_tier: z.string().optional(),
});

const phoneNumberListSchema = z.object({
  data: z.array(z.object({ id: z.string().min(1), display_phone_number: z.string().optional() })),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});

/** Meta sends ids as strings; a number is accepted and kept as its decimal string. */
const graphId = z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]);

const metaTemplateSchema = z.object({
  id: graphId,
  name: z.string().min(1),
  language: z.string().min(1),
  status: z.string().min(1),
  category: z.string().min(1),
  parameter_format: z.string().optional(),
  components: z.array(z.record(z.string(), z.unknown())).default([]),
  rejected_reason: z.string().optional(),
  previous_category: z.string().optional(),
});

const templateListSchema = z.object({
  data: z.array(z.unknown()),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});

const createdTemplateSchema = z.object({
  id: graphId,
  status: z.string().min(1),
  category: z.string().min(1),
});

const successSchema = z.object({ success: z.boolean() });

const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const MAX_REDIRECTS = 5;

/** A small client of the WhatsApp Cloud API endpoints the inbox needs. Uses global `fetch`. */
export class GraphClient {
  readonly #accessToken: string;
  readonly #apiRoot: string;
  readonly #timeoutMs: number;
  readonly #downloadTimeoutMs: number;

  constructor(options: GraphClientOptions) {
    this.#accessToken = options.accessToken;
    const baseUrl = (options.baseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, '');
    this.#apiRoot = `${baseUrl}/${options.apiVersion ?? DEFAULT_GRAPH_API_VERSION}`;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#downloadTimeoutMs = options.downloadTimeoutMs ?? 60_000;
  }

  /** `POST /{phone-number-id}/messages`. Throws `GraphApiError` (130429, 131056, …) or `GraphRequestError`. */
  async sendMessage(phoneNumberId: string, body: SendMessageBody): Promise<SentMessage> {
    const response = await this.#call(
      'POST',
      `${segment(phoneNumberId)}/messages`,
      { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      sendResponseSchema,
    );
    const message = response.messages[0];
    const contact = response.contacts?.[0];
    if (message === undefined) throw new Error('unreachable: the schema requires one message');
    return {
      wamid: message.id,
      ...(contact?.wa_id === undefined ? {} : { waId: contact.wa_id }),
      ...(message.message_status === undefined ? {} : { messageStatus: message.message_status }),
    };
  }

  /** `GET /{media-id}`: a short-lived download URL and the file's facts. */
  async getMediaUrl(mediaId: string, options: { phoneNumberId?: string } = {}): Promise<MediaUrl> {
    const query =
      options.phoneNumberId === undefined ? '' : `?phone_number_id=${segment(options.phoneNumberId)}`;
    const media = await this.#call('GET', `${segment(mediaId)}${query}`, {}, mediaUrlResponseSchema);
    return {
      url: media.url,
      mimeType: media.mime_type,
      mediaId: media.id,
      ...(media.sha256 === undefined ? {} : { sha256: media.sha256 }),
      ...(media.file_size === undefined ? {} : { fileSize: media.file_size }),
    };
  }

  /**
   * `GET /{phone-number-id}?fields=…`: the number as Meta knows it, when this token may read it.
   * A token Meta refuses throws `GraphApiError` 190; an id that is not a phone number this token
   * may read, 100 (or 803 for an id that is no number at all); an object that is no phone number
   * (a WABA id) answers without `display_phone_number`: `GraphRequestError('invalid_response')`.
   */
  async getPhoneNumber(phoneNumberId: string): Promise<PhoneNumberInfo> {
    const found = await this.#call(
      'GET',
      `${segment(phoneNumberId)}?fields=${PHONE_NUMBER_FIELDS.join(',')}`,
      {},
      phoneNumberResponseSchema,
    );
    const messagingLimit = found.whatsapp_business_manager_messaging_limit ?? found.messaging_limit_tier;
    return {
      id: found.id,
      displayPhoneNumber: found.display_phone_number,
      verifiedName: found.verified_name,
      ...(found.quality_rating === undefined ? {} : { qualityRating: found.quality_rating }),
      ...(found.code_verification_status === undefined
        ? {}
        : { codeVerificationStatus: found.code_verification_status }),
      ...(messagingLimit === undefined ? {} : { messagingLimit }),
    };
  }

  /**
   * `GET /{waba-id}/phone_numbers`, every page (at most `maxPages`): the numbers of a WhatsApp
   * Business Account this token may read. A token Meta refuses throws `GraphApiError` 190; a WABA
   * id it may not read, 100 (or 200, a permissions error).
   */
  async listWabaPhoneNumbers(
    wabaId: string,
    options: { maxPages?: number } = {},
  ): Promise<WabaPhoneNumber[]> {
    const numbers: WabaPhoneNumber[] = [];
    let after: string | undefined;
    for (let page = 0; page < (options.maxPages ?? 20); page += 1) {
      const query = new URLSearchParams({ fields: 'id,display_phone_number', limit: '100' });
      if (after !== undefined) query.set('after', after);
      const answer = await this.#call(
        'GET',
        `${segment(wabaId)}/phone_numbers?${query.toString()}`,
        {},
        phoneNumberListSchema,
      );
      for (const number of answer.data) {
        numbers.push({
          id: number.id,
          ...(number.display_phone_number === undefined
            ? {}
            : { displayPhoneNumber: number.display_phone_number }),
        });
      }
      after = answer.paging?.cursors?.after;
      if (answer.paging?.next === undefined || after === undefined) break;
    }
    return numbers;
  }

  /**
   * One page of `GET /{waba-id}/message_templates?fields=…&limit=…[&after=…]`. Templates whose
   * fields Sapa relies on are missing are left out (`skipped` counts them) rather than failing
   * the page.
   */
  async listTemplates(
    wabaId: string,
    options: { limit?: number; after?: string | null } = {},
  ): Promise<TemplatePage & { skipped: number }> {
    const query = new URLSearchParams({
      fields: TEMPLATE_FIELDS.join(','),
      limit: String(options.limit ?? 100),
    });
    if (options.after !== undefined && options.after !== null) query.set('after', options.after);
    const answer = await this.#call(
      'GET',
      `${segment(wabaId)}/message_templates?${query.toString()}`,
      {},
      templateListSchema,
    );
    const templates: MetaTemplate[] = [];
    let skipped = 0;
    for (const item of answer.data) {
      const parsed = metaTemplateSchema.safeParse(item);
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      templates.push(withoutUndefined(parsed.data) as MetaTemplate);
    }
    const after = answer.paging?.next === undefined ? undefined : answer.paging.cursors?.after;
    return { templates, after: after ?? null, skipped };
  }

  /**
   * `POST /{waba-id}/message_templates` with a body built by the SDK's `templateCreateBody`.
   * Meta's refusals (a rule broken, a name already used) throw `GraphApiError` (code 100 with a
   * subcode, `details` saying why).
   */
  async createTemplate(wabaId: string, body: unknown): Promise<CreatedTemplate> {
    return this.#call(
      'POST',
      `${segment(wabaId)}/message_templates`,
      { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      createdTemplateSchema,
    );
  }

  /**
   * `DELETE /{waba-id}/message_templates?name=…[&hsm_id=…]`: with `hsmId` only that template
   * (one language), without it every language of the name.
   */
  async deleteTemplate(wabaId: string, template: { name: string; hsmId?: string }): Promise<void> {
    const query = new URLSearchParams({ name: template.name });
    if (template.hsmId !== undefined) query.set('hsm_id', template.hsmId);
    const answer = await this.#call(
      'DELETE',
      `${segment(wabaId)}/message_templates?${query.toString()}`,
      {},
      successSchema,
    );
    if (!answer.success) {
      throw new GraphRequestError('invalid_response', {
        method: 'DELETE',
        url: `${this.#apiRoot}/${segment(wabaId)}/message_templates`,
        message: 'Meta answered success: false to a template delete',
      });
    }
  }

  /**
   * Downloads a media URL with the Bearer token. Redirects are followed by hand so the token
   * only goes to the URL's own origin, never to a CDN host it redirects to.
   */
  async downloadMedia(url: string): Promise<DownloadedMedia> {
    const origin = new URL(url).origin;
    const signal = AbortSignal.timeout(this.#downloadTimeoutMs);
    let target = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const sameOrigin = new URL(target).origin === origin;
      const response = await this.#fetch('GET', target, {
        headers: sameOrigin ? { authorization: `Bearer ${this.#accessToken}` } : {},
        redirect: 'manual',
        signal,
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        target = new URL(location, target).toString();
        continue;
      }
      if (!response.ok) throw await toApiError('GET', target, response, signal);
      const bytes = await this.#read('GET', target, () => response.arrayBuffer());
      return {
        bytes: new Uint8Array(bytes),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    }
    throw new GraphRequestError('invalid_response', {
      method: 'GET',
      url: withoutQuery(url),
      message: 'Too many redirects',
    });
  }

  /** `POST /{phone-number-id}/media` as multipart (`messaging_product`, `type`, `file`). Ids live 30 days. */
  async uploadMedia(
    phoneNumberId: string,
    bytes: Uint8Array,
    mimeType: string,
    filename: string,
  ): Promise<{ mediaId: string }> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', mimeType);
    // A copy typed on a plain ArrayBuffer, as DOM's BlobPart wants under every lib setting.
    form.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
    const uploaded = await this.#call(
      'POST',
      `${segment(phoneNumberId)}/media`,
      { body: form },
      uploadResponseSchema,
    );
    return { mediaId: uploaded.id };
  }

  async #call<T>(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | FormData },
    schema: z.ZodType<T>,
  ): Promise<T> {
    const url = `${this.#apiRoot}/${path}`;
    const signal = AbortSignal.timeout(this.#timeoutMs);
    const response = await this.#fetch(method, url, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.#accessToken}` },
      signal,
    });
    if (!response.ok) throw await toApiError(method, url, response, signal);
    const text = await this.#read(method, url, () => response.text());
    const parsed = schema.safeParse(parseJson(text));
    if (!parsed.success) {
      throw new GraphRequestError('invalid_response', {
        method,
        url: withoutQuery(url),
        message: `Unexpected Graph API answer: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async #fetch(method: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, method });
    } catch (error) {
      throw requestError(method, url, error);
    }
  }

  async #read<T>(method: string, url: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw requestError(method, url, error);
    }
  }
}

async function toApiError(
  method: string,
  url: string,
  response: Response,
  signal: AbortSignal,
): Promise<GraphApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw requestError(method, url, error);
  }
  const body = parseJson(text) ?? text;
  const envelope = graphErrorSchema.safeParse(body);
  const error = envelope.success ? envelope.data.error : undefined;
  return new GraphApiError(error?.message ?? `Graph API answered HTTP ${response.status}`, {
    status: response.status,
    method,
    url: withoutQuery(url),
    code: error?.code,
    type: error?.type,
    errorSubcode: error?.error_subcode,
    fbtraceId: error?.fbtrace_id,
    details: error?.error_data?.details,
    body,
  });
}

function requestError(method: string, url: string, error: unknown): GraphRequestError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new GraphRequestError(timedOut ? 'timeout' : 'network', {
    method,
    url: withoutQuery(url),
    message: timedOut
      ? `Graph API call timed out: ${method} ${withoutQuery(url)}`
      : `Graph API call failed: ${method} ${withoutQuery(url)}`,
    cause: error,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The object without its `undefined` properties (zod's optional output, under exact optional types). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as T;
}

function segment(id: string): string {
  return encodeURIComponent(id);
}

function withoutQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}
