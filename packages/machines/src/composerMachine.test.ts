import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { FilePondClient } from '@sapa/sdk';
import {
  composerMachine,
  selectCanAttach,
  selectCanSend,
  selectComposerMode,
  selectHasDraft,
  selectTrayStatus,
  selectWindowLeft,
  trayItemsOf,
} from './composerMachine.ts';
import type { ComposerEmitted, TrayCommand } from './composerMachine.ts';
import {
  brochure,
  brochureReady,
  COMPOSER_CLOSES,
  COMPOSER_NOW,
  customerMessage,
  LAST_HALF_HOUR,
  GALLERY_ID,
  MEDIA_ID,
  photoFailed,
  photoReady,
  photoSource,
  photoUploading,
} from './paths/composerModel.ts';
import type { ThreadDraft } from './threadMessages.ts';
import { uploadQueueMachine } from './uploadQueueMachine.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('composer', (get) => {
  it('sends nothing and asks the tray for nothing while the window is closed', () => {
    for (const { run } of get().runs)
      for (const step of run.steps)
        if (step.snapshot.context['windowOpen'] === false)
          expect(step.effects.filter((e) => e.startsWith('sends') || e.includes('to add'))).toEqual([]);
  });

  it('sends nothing once the number was deleted, whatever the window says', () => {
    const deleted = get().runs.filter(({ run }) =>
      run.steps.some((step) => step.snapshot.context['accountDeleted']),
    );
    expect(deleted.length).toBeGreaterThan(0);
    for (const { run } of deleted)
      for (const step of run.steps)
        if (step.snapshot.context['accountDeleted'] === true)
          expect(step.effects.filter((e) => e.startsWith('sends') || e.includes('to add'))).toEqual([]);
  });

  it('sends the tray as one message per file by its media id, then clears it', () => {
    const sends = get().runs.flatMap(({ run }) =>
      run.steps.filter((step, index) => {
        const before = run.steps[index - 1]?.snapshot ?? null;
        return (
          step.event.type === 'composer.submit' &&
          before !== null &&
          before.matches('attached') &&
          step.snapshot.matches('empty')
        );
      }),
    );
    expect(sends.length).toBeGreaterThan(0);
    for (const step of sends) {
      expect(step.effects.at(-1)).toBe('asks the tray to clear');
      expect(step.effects.some((effect) => /^sends the file foto\.jpg \(jpeg\)/.test(effect))).toBe(true);
      expect(step.snapshot.context['text']).toBe('');
    }
  });
});

function start(windowOpen = true, more: { windowClosesAt?: string | null; now?: () => number } = {}) {
  const actor = createActor(composerMachine, { input: { windowOpen, ...more } });
  const sent: ThreadDraft[] = [];
  const commands: TrayCommand[] = [];
  actor.on('composer.send', (event: Extract<ComposerEmitted, { type: 'composer.send' }>) =>
    sent.push(event.draft),
  );
  actor.on('composer.toTray', (event: Extract<ComposerEmitted, { type: 'composer.toTray' }>) =>
    commands.push(event.command),
  );
  actor.start();
  return { actor, sent, commands };
}

