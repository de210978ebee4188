/**
 * The composer's `UploadFile`: the SDK's `uploadFile` (`POST /upload/{key}`) with this browser's
 * session token and language.
 */
import { uploadFile } from '@sapa/sdk';
import type { Locale, TokenStore } from '@sapa/sdk';
import type { UploadFile } from '@sapa/machines';

export interface UploaderOptions {
  tokens: Pick<TokenStore, 'get'>;
  locale?: () => Locale;
  /** Where the server is (same origin when left out). */
  origin?: string;
  fetch?: typeof fetch;
}

export function createUploader(options: UploaderOptions): UploadFile {
  return ({ key, file, signal }) => {
    if (!(file instanceof Blob)) return Promise.reject(new TypeError('An upload needs a browser File'));
    return uploadFile({ ...options, key, file, signal });
  };
}
