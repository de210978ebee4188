import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { composerMachine, uploadQueueMachine, type ComposerEmitted } from '@sapa/machines';
import { createFakeClient, tick } from '../uploads/testing.ts';
import { linkTray } from './linkTray.ts';

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
