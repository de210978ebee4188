/**
 * Uploads one file to a project (`POST /upload/{key}`, FilePond's `process` request): multipart
 * form data with the file, the session token as `Authorization: Bearer`; resolves the stored
 * file's id. Describe it with the `media_get` act, send it with `message_send` (`mediaId`).
 * Refusals arrive as `ApiError` with `reason` `file_invalid_type` (the content is not an accepted
 * type or does not match the name) or `file_too_large`.
 */
import ky from 'ky';
import type { TokenStore } from '../auth/tokenStore.ts';
import { httpFailure, transportFailure } from '../errors/normalizeResponse.ts';
import { EmptyResponseError } from '../errors/EmptyResponseError.ts';
import type { RequestInfo } from '../errors/SapaError.ts';
import type { Locale } from '../i18n/translate.ts';

export interface UploadFileOptions {
  /** The server's origin; same origin (the page's) when left out. */
  origin?: string;
  tokens: Pick<TokenStore, 'get'>;
  /** The project's key. */
  key: string;
  file: Blob;
  /** The file's name (a `File` carries its own). */
  filename?: string;
  locale?: () => Locale;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Milliseconds before the upload fails with a `NetworkError` of failure `timeout`. Default 120000. */
  timeout?: number;
}

export async function uploadFile(options: UploadFileOptions): Promise<string> {
  const url = `${options.origin ?? ''}/upload/${encodeURIComponent(options.key)}`;
  const request: RequestInfo = { method: 'POST', url };
  const form = new FormData();
  const name =
    options.filename ?? ((options.file as { name?: unknown }).name as string | undefined) ?? 'file';
  form.append('filepond', options.file, name);
  const headers: Record<string, string> = {};
  const token = options.tokens.get();
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  const language = options.locale?.();
  if (language !== undefined) headers['accept-language'] = language;
  let response: Response;
  let text: string;
  try {
    response = await ky.post(url, {
      body: form,
      headers,
      retry: 0,
      timeout: options.timeout ?? 120_000,
      throwHttpErrors: false,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    text = await response.text();
  } catch (cause) {
    throw transportFailure(cause, request);
  }
  if (!response.ok) throw httpFailure(response.status, response.statusText, text, request);
  const id = text.trim();
  if (id === '') throw new EmptyResponseError({ request });
  return id;
}
