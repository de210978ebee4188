import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { templatePermissions } from '@sapa/sdk';
import type { GalleryItem, StorageUsage } from '@sapa/sdk';
import { galleryMachine } from './galleryMachine.ts';
import {
  selectGalleryAction,
  selectGalleryError,
  selectGalleryHasMore,
  selectGalleryPickRoom,
  selectGalleryPicked,
  selectGalleryItems,
  selectGalleryStatus,
  selectShareStep,
} from './gallerySelectors.ts';
import { galleryPermissions, matchesGalleryQuery, prependGalleryItems } from './galleryActors.ts';
import { c1 } from './paths/conversationListModel.ts';
import {
  brochure,
  createFakeGalleryClient,
  galleryKey,
  galleryPage,
  leaflet,
  photo,
  sentMessage,
  video,
} from './paths/galleryFixtures.ts';
import type { GalleryContext } from './galleryTypes.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import { manualDelays } from './testing/delays.ts';

const names = (items: readonly GalleryItem[]) => items.map((item) => item.filename);

modelSuite('gallery', (get) => {
  it('never shows an answer of a superseded request, nor a file twice', () => {
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const items = step.snapshot.context['items'] as GalleryItem[];
        expect(names(items)).not.toContain('hantu.jpg');
        expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      }
  });

  it('asks gallery_list with the kind and search of the list, page by page', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'gallery_list'),
    );
    expect(calls.map((call) => call.fields)).toContainEqual({ key: galleryKey, page: 0 });
    expect(calls.map((call) => call.fields)).toContainEqual({ key: galleryKey, page: 1 });
    expect(calls.map((call) => call.fields)).toContainEqual({ key: galleryKey, page: 0, kind: 'video' });
    expect(calls.map((call) => call.fields)).toContainEqual({ key: galleryKey, page: 0, search: 'promo' });
  });

  it('sends the previewed file by mediaId with a uuid client id, and a retry as the same message', () => {
    const runs = runsThrough(get(), ['share.send', 'xstate.error.actor.send', 'share.retry']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const sends = run.world.client.calls.filter((call) => call.name === 'message_send');
      expect(sends.length).toBeGreaterThanOrEqual(2);
      const [first, second] = sends.map((call) => call.fields as Record<string, unknown>);
      expect(first?.['mediaId']).toBe(photo.id);
      expect(first?.['clientId']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second?.['clientId']).toBe(first?.['clientId']);
    }
  });

  it('asks gallery_usage on the screen only, again after each add and delete, and never shows a stale answer', () => {
    const usageCalls = (start: number) =>
      get()
        .runs.filter(({ path }) => path.start === start)
        .map(({ run }) => run.world.client.calls.filter((call) => call.name === 'gallery_usage').length);
    expect(usageCalls(0).every((n) => n === 0)).toBe(true);
    expect(usageCalls(1).every((n) => n >= 1)).toBe(true);
    const changed = runsThrough(get(), ['xstate.done.actor.add', 'xstate.done.actor.usage']).filter(
      ({ path }) => path.start === 1,
    );
    expect(changed.length).toBeGreaterThan(0);
    for (const { run } of changed) {
      const changes = run.steps.filter((step) =>
        ['xstate.done.actor.add', 'xstate.done.actor.remove'].includes(step.event.type),
      );
      expect(run.world.client.calls.filter((call) => call.name === 'gallery_usage').length).toBe(
        1 + changes.length,
      );
      const shown = run.steps.map((step) => (step.snapshot.context as GalleryContext).usage?.usedBytes);
      expect(shown).not.toContain(1);
      const answers = run.steps.filter((step) => step.event.type === 'xstate.done.actor.usage');
      expect(shown.at(-1)).toBe((answers.at(-1)?.event['output'] as StorageUsage).usedBytes);
    }
  });

  it('puts kept uploads on top only where they belong', () => {
    const runs = runsThrough(get(), ['gallery.add', 'xstate.done.actor.add']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.done.actor.add');
      const context = step?.snapshot.context as { kind: string; items: GalleryItem[] };
      if (context.kind === 'all') expect(names(context.items)[0]).toBe(brochure.filename);
      else expect(names(context.items)).not.toContain(brochure.filename);
    }
  });
});

