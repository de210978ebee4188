/**
 * The upload item's test model: a photo picked (uploaded in chunks, so a transfer id exists to
 * resume), a program refused by type, a temporary upload restored after a reload, a gallery file
 * put back, and a photo fetched by URL. The SDK's real `transferFile` runs against a fake FilePond
 * client whose requests wait until the model answers them; every `upload.released` the item
 * sends is written to the run's effects.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NetworkError } from '@sapa/sdk';
import type { FailureReason, FilePondClient, RequestOptions, ServerFile } from '@sapa/sdk';
import { uploadMachine } from '../uploadMachine.ts';
import type {
  UploadFileLike,
  UploadItemContext,
  UploadItemEmitted,
  UploadItemInput,
  UploadSource,
} from '../uploadMachine.ts';
import { createFakeClient } from './fakes.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { flush } from './replay.ts';

export type FilePondMethod =
  'process' | 'startTransfer' | 'patch' | 'offsetOf' | 'revert' | 'load' | 'restore' | 'fetchUrl';

export interface FilePondCall {
  method: FilePondMethod;
  /** The file name (process, startTransfer), the id (patch, offsetOf, revert, load, restore) or the URL. */
  key: string;
  options: RequestOptions;
  /** patch: where the chunk goes. */
  at?: { offset: number; length: number };
}

/** A FilePond client whose requests wait until the test answers them; an aborted one fails at once. */
export interface FakeFilePond extends FilePondClient {
  readonly calls: FilePondCall[];
  pending(): FilePondCall[];
  /** Answers the oldest waiting call of `method` (and `key`); false when none waits. */
  settle(method: FilePondMethod, outcome: { value: unknown } | { error: unknown }, key?: string): boolean;
  /** Reports upload progress on the oldest waiting call of `method` (and `key`). */
  progress(method: FilePondMethod, loaded: number, total: number, key?: string): boolean;
}

interface Waiting extends FilePondCall {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function createFakeFilePond(): FakeFilePond {
  const calls: FilePondCall[] = [];
  const waiting: Waiting[] = [];
  const find = (method: FilePondMethod, key?: string) =>
    waiting.findIndex((call) => call.method === method && (key === undefined || call.key === key));
  function call<T>(
    method: FilePondMethod,
    key: string,
    options: RequestOptions = {},
    at?: FilePondCall['at'],
  ) {
    const made: FilePondCall = { method, key, options, ...(at ? { at } : {}) };
    calls.push(made);
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = { ...made, resolve: (value) => resolve(value as T), reject };
      waiting.push(entry);
      options.signal?.addEventListener(
        'abort',
        () => {
          const index = waiting.indexOf(entry);
          if (index >= 0) waiting.splice(index, 1);
          const error = new Error('The upload was aborted');
          error.name = 'AbortError';
          reject(error);
        },
        { once: true },
      );
    });
  }
  return {
    url: 'http://sapa.test/upload/k1abcdefgh',
    calls,
    pending: () =>
      waiting.map(({ method, key, options, at }) => ({ method, key, options, ...(at ? { at } : {}) })),
    settle(method, outcome, key) {
      const index = find(method, key);
      const entry = waiting[index];
      if (entry === undefined) return false;
      waiting.splice(index, 1);
      if ('value' in outcome) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
      return true;
    },
    progress(method, loaded, total, key) {
      const entry = waiting[find(method, key)];
      if (entry?.options.onProgress === undefined) return false;
      entry.options.onProgress(loaded, total);
      return true;
    },
    process: (_file, filename, options) => call<string>('process', filename, options),
    startTransfer: (_size, filename, options) => call<string>('startTransfer', filename, options),
    patch: (id, _chunk, at, options) =>
      call<number>('patch', id, options, { offset: at.offset, length: at.length }),
    offsetOf: (id, options) => call<number>('offsetOf', id, options),
    revert: (id, options) => call<void>('revert', id, options),
    load: (id, options) => call<ServerFile>('load', id, options),
    restore: (id, options) => call<ServerFile>('restore', id, options),
    fetchUrl: (url, options) => call<ServerFile>('fetchUrl', url, options),
  };
}

/** A picked file of `size` bytes. */
export function pickedFile(name: string, type: string, size = 100): UploadFileLike {
  return new File([new Uint8Array(size)], name, { type });
}

export function serverFile(filename: string, type: string, size = 100): ServerFile {
  return { blob: new Blob([new Uint8Array(size)], { type }), filename, type };
}

