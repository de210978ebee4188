/**
 * The gallery's network work and rules, apart from its statechart (galleryMachine.ts): one
 * page of `gallery_list`, keeping uploads (`gallery_add`), taking a file out (`gallery_delete`),
 * the project's storage against its quota (`gallery_usage`), the conversations a file can be
 * sent to (`conversation_list`) and the send itself (`message_send` by `mediaId`). Plus what a
 * member may do on the screen.
 */
import { fromPromise } from 'xstate';
import { can } from '@sapa/sdk';
import type { ConversationSummary, GalleryItem, StorageUsage, ThreadMessage } from '@sapa/sdk';
import { chatPermissions } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';

export type GalleryKind = GalleryItem['kind'];
/** The kind tabs of the screen: every file, or one kind. */
export type GalleryKindFilter = 'all' | GalleryKind;
export const galleryKindFilters: readonly GalleryKindFilter[] = [
  'all',
  'image',
  'video',
  'audio',
  'document',
];

/** What one `gallery_list` call asks: a kind (or all), a search ('' for none), a page. */
export interface GalleryQuery {
  kind: GalleryKindFilter;
  search: string;
  /** Zero-based. */
  page: number;
}

/** One page of `gallery_list`, with the query it answers. */
export interface GalleryPage {
  query: GalleryQuery;
  items: GalleryItem[];
  totalPage: number;
}

/** A paged answer's `total_page` (0 when it has none). */
export function totalPageOf(answer: unknown): number {
  const value = (answer as { total_page?: unknown }).total_page;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** gallery_list: one page (60 files, newest first) for a query. */
export const loadGalleryPage = fromPromise<
  GalleryPage,
  { client: ActCaller; key: string; query: GalleryQuery }
>(async ({ input, signal }) => {
  const { kind, search, page } = input.query;
  const answer = await input.client.act(
    'gallery_list',
    {
      key: input.key,
      page,
      ...(kind === 'all' ? {} : { kind }),
      ...(search === '' ? {} : { search }),
    },
    { signal },
  );
  return { query: input.query, items: answer.data, totalPage: totalPageOf(answer) };
});

/** gallery_add: keeps processed uploads (their FilePond ids) and answers them as gallery files. */
export const addToGallery = fromPromise<
  GalleryItem[],
  { client: ActCaller; key: string; ids: readonly string[] }
>(
  async ({ input, signal }) =>
    (await input.client.act('gallery_add', { key: input.key, ids: [...input.ids] }, { signal })).data,
);

/** gallery_delete: takes one file out of the gallery; answers its id. */
export const deleteFromGallery = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('gallery_delete', { key: input.key, id: input.id }, { signal })).data,
);

/** gallery_usage: what the project holds against its storage quota, in bytes. */
export const loadStorageUsage = fromPromise<StorageUsage, { client: ActCaller; key: string }>(
  async ({ input, signal }) => (await input.client.act('gallery_usage', { key: input.key }, { signal })).data,
);

/** conversation_list: the first page of conversations a file can be sent to, for a search. */
export const loadShareTargets = fromPromise<
  ConversationSummary[],
  { client: ActCaller; key: string; search: string }
>(async ({ input, signal }) => {
  const answer = await input.client.act(
    'conversation_list',
    {
      key: input.key,
      page: 0,
      ...(input.search === '' ? {} : { search: input.search }),
    },
    { signal },
  );
  return answer.data;
});

/** What `message_send` needs to send a gallery file in a conversation. */
export interface ShareRequest {
  conversationId: string;
  mediaId: string;
  /** '' for none. */
  caption: string;
  clientId: string;
}

/** message_send by `mediaId`: the stored file goes out in the conversation (with its caption). */
export const sendToChat = fromPromise<
  ThreadMessage,
  { client: ActCaller; key: string; request: ShareRequest }
>(async ({ input, signal }) => {
  const { conversationId, mediaId, caption, clientId } = input.request;
  const answer = await input.client.act(
    'message_send',
    {
      key: input.key,
      conversationId,
      clientId,
      mediaId,
      ...(caption === '' ? {} : { caption }),
    },
    { signal },
  );
  return answer.data;
});

/** The words of a search, lowercased ('' gives none). */
function words(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether a file belongs in a query's list (kind, and every word of the search in its name):
 * a file just added joins the list only when it would have been answered for it.
 */
export function matchesGalleryQuery(
  item: GalleryItem,
  query: Pick<GalleryQuery, 'kind' | 'search'>,
): boolean {
  if (query.kind !== 'all' && item.kind !== query.kind) return false;
  const name = item.filename.toLowerCase();
  return words(query.search).every((word) => name.includes(word));
}

/** `list` followed by the files of `more` it does not hold yet (a page that shifted repeats some). */
export function appendGalleryItems(
  list: readonly GalleryItem[],
  more: readonly GalleryItem[],
): GalleryItem[] {
  const known = new Set(list.map((item) => item.id));
  return [...list, ...more.filter((item) => !known.has(item.id))];
}

/** `added` (those matching the query) on top of `list`, each file once. */
export function prependGalleryItems(
  list: readonly GalleryItem[],
  added: readonly GalleryItem[],
  query: Pick<GalleryQuery, 'kind' | 'search'>,
): GalleryItem[] {
  const fresh = added.filter((item) => matchesGalleryQuery(item, query));
  const ids = new Set(fresh.map((item) => item.id));
  return [...fresh, ...list.filter((item) => !ids.has(item.id))];
}

export interface GalleryPermissions {
  /** The menu entry (`crm.gallery.menu`). */
  menu: boolean;
  /** The screen (`crm.gallery.view`). */
  view: boolean;
  /** Uploading and keeping files (`crm.gallery.add`). */
  add: boolean;
  /** Taking files out (`crm.gallery.hapus`). */
  remove: boolean;
  /**
   * Sending a file in a conversation: picking it (`conversation_list`, `crm.chat.view`) and
   * sending it (`message_send`, `crm.chat.send`).
   */
  share: boolean;
}

export function galleryPermissions(permissions: readonly string[]): GalleryPermissions {
  return {
    menu: can(permissions, 'crm.gallery.menu'),
    view: can(permissions, 'crm.gallery.view'),
    add: can(permissions, 'crm.gallery.add'),
    remove: can(permissions, 'crm.gallery.hapus'),
    share: chatPermissions(permissions).view && chatPermissions(permissions).send,
  };
}
