/**
 * A client of the server's FilePond endpoints at `/upload/{key}` (docs/uploads.md), usable from a
 * browser (progress through `XMLHttpRequest`) and from Node (`fetch`):
 *
 * - `process`: `POST` multipart (`filepond`: metadata, then the file), answers the file id;
 * - `startTransfer`: `POST` with `Upload-Length`, answers the id of a chunked transfer;
 * - `patch`: `PATCH ?patch=<id>` one chunk (`Upload-Offset`, `Upload-Length`, `Upload-Name`,
 *   `application/offset+octet-stream`), answers the server's new offset;
 * - `offsetOf`: `HEAD ?patch=<id>`, the server's `Upload-Offset` (where to resume);
 * - `revert`: `DELETE` with the id as body; `load`, `restore` and `fetchUrl`: `GET ?load=`,
 *   `?restore=` and `?fetch=`.
 *
 * Refusals arrive as `ApiError` (`reason` `file_invalid_type`, `file_too_large`,
 * `upload_offset_mismatch`, `not_found`, ...), no answer as `NetworkError`.
 */
import type { TokenStore } from '../auth/tokenStore.ts';
import { EmptyResponseError } from '../errors/EmptyResponseError.ts';
import { httpFailure, transportFailure } from '../errors/normalizeResponse.ts';
import type { RequestInfo } from '../errors/SapaError.ts';
import type { Locale } from '../i18n/translate.ts';

export interface FilePondClientOptions {
  /** The server's origin; same origin (the page's) when left out. */
  origin?: string;
  /** The project's key. */
  key: string;
  tokens: Pick<TokenStore, 'get'>;
  locale?: () => Locale;
  /** Used where `XMLHttpRequest` is missing (Node) or when `transport` is `fetch`. */
  fetch?: typeof fetch;
  /** `xhr` reports upload progress as bytes go; `fetch` once a request is answered. Default: xhr when present. */
  transport?: 'xhr' | 'fetch';
  /** Milliseconds a request may take before it fails with `NetworkError` `timeout`. Default 120000. */
  timeout?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Bytes of this request's body sent so far, of its total. */
  onProgress?: (loaded: number, total: number) => void;
}

/** A file the server answered (`load`, `restore`, `fetchUrl`). */
export interface ServerFile {
  blob: Blob;
  /** From the answer's `Content-Disposition`. */
  filename: string;
  type: string;
}

export interface FilePondClient {
  /** `{origin}/upload/{key}`. */
  readonly url: string;
  process(file: Blob, filename: string, options?: RequestOptions & { metadata?: unknown }): Promise<string>;
  startTransfer(
    size: number,
    filename: string,
    options?: RequestOptions & { metadata?: unknown },
  ): Promise<string>;
  patch(
    id: string,
    chunk: Blob,
    at: { offset: number; length: number; filename: string },
    options?: RequestOptions,
  ): Promise<number>;
  offsetOf(id: string, options?: RequestOptions): Promise<number>;
  revert(id: string, options?: RequestOptions): Promise<void>;
  load(id: string, options?: RequestOptions): Promise<ServerFile>;
  restore(id: string, options?: RequestOptions): Promise<ServerFile>;
  fetchUrl(url: string, options?: RequestOptions): Promise<ServerFile>;
}

interface Answer {
  status: number;
  statusText: string;
  header: (name: string) => string | null;
  text: () => Promise<string>;
  blob: () => Promise<Blob>;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Blob | FormData | string;
  responseType: 'text' | 'blob';
}

function abortError(): Error {
  const error = new Error('The upload was aborted');
  error.name = 'AbortError';
  return error;
}

