import { describe, expect, it } from 'vitest';
import type { GalleryItem } from '@sapa/sdk';
import { createGalleryBrowser, type GalleryQuery } from './galleryBrowser.ts';
import { tick } from './testing.ts';

function item(n: number, kind: GalleryItem['kind'] = 'image'): GalleryItem {
  return {
    id: `g${n}`,
    type: kind === 'image' ? 'jpeg' : 'pdf',
    mimeType: kind === 'image' ? 'image/jpeg' : 'application/pdf',
    filename: `file-${n}`,
    size: 1000 * n,
    url: `/media/g${n}`,
    kind,
    createdAt: '2025-01-01T00:00:00Z',
    createdBy: null,
  };
}

function setUp(limit = 2) {
  const asked: Array<{ query: GalleryQuery; page: number; signal: AbortSignal }> = [];
  const answers: Array<(value: { data: GalleryItem[]; total_page: number } | Error) => void> = [];
  let pendingSearch: (() => void) | null = null;
  const browser = createGalleryBrowser({
    limit,
    fetchPage: (query, page, signal) =>
      new Promise((resolve, reject) => {
        asked.push({ query, page, signal });
        answers.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
      }),
    schedule: (run) => {
      pendingSearch = run;
      return () => {
        pendingSearch = null;
      };
    },
  });
  const answer = async (value: { data: GalleryItem[]; total_page: number } | Error) => {
    answers.shift()?.(value);
    await tick();
  };
  return { browser, asked, answer, runSearch: () => pendingSearch?.() };
}

describe('the gallery browser', () => {
  it('loads the first page when started, then more pages on request', async () => {
    const { browser, asked, answer } = setUp();
    expect(asked).toEqual([]);
    browser.start();
    expect(browser.getSnapshot().status).toBe('loading');
    await answer({ data: [item(1), item(2)], total_page: 2 });
    expect(browser.getSnapshot()).toMatchObject({ status: 'ready', pages: 1, totalPages: 2 });
    browser.loadMore();
    expect(asked.at(-1)?.page).toBe(1);
    await answer({ data: [item(2), item(3)], total_page: 2 });
    expect(browser.getSnapshot().items.map((entry) => entry.id)).toEqual(['g1', 'g2', 'g3']);
    browser.loadMore();
    expect(asked).toHaveLength(2);
  });

  it('filters by kind at once and by name once typing pauses, dropping the older answer', async () => {
    const { browser, asked, answer, runSearch } = setUp();
    browser.start();
    browser.setKind('document');
    expect(asked[0]?.signal.aborted).toBe(true);
    expect(asked[1]?.query).toEqual({ kind: 'document', search: '' });
    browser.setSearch(' harga ');
    expect(asked).toHaveLength(2);
    runSearch();
    expect(asked[2]?.query).toEqual({ kind: 'document', search: 'harga' });
    // The first two were cancelled by the newer queries: their answers change nothing.
    await answer({ data: [item(8)], total_page: 1 });
    await answer({ data: [item(9)], total_page: 1 });
    expect(browser.getSnapshot().status).toBe('loading');
    await answer({ data: [item(4, 'document')], total_page: 1 });
    expect(browser.getSnapshot().items.map((entry) => entry.id)).toEqual(['g4']);
  });

  it('keeps a failure with its message, and tries again', async () => {
    const { browser, answer } = setUp();
    browser.start();
    await answer(new Error('Jaringan terputus'));
    expect(browser.getSnapshot()).toMatchObject({ status: 'failed', error: 'Jaringan terputus' });
    browser.retry();
    await answer({ data: [], total_page: 0 });
    expect(browser.getSnapshot()).toMatchObject({ status: 'ready', items: [], error: null });
  });

  it('chooses at most as many files as the tray has room for', () => {
    const { browser } = setUp(2);
    browser.toggle(item(1));
    browser.toggle(item(2));
    browser.toggle(item(3));
    expect(browser.getSnapshot().selected.map((entry) => entry.id)).toEqual(['g1', 'g2']);
    browser.toggle(item(1));
    browser.toggle(item(3));
    expect(browser.getSnapshot().selected.map((entry) => entry.id)).toEqual(['g2', 'g3']);
  });
});
