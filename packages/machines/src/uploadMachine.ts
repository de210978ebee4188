/**
 * One item of an upload field (a "pond"), with FilePond's item states (SPEC.md section 4):
 * `idle`, `busy`, `loading`, `load-invalid`, `load-error`, `remove-error`, `processing`,
 * `processing-complete`, `processing-error`, `processing-revert-error` and `cancelled`.
 *
 * An item starts `loading`: a picked file is checked at once (type, SPEC.md section 5, and
 * WhatsApp's size for its kind); a server file is loaded (`load` for a gallery file, `restore`
 * for a temporary upload) and a URL fetched through the server. Processing runs the SDK's
 * `transferFile` (chunks, retries, resume) in the `transfer` actor; a retry passes the kept
 * `transferId`, so an interrupted chunked transfer goes on from the server's offset. A file the
 * server refuses for what it is (`file_invalid_type`, `file_too_large`: trying again cannot
 * help) ends `load-invalid`, which offers removal and no retry. A picked file whose browser gave
 * it no type is checked by its name's extension.
 *
 * The item tells its owner what happens: on entering each state it sends
 * `{ type: 'upload.changed', id, status }` to its parent (and emits it), and when it is to be
 * dropped it sends and emits `{ type: 'upload.released', id }` and stays where it is; the owner
 * (the queue machine) stops it.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import {
  formatFileSize,
  guessMimeType,
  isApiError,
  isNetworkError,
  maxMediaBytes,
  transferFile,
  UPLOAD_CHUNK_RETRY_DELAYS_MS,
  UPLOAD_CHUNK_SIZE,
  validateFileType,
} from '@sapa/sdk';
import type { FilePondClient, ServerFile } from '@sapa/sdk';

/** A picked file (a browser `File` fits): bytes with a name. */
export type UploadFileLike = Blob & { readonly name: string };

export type UploadSource =
  /** Dropped, browsed or pasted. */
  | { kind: 'file'; file: UploadFileLike }
  /** `local`: a stored (gallery) file, `load`ed; `limbo`: a temporary upload, `restore`d. */
  | { kind: 'server'; id: string; origin: 'local' | 'limbo' }
  /** Fetched through the server (`fetchUrl`), then processed as any picked file. */
  | { kind: 'url'; url: string };

export interface UploadItemInput {
  id: string;
  source: UploadSource;
  client: FilePondClient;
  /** Accepted MIME types (`image/*` matches the major type); empty or left out: anything. */
  acceptedTypes?: readonly string[];
  /** Labels for types in the refusal's sub message; `null` hides a type. */
  typeLabels?: Record<string, string | null>;
  chunkSize?: number;
  chunkForce?: boolean;
  retryDelays?: readonly number[];
  /** Refuse a file over WhatsApp's limit for its kind (`maxMediaBytes`) before uploading (default true). */
  checkSize?: boolean;
}

export const uploadStatuses = [
  'idle',
  'busy',
  'loading',
  'load-invalid',
  'load-error',
  'remove-error',
  'processing',
  'processing-complete',
  'processing-error',
  'processing-revert-error',
  'cancelled',
] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

/** What an item shows when something failed: a main line and a sub line. */
export interface UploadError {
  main: string;
  sub: string;
}

export interface UploadItemContext {
  id: string;
  filename: string;
  size: number;
  /** The MIME type ('' when unknown). */
  type: string;
  /** The bytes: the picked file, or what load/restore/fetch answered. */
  file: Blob | null;
  /** The server's id once processed (or the loaded server file's id). */
  serverId: string | null;
  /** A chunked transfer the server has started: a retry resumes it from the server's offset. */
  transferId: string | null;
  progress: { loaded: number; total: number };
  error: UploadError | null;
  /** `input`: picked or fetched by URL; `local`: a gallery file; `limbo`: a temporary upload. */
  origin: 'input' | 'local' | 'limbo';
  source: UploadSource;
  client: FilePondClient;
  acceptedTypes: readonly string[];
  typeLabels: Record<string, string | null>;
  chunkSize: number;
  chunkForce: boolean;
  retryDelays: readonly number[];
  checkSize: boolean;
}

