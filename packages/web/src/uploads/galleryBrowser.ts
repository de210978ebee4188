/**
 * The project's gallery as the composer's picker browses it (`gallery_list`: newest first, a
 * page at a time, filtered by kind and by words of the file name) and the files chosen so far,
 * at most as many as the tray has room for. Framework-free: `subscribe` / `getSnapshot`; the
 * dialog renders it, and `start`s it once shown. A newer query cancels an older one, and a search waits for typing to pause.
 */
import type { GalleryItem } from '@sapa/sdk';

export type GalleryKind = GalleryItem['kind'];

export interface GalleryQuery {
  kind: GalleryKind | null;
  search: string;
}

export interface GalleryBrowserSnapshot extends GalleryQuery {
  status: 'loading' | 'ready' | 'failed';
  items: GalleryItem[];
  /** Pages loaded (from 1 once the first arrived). */
  pages: number;
  totalPages: number;
  loadingMore: boolean;
  /** The failure's message (already in the user's language). */
  error: string | null;
  /** Chosen files, in the order chosen. */
  selected: GalleryItem[];
  /** How many files may be chosen. */
  limit: number;
}

export type FetchGalleryPage = (
  query: GalleryQuery,
  page: number,
  signal: AbortSignal,
) => Promise<{ data: GalleryItem[]; total_page: number }>;

export interface GalleryBrowserOptions {
  fetchPage: FetchGalleryPage;
  limit: number;
  /** Quiet time after typing before a search runs (default 300 ms). */
  searchDelayMs?: number;
  schedule?: (run: () => void, ms: number) => () => void;
}

export interface GalleryBrowser {
  getSnapshot(): GalleryBrowserSnapshot;
  subscribe(listener: () => void): () => void;
  setKind(kind: GalleryKind | null): void;
  setSearch(search: string): void;
  loadMore(): void;
  retry(): void;
  toggle(item: GalleryItem): void;
  /** Loads the first page (again, after `stop`). */
  start(): void;
  /** Cancels what is under way; `start` picks up again. */
  stop(): void;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createGalleryBrowser(options: GalleryBrowserOptions): GalleryBrowser {
  const schedule = options.schedule ?? defaultSchedule;
  const listeners = new Set<() => void>();
  let snapshot: GalleryBrowserSnapshot = {
    kind: null,
    search: '',
    status: 'loading',
    items: [],
    pages: 0,
    totalPages: 0,
    loadingMore: false,
    error: null,
    selected: [],
    limit: Math.max(0, options.limit),
  };
  let request: AbortController | null = null;
  let cancelSearch: (() => void) | null = null;

  const update = (change: Partial<GalleryBrowserSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };

  function load(page: number) {
    request?.abort();
    const controller = new AbortController();
    request = controller;
    const query = { kind: snapshot.kind, search: snapshot.search.trim() };
    if (page === 0) update({ status: 'loading', error: null, loadingMore: false });
    else update({ loadingMore: true, error: null });
    options.fetchPage(query, page, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const known = new Set(page === 0 ? [] : snapshot.items.map((item) => item.id));
        const fresh = answer.data.filter((item) => !known.has(item.id));
        update({
          status: 'ready',
          items: page === 0 ? fresh : [...snapshot.items, ...fresh],
          pages: page + 1,
          totalPages: answer.total_page,
          loadingMore: false,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        update(
          page === 0
            ? { status: 'failed', error: messageOf(error) }
            : { loadingMore: false, error: messageOf(error) },
        );
      },
    );
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setKind(kind) {
      if (kind === snapshot.kind) return;
      update({ kind });
      load(0);
    },
    setSearch(search) {
      update({ search });
      cancelSearch?.();
      cancelSearch = schedule(() => {
        cancelSearch = null;
        load(0);
      }, options.searchDelayMs ?? 300);
    },
    loadMore() {
      if (snapshot.status !== 'ready' || snapshot.loadingMore || snapshot.pages >= snapshot.totalPages)
        return;
      load(snapshot.pages);
    },
    retry() {
      load(snapshot.status === 'failed' ? 0 : snapshot.pages);
    },
    toggle(item) {
      const chosen = snapshot.selected.some((entry) => entry.id === item.id);
      if (chosen) update({ selected: snapshot.selected.filter((entry) => entry.id !== item.id) });
      else if (snapshot.selected.length < snapshot.limit) update({ selected: [...snapshot.selected, item] });
    },
    start() {
      load(0);
    },
    stop() {
      cancelSearch?.();
      cancelSearch = null;
      request?.abort();
      request = null;
    },
  };
}
