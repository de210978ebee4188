/**
 * The act client (DESIGN.md "The act protocol"): every call is a POST to one endpoint, naming the
 * act in `act`; the session token and the push token ride along as `token` and `fcm`. Answers and
 * failures go through `normalizeResponse` so callers see a value or one of the SDK's errors.
 */
import ky from 'ky';
import type { ActInput, ActName, ActOutput } from '../contract/acts.ts';
import type { ActPage, ActSuccess } from '../contract/envelope.ts';
import {
  httpFailure,
  normalizeResponse,
  parseResponseText,
  transportFailure,
} from '../errors/normalizeResponse.ts';
import type { RequestInfo } from '../errors/SapaError.ts';
import type { TokenStore } from '../auth/tokenStore.ts';
import type { Locale } from '../i18n/translate.ts';

export interface ActClientOptions {
  /** The act endpoint. Default `/api` (browser, same origin); absolute in Node (`http://host/api`). */
  baseUrl?: string;
  /** The session token sent as `token` with every act. */
  tokens: TokenStore;
  /** The push token sent as `fcm` with every act (any store with `get()`). */
  pushToken?: Pick<TokenStore, 'get'>;
  /** Sent as `Accept-Language`; without it the browser's own header applies. */
  locale?: () => Locale;
  /** A fetch implementation (default `globalThis.fetch`, looked up per call). */
  fetch?: typeof fetch;
  /** Milliseconds before a call fails with a `NetworkError` of failure `timeout`. Default 30000. */
  timeout?: number;
}

export interface ActCallOptions {
  /** Aborting rejects the call with a `NetworkError` of failure `aborted`. */
  signal?: AbortSignal;
}

/** `fields` may be left out when the act takes none. */
export type ActArgs<N extends ActName> =
  Record<string, never> extends ActInput<N>
    ? [fields?: ActInput<N>, options?: ActCallOptions | undefined]
    : [fields: ActInput<N>, options?: ActCallOptions | undefined];

/** An act's fields as an object type (zod's input for `z.object({})` is `Record<string, never>`). */
type FieldsOf<N extends ActName> = string extends keyof ActInput<N> ? Record<never, never> : ActInput<N>;

/** What `page()` sends: the act's fields with `act` named among them, as a table's payload. */
export type ActPayload<N extends ActName> = { act: N } & FieldsOf<N>;

/** The row type of a paginated act, whether the contract declares its output as a row or rows. */
export type PageRow<N extends ActName> = ActOutput<N> extends readonly (infer Row)[] ? Row : ActOutput<N>;

export interface ActClient {
  readonly baseUrl: string;
  /** Calls an act with JSON `{ act, token, fcm, ...fields }`; resolves the success envelope. */
  act<N extends ActName>(name: N, ...args: ActArgs<N>): Promise<ActSuccess<ActOutput<N>>>;
  /** Calls an act with multipart form data: `act`, `token` and `fcm` are appended to `form`'s fields. */
  actForm<N extends ActName>(
    name: N,
    form: FormData,
    options?: ActCallOptions,
  ): Promise<ActSuccess<ActOutput<N>>>;
  /**
   * Calls a paginated act with the payload's fields (including `act`) and, when `page` is given,
   * the zero-based `page`; resolves `{ data, total_page }`.
   */
  page<N extends ActName>(
    payload: ActPayload<N>,
    page?: number,
    options?: ActCallOptions,
  ): Promise<ActPage<PageRow<N>>>;
}

const defaultTimeout = 30_000;

export function createActClient(options: ActClientOptions): ActClient {
  const { baseUrl = '/api', tokens, pushToken, locale, timeout = defaultTimeout } = options;
  const request: RequestInfo = { method: 'POST', url: baseUrl };

  async function post(body: Record<string, unknown> | FormData, signal?: AbortSignal): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const language = locale?.();
    if (language !== undefined) headers['accept-language'] = language;
    let response: Response;
    let text: string;
    try {
      response = await ky.post(baseUrl, {
        ...(body instanceof FormData ? { body } : { json: body }),
        headers,
        // The token travels in the body, never in a cookie. An uncredentialed request also gets
        // connections of its own in the browser, so acts do not queue behind the six that a
        // screen's script preloads hold over HTTP/1.1 (bench/README.md, inboxBrowser).
        credentials: 'omit',
        retry: 0,
        timeout,
        throwHttpErrors: false,
        fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        ...(signal ? { signal } : {}),
      });
      text = await response.text();
    } catch (cause) {
      throw transportFailure(cause, request);
    }
    if (!response.ok) throw httpFailure(response.status, response.statusText, text, request);
    return normalizeResponse(parseResponseText(text, request), request);
  }

  function envelope(act: string): { act: string; token: string | null; fcm: string | null } {
    return { act, token: tokens.get(), fcm: pushToken?.get() ?? null };
  }

  return {
    baseUrl,
    act(name, ...[fields, callOptions]) {
      return post({ ...envelope(name), ...fields }, callOptions?.signal) as Promise<never>;
    },
    actForm(name, form, callOptions) {
      const body = new FormData();
      body.append('act', name);
      form.forEach((value, field) => body.append(field, value));
      const { token, fcm } = envelope(name);
      body.append('token', token ?? '');
      body.append('fcm', fcm ?? '');
      return post(body, callOptions?.signal) as Promise<never>;
    },
    page(payload, page, callOptions) {
      const { act, ...fields } = payload;
      const body = { ...envelope(act), ...fields, ...(page === undefined ? {} : { page }) };
      return post(body, callOptions?.signal) as Promise<never>;
    },
  };
}
