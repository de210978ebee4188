import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { composerMachine, type ComposerEmitted } from '@sapa/machines/inbox';
import { uploadQueueMachine } from '@sapa/machines/uploads';
import { createFakeClient, tick } from '../uploads/testing.ts';
import { linkTray, trayPreviewOf } from './linkTray.ts';

describe("the composer's tray", () => {
  it('takes what the composer adds, tells it what it holds, and sends each processed file', async () => {
    const client = createFakeClient();
    let n = 0;
    const tray = createActor(uploadQueueMachine, {
      input: { client, allowMultiple: true, maxFiles: 10, newId: () => `t${++n}` },
    }).start();
    const composer = createActor(composerMachine, { input: { windowOpen: true } }).start();
    const sent: unknown[] = [];
    composer.on('composer.send', (event: Extract<ComposerEmitted, { type: 'composer.send' }>) =>
      sent.push(event.draft),
    );
    const unlink = linkTray(composer, tray);
    const photo = new File(['\xff\xd8\xff'], 'foto.jpg', { type: 'image/jpeg' });
    composer.send({ type: 'composer.attachFiles', sources: [{ kind: 'file', file: photo }] });
    expect(composer.getSnapshot().value).toBe('uploading');
    client.settle('process', { value: 'srv-1' });
    await tick();
    expect(composer.getSnapshot().value).toBe('attached');
    composer.send({ type: 'composer.caption', id: 't1', text: 'Warna merah' });
    composer.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'jpeg', mediaId: 'srv-1', filename: 'foto.jpg', caption: 'Warna merah' }]);
    expect(tray.getSnapshot().context.items).toEqual([]);
    expect(composer.getSnapshot().value).toBe('empty');
    unlink();
    composer.send({ type: 'composer.attachFiles', sources: [{ kind: 'file', file: photo }] });
    expect(tray.getSnapshot().context.items).toEqual([]);
  });
});

describe("a gallery file's preview in the tray", () => {
  it("shows a gallery image's thumbnail and its loaded size, and no thumbnail for a document", async () => {
    const client = createFakeClient();
    let n = 0;
    const tray = createActor(uploadQueueMachine, {
      input: { client, allowMultiple: true, maxFiles: 10, newId: () => `t${++n}` },
    }).start();
    const composer = createActor(composerMachine, { input: { windowOpen: true } }).start();
    const unlink = linkTray(composer, tray);
    const image = {
      id: 'g1',
      type: 'jpeg',
      mimeType: 'image/jpeg',
      filename: 'katalog.jpg',
      size: 2048,
      url: 'https://sapa.test/media/g1?sig=x',
    };
    const pdf = { ...image, id: 'g2', type: 'pdf', mimeType: 'application/pdf', filename: 'harga.pdf' };
    composer.send({ type: 'composer.pickGallery', items: [image, pdf] });
    client.settle('load', {
      value: { blob: new Blob(['jpeg-bytes']), filename: 'katalog.jpg', type: 'image/jpeg' },
    });
    client.settle('load', {
      value: { blob: new Blob(['%PDF']), filename: 'harga.pdf', type: 'application/pdf' },
    });
    await tick();
    const { attachments, picked } = composer.getSnapshot().context;
    expect(attachments.map((item) => trayPreviewOf(item, picked))).toEqual([
      { url: 'https://sapa.test/media/g1?sig=x', size: 10 },
      { url: null, size: 4 },
    ]);
    unlink();
  });

  it("falls back to the gallery's size while the bytes load", () => {
    const item = {
      id: 't1',
      status: 'processing-complete' as const,
      serverId: 'g1',
      filename: 'katalog.jpg',
      mimeType: 'image/jpeg',
      size: 0,
      origin: 'local' as const,
    };
    const file = { id: 'g1', type: 'jpeg', mimeType: 'image/jpeg', filename: 'k.jpg', size: 2048, url: 'u' };
    expect(trayPreviewOf(item, { g1: file })).toEqual({ url: 'u', size: 2048 });
    expect(trayPreviewOf({ ...item, serverId: null }, { g1: file })).toEqual({ url: null, size: 0 });
  });
});