function start(pickLimit = 0) {
  const client = createFakeGalleryClient();
  const delays = manualDelays();
  const actor = createActor(galleryMachine.provide({ actors: { delay: delays.delay } }), {
    input: { client, key: galleryKey, searchDebounceMs: 5, newClientId: () => 'id-1', pickLimit },
  }).start();
  return { client, actor, delays };
}

const settlePage = (client: ReturnType<typeof start>['client'], items: GalleryItem[], totalPage: number) =>
  client.settle('gallery_list', { data: { data: items, total_page: totalPage } });

describe('gallery rules', () => {
  it('loads, pages on, and reads loading, empty, ready and failed', async () => {
    const { client, actor } = start();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('loading');
    settlePage(client, [photo, video], 2);
    await flush();
    expect(selectGalleryHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'gallery.loadMore' });
    settlePage(client, [video, leaflet], 2);
    await flush();
    expect(names(selectGalleryItems(actor.getSnapshot()))).toEqual(names([photo, video, leaflet]));
    expect(selectGalleryHasMore(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'gallery.kind', kind: 'audio' });
    settlePage(client, [], 0);
    await flush();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'gallery.kind', kind: 'image' });
    client.settle('gallery_list', { error: networkError });
    await flush();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('failed');
  });

  it('runs a search after the pause, with the typed words trimmed', async () => {
    const { client, actor, delays } = start();
    settlePage(client, galleryPage({ kind: 'all', search: '', page: 0 }).items, 2);
    await flush();
    actor.send({ type: 'gallery.search', text: ' kat' });
    actor.send({ type: 'gallery.search', text: ' katalog ' });
    expect(delays.pending()).toEqual([{ ms: 5, event: { type: 'gallery.searchSettled' } }]);
    expect(client.pending()).toEqual([]);
    delays.fire('gallery.searchSettled');
    expect(client.pending()).toEqual([
      { name: 'gallery_list', fields: { key: galleryKey, page: 0, search: 'katalog' } },
    ]);
  });

  it('deletes after a confirmation, keeping the file and the error when refused', async () => {
    const { client, actor } = start();
    settlePage(client, [photo, video], 1);
    await flush();
    actor.send({ type: 'gallery.delete', id: video.id });
    expect(selectGalleryAction(actor.getSnapshot())).toBe('confirmingDelete');
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'gallery.confirmDelete' });
    client.settle('gallery_delete', { error: apiError('forbidden', 'Anda tidak punya akses.') });
    await flush();
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
    actor.send({ type: 'gallery.confirmDelete' });
    expect(client.pending()).toEqual([{ name: 'gallery_delete', fields: { key: galleryKey, id: video.id } }]);
    client.settle('gallery_delete', { data: { id: video.id } });
    await flush();
    expect(names(selectGalleryItems(actor.getSnapshot()))).toEqual([photo.filename]);
    expect(selectGalleryAction(actor.getSnapshot())).toBe('idle');
  });

  it('sends to the chosen conversation with a caption, or without one', async () => {
    const { client, actor } = start();
    settlePage(client, [photo], 1);
    await flush();
    actor.send({ type: 'share.start' }); // nothing previewed: ignored
    actor.send({ type: 'gallery.open', id: photo.id });
    actor.send({ type: 'share.start' });
    client.settle('conversation_list', { data: { data: [c1], total_page: 1 } });
    await flush();
    actor.send({ type: 'share.send', caption: 'x' }); // nothing chosen: ignored
    actor.send({ type: 'share.choose', conversationId: c1.id });
    actor.send({ type: 'share.send', caption: '  Halo  ' });
    expect(client.pending()).toEqual([
      {
        name: 'message_send',
        fields: {
          key: galleryKey,
          conversationId: c1.id,
          clientId: 'id-1',
          mediaId: photo.id,
          caption: 'Halo',
        },
      },
    ]);
    client.settle('message_send', { data: sentMessage });
    await flush();
    expect(selectShareStep(actor.getSnapshot())).toBe('sent');
    actor.send({ type: 'share.close' });
    expect(selectGalleryAction(actor.getSnapshot())).toBe('idle');
  });

  it('matches kept uploads to the query and reads permissions', () => {
    expect(matchesGalleryQuery(leaflet, { kind: 'document', search: 'KATALOG 2025' })).toBe(true);
    expect(matchesGalleryQuery(leaflet, { kind: 'image', search: '' })).toBe(false);
    expect(
      names(prependGalleryItems([photo, brochure], [brochure, video], { kind: 'all', search: '' })),
    ).toEqual(names([brochure, video, photo]));
    expect(galleryPermissions(['crm.menu', 'crm.gallery.menu', 'crm.gallery.view'])).toEqual({
      menu: true,
      view: true,
      add: false,
      remove: false,
      share: false,
    });
    expect(galleryPermissions(['crm.gallery.menu', 'crm.gallery.view']).view).toBe(false);
    // Sending a file needs the reply key, not only a look at the inbox.
    expect(galleryPermissions(templatePermissions('viewer')).share).toBe(false);
    expect(galleryPermissions(templatePermissions('agent')).share).toBe(true);
  });
});