export type UploadItemEvent =
  | { type: 'upload.process' }
  | { type: 'upload.abort' }
  | { type: 'upload.retry' }
  | { type: 'upload.revert' }
  | { type: 'upload.remove' }
  /** From `remove-error`: drop the item without the server. */
  | { type: 'upload.release' }
  /** Sent by the `transfer` actor. */
  | { type: 'upload.progress'; loaded: number; total: number }
  /** Sent by the `transfer` actor once the server answered a chunked transfer's id. */
  | { type: 'upload.transferStarted'; transferId: string };

export type UploadItemEmitted =
  /** On entering each state after the first (the first is in the initial snapshot). */
  | { type: 'upload.changed'; id: string; status: UploadStatus; serverId: string | null }
  | { type: 'upload.released'; id: string };

export type UploadItemTag =
  'canRemove' | 'canRetry' | 'canRevert' | 'canAbort' | 'canProcess' | 'working' | 'reverting' | 'removing';

export interface UploadTransferInput {
  client: FilePondClient;
  file: Blob | null;
  filename: string;
  chunkSize: number;
  chunkForce: boolean;
  retryDelays: readonly number[];
  transferId: string | null;
  onProgress: (loaded: number, total: number) => void;
  onTransfer: (transferId: string) => void;
}

/** Loads a server source (`load` or `restore`) or fetches a URL through the server. */
export const loadUpload = fromPromise<ServerFile, { client: FilePondClient; source: UploadSource }>(
  ({ input: { client, source }, signal }) => {
    if (source.kind === 'url') return client.fetchUrl(source.url, { signal });
    if (source.kind === 'server')
      return source.origin === 'local'
        ? client.load(source.id, { signal })
        : client.restore(source.id, { signal });
    return Promise.reject(new Error('A picked file needs no loading'));
  },
);

/** The whole upload (`transferFile`); its request is aborted when the item leaves `processing`. */
export const transferUpload = fromPromise<string, UploadTransferInput>(({ input, signal }) => {
  if (input.file === null) return Promise.reject(new Error('No file to upload'));
  return transferFile(input.client, input.file, {
    filename: input.filename,
    chunkSize: input.chunkSize,
    chunkForce: input.chunkForce,
    retryDelays: input.retryDelays,
    transferId: input.transferId,
    signal,
    onProgress: input.onProgress,
    onTransfer: input.onTransfer,
  });
});

/** Deletes the temporary upload on the server (FilePond's revert); used to revert and to remove. */
export const revertUpload = fromPromise<void, { client: FilePondClient; serverId: string | null }>(
  ({ input, signal }) => {
    if (input.serverId === null) return Promise.resolve();
    return input.client.revert(input.serverId, { signal });
  },
);

const failureLabels = {
  load: 'Error during load',
  processing: 'Error during upload',
  revert: 'Error during revert',
  remove: 'Error during remove',
} as const;

/**
 * What a failure shows: the server's message (already translated) over its reason, or, when
 * the server was not reached, FilePond's label for the step over what went wrong.
 */
export function uploadErrorOf(error: unknown, step: keyof typeof failureLabels): UploadError {
  if (isApiError(error)) return { main: error.message, sub: error.reason ?? '' };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // A NetworkError reads 'Request failed: PATCH https://…': keep what happened, not the address.
  const sub = isNetworkError(error) ? (message.split(':', 1)[0] ?? message) : message;
  return { main: failureLabels[step], sub };
}

function fileNameOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** What the server refuses for what the file is: a retry would be refused alike. */
const REFUSED_FOR_GOOD: ReadonlySet<string> = new Set(['file_invalid_type', 'file_too_large']);

