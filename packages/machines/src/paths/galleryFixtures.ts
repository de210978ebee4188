/**
 * The gallery model's world: three files answered two per page, the brochure an upload keeps,
 * the conversations a file can be sent to, and a fake client answering page acts as the SDK does.
 */
import type { ConversationSummary, GalleryItem, StorageUsage, ThreadMessage } from '@sapa/sdk';
import { matchesGalleryQuery } from '../galleryActors.ts';
import type { GalleryPage, GalleryQuery } from '../galleryActors.ts';
import type { ActCallOptions, ActInput, ActName, ActResult } from '../sdk.ts';
import { c1, c2 } from './conversationListModel.ts';
import { createFakeClient } from './fakes.ts';
import type { FakeClient } from './fakes.ts';
import { storedMessage } from './threadModel.ts';

export const galleryKey = 'k1abcdefgh';

function file(n: number, kind: GalleryItem['kind'], filename: string, mimeType: string): GalleryItem {
  return {
    id: `9a11e000-0000-4000-8000-00000000000${n}`,
    type: filename.split('.').pop() ?? 'file',
    kind,
    mimeType,
    filename,
    size: 120_000 * n,
    url: `/media/file-${n}?sig=x`,
    createdAt: `2025-03-0${n}T10:00:00Z`,
    createdBy: { id: 'u1', name: 'Sari' },
  };
}

/** The server's gallery, newest first. */
export const photo = file(3, 'image', 'promo-ramadan.jpg', 'image/jpeg');
export const video = file(2, 'video', 'demo-produk.mp4', 'video/mp4');
export const leaflet = file(1, 'document', 'katalog-2025.pdf', 'application/pdf');
/** The upload the owner keeps. */
export const brochure = file(4, 'image', 'brosur-baru.png', 'image/png');
/** What a superseded request answers: it must never reach the list. */
export const ghostFile = file(9, 'image', 'hantu.jpg', 'image/jpeg');
export const server = [photo, video, leaflet];
export const PAGE = 2;

/** The model server's answer: two files a page. */
export function galleryPage(query: GalleryQuery): GalleryPage {
  const rows = server.filter((item) => matchesGalleryQuery(item, query));
  return {
    query,
    items: rows.slice(query.page * PAGE, (query.page + 1) * PAGE),
    totalPage: Math.ceil(rows.length / PAGE),
  };
}

/** What `gallery_usage` answers when the project holds `files`: their sizes, of a 1 GB quota. */
export function galleryUsage(files: readonly GalleryItem[]): StorageUsage {
  return { usedBytes: files.reduce((sum, item) => sum + item.size, 0), quotaBytes: 1_000_000_000 };
}

/** The conversations `conversation_list` answers the picker for a search. */
export function shareTargets(search: string): ConversationSummary[] {
  return [c1, c2].filter((item) => item.customer.name.toLowerCase().includes(search.toLowerCase()));
}

export const sentMessage: ThreadMessage = {
  ...storedMessage(7, 'sent-by-model'),
  conversationId: c1.id,
  type: 'jpeg',
  caption: 'Promo minggu ini',
};

const pageActs = new Set<ActName>(['gallery_list', 'conversation_list']);

/** The fake client; page acts (`gallery_list`, `conversation_list`) answer `total_page` beside `data`. */
export function createFakeGalleryClient(): FakeClient {
  const inner = createFakeClient();
  return {
    get calls() {
      return inner.calls;
    },
    get signals() {
      return inner.signals;
    },
    pending: () => inner.pending(),
    settle: (name, outcome) => inner.settle(name, outcome),
    async act<N extends ActName>(
      name: N,
      fields: ActInput<N>,
      options?: ActCallOptions,
    ): Promise<ActResult<N>> {
      const answer = await inner.act(name, fields, options);
      if (!pageActs.has(name)) return answer;
      return { code: answer.code, msg: answer.msg, ...(answer.data as object) } as ActResult<N>;
    },
  };
}
