/**
 * Binds one FilePond instance (the view) to one upload queue actor (the logic). No React here,
 * and nothing of FilePond is imported: the pond is reached through the few methods it offers
 * (`PondView`), so the binding is tested with a stand-in.
 *
 * - What the agent adds in the pond (drop, browse) reaches `add` (the queue, or the composer in
 *   front of it) before FilePond keeps anything; FilePond itself adds nothing. The queue's items
 *   are then mirrored into the pond (`reconcile`): added, removed and moved to match.
 * - FilePond's `server` functions do not talk to the server: they wait on the queue's items,
 *   which do (process, revert, load, restore, fetch), and report their progress and outcome.
 * - What the agent does to an item in the pond (remove, cancel, retry, undo, reorder) is sent
 *   to the queue or the item.
 */
import {
  selectUploadStatus,
  type UploadError,
  type UploadItemSnapshot,
  type UploadQueueItem,
  type UploadSource,
} from '@sapa/machines/uploads';
import {
  asFile,
  pondEntry,
  PondStatus,
  QUEUE_ID,
  queueIdOf,
  watch,
  type PondItem,
  type PondView,
  type QueueActor,
} from './pondView.ts';

type Progress = (computable: boolean, loaded: number, total: number) => void;
type Handle = { abort(): void };

export interface PondBridgeOptions {
  queue: QueueActor;
  /** Where the agent's adds go (default: `queue.add` on the queue). */
  add(sources: UploadSource[]): void;
  /** An item's failure as the viewer reads it (`null`: the item is gone). */
  explain(error: UploadError | null, mimeType: string): UploadError;
}

export interface PondBridge {
  /** Starts mirroring the queue into `pond`; answers the function that stops it. */
  attach(pond: PondView): () => void;
  /** What FilePond picked up from a drop or the browse dialog (files or URLs). */
  addFromPond(items: readonly unknown[]): void;
  /** Why the item FilePond just loaded is refused (translated), or null (it shows as `load-invalid`). */
  refusalOf(queueId: string): UploadError | null;
  owns(queueId: string): boolean;
  server: {
    process(
      field: string,
      file: Blob,
      metadata: Record<string, unknown>,
      load: (id: string) => void,
      error: (text: string) => void,
      progress: Progress,
      abort: () => void,
    ): Handle;
    revert(serverId: string, load: () => void, error: (text: string) => void): void;
    load(
      source: string,
      load: (file: File) => void,
      error: (text: string) => void,
      progress: Progress,
      abort: () => void,
    ): Handle;
  };
  beforeRemoveFile(item: PondItem): Promise<boolean>;
  /** FilePond removed an item (after a cancel or an undo): the queue lets it go too. */
  onRemoved(item: PondItem): void;
  onReordered(items: readonly PondItem[]): void;
}