/** Why a file (or a URL, by its extension) is refused before any upload, or null. */
function refusalOf(
  context: UploadItemContext,
  file: { type: string; size: number; name?: string } | string,
  checkSize = context.checkSize,
): UploadError | null {
  // A file the browser could not type (`''`) is judged by its name, as a URL is.
  const typed = typeof file !== 'string' && file.type === '' && file.name ? file.name : file;
  const checked = validateFileType(typed, context.acceptedTypes, { labels: context.typeLabels });
  if (!checked.valid) return { main: checked.main, sub: checked.sub };
  if (typeof file === 'string' || !checkSize) return null;
  const max = maxMediaBytes(file.type);
  if (file.size <= max) return null;
  return { main: 'File is too large', sub: `Maximum file size is ${formatFileSize(max, 'en')}` };
}

function sourceRefusal(context: UploadItemContext): UploadError | null {
  const { source } = context;
  if (source.kind === 'file') return refusalOf(context, source.file);
  if (source.kind === 'url') return refusalOf(context, source.url);
  return null;
}

/** Why a loaded file is refused: its type, and for a fetched URL its size too (stored files were checked). */
function loadedRefusal(
  context: UploadItemContext,
  loaded: { type: string; size: number },
): UploadError | null {
  return refusalOf(context, loaded, context.checkSize && context.source.kind === 'url');
}

function initialContext(input: UploadItemInput): UploadItemContext {
  const { source } = input;
  const described =
    source.kind === 'file'
      ? { filename: source.file.name, size: source.file.size, type: source.file.type, file: source.file }
      : source.kind === 'url'
        ? { filename: fileNameOf(source.url), size: 0, type: guessMimeType(source.url), file: null }
        : { filename: '', size: 0, type: '', file: null };
  return {
    id: input.id,
    ...described,
    serverId: null,
    transferId: null,
    progress: { loaded: 0, total: described.size },
    error: null,
    origin: source.kind === 'server' ? source.origin : 'input',
    source,
    client: input.client,
    acceptedTypes: input.acceptedTypes ?? [],
    typeLabels: input.typeLabels ?? {},
    chunkSize: input.chunkSize ?? UPLOAD_CHUNK_SIZE,
    chunkForce: input.chunkForce ?? false,
    retryDelays: input.retryDelays ?? UPLOAD_CHUNK_RETRY_DELAYS_MS,
    checkSize: input.checkSize ?? true,
  };
}

const announce = (status: UploadStatus) => ({ type: 'announce', params: { status } }) as const;

