/** The gallery machine's input, context, events and tags (galleryMachine.ts). */
import type { ConversationSummary, GalleryItem, StorageUsage } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { GalleryKindFilter } from './galleryActors.ts';
import type { ShareContext } from './galleryShare.ts';
import type { ActCaller } from './sdk.ts';

export interface GalleryInput {
  client: ActCaller;
  key: string;
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
  /** Makes each send's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** As the composer's picker: how many files may be picked (the tray's room). Default 0. */
  pickLimit?: number;
  /** The gallery screen: load the project's storage against its quota (`gallery_usage`). Default false. */
  showUsage?: boolean;
}

export interface GalleryContext {
  client: ActCaller;
  key: string;
  searchDebounceMs: number;
  newClientId: () => string;
  /** Loaded files, newest first, each once. */
  items: GalleryItem[];
  /** The last page loaded (zero-based) and how many the server has for the query. */
  page: number;
  totalPage: number;
  kind: GalleryKindFilter;
  /** The search the list shows ('' for none), and the one typed (waiting for the debounce). */
  search: string;
  searchText: string;
  /** Why the first page failed (`list.failed`), or the last next page (`list.ready.moreFailed`). */
  error: FlowError | null;
  moreError: FlowError | null;
  /** The file being previewed. */
  selected: GalleryItem | null;
  /** The file asked to be taken out (`confirmingDelete`, `deleting`) and why that last failed. */
  deleteTarget: GalleryItem | null;
  deleteError: FlowError | null;
  /** Why the last `gallery_add` failed; how many succeeded (the web closes its dialog when it grows). */
  addError: FlowError | null;
  added: number;
  share: ShareContext;
  /** The files picked for the composer's tray, in the order picked (at most `pickLimit`). */
  picked: GalleryItem[];
  pickLimit: number;
  showUsage: boolean;
  /** The project's storage as last loaded (`null` until it is); kept while it loads again. */
  usage: StorageUsage | null;
}

export type GalleryEvent =
  | { type: 'gallery.retry' }
  | { type: 'gallery.loadMore' }
  | { type: 'gallery.kind'; kind: GalleryKindFilter }
  | { type: 'gallery.search'; text: string }
  /** Sent by the `delay` actor (tests send it themselves). */
  | { type: 'gallery.searchSettled' }
  | { type: 'gallery.open'; id: string }
  /** The picker: pick a listed file, or put back one picked (no more than `pickLimit`). */
  | { type: 'gallery.pick'; id: string }
  | { type: 'gallery.close' }
  | { type: 'gallery.delete'; id: string }
  | { type: 'gallery.confirmDelete' }
  | { type: 'gallery.cancelDelete' }
  /** Keep these processed uploads (FilePond server ids). */
  | { type: 'gallery.add'; ids: readonly string[] }
  /** Forget the last add's error (the upload dialog closed). */
  | { type: 'gallery.dismiss' }
  /** Load the storage usage again: raised by the machine when an add or a delete went through. */
  | { type: 'usage.refresh' }
  /** Send the previewed file in a chat: the conversation picker opens. */
  | { type: 'share.start' }
  | { type: 'share.search'; text: string }
  | { type: 'share.searchSettled' }
  | { type: 'share.retry' }
  | { type: 'share.choose'; conversationId: string }
  | { type: 'share.send'; caption: string }
  /** After a failed send: back to the picker (the next send is a new message). */
  | { type: 'share.back' }
  | { type: 'share.close' };

export type GalleryTag =
  'loading' | 'error' | 'ready' | 'loadingMore' | 'moreFailed' | 'busy' | 'deleting' | 'adding' | 'sending';

/** What the machine tells whoever shows it (toasts): a file taken out, files kept, a file sent. */
export type GalleryEmitted =
  | { type: 'gallery.deleted'; id: string }
  | { type: 'gallery.added'; items: GalleryItem[] }
  | { type: 'gallery.sent'; conversation: ConversationSummary | null; file: GalleryItem | null };