export function createPondBridge(options: PondBridgeOptions): PondBridge {
  const { queue } = options;
  /** Queue items put in the pond (never put back once FilePond let one go). */
  const mirrored = new Set<string>();
  /** Items the pond was asked to follow the upload of (once per upload). */
  const followed = new Set<string>();
  /** Server ids and URLs FilePond is to load, with the queue item each belongs to. */
  const loads = new Map<string, string[]>();
  let pond: PondView | null = null;

  const items = () => queue.getSnapshot().context.items;
  const itemById = (id: unknown) =>
    typeof id === 'string' ? items().find((item) => item.id === id) : undefined;

  function expectLoad(source: string, id: string) {
    loads.set(source, [...(loads.get(source) ?? []), id]);
  }

  function takeLoad(source: string): UploadQueueItem | undefined {
    const waiting = loads.get(source) ?? [];
    const id = waiting.shift();
    if (waiting.length === 0) loads.delete(source);
    return itemById(id) ?? items().find((item) => item.serverId === source);
  }

  function reconcile() {
    const view = pond;
    if (view === null) return;
    const current = items();
    for (const file of view.getFiles()) {
      const id = queueIdOf(file);
      if (id === null || !current.some((item) => item.id === id))
        view.removeFile(file.id, { revert: false, remove: false });
    }
    current.forEach((item, index) => {
      if (mirrored.has(item.id)) return;
      mirrored.add(item.id);
      const entry = pondEntry(item);
      if (typeof entry.source === 'string') expectLoad(entry.source, item.id);
      void view
        .addFile(entry.source, {
          index,
          ...(entry.type ? { type: entry.type } : {}),
          ...(entry.file ? { file: entry.file } : {}),
          metadata: { queueId: item.id },
        })
        .catch(() => undefined);
    });
    const files = view.getFiles();
    current.forEach((item, index) => {
      const at = files.findIndex((file) => queueIdOf(file) === item.id);
      const file = files[at];
      if (file === undefined) return;
      if (at !== index) {
        view.moveFile(file.id, index);
        files.splice(at, 1);
        files.splice(index, 0, file);
      }
      // The queue started an item the pond shows as waiting: let the pond follow its upload.
      if (item.status !== 'processing') followed.delete(item.id);
      else if (file.status === PondStatus.IDLE && !followed.has(item.id)) {
        followed.add(item.id);
        void view.processFile(file.id).catch(() => undefined);
      }
    });
  }

  const errorOf = (snapshot: UploadItemSnapshot | null) =>
    options.explain(snapshot?.context.error ?? null, snapshot?.context.type ?? '').main;

  return {
    attach(view) {
      pond = view;
      const subscription = queue.subscribe(reconcile);
      reconcile();
      return () => {
        subscription.unsubscribe();
        pond = null;
        mirrored.clear();
        followed.clear();
        loads.clear();
      };
    },
    addFromPond(picked) {
      const sources: UploadSource[] = [];
      for (const item of picked) {
        if (item instanceof Blob && 'name' in item && typeof item.name === 'string')
          sources.push({ kind: 'file', file: item as Blob & { name: string } });
        else if (typeof item === 'string' && /^https?:\/\//i.test(item.trim()))
          sources.push({ kind: 'url', url: item.trim() });
      }
      if (sources.length > 0) options.add(sources);
    },
    refusalOf(queueId) {
      const item = itemById(queueId);
      if (item === undefined || item.status !== 'load-invalid') return null;
      const { error, type } = item.ref.getSnapshot().context;
      return options.explain(error, type);
    },
    owns: (queueId) => itemById(queueId) !== undefined,
    server: {
      process(_field, _file, metadata, load, error, progress, abort) {
        const item = itemById(metadata[QUEUE_ID]);
        if (item === undefined) {
          error(errorOf(null));
          return { abort };
        }
        if (item.status === 'processing-error' || item.status === 'cancelled')
          queue.send({ type: 'queue.retry', id: item.id });
        else if (item.status === 'idle' && !item.queued) queue.send({ type: 'queue.process' });
        const stop = watch(item.ref, (snapshot) => {
          const status = snapshot === null ? null : selectUploadStatus(snapshot);
          if (snapshot !== null && (status === 'processing' || status === 'idle' || status === 'loading')) {
            progress(true, snapshot.context.progress.loaded, snapshot.context.progress.total);
            return false;
          }
          if (snapshot !== null && status === 'processing-complete' && snapshot.context.serverId !== null)
            load(snapshot.context.serverId);
          else if (status === 'cancelled') abort();
          else error(errorOf(snapshot));
          return true;
        });
        return {
          abort: () => {
            stop();
            item.ref.send({ type: 'upload.abort' });
            abort();
          },
        };
      },
      revert(serverId, load, error) {
        const item = items().find((entry) => entry.serverId === serverId);
        if (item === undefined || item.ref.getSnapshot().context.origin === 'local') {
          load();
          return;
        }
        item.ref.send({ type: 'upload.revert' });
        watch(item.ref, (snapshot) => {
          const status = snapshot === null ? null : selectUploadStatus(snapshot);
          if (status === 'busy' || status === 'processing-complete') return false;
          if (status === 'processing-revert-error') error(errorOf(snapshot));
          else load();
          return true;
        });
      },
      load(source, load, error, _progress, abort) {
        const item = takeLoad(source);
        if (item === undefined) {
          error(errorOf(null));
          return { abort };
        }
        const stop = watch(item.ref, (snapshot) => {
          if (snapshot !== null && selectUploadStatus(snapshot) === 'loading') return false;
          const file = snapshot?.context.file ?? null;
          if (snapshot !== null && file !== null)
            load(asFile(file, snapshot.context.filename, snapshot.context.type));
          else error(errorOf(snapshot));
          return true;
        });
        return {
          abort: () => {
            stop();
            queue.send({ type: 'queue.remove', id: item.id });
            abort();
          },
        };
      },
    },
    beforeRemoveFile(file) {
      const item = itemById(queueIdOf(file));
      // Gone from the queue already, or an undo (FilePond reverts through `server.revert`).
      if (item === undefined) return Promise.resolve(true);
      if (file.status === PondStatus.PROCESSING_COMPLETE && item.ref.getSnapshot().context.origin !== 'local')
        return Promise.resolve(true);
      if (file.status === PondStatus.PROCESSING_REVERT_ERROR) return Promise.resolve(true);
      return new Promise((resolve) => {
        queue.send({ type: 'queue.remove', id: item.id });
        watch(item.ref, (snapshot) => {
          if (snapshot === null) resolve(true);
          else if (selectUploadStatus(snapshot) === 'remove-error') resolve(false);
          else return false;
          return true;
        });
      });
    },
    onRemoved(file) {
      const item = itemById(queueIdOf(file));
      if (item !== undefined) queue.send({ type: 'queue.remove', id: item.id });
    },
    onReordered(files) {
      const order = files.map(queueIdOf);
      const current = items().map((item) => item.id);
      order.forEach((id, index) => {
        if (id !== null && current[index] !== id && current.includes(id)) {
          queue.send({ type: 'queue.move', id, index });
          current.splice(current.indexOf(id), 1);
          current.splice(index, 0, id);
        }
      });
    },
  };
}
