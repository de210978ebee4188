/**
 * An upload field (a "pond"): its items in display order, each an `uploadMachine` it spawns, with
 * FilePond's rules (SPEC.md sections 5 and 9): names on the ignore list are skipped; going over
 * the max files refuses the whole add with a 'Max files' warning; a single-file field that allows
 * replacing takes a new file in place of the old; at most `maxParallelUploads` (2) items process
 * at once, the next waiting one starting when one finishes.
 *
 * The queue knows each item's state from the item itself: an item's status starts as its initial
 * snapshot's, and every state it enters after that arrives as `upload.changed`. Starting an item
 * marks it `processing` at once, so a burst of adds never starts more than the limit.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  checkMaxFiles,
  defaultIgnoredFileNames,
  isIgnoredFile,
  maxFilesWarning,
  UPLOAD_MAX_PARALLEL,
} from '@sapa/sdk';
import type { FilePondClient } from '@sapa/sdk';
import { selectUploadStatus, uploadMachine } from './uploadMachine.ts';
import type { UploadItemInput, UploadSource, UploadStatus } from './uploadMachine.ts';

export type UploadItemRef = ActorRefFrom<typeof uploadMachine>;

export interface UploadQueueInput {
  client: FilePondClient;
  /** FilePond default: false (one file). */
  allowMultiple?: boolean;
  /** With `allowMultiple`; unset or null: unlimited (1,000,000). */
  maxFiles?: number | null;
  /** A single-file field takes a new file in place of the old (default true). */
  allowReplace?: boolean;
  acceptedTypes?: readonly string[];
  typeLabels?: Record<string, string | null>;
  /** Picked files with these names are skipped (default `defaultIgnoredFileNames`). */
  ignoredFiles?: readonly string[];
  /** Default `UPLOAD_MAX_PARALLEL` (2). */
  maxParallelUploads?: number;
  /** Process items as soon as they are ready (default true); otherwise on `queue.process`. */
  instantUpload?: boolean;
  chunkSize?: number;
  chunkForce?: boolean;
  retryDelays?: readonly number[];
  checkSize?: boolean;
  /** The items the field starts with (a gallery file, a temporary upload restored after a reload). */
  files?: UploadSource[];
  /** Makes the id of the `sequence`-th item added (from 1); default `crypto.randomUUID()`. */
  newId?: (sequence: number) => string;
}

export interface UploadQueueItem {
  id: string;
  ref: UploadItemRef;
  /** The item's state as it last told the queue. */
  status: UploadStatus;
  /** The server id of a processed (or loaded server) file. */
  serverId: string | null;
  /** Waiting for a free slot to process. */
  queued: boolean;
}

export interface UploadQueueWarning {
  main: typeof maxFilesWarning;
  max: number;
}

type ItemOptions = Omit<UploadItemInput, 'id' | 'source'>;

export interface UploadQueueContext {
  itemOptions: ItemOptions;
  allowMultiple: boolean;
  maxFiles: number | null;
  allowReplace: boolean;
  ignoredFiles: readonly string[];
  maxParallelUploads: number;
  instantUpload: boolean;
  newId: (sequence: number) => string;
  /** Items added so far (numbers the next id). */
  added: number;
  /** The field's items, in display (and processing) order. */
  items: UploadQueueItem[];
  /** Replaced items still removing their temporary upload from the server; not shown. */
  leaving: UploadQueueItem[];
  warning: UploadQueueWarning | null;
}

export type UploadQueueEvent =
  | { type: 'queue.add'; sources: readonly UploadSource[]; index?: number }
  | { type: 'queue.remove'; id: string }
  | { type: 'queue.move'; id: string; index: number }
  | { type: 'queue.process' }
  /** Processes a failed or cancelled item again when a slot is free. */
  | { type: 'queue.retry'; id: string }
  | { type: 'queue.clear' }
  | { type: 'queue.dismissWarning' }
  | { type: 'upload.changed'; id: string; status: UploadStatus; serverId: string | null }
  | { type: 'upload.released'; id: string };

const startable: readonly UploadStatus[] = ['idle', 'processing-error', 'cancelled'];
const working: readonly UploadStatus[] = ['loading', 'processing', 'busy'];

function keptSources(context: UploadQueueContext, sources: readonly UploadSource[]): UploadSource[] {
  return sources.filter(
    (source) => source.kind !== 'file' || !isIgnoredFile(source.file.name, context.ignoredFiles),
  );
}

function maxFilesCheck(context: UploadQueueContext, adding: number) {
  return checkMaxFiles({
    current: context.items.length,
    adding,
    maxFiles: context.maxFiles,
    allowMultiple: context.allowMultiple,
    allowReplace: context.allowReplace,
  });
}

function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined || !Number.isFinite(index)) return length;
  return Math.max(0, Math.min(length, Math.trunc(index)));
}