describe('composer rules', () => {
  it('Enter sends the trimmed text with the reply, keeping its inner line breaks; a blank text sends nothing', () => {
    const { actor, sent } = start();
    actor.send({ type: 'composer.type', text: '  \n ' });
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
    actor.send({ type: 'composer.reply', message: customerMessage });
    actor.send({ type: 'composer.type', text: ' Halo kak\nAda warnanya ' });
    expect(selectCanSend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'text', caption: 'Halo kak\nAda warnanya', replyTo: 'm4' }]);
    expect(actor.getSnapshot().context.text).toBe('');
    expect(actor.getSnapshot().context.replyTo).toBeNull();
  });

  it('asks the tray to add dropped files, and waits while they upload', () => {
    const { actor, sent, commands } = start();
    actor.send({ type: 'composer.attachFiles', sources: [photoSource] });
    expect(commands).toEqual([{ type: 'queue.add', sources: [photoSource] }]);
    actor.send({ type: 'composer.trayChanged', items: [photoUploading] });
    expect(selectTrayStatus(actor.getSnapshot())).toBe('uploading');
    actor.send({ type: 'composer.type', text: 'Ini fotonya' });
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
  });

  it('sends one file with the text as its caption (and the reply), then clears the tray', () => {
    const { actor, sent, commands } = start();
    actor.send({ type: 'composer.reply', message: customerMessage });
    actor.send({ type: 'composer.trayChanged', items: [photoReady] });
    actor.send({ type: 'composer.type', text: ' Ini fotonya ' });
    expect(selectCanSend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([
      { type: 'jpeg', mediaId: MEDIA_ID, filename: 'foto.jpg', caption: 'Ini fotonya', replyTo: 'm4' },
    ]);
    expect(commands).toEqual([{ type: 'queue.clear' }]);
    expect(selectTrayStatus(actor.getSnapshot())).toBe('empty');
    expect(actor.getSnapshot().context).toMatchObject({
      text: '',
      replyTo: null,
      attachments: [],
      captions: {},
    });
  });

  it('sends each file with its own caption, a gallery file by its id with its link, and the text after them', () => {
    const { actor, sent, commands } = start();
    actor.send({ type: 'composer.pickGallery', items: [brochure, brochure] });
    expect(commands).toEqual([
      { type: 'queue.add', sources: [{ kind: 'server', id: GALLERY_ID, origin: 'local' }] },
    ]);
    actor.send({ type: 'composer.trayChanged', items: [photoReady, brochureReady] });
    // Picking a file already in the tray asks for nothing.
    actor.send({ type: 'composer.pickGallery', items: [brochure] });
    expect(commands).toHaveLength(1);
    actor.send({ type: 'composer.caption', id: 't1', text: ' Warna merah ' });
    actor.send({ type: 'composer.caption', id: 'nope', text: 'ignored' });
    expect(Object.keys(actor.getSnapshot().context.captions)).toEqual(['t1']);
    actor.send({ type: 'composer.type', text: 'Silakan dipilih kak' });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([
      { type: 'jpeg', mediaId: MEDIA_ID, filename: 'foto.jpg', caption: 'Warna merah' },
      { type: 'pdf', mediaId: GALLERY_ID, filename: 'brosur.pdf', url: brochure.url },
      { type: 'text', caption: 'Silakan dipilih kak' },
    ]);
  });

  it('keeps a text of its own when the one file has a caption, and leaves failed files out', () => {
    const { actor, sent } = start();
    actor.send({ type: 'composer.trayChanged', items: [photoReady, { ...photoFailed, id: 't3' }] });
    actor.send({ type: 'composer.caption', id: 't1', text: 'Warna merah' });
    actor.send({ type: 'composer.type', text: 'Ada lagi?' });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([
      { type: 'jpeg', mediaId: MEDIA_ID, filename: 'foto.jpg', caption: 'Warna merah' },
      { type: 'text', caption: 'Ada lagi?' },
    ]);
  });

  it('with only failed files, a text still sends and clears them; captions go with their files', () => {
    const { actor, sent, commands } = start();
    actor.send({ type: 'composer.trayChanged', items: [photoReady] });
    actor.send({ type: 'composer.caption', id: 't1', text: 'Warna merah' });
    actor.send({ type: 'composer.trayChanged', items: [photoFailed] });
    expect(selectTrayStatus(actor.getSnapshot())).toBe('failed');
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.trayChanged', items: [] });
    expect(actor.getSnapshot().context.captions).toEqual({});
    actor.send({ type: 'composer.trayChanged', items: [photoFailed] });
    actor.send({ type: 'composer.type', text: 'Fotonya menyusul' });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'text', caption: 'Fotonya menyusul' }]);
    expect(commands).toEqual([{ type: 'queue.clear' }]);
  });

  it('sends a contact card with the phone in E.164, and keeps field errors for a bad one', () => {
    const { actor, sent } = start();
    actor.send({ type: 'composer.sendContact', name: ' ', phone: 'abc' });
    expect(actor.getSnapshot().context.contactErrors).toEqual({
      name: { key: 'validation.name' },
      phone: { key: 'validation.phone' },
    });
    expect(sent).toEqual([]);
    actor.send({ type: 'composer.sendContact', name: 'Budi', phone: '0812-3456-789' });
    expect(sent).toEqual([{ type: 'vcard', name: 'Budi', phone: '+628123456789' }]);
    expect(actor.getSnapshot().context.contactsSent).toBe(1);
    expect(actor.getSnapshot().context.contactErrors).toEqual({});
  });

  it('sends and attaches nothing free-form while the window is closed', () => {
    const { actor, sent, commands } = start(false);
    expect(selectCanAttach(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.type', text: 'Halo' });
    actor.send({ type: 'composer.submit' });
    actor.send({ type: 'composer.sendContact', name: 'Budi', phone: '08123456789' });
    actor.send({ type: 'composer.attachFiles', sources: [photoSource] });
    actor.send({ type: 'composer.pickGallery', items: [brochure] });
    actor.send({ type: 'composer.trayChanged', items: [photoReady] });
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
    expect(commands).toEqual([]);
    actor.send({ type: 'composer.window', open: true });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'jpeg', mediaId: MEDIA_ID, filename: 'foto.jpg', caption: 'Halo' }]);
  });

  it('counts the open window down with the clock, and warns in its last hour', () => {
    const { actor } = start(true, { windowClosesAt: COMPOSER_CLOSES, now: () => COMPOSER_NOW });
    expect(selectComposerMode(actor.getSnapshot())).toBe('write');
    expect(selectWindowLeft(actor.getSnapshot())).toEqual({ hours: 5, minutes: 0, soon: false });
    actor.send({ type: 'composer.tick', now: COMPOSER_NOW + 72 * 60_000 + 59_000 });
    expect(selectWindowLeft(actor.getSnapshot())).toEqual({ hours: 3, minutes: 47, soon: false });
    actor.send({ type: 'composer.tick', now: LAST_HALF_HOUR });
    expect(selectWindowLeft(actor.getSnapshot())).toEqual({ hours: 0, minutes: 30, soon: true });
    // Past its end (before the summary judged it closed): no countdown.
    actor.send({ type: 'composer.tick', now: Date.parse(COMPOSER_CLOSES) });
    expect(selectWindowLeft(actor.getSnapshot())).toBeNull();
  });

  it('offers only templates while the window is closed, and keeps what was written until it opens', () => {
    const { actor, sent } = start(true, { windowClosesAt: COMPOSER_CLOSES, now: () => COMPOSER_NOW });
    actor.send({ type: 'composer.type', text: 'Besok saya kirim ya kak' });
    actor.send({ type: 'composer.window', open: false, closesAt: null });
    expect(selectComposerMode(actor.getSnapshot())).toBe('templates');
    expect(selectWindowLeft(actor.getSnapshot())).toBeNull();
    expect(selectHasDraft(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
    // The customer writes: the window opens for 24 hours and the draft is still there.
    actor.send({ type: 'composer.window', open: true, closesAt: '2025-03-02T12:00:00Z' });
    expect(selectComposerMode(actor.getSnapshot())).toBe('write');
    expect(selectWindowLeft(actor.getSnapshot())).toEqual({ hours: 24, minutes: 0, soon: false });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'text', caption: 'Besok saya kirim ya kak' }]);
    expect(selectHasDraft(actor.getSnapshot())).toBe(false);
  });

  it('is read-only once the number was deleted, for good', () => {
    const { actor, sent } = start();
    actor.send({ type: 'composer.type', text: 'Halo' });
    actor.send({ type: 'composer.window', open: true, accountDeleted: true });
    expect(selectComposerMode(actor.getSnapshot())).toBe('readOnly');
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    expect(selectCanAttach(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.window', open: true });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
    expect(selectComposerMode(actor.getSnapshot())).toBe('readOnly');
  });

  it("reads the tray's files from the upload queue", () => {
    const client = { url: '/upload/k1' } as unknown as FilePondClient;
    const queue = createActor(uploadQueueMachine, {
      input: { client, allowMultiple: true, maxFiles: 10, instantUpload: false, newId: (n) => `t${n}` },
    }).start();
    queue.send({ type: 'queue.add', sources: [photoSource] });
    expect(trayItemsOf(queue.getSnapshot())).toEqual([
      {
        id: 't1',
        status: 'idle',
        serverId: null,
        filename: 'foto.jpg',
        mimeType: 'image/jpeg',
        size: photoSource.kind === 'file' ? photoSource.file.size : 0,
        origin: 'input',
      },
    ]);
    queue.stop();
  });
});