export const uploadMachine = setup({
  types: {} as {
    context: UploadItemContext;
    events: UploadItemEvent;
    input: UploadItemInput;
    emitted: UploadItemEmitted;
    children: { load: 'load'; transfer: 'transfer'; revert: 'revert'; remove: 'remove' };
    tags: UploadItemTag;
  },
  actors: { load: loadUpload, transfer: transferUpload, revert: revertUpload, remove: revertUpload },
  guards: {
    sourceRefused: ({ context }) => sourceRefusal(context) !== null,
    isPickedFile: ({ context }) => context.source.kind === 'file',
    loadedRefused: ({ context }, params: { loaded: ServerFile }) =>
      loadedRefusal(context, { type: params.loaded.type, size: params.loaded.blob.size }) !== null,
    isGalleryFile: ({ context }) => context.origin === 'local',
    isTemporaryUpload: ({ context }) => context.origin === 'limbo',
    refusedForGood: (_, params: { error: unknown }) =>
      isApiError(params.error) && REFUSED_FOR_GOOD.has(params.error.reason ?? ''),
  },
  actions: {
    // The first state is in the initial snapshot: only the states entered after it are told.
    announce: enqueueActions(({ context, event: cause, self, enqueue }, params: { status: UploadStatus }) => {
      if ((cause as { type: string }).type === 'xstate.init') return;
      const event = {
        type: 'upload.changed',
        id: context.id,
        status: params.status,
        serverId: context.serverId,
      } as const;
      if (self._parent !== undefined) enqueue.sendParent(event);
      enqueue.emit(event);
    }),
    release: enqueueActions(({ context, self, enqueue }) => {
      const event = { type: 'upload.released', id: context.id } as const;
      if (self._parent !== undefined) enqueue.sendParent(event);
      enqueue.emit(event);
    }),
    refuseSource: assign(({ context }) => ({ error: sourceRefusal(context) })),
    keepLoaded: assign((_, params: { loaded: ServerFile }) => ({
      file: params.loaded.blob,
      filename: params.loaded.filename,
      type: params.loaded.type,
      size: params.loaded.blob.size,
      progress: { loaded: 0, total: params.loaded.blob.size },
    })),
    refuseLoaded: assign(({ context }) => ({
      error: loadedRefusal(context, { type: context.type, size: context.size }),
    })),
    keepServerId: assign(({ context }) => ({
      serverId: context.source.kind === 'server' ? context.source.id : null,
      progress: { loaded: context.size, total: context.size },
    })),
    showError: assign((_, params: { error: unknown; step: keyof typeof failureLabels }) => ({
      error: uploadErrorOf(params.error, params.step),
    })),
    clearError: assign({ error: null }),
    progress: assign((_, params: { loaded: number; total: number }) => ({
      progress: { loaded: params.loaded, total: params.total },
    })),
    keepTransferId: assign((_, params: { transferId: string }) => ({ transferId: params.transferId })),
    processed: assign(({ context }, params: { serverId: string }) => ({
      serverId: params.serverId,
      progress: { loaded: context.size, total: context.size },
    })),
    forgetServerFile: assign(({ context }) => ({
      serverId: null,
      transferId: null,
      progress: { loaded: 0, total: context.size },
    })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => initialContext(input),
  initial: 'loading',
  states: {
    loading: {
      tags: ['working', 'canRemove'],
      entry: announce('loading'),
      // A slow fetch can be given up: the owner stops the item, which aborts the request.
      on: { 'upload.remove': { actions: 'release' } },
      always: [
        { guard: 'sourceRefused', target: 'load-invalid', actions: 'refuseSource' },
        { guard: 'isPickedFile', target: 'idle' },
      ],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ client: context.client, source: context.source }),
        onDone: [
          {
            guard: { type: 'loadedRefused', params: ({ event }) => ({ loaded: event.output }) },
            target: 'load-invalid',
            actions: [
              { type: 'keepLoaded', params: ({ event }) => ({ loaded: event.output }) },
              'refuseLoaded',
            ],
          },
          {
            guard: 'isGalleryFile',
            target: 'processing-complete.stored',
            actions: [
              { type: 'keepLoaded', params: ({ event }) => ({ loaded: event.output }) },
              'keepServerId',
            ],
          },
          {
            guard: 'isTemporaryUpload',
            target: 'processing-complete.temporary',
            actions: [
              { type: 'keepLoaded', params: ({ event }) => ({ loaded: event.output }) },
              'keepServerId',
            ],
          },
          {
            target: 'idle',
            actions: { type: 'keepLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
        ],
        onError: {
          target: 'load-error',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error, step: 'load' }) },
        },
      },
    },
    'load-invalid': {
      tags: ['canRemove'],
      entry: announce('load-invalid'),
      on: { 'upload.remove': { actions: 'release' } },
    },
    'load-error': {
      tags: ['canRemove'],
      entry: announce('load-error'),
      on: { 'upload.remove': { actions: 'release' } },
    },
    /** A file waiting to be processed (the queue starts it, or `upload.process`). */
    idle: {
      tags: ['canRemove', 'canProcess'],
      entry: announce('idle'),
      on: {
        'upload.process': { target: 'processing' },
        'upload.remove': { actions: 'release' },
      },
    },
    processing: {
      tags: ['working', 'canAbort'],
      entry: [announce('processing'), 'clearError'],
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context, self }) => ({
          client: context.client,
          file: context.file,
          filename: context.filename,
          chunkSize: context.chunkSize,
          chunkForce: context.chunkForce,
          retryDelays: context.retryDelays,
          transferId: context.transferId,
          onProgress: (loaded, total) => self.send({ type: 'upload.progress', loaded, total }),
          onTransfer: (transferId) => self.send({ type: 'upload.transferStarted', transferId }),
        }),
        onDone: {
          target: 'processing-complete.temporary',
          actions: { type: 'processed', params: ({ event }) => ({ serverId: event.output }) },
        },
        onError: [
          {
            guard: { type: 'refusedForGood', params: ({ event }) => ({ error: event.error }) },
            target: 'load-invalid',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ error: event.error, step: 'processing' }),
            },
          },
          {
            target: 'processing-error',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ error: event.error, step: 'processing' }),
            },
          },
        ],
      },
      on: {
        'upload.progress': { actions: { type: 'progress', params: ({ event }) => event } },
        'upload.transferStarted': { actions: { type: 'keepTransferId', params: ({ event }) => event } },
        'upload.abort': { target: 'cancelled' },
      },
    },
    'processing-complete': {
      entry: announce('processing-complete'),
      initial: 'temporary',
      states: {
        /** A temporary upload (picked, fetched or restored): it can be reverted. */
        temporary: {
          tags: ['canRemove', 'canRevert'],
          on: {
            'upload.revert': { target: '#upload.busy.reverting' },
            'upload.remove': { target: '#upload.busy.removing' },
          },
        },
        /** A gallery file: removing it from the field leaves it on the server. */
        stored: {
          tags: ['canRemove'],
          on: { 'upload.remove': { actions: 'release' } },
        },
      },
    },
    'processing-error': {
      tags: ['canRemove', 'canRetry'],
      entry: announce('processing-error'),
      on: {
        'upload.retry': { target: 'processing' },
        'upload.remove': { actions: 'release' },
      },
    },
    cancelled: {
      tags: ['canRemove', 'canRetry'],
      entry: announce('cancelled'),
      on: {
        'upload.retry': { target: 'processing' },
        'upload.remove': { actions: 'release' },
      },
    },
    busy: {
      tags: ['working'],
      entry: [announce('busy'), 'clearError'],
      initial: 'reverting',
      states: {
        reverting: {
          tags: ['reverting'],
          invoke: {
            id: 'revert',
            src: 'revert',
            input: ({ context }) => ({ client: context.client, serverId: context.serverId }),
            onDone: { target: '#upload.idle', actions: 'forgetServerFile' },
            onError: {
              target: '#upload.processing-revert-error',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error, step: 'revert' }) },
            },
          },
        },
        removing: {
          tags: ['removing'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ client: context.client, serverId: context.serverId }),
            // The server copy is gone: the item is a local file again, and is released.
            onDone: { target: '#upload.idle', actions: ['forgetServerFile', 'release'] },
            onError: {
              target: '#upload.remove-error',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error, step: 'remove' }) },
            },
          },
        },
      },
    },
    'processing-revert-error': {
      tags: ['canRemove', 'canRevert'],
      entry: announce('processing-revert-error'),
      on: {
        'upload.revert': { target: 'busy.reverting' },
        'upload.remove': { actions: 'release' },
      },
    },
    'remove-error': {
      tags: ['canRemove'],
      entry: announce('remove-error'),
      on: {
        'upload.remove': { target: 'busy.removing' },
        'upload.release': { actions: 'release' },
      },
    },
  },
});

export type UploadItemSnapshot = SnapshotFrom<typeof uploadMachine>;

/** The item's state, one of the 11 of SPEC.md section 4. */
export function selectUploadStatus(snapshot: UploadItemSnapshot): UploadStatus {
  return uploadStatuses.find((status) => snapshot.matches(status)) ?? 'loading';
}

/** Share of the file the server holds, 0 to 1. */
export function selectUploadProgress(snapshot: UploadItemSnapshot): number {
  const { loaded, total } = snapshot.context.progress;
  return total > 0 ? Math.min(1, loaded / total) : snapshot.matches('processing-complete') ? 1 : 0;
}

export function selectUploadError(snapshot: UploadItemSnapshot): UploadError | null {
  return snapshot.context.error;
}