/** The items to start now, in order, without going over `max` processing at once. */
function planStarts(items: readonly UploadQueueItem[], max: number): UploadQueueItem[] {
  let free = max - items.filter((item) => item.status === 'processing').length;
  const starts: UploadQueueItem[] = [];
  for (const item of items) {
    if (free <= 0) break;
    if (item.queued && startable.includes(item.status)) {
      starts.push(item);
      free -= 1;
    }
  }
  return starts;
}

type SpawnItem = (src: 'upload', options: { id: string; input: UploadItemInput }) => UploadItemRef;

/** Spawns one item per source; each starts with its initial snapshot's status. */
function createItems(
  context: UploadQueueContext,
  sources: readonly UploadSource[],
  spawn: SpawnItem,
): { added: number; created: UploadQueueItem[] } {
  let added = context.added;
  const created = sources.map((source): UploadQueueItem => {
    added += 1;
    const id = context.newId(added);
    const ref = spawn('upload', { id, input: { ...context.itemOptions, id, source } });
    const snapshot = ref.getSnapshot();
    const status = selectUploadStatus(snapshot);
    return {
      id,
      ref,
      status,
      serverId: snapshot.context.serverId,
      queued: context.instantUpload && status === 'idle',
    };
  });
  return { added, created };
}

function withItem(
  items: readonly UploadQueueItem[],
  id: string,
  change: (item: UploadQueueItem) => UploadQueueItem,
): UploadQueueItem[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export const uploadQueueMachine = setup({
  types: {} as {
    context: UploadQueueContext;
    events: UploadQueueEvent;
    input: UploadQueueInput;
  },
  actors: { upload: uploadMachine },
  guards: {
    overMaxFiles: ({ context }, params: { sources: readonly UploadSource[] }) => {
      const adding = keptSources(context, params.sources).length;
      return adding > 0 && !maxFilesCheck(context, adding).ok;
    },
    isLeaving: ({ context }, params: { id: string }) => context.leaving.some((item) => item.id === params.id),
  },
  actions: {
    warnMaxFiles: assign(({ context }, params: { sources: readonly UploadSource[] }) => ({
      warning: {
        main: maxFilesWarning,
        max: maxFilesCheck(context, keptSources(context, params.sources).length).max,
      },
    })),
    add: enqueueActions(
      ({ context, enqueue }, params: { sources: readonly UploadSource[]; index?: number }) => {
        const sources = keptSources(context, params.sources);
        const check = maxFilesCheck(context, sources.length);
        if (sources.length === 0 || !check.ok) return;
        const replaced = check.replace ? context.items.map((item) => item.id) : [];
        // A replaced temporary upload is removed from the server in the background; the rest just stop.
        const removing = context.items.filter(
          (item) => replaced.includes(item.id) && item.status === 'processing-complete',
        );
        for (const item of context.items.filter((entry) => replaced.includes(entry.id))) {
          if (removing.includes(item)) enqueue.sendTo(item.ref, { type: 'upload.remove' });
          else enqueue.stopChild(item.ref);
        }
        enqueue.assign(({ context: current, spawn }) => {
          const { added, created } = createItems(current, sources, spawn);
          const kept = current.items.filter((item) => !replaced.includes(item.id));
          const at = clampIndex(params.index, kept.length);
          return {
            added,
            items: [...kept.slice(0, at), ...created, ...kept.slice(at)],
            leaving: [...current.leaving, ...removing],
            warning: null,
          };
        });
      },
    ),
    schedule: enqueueActions(({ context, enqueue }) => {
      const starts = planStarts(context.items, context.maxParallelUploads);
      if (starts.length === 0) return;
      for (const item of starts)
        enqueue.sendTo(item.ref, { type: item.status === 'idle' ? 'upload.process' : 'upload.retry' });
      enqueue.assign({
        items: context.items.map((item) =>
          starts.includes(item) ? { ...item, status: 'processing' as const, queued: false } : item,
        ),
      });
    }),
    itemChanged: assign(
      ({ context }, params: { id: string; status: UploadStatus; serverId: string | null }) => ({
        items: withItem(context.items, params.id, (item) => ({
          ...item,
          status: params.status,
          serverId: params.serverId,
          // A file that has just loaded waits for its turn; any other change ends a wait.
          queued: context.instantUpload && item.status === 'loading' && params.status === 'idle',
        })),
      }),
    ),
    leavingChanged: enqueueActions(({ context, enqueue }, params: { id: string; status: UploadStatus }) => {
      const item = context.leaving.find((entry) => entry.id === params.id);
      if (item === undefined || params.status !== 'remove-error') return;
      // Best effort: a replaced file the server would not remove expires there by itself.
      enqueue.stopChild(item.ref);
      enqueue.assign({ leaving: context.leaving.filter((entry) => entry !== item) });
    }),
    forward: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const item = context.items.find((entry) => entry.id === params.id);
      if (item !== undefined) enqueue.sendTo(item.ref, { type: 'upload.remove' });
    }),
    drop: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const item = [...context.items, ...context.leaving].find((entry) => entry.id === params.id);
      if (item === undefined) return;
      enqueue.stopChild(item.ref);
      enqueue.assign({
        items: context.items.filter((entry) => entry !== item),
        leaving: context.leaving.filter((entry) => entry !== item),
      });
    }),
    move: assign(({ context }, params: { id: string; index: number }) => {
      const item = context.items.find((entry) => entry.id === params.id);
      if (item === undefined) return {};
      const rest = context.items.filter((entry) => entry !== item);
      const at = clampIndex(params.index, rest.length);
      return { items: [...rest.slice(0, at), item, ...rest.slice(at)] };
    }),
    queueIdle: assign(({ context }) => ({
      items: context.items.map((item) => (item.status === 'idle' ? { ...item, queued: true } : item)),
    })),
    queueRetry: assign(({ context }, params: { id: string }) => ({
      items: withItem(context.items, params.id, (item) =>
        item.status === 'processing-error' || item.status === 'cancelled' ? { ...item, queued: true } : item,
      ),
    })),
    clear: enqueueActions(({ context, enqueue }) => {
      for (const item of [...context.items, ...context.leaving]) enqueue.stopChild(item.ref);
      enqueue.assign({ items: [], leaving: [], warning: null });
    }),
    dismissWarning: assign({ warning: null }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input, spawn }) => {
    const context: UploadQueueContext = {
      itemOptions: {
        client: input.client,
        ...(input.acceptedTypes !== undefined ? { acceptedTypes: input.acceptedTypes } : {}),
        ...(input.typeLabels !== undefined ? { typeLabels: input.typeLabels } : {}),
        ...(input.chunkSize !== undefined ? { chunkSize: input.chunkSize } : {}),
        ...(input.chunkForce !== undefined ? { chunkForce: input.chunkForce } : {}),
        ...(input.retryDelays !== undefined ? { retryDelays: input.retryDelays } : {}),
        ...(input.checkSize !== undefined ? { checkSize: input.checkSize } : {}),
      },
      allowMultiple: input.allowMultiple ?? false,
      maxFiles: input.maxFiles ?? null,
      allowReplace: input.allowReplace ?? true,
      ignoredFiles: input.ignoredFiles ?? defaultIgnoredFileNames,
      maxParallelUploads: Math.max(1, input.maxParallelUploads ?? UPLOAD_MAX_PARALLEL),
      instantUpload: input.instantUpload ?? true,
      newId: input.newId ?? (() => crypto.randomUUID()),
      added: 0,
      items: [],
      leaving: [],
      warning: null,
    };
    // The files a field starts with are taken as they are (they were accepted before).
    const { added, created } = createItems(context, input.files ?? [], spawn);
    return { ...context, added, items: created };
  },
  entry: 'schedule',
  on: {
    'queue.add': [
      {
        guard: { type: 'overMaxFiles', params: ({ event }) => event },
        actions: { type: 'warnMaxFiles', params: ({ event }) => event },
      },
      { actions: [{ type: 'add', params: ({ event }) => event }, 'schedule'] },
    ],
    'queue.remove': { actions: { type: 'forward', params: ({ event }) => event } },
    'queue.move': { actions: { type: 'move', params: ({ event }) => event } },
    'queue.process': { actions: ['queueIdle', 'schedule'] },
    'queue.retry': { actions: [{ type: 'queueRetry', params: ({ event }) => event }, 'schedule'] },
    'queue.clear': { actions: 'clear' },
    'queue.dismissWarning': { actions: 'dismissWarning' },
    'upload.changed': [
      {
        guard: { type: 'isLeaving', params: ({ event }) => event },
        actions: { type: 'leavingChanged', params: ({ event }) => event },
      },
      { actions: [{ type: 'itemChanged', params: ({ event }) => event }, 'schedule'] },
    ],
    'upload.released': { actions: { type: 'drop', params: ({ event }) => event } },
  },
});

export type UploadQueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

export function selectQueueItems(snapshot: UploadQueueSnapshot): UploadQueueItem[] {
  return snapshot.context.items;
}

export function selectQueueWarning(snapshot: UploadQueueSnapshot): UploadQueueWarning | null {
  return snapshot.context.warning;
}

/** Whether any item is loading, processing, reverting/removing or waiting to process (a send should wait). */
export function selectQueueBusy(snapshot: UploadQueueSnapshot): boolean {
  return snapshot.context.items.some((item) => item.queued || working.includes(item.status));
}

/** The server ids of the processed items, in display order (what a send carries). */
export function selectServerIds(snapshot: UploadQueueSnapshot): string[] {
  return snapshot.context.items.flatMap((item) =>
    item.status === 'processing-complete' && item.serverId !== null ? [item.serverId] : [],
  );
}
