import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { composerMachine, selectAttachmentStatus, selectCanSend } from './composerMachine.ts';
import type { ComposerEmitted } from './composerMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  createFakeUploader,
  customerMessage,
  hugePhoto,
  MEDIA_ID,
  photo,
  storedPhoto,
} from './paths/composerModel.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import type { ThreadDraft } from './threadMessages.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('composer', (get) => {
  it('sends nothing while the window is closed', () => {
    for (const { run } of get().runs)
      for (const step of run.steps)
        if (step.snapshot.context['windowOpen'] === false)
          expect(step.effects.filter((e) => e.startsWith('sends'))).toEqual([]);
  });

  it('sends a file by its media id, with the text as caption, then starts afresh', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.describe', 'composer.submit']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const index = run.steps.findIndex((step) => step.event.type === 'xstate.done.actor.describe');
      const submit = run.steps.slice(index).find((step) => step.event.type === 'composer.submit');
      if (submit === undefined || !submit.snapshot.matches('none')) continue;
      expect(submit.effects).toHaveLength(1);
      expect(submit.effects[0]).toMatch(/^sends the file foto\.jpg \(jpeg\)/);
      expect(submit.snapshot.context['text']).toBe('');
      expect(submit.snapshot.context['media']).toBeNull();
    }
  });

  it("never uploads a file over WhatsApp's limit", () => {
    for (const { run } of get().runs) {
      const uploader = (run.world.input as { uploader: ReturnType<typeof createFakeUploader> }).uploader;
      expect(uploader.files).not.toContain(hugePhoto.name);
    }
  });
});

function start(windowOpen = true) {
  const client = createFakeClient();
  const uploader = createFakeUploader();
  const actor = createActor(composerMachine, {
    input: { client, key: 'k1', upload: uploader.upload, windowOpen },
  });
  const sent: ThreadDraft[] = [];
  actor.on('composer.send', (event: ComposerEmitted) => sent.push(event.draft));
  actor.start();
  return { client, uploader, actor, sent };
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

  it('uploads, describes and sends a file with an optional caption', async () => {
    const { actor, sent, client, uploader } = start();
    actor.send({ type: 'composer.attach', file: photo });
    expect(selectAttachmentStatus(actor.getSnapshot())).toBe('uploading');
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([]);
    uploader.settle({ id: MEDIA_ID });
    await flush();
    expect(client.pending()).toEqual([{ name: 'media_get', fields: { key: 'k1', id: MEDIA_ID } }]);
    client.settle('media_get', { data: storedPhoto });
    await flush();
    expect(selectAttachmentStatus(actor.getSnapshot())).toBe('attached');
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'jpeg', mediaId: MEDIA_ID, url: storedPhoto.url, filename: 'foto.jpg' }]);
    expect(selectAttachmentStatus(actor.getSnapshot())).toBe('none');
  });

  it('refuses a file over the limit before uploading, and shows a refused upload with the server message', async () => {
    const { actor, uploader } = start();
    actor.send({ type: 'composer.attach', file: hugePhoto });
    expect(selectAttachmentStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.attachError).toEqual({ reason: 'tooLarge', maxBytes: 5_000_000 });
    expect(uploader.files).toEqual([]);
    actor.send({
      type: 'composer.attach',
      file: { name: 'x.exe', type: 'application/x-msdownload', size: 10 },
    });
    uploader.settle({ error: apiError('invalid_input', 'File is of invalid type') });
    await flush();
    expect(actor.getSnapshot().context.attachError).toEqual({
      reason: 'invalid_input',
      message: 'File is of invalid type',
    });
    actor.send({ type: 'composer.attach', file: photo });
    uploader.settle({ error: networkError });
    await flush();
    expect(actor.getSnapshot().context.attachError?.reason).toBe('network');
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

  it('sends nothing free-form while the window is closed', () => {
    const { actor, sent, uploader } = start(false);
    actor.send({ type: 'composer.type', text: 'Halo' });
    actor.send({ type: 'composer.submit' });
    actor.send({ type: 'composer.sendContact', name: 'Budi', phone: '08123456789' });
    actor.send({ type: 'composer.attach', file: photo });
    expect(sent).toEqual([]);
    expect(uploader.files).toEqual([]);
    actor.send({ type: 'composer.window', open: true });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([{ type: 'text', caption: 'Halo' }]);
  });
});