/** The part of the browser's `XMLHttpRequest` used here (the SDK also compiles without the DOM library). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: Blob | FormData | string | null): void;
  abort(): void;
  responseType: string;
  timeout: number;
  readonly response: unknown;
  readonly status: number;
  readonly statusText: string;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

function xhrConstructor(): (new () => Xhr) | undefined {
  return (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;
}

function sendWithXhr(sent: Sent, options: RequestOptions, timeout: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const Request = xhrConstructor();
    if (Request === undefined) {
      reject(new TypeError('XMLHttpRequest is not available'));
      return;
    }
    const xhr = new Request();
    xhr.open(sent.method, sent.url);
    xhr.responseType = sent.responseType;
    xhr.timeout = timeout;
    for (const [name, value] of Object.entries(sent.headers)) xhr.setRequestHeader(name, value);
    const { signal, onProgress } = options;
    const onAbort = () => xhr.abort();
    if (onProgress !== undefined) {
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    }
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const response: unknown = xhr.response;
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        header: (name) => xhr.getResponseHeader(name),
        text: () =>
          response instanceof Blob
            ? response.text()
            : Promise.resolve(typeof response === 'string' ? response : ''),
        blob: () => Promise.resolve(response instanceof Blob ? response : new Blob([String(response ?? '')])),
      });
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = () => {
      done();
      const error = new Error('The upload timed out');
      error.name = 'TimeoutError';
      reject(error);
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(sent.body ?? null);
  });
}

async function sendWithFetch(
  fetchImpl: typeof fetch,
  sent: Sent,
  options: RequestOptions,
  timeout: number,
): Promise<Answer> {
  const signals = [AbortSignal.timeout(timeout), ...(options.signal ? [options.signal] : [])];
  const size = sent.body instanceof Blob ? sent.body.size : 0;
  const response = await fetchImpl(sent.url, {
    method: sent.method,
    headers: sent.headers,
    ...(sent.body !== undefined ? { body: sent.body } : {}),
    signal: AbortSignal.any(signals),
  });
  options.onProgress?.(size, size);
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name),
    text: () => response.text(),
    blob: () => response.blob(),
  };
}

/** The file name of a `Content-Disposition` header (`filename*` first), or `fallback`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

export function createFilePondClient(options: FilePondClientOptions): FilePondClient {
  const url = `${options.origin ?? ''}/upload/${encodeURIComponent(options.key)}`;
  const timeout = options.timeout ?? 120_000;
  const useXhr = (options.transport ?? (xhrConstructor() === undefined ? 'fetch' : 'xhr')) === 'xhr';

  async function request(
    method: string,
    target: string,
    init: {
      headers?: Record<string, string>;
      body?: Blob | FormData | string;
      responseType?: 'text' | 'blob';
    },
    requestOptions: RequestOptions = {},
  ): Promise<Answer> {
    const info: RequestInfo = { method, url: target };
    const headers: Record<string, string> = { ...init.headers };
    const token = options.tokens.get();
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    const language = options.locale?.();
    if (language !== undefined) headers['accept-language'] = language;
    const sent: Sent = { method, url: target, headers, responseType: init.responseType ?? 'text' };
    if (init.body !== undefined) sent.body = init.body;
    let answer: Answer;
    try {
      answer = useXhr
        ? await sendWithXhr(sent, requestOptions, timeout)
        : await sendWithFetch(
            options.fetch ?? ((i, o) => globalThis.fetch(i, o)),
            sent,
            requestOptions,
            timeout,
          );
    } catch (cause) {
      throw transportFailure(cause, info);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw httpFailure(answer.status, answer.statusText, await answer.text(), info);
    }
    return answer;
  }

  async function idFrom(answer: Answer, info: RequestInfo): Promise<string> {
    const id = (await answer.text()).trim();
    if (id === '') throw new EmptyResponseError({ request: info });
    return id;
  }

  async function serverFile(
    query: string,
    value: string,
    requestOptions?: RequestOptions,
  ): Promise<ServerFile> {
    const answer = await request(
      'GET',
      `${url}?${query}=${encodeURIComponent(value)}`,
      { responseType: 'blob' },
      requestOptions,
    );
    const blob = await answer.blob();
    const type = (answer.header('content-type') ?? blob.type).split(';', 1)[0]?.trim() ?? '';
    return { blob, type, filename: dispositionFilename(answer.header('content-disposition'), 'file') };
  }

  const metadataJson = (metadata: unknown) => JSON.stringify(metadata ?? {});

  return {
    url,
    async process(file, filename, requestOptions = {}) {
      const form = new FormData();
      form.append('filepond', metadataJson(requestOptions.metadata));
      form.append('filepond', file, filename);
      const answer = await request('POST', url, { body: form }, requestOptions);
      return idFrom(answer, { method: 'POST', url });
    },
    async startTransfer(size, filename, requestOptions = {}) {
      const form = new FormData();
      form.append('filepond', metadataJson(requestOptions.metadata));
      const answer = await request(
        'POST',
        url,
        {
          body: form,
          headers: { 'upload-length': String(size), 'upload-name': encodeURIComponent(filename) },
        },
        requestOptions,
      );
      return idFrom(answer, { method: 'POST', url });
    },
    async patch(id, chunk, at, requestOptions = {}) {
      const target = `${url}?patch=${encodeURIComponent(id)}`;
      const answer = await request(
        'PATCH',
        target,
        {
          body: chunk,
          headers: {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(at.offset),
            'upload-length': String(at.length),
            'upload-name': encodeURIComponent(at.filename),
          },
        },
        requestOptions,
      );
      const header = answer.header('upload-offset');
      const offset = header === null || header.trim() === '' ? NaN : Number(header);
      return Number.isSafeInteger(offset) ? offset : at.offset + chunk.size;
    },
    async offsetOf(id, requestOptions) {
      const target = `${url}?patch=${encodeURIComponent(id)}`;
      const answer = await request('HEAD', target, {}, requestOptions);
      const header = answer.header('upload-offset');
      const offset = header === null || header.trim() === '' ? NaN : Number(header);
      if (!Number.isSafeInteger(offset) || offset < 0) {
        throw new EmptyResponseError({ request: { method: 'HEAD', url: target } });
      }
      return offset;
    },
    async revert(id, requestOptions) {
      await request('DELETE', url, { body: id, headers: { 'content-type': 'text/plain' } }, requestOptions);
    },
    load: (id, requestOptions) => serverFile('load', id, requestOptions),
    restore: (id, requestOptions) => serverFile('restore', id, requestOptions),
    fetchUrl: (remote, requestOptions) => serverFile('fetch', remote, requestOptions),
  };
}