/** The SDK's refusal, as the FilePond client throws it. */
export function uploadRefusal(reason: FailureReason, msg: string, status = 400): ApiError {
  return new ApiError(
    { code: '0', msg, reason },
    { status, request: { method: 'PATCH', url: '/upload/k1abcdefgh' } },
  );
}

/** No answer: what the FilePond client throws when the connection drops. */
export function connectionLost(method = 'PATCH'): NetworkError {
  return new NetworkError(
    'unreachable',
    { method, url: '/upload/k1abcdefgh' },
    new TypeError('Failed to fetch'),
  );
}

export const photo = pickedFile('foto.jpg', 'image/jpeg');
export const program = pickedFile('setup.exe', 'application/x-msdownload');
export const restoredPhoto = serverFile('foto-kemarin.jpg', 'image/jpeg');
export const galleryPdf = serverFile('katalog.pdf', 'application/pdf');
export const fetchedPhoto = serverFile('kucing.jpg', 'image/jpeg');
export const fetchedProgram = serverFile('kucing.jpg', 'application/x-msdownload');
export const TRANSFER_ID = 't1';
const tooLarge = uploadRefusal('file_too_large', 'The file is too large. At most 5 MB.', 413);
const inUse = uploadRefusal('media_in_use', 'This file is in use and cannot be reverted.', 409);
const fetchFailed = uploadRefusal('fetch_failed', 'The file at this address could not be fetched.', 502);

/** The options the model's items use: photos and PDFs, one chunk of up to 1000 bytes, no waits. */
export const itemOptions = {
  acceptedTypes: ['image/*', 'application/pdf'],
  chunkSize: 1000,
  chunkForce: true,
  retryDelays: [],
} as const;

export function fakeFilePondOf(world: World): FakeFilePond {
  return (world.input as { client: FakeFilePond }).client;
}

function itemWorld(source: UploadSource): () => World {
  return () => {
    const client = createFakeFilePond();
    const input: UploadItemInput = { id: 'u1', source, client, ...itemOptions };
    return { input, client: createFakeClient(), browser: null, effects: [] };
  };
}

function contextOf(snapshot: AnyMachineSnapshot): UploadItemContext {
  return snapshot.context as UploadItemContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    filename: c.filename,
    serverId: c.serverId,
    transferId: c.transferId,
    progress: c.progress,
    error: c.error,
  });
}

function fields(event: AnyEventObject): Record<string, unknown> {
  return event as unknown as Record<string, unknown>;
}

const loadMethods: FilePondMethod[] = ['load', 'restore', 'fetchUrl'];
const transferMethods: FilePondMethod[] = ['startTransfer', 'offsetOf', 'patch', 'process'];

function settleFirst(
  client: FakeFilePond,
  methods: FilePondMethod[],
  outcome: { value: unknown } | { error: unknown },
): void {
  if (!methods.some((method) => client.settle(method, outcome)))
    throw new Error(`No ${methods.join(' or ')} call to answer`);
}

/** Answers the transfer's requests as a server would until it is done: resume at 0, one chunk. */
const finishTransfer: StepDriver = async ({ world }) => {
  const client = fakeFilePondOf(world);
  if (client.settle('startTransfer', { value: TRANSFER_ID })) await flush();
  if (client.settle('offsetOf', { value: 0 })) await flush();
  if (!client.settle('patch', { value: 100 })) throw new Error('No chunk to answer');
};

const settleLoad: StepDriver = ({ world, event }) => {
  const outcome = event.type.startsWith('xstate.done.')
    ? { value: fields(event)['output'] }
    : { error: fields(event)['error'] };
  settleFirst(fakeFilePondOf(world), loadMethods, outcome);
};

