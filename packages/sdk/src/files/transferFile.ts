/**
 * One file's whole upload with FilePond's rules (SPEC.md section 9): a file up to the chunk size
 * (5,000,000 bytes) goes in one `process` request; a larger one (or any, with `chunkForce`) starts a
 * transfer and goes in chunks. A chunk that fails for want of the network (or a server error, or a
 * wrong offset) waits the next retry delay (500, 1000, 3000 ms), asks the server's offset (`HEAD`)
 * and goes on from there, so bytes the server holds are never sent twice. After the last delay the
 * error is thrown; calling again with the `transferId` that `onTransfer` reported resumes the same
 * transfer from the server's offset. Refusals (type, size, permission, a transfer that is gone)
 * are thrown at once.
 */
import type { FilePondClient } from '../client/filePondClient.ts';
import { UPLOAD_CHUNK_RETRY_DELAYS_MS, UPLOAD_CHUNK_SIZE } from '../constants.ts';
import { isApiError } from '../errors/ApiError.ts';
import { isHttpError } from '../errors/HttpError.ts';
import { isNetworkError } from '../errors/NetworkError.ts';

export interface TransferOptions {
  filename: string;
  chunkSize?: number;
  /** Chunk even a file smaller than one chunk. */
  chunkForce?: boolean;
  retryDelays?: readonly number[];
  signal?: AbortSignal;
  /** Bytes the server holds (or has been sent, within a request) of the file's size. */
  onProgress?: (loaded: number, total: number) => void;
  /** An interrupted transfer to resume (the id `onTransfer` reported). */
  transferId?: string | null;
  /** Called with the transfer's id once the server answers it (keep it to resume later). */
  onTransfer?: (id: string) => void;
  metadata?: unknown;
  /** Waits between retries; `setTimeout` by default (tests pass their own). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Whether a failed chunk is worth another try: no answer, a server error or a wrong offset. */
export function isRetryableUploadError(error: unknown): boolean {
  if (isNetworkError(error)) return error.failure !== 'aborted';
  if (isApiError(error)) return error.reason === 'upload_offset_mismatch' || error.reason === 'internal';
  if (isHttpError(error)) return error.status >= 500 || error.status === 409 || error.status === 408;
  return false;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function transferFile(
  client: FilePondClient,
  file: Blob,
  options: TransferOptions,
): Promise<string> {
  const chunkSize = options.chunkSize ?? UPLOAD_CHUNK_SIZE;
  const retryDelays = options.retryDelays ?? UPLOAD_CHUNK_RETRY_DELAYS_MS;
  const wait = options.wait ?? sleep;
  const { signal, filename } = options;
  const total = file.size;
  const progress = (loaded: number) => options.onProgress?.(Math.min(loaded, total), total);

  if (total <= chunkSize && !options.chunkForce && !options.transferId) {
    return client.process(file, filename, {
      ...(signal ? { signal } : {}),
      metadata: options.metadata,
      onProgress: (loaded, sent) => progress(sent > 0 ? (loaded / sent) * total : loaded),
    });
  }

  let id = options.transferId ?? null;
  let offset = 0;
  if (id === null) {
    id = await client.startTransfer(total, filename, {
      ...(signal ? { signal } : {}),
      metadata: options.metadata,
    });
    options.onTransfer?.(id);
  } else {
    offset = await client.offsetOf(id, signal ? { signal } : {});
  }
  progress(offset);
  let failures = 0;
  while (offset < total) {
    const end = Math.min(offset + chunkSize, total);
    try {
      const start = offset;
      offset = await client.patch(
        id,
        file.slice(start, end),
        { offset: start, length: total, filename },
        { ...(signal ? { signal } : {}), onProgress: (loaded) => progress(start + loaded) },
      );
      failures = 0;
      progress(offset);
    } catch (error) {
      const delay = retryDelays[failures];
      if (delay === undefined || !isRetryableUploadError(error)) throw error;
      failures += 1;
      await wait(delay, signal);
      try {
        offset = await client.offsetOf(id, signal ? { signal } : {});
      } catch (askError) {
        // The server did not answer where to go on; the next chunk try tells (or fails again).
        if (!isRetryableUploadError(askError)) throw askError;
      }
      progress(offset);
    }
  }
  return id;
}
