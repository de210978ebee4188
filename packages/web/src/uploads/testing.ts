/** Stand-ins for the upload tests: a FilePond client whose requests wait, and a FilePond view. */
import type { FilePondClient, RequestOptions, ServerFile } from '@sapa/sdk';
import { PondStatus, type PondAddOptions, type PondItem, type PondView } from './pondView.ts';

interface Waiting {
  method: string;
  key: string;
  options: RequestOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface FakeClient extends FilePondClient {
  /** Requests made, as `method key`. */
  readonly calls: string[];
  settle(method: string, outcome: { value: unknown } | { error: unknown }): void;
  progress(method: string, loaded: number, total: number): void;
}

export function createFakeClient(): FakeClient {
  const calls: string[] = [];
  const waiting: Waiting[] = [];
  const call = <T>(method: string, key: string, options: RequestOptions = {}) =>
    new Promise<T>((resolve, reject) => {
      calls.push(`${method} ${key}`);
      const entry: Waiting = { method, key, options, resolve: (value) => resolve(value as T), reject };
      waiting.push(entry);
      options.signal?.addEventListener('abort', () => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    });
  const find = (method: string) => {
    const index = waiting.findIndex((entry) => entry.method === method);
    const entry = waiting[index];
    if (entry === undefined) throw new Error(`No ${method} waiting`);
    return { index, entry };
  };
  return {
    url: 'http://sapa.test/upload/k1',
    calls,
    settle(method, outcome) {
      const { index, entry } = find(method);
      waiting.splice(index, 1);
      if ('value' in outcome) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    },
    progress(method, loaded, total) {
      find(method).entry.options.onProgress?.(loaded, total);
    },
    process: (_file, filename, options) => call<string>('process', filename, options),
    startTransfer: (_size, filename, options) => call<string>('startTransfer', filename, options),
    patch: (id, _chunk, _at, options) => call<number>('patch', id, options),
    offsetOf: (id, options) => call<number>('offsetOf', id, options),
    revert: (id, options) => call<void>('revert', id, options),
    load: (id, options) => call<ServerFile>('load', id, options),
    restore: (id, options) => call<ServerFile>('restore', id, options),
    fetchUrl: (url, options) => call<ServerFile>('fetchUrl', url, options),
  };
}

export interface FakeItem extends PondItem {
  source: Blob | string;
  type: PondAddOptions['type'] | 'input';
  /** The stand-in FilePond shows instead of loading (a blank tile), when one was given. */
  file?: PondAddOptions['file'];
  metadata: Record<string, unknown>;
}

export interface FakePond extends PondView {
  files: FakeItem[];
  /** What the binding did to the pond, in order. */
  readonly calls: string[];
}

export function createFakePond(): FakePond {
  const files: FakeItem[] = [];
  const calls: string[] = [];
  let next = 1;
  const at = (id: string) => files.findIndex((file) => file.id === id);
  return {
    files,
    calls,
    addFile(source, options) {
      const item: FakeItem = {
        id: `fp${next++}`,
        // FilePond loads an item first (it is idle once loaded).
        status: PondStatus.LOADING,
        source,
        type: options.type ?? 'input',
        ...(options.file ? { file: options.file } : {}),
        metadata: { ...options.metadata },
        getMetadata: (key) => item.metadata[key],
      };
      files.splice(options.index, 0, item);
      calls.push(`add ${typeof source === 'string' ? source : (source as File).name} at ${options.index}`);
      return Promise.resolve(item);
    },
    removeFile(id) {
      calls.push(`remove ${id}`);
      if (at(id) >= 0) files.splice(at(id), 1);
    },
    moveFile(id, index) {
      calls.push(`move ${id} to ${index}`);
      const [file] = files.splice(at(id), 1);
      if (file) files.splice(index, 0, file);
    },
    processFile(id) {
      calls.push(`process ${id}`);
      return Promise.resolve();
    },
    getFiles: () => [...files],
  };
}

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
