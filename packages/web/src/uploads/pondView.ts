/**
 * What the pond binding knows of FilePond (the few item fields and instance methods it uses, so
 * tests use a stand-in) and of the queue's items: how one enters the pond, and how to wait on it.
 */
import type { ActorRefFrom } from 'xstate';
import type {
  UploadItemRef,
  UploadItemSnapshot,
  UploadQueueItem,
  uploadQueueMachine,
} from '@sapa/machines/uploads';

/** FilePond's item statuses (`FileStatus`) the binding reads. */
export const PondStatus = {
  IDLE: 2,
  PROCESSING: 3,
  PROCESSING_COMPLETE: 5,
  PROCESSING_ERROR: 6,
  LOADING: 7,
  PROCESSING_QUEUED: 9,
  PROCESSING_REVERT_ERROR: 10,
} as const;

/** The part of a FilePond item the binding reads. */
export interface PondItem {
  id: string;
  status: number;
  getMetadata(key: string): unknown;
}

export interface PondAddOptions {
  index: number;
  type?: 'local' | 'limbo';
  file?: { name: string; size: number; type: string };
  metadata: { queueId: string };
}

/** The part of FilePond's instance API the binding uses. */
export interface PondView {
  addFile(source: Blob | string, options: PondAddOptions): Promise<unknown>;
  removeFile(id: string, options: { revert: boolean; remove: boolean }): void;
  moveFile(id: string, index: number): void;
  processFile(id: string): Promise<unknown>;
  getFiles(): PondItem[];
}

export type QueueActor = ActorRefFrom<typeof uploadQueueMachine>;

export const QUEUE_ID = 'queueId';

export function queueIdOf(item: PondItem): string | null {
  const id = item.getMetadata(QUEUE_ID);
  return typeof id === 'string' ? id : null;
}

/** A file FilePond can show: the bytes under the item's name and type. */
export function asFile(blob: Blob, name: string, type: string): File {
  if (blob instanceof File && blob.name === name) return blob;
  return new File([blob], name || 'file', { type: type || blob.type });
}

/**
 * Calls `settle` with each snapshot of the item until it answers true; also when the item is
 * stopped (dropped from the queue), with `null`. Answers the function that stops listening.
 */
export function watch(
  ref: UploadItemRef,
  settle: (snapshot: UploadItemSnapshot | null) => boolean,
): () => void {
  let done = false;
  let subscription: { unsubscribe(): void } | null = null;
  const check = (snapshot: UploadItemSnapshot) => {
    if (done) return;
    const finished = snapshot.status !== 'active';
    if (settle(finished ? null : snapshot) || finished) {
      done = true;
      subscription?.unsubscribe();
    }
  };
  subscription = ref.subscribe({ next: check, complete: () => check(ref.getSnapshot()) });
  check(ref.getSnapshot());
  if (done) subscription.unsubscribe();
  return () => {
    done = true;
    subscription?.unsubscribe();
  };
}

/**
 * How a queue item enters the pond: its bytes, or its server id for FilePond's load/restore. A
 * server file goes without a stand-in ("mock"): FilePond then asks `server.load`, which the bridge
 * answers with the item's bytes once the queue has them, so it shows the real size and an image's
 * preview. A mock (a blank tile) is only for a stored file whose bytes the queue does not hold.
 */
export function pondEntry(item: UploadQueueItem): {
  source: Blob | string;
  type?: 'local' | 'limbo';
  file?: PondAddOptions['file'];
} {
  const context = item.ref.getSnapshot().context;
  const mock = { name: context.filename, size: context.size, type: context.type };
  if (item.status === 'processing-complete' && item.serverId !== null) {
    const type = context.origin === 'local' ? 'local' : 'limbo';
    return context.file === null
      ? { source: item.serverId, type, file: mock }
      : { source: item.serverId, type };
  }
  if (context.source.kind === 'file') return { source: context.source.file };
  if (context.source.kind === 'server') return { source: context.source.id, type: context.source.origin };
  if (context.file !== null) return { source: asFile(context.file, context.filename, context.type) };
  return { source: context.source.url };
}