/** What the composer's picker (web/src/chat/GalleryPicker.tsx) relies on. */
describe("gallery as the composer's picker", () => {
  it('picks at most as many files as the tray has room for, and puts them back', async () => {
    const { client, actor } = start(2);
    settlePage(client, [photo, video, leaflet], 1);
    await flush();
    for (const item of [photo, video, leaflet]) actor.send({ type: 'gallery.pick', id: item.id });
    expect(names(selectGalleryPicked(actor.getSnapshot()))).toEqual(names([photo, video]));
    expect(selectGalleryPickRoom(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'gallery.pick', id: photo.id });
    actor.send({ type: 'gallery.pick', id: leaflet.id });
    expect(names(selectGalleryPicked(actor.getSnapshot()))).toEqual(names([video, leaflet]));
  });

  it('picks nothing on the gallery screen (no room) nor a file it does not list', async () => {
    const { client, actor } = start();
    settlePage(client, [photo], 1);
    await flush();
    actor.send({ type: 'gallery.pick', id: photo.id });
    expect(selectGalleryPicked(actor.getSnapshot())).toEqual([]);
    const picker = start(3);
    settlePage(picker.client, [photo], 1);
    await flush();
    picker.actor.send({ type: 'gallery.pick', id: 'not-listed' });
    expect(selectGalleryPicked(picker.actor.getSnapshot())).toEqual([]);
  });

  it('keeps the picked files across a kind change', async () => {
    const { client, actor } = start(2);
    settlePage(client, [photo, video], 1);
    await flush();
    actor.send({ type: 'gallery.pick', id: photo.id });
    actor.send({ type: 'gallery.kind', kind: 'video' });
    settlePage(client, [video], 1);
    await flush();
    expect(names(selectGalleryItems(actor.getSnapshot()))).toEqual(names([video]));
    expect(names(selectGalleryPicked(actor.getSnapshot()))).toEqual(names([photo]));
  });

  it('cancels the request a newer kind replaces, and ignores its answer', async () => {
    const { client, actor } = start(1);
    actor.send({ type: 'gallery.kind', kind: 'document' });
    expect(client.signals[0]?.aborted).toBe(true);
    expect(client.signals[1]?.aborted).toBe(false);
    settlePage(client, [photo], 1);
    await flush();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('loading');
    settlePage(client, [leaflet], 1);
    await flush();
    expect(names(selectGalleryItems(actor.getSnapshot()))).toEqual(names([leaflet]));
  });

  it('keeps a failure with its message, and tries again', async () => {
    const { client, actor } = start(1);
    client.settle('gallery_list', { error: networkError });
    await flush();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('failed');
    expect(selectGalleryError(actor.getSnapshot())).toBe(networkError.message);
    actor.send({ type: 'gallery.retry' });
    settlePage(client, [], 0);
    await flush();
    expect(selectGalleryStatus(actor.getSnapshot())).toBe('empty');
    expect(selectGalleryError(actor.getSnapshot())).toBeNull();
  });

  it('keeps the files shown when a next page fails, with its message', async () => {
    const { client, actor } = start(1);
    settlePage(client, [photo], 2);
    await flush();
    actor.send({ type: 'gallery.loadMore' });
    client.settle('gallery_list', { error: networkError });
    await flush();
    expect(names(selectGalleryItems(actor.getSnapshot()))).toEqual(names([photo]));
    expect(selectGalleryError(actor.getSnapshot())).toBe(networkError.message);
  });

  it('stopping the picker aborts the page it was loading', () => {
    const { client, actor } = start(1);
    actor.stop();
    expect(client.signals[0]?.aborted).toBe(true);
  });
});