const settleRevert: StepDriver = ({ world, event }) => {
  const outcome = event.type.startsWith('xstate.done.')
    ? { value: undefined }
    : { error: fields(event)['error'] };
  settleFirst(fakeFilePondOf(world), ['revert'], outcome);
};

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('loading'))
    return [
      {
        type: 'xstate.done.actor.load',
        output:
          c.source.kind === 'server' ? (c.origin === 'local' ? galleryPdf : restoredPhoto) : fetchedPhoto,
      },
      ...(c.source.kind === 'url' ? [{ type: 'xstate.done.actor.load', output: fetchedProgram }] : []),
      {
        type: 'xstate.error.actor.load',
        error: c.source.kind === 'url' ? fetchFailed : connectionLost('GET'),
      },
      { type: 'upload.remove' },
    ];
  if (snapshot.matches('idle')) return [{ type: 'upload.process' }, { type: 'upload.remove' }];
  if (snapshot.matches('processing')) {
    const out: AnyEventObject[] = [{ type: 'upload.abort' }];
    if (c.transferId === null)
      out.push(
        { type: 'upload.transferStarted', transferId: TRANSFER_ID },
        { type: 'xstate.error.actor.transfer', error: tooLarge },
      );
    else {
      if (c.progress.loaded < 50) out.push({ type: 'upload.progress', loaded: 50, total: 100 });
      out.push(
        { type: 'xstate.done.actor.transfer', output: TRANSFER_ID },
        { type: 'xstate.error.actor.transfer', error: connectionLost() },
      );
    }
    return out;
  }
  if (snapshot.matches({ 'processing-complete': 'temporary' }))
    return [{ type: 'upload.revert' }, { type: 'upload.remove' }];
  if (snapshot.matches({ busy: 'reverting' }))
    return [{ type: 'xstate.done.actor.revert' }, { type: 'xstate.error.actor.revert', error: inUse }];
  if (snapshot.matches({ busy: 'removing' }))
    return [
      { type: 'xstate.done.actor.remove' },
      { type: 'xstate.error.actor.remove', error: connectionLost('DELETE') },
    ];
  if (snapshot.matches('processing-error') || snapshot.matches('cancelled'))
    return [{ type: 'upload.retry' }, { type: 'upload.remove' }];
  if (snapshot.matches('processing-revert-error'))
    return [{ type: 'upload.revert' }, { type: 'upload.remove' }];
  if (snapshot.matches('remove-error')) return [{ type: 'upload.remove' }, { type: 'upload.release' }];
  return [{ type: 'upload.remove' }];
}

const process = { type: 'upload.process' };
const started = { type: 'upload.transferStarted', transferId: TRANSFER_ID };
const restored = { type: 'xstate.done.actor.load', output: restoredPhoto };

function describeEvent(event: AnyEventObject): string {
  const f = fields(event);
  const failure = (): string => {
    const error = f['error'] as { reason?: string; message: string };
    return error.reason === undefined ? 'the connection drops' : `the server refuses (${error.reason})`;
  };
  switch (event.type) {
    case 'upload.process':
      return 'the item is processed (upload.process)';
    case 'upload.abort':
      return 'the user cancels the upload (upload.abort)';
    case 'upload.retry':
      return 'the user retries (upload.retry)';
    case 'upload.revert':
      return 'the user undoes the upload (upload.revert)';
    case 'upload.remove':
      return 'the user removes the item (upload.remove)';
    case 'upload.release':
      return 'the user drops it without the server (upload.release)';
    case 'upload.transferStarted':
      return `the server starts chunked transfer ${String(f['transferId'])}`;
    case 'upload.progress':
      return `the server holds ${String(f['loaded'])} of ${String(f['total'])} bytes`;
    case 'xstate.done.actor.load':
      return `the server answers ${(f['output'] as ServerFile).filename} (${(f['output'] as ServerFile).type})`;
    case 'xstate.done.actor.transfer':
      return 'the last chunk is stored';
    case 'xstate.done.actor.revert':
      return 'the server deletes the temporary upload';
    case 'xstate.done.actor.remove':
      return 'the server deletes the temporary upload';
    case 'xstate.error.actor.load':
      return `loading fails: ${failure()}`;
    case 'xstate.error.actor.transfer':
      return `the upload fails: ${failure()}`;
    case 'xstate.error.actor.revert':
      return `the revert fails: ${failure()}`;
    case 'xstate.error.actor.remove':
      return `the removal fails: ${failure()}`;
    default:
      return event.type;
  }
}

/** 'processing-complete (temporary)', 'busy (removing)', 'idle'. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  if (typeof snapshot.value === 'string') return snapshot.value;
  return Object.entries(snapshot.value)
    .map(([parent, child]) => `${parent} (${String(child)})`)
    .join(', ');
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const parts = [stateName(snapshot)];
  if (c.filename !== '') parts.push(c.filename);
  if (c.transferId !== null) parts.push(`transfer ${c.transferId}`);
  if (snapshot.matches('processing')) parts.push(`${c.progress.loaded}/${c.progress.total} bytes`);
  if (c.serverId !== null) parts.push(`server id ${c.serverId}`);
  if (c.error !== null) parts.push(`"${c.error.main}" / "${c.error.sub}"`);
  return parts.join(', ');
}

export const uploadModel: PathModel = {
  name: 'upload',
  machine: uploadMachine,
  serialize,
  starts: [
    { label: 'a photo picked, 100 bytes', world: itemWorld({ kind: 'file', file: photo }) },
    { label: 'a program picked', world: itemWorld({ kind: 'file', file: program }) },
    {
      label: 'a temporary upload restored after a reload',
      world: itemWorld({ kind: 'server', id: 'srv-9', origin: 'limbo' }),
    },
    { label: 'a gallery file put back', world: itemWorld({ kind: 'server', id: 'g-1', origin: 'local' }) },
    { label: 'a photo link', world: itemWorld({ kind: 'url', url: 'https://example.com/kucing.jpg' }) },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [
          'upload.process',
          'upload.transferStarted',
          'xstate.done.actor.transfer',
          'xstate.done.actor.load',
        ].includes(event.type),
      ),
    toState: (snapshot) => snapshot.matches('processing-complete'),
  },
  // Removals and releases leave the item where it is (the queue stops it): reach each by a scenario.
  scenarios: [
    { start: 0, events: [{ type: 'upload.remove' }] },
    { start: 1, events: [{ type: 'upload.remove' }] },
    // Giving up a slow fetch: the owner stops the item, which aborts the request.
    { start: 4, events: [{ type: 'upload.remove' }] },
    {
      start: 2,
      events: [{ type: 'xstate.error.actor.load', error: connectionLost('GET') }, { type: 'upload.remove' }],
    },
    { start: 3, events: [{ type: 'xstate.done.actor.load', output: galleryPdf }, { type: 'upload.remove' }] },
    // Refused by the server for its size: removal only (load-invalid), no retry.
    {
      start: 0,
      events: [process, { type: 'xstate.error.actor.transfer', error: tooLarge }, { type: 'upload.remove' }],
    },
    // A dropped connection: removal or retry.
    {
      start: 0,
      events: [
        process,
        started,
        { type: 'xstate.error.actor.transfer', error: connectionLost() },
        { type: 'upload.remove' },
      ],
    },
    { start: 0, events: [process, started, { type: 'upload.abort' }, { type: 'upload.remove' }] },
    {
      start: 2,
      events: [
        restored,
        { type: 'upload.revert' },
        { type: 'xstate.error.actor.revert', error: inUse },
        { type: 'upload.remove' },
      ],
    },
    {
      start: 2,
      events: [
        restored,
        { type: 'upload.remove' },
        { type: 'xstate.error.actor.remove', error: connectionLost('DELETE') },
        { type: 'upload.release' },
      ],
    },
    // Transitions into states reached before by a shorter way.
    { start: 0, events: [process, started, { type: 'upload.abort' }, { type: 'upload.retry' }] },
    {
      start: 2,
      events: [
        restored,
        { type: 'upload.revert' },
        { type: 'xstate.error.actor.revert', error: inUse },
        { type: 'upload.revert' },
        { type: 'xstate.done.actor.revert' },
      ],
    },
    {
      start: 2,
      events: [
        restored,
        { type: 'upload.remove' },
        { type: 'xstate.error.actor.remove', error: connectionLost('DELETE') },
        { type: 'upload.remove' },
        { type: 'xstate.done.actor.remove' },
      ],
    },
    // A dropped connection mid-transfer, retried: the same transfer goes on from the server's offset.
    {
      start: 0,
      events: [
        process,
        started,
        { type: 'upload.progress', loaded: 50, total: 100 },
        { type: 'xstate.error.actor.transfer', error: connectionLost() },
        { type: 'upload.retry' },
        { type: 'xstate.done.actor.transfer', output: TRANSFER_ID },
      ],
    },
  ],
  actorActs: {},
  drivers: {
    'xstate.done.actor.load': settleLoad,
    'xstate.error.actor.load': settleLoad,
    'upload.transferStarted': ({ world }) =>
      settleFirst(fakeFilePondOf(world), ['startTransfer'], { value: TRANSFER_ID }),
    'upload.progress': async ({ world, event }) => {
      const client = fakeFilePondOf(world);
      if (client.settle('offsetOf', { value: 0 })) await flush();
      if (!client.progress('patch', Number(fields(event)['loaded']), Number(fields(event)['total'])))
        throw new Error('No chunk in flight');
    },
    'xstate.done.actor.transfer': finishTransfer,
    'xstate.error.actor.transfer': ({ world, event }) =>
      settleFirst(fakeFilePondOf(world), transferMethods, { error: fields(event)['error'] }),
    'xstate.done.actor.revert': settleRevert,
    'xstate.error.actor.revert': settleRevert,
    'xstate.done.actor.remove': settleRevert,
    'xstate.error.actor.remove': settleRevert,
  },
  observe: (actor, world) => {
    actor.on('upload.released', (emitted: UploadItemEmitted) =>
      world.effects?.push(`released ${emitted.id}`),
    );
  },
  describeEvent,
  describeState,
};
