import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectUploadStatus } from './uploadMachine.ts';
import type { UploadSource } from './uploadMachine.ts';
import {
  selectQueueBusy,
  selectQueueItems,
  selectQueueWarning,
  selectServerIds,
  uploadQueueMachine,
} from './uploadQueueMachine.ts';
import type { UploadQueueContext, UploadQueueInput } from './uploadQueueMachine.ts';
import { flush } from './paths/replay.ts';
import { createFakeFilePond, pickedFile, restoredPhoto, uploadRefusal } from './paths/uploadModel.ts';
import type { FakeFilePond } from './paths/uploadModel.ts';
import { dsStore, photoNumber } from './paths/uploadQueueModel.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('uploadQueue', (get) => {
  it('never has more items processing than the field allows', () => {
    let busiest = 0;
    for (const { run } of get().runs)
      for (const step of run.steps) {
        const processing = (step.snapshot.context as UploadQueueContext).items.filter(
          (item) => item.status === 'processing',
        ).length;
        busiest = Math.max(busiest, processing);
      }
    expect(busiest).toBe(2);
  });

  it('never uploads an ignored file, and a refused add adds nothing', () => {
    let refusals = 0;
    for (const { run } of get().runs) {
      const client = (run.world.input as { client: FakeFilePond }).client;
      expect(client.calls.map((call) => call.key)).not.toContain('.DS_Store');
      run.steps.forEach((step, index) => {
        const before = run.steps[index - 1]?.snapshot.context as UploadQueueContext | undefined;
        const after = step.snapshot.context as UploadQueueContext;
        if (step.event.type !== 'queue.add' || after.warning === null || before === undefined) return;
        refusals += 1;
        expect(after.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
      });
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it('removes a replaced temporary upload from the server before letting it go', () => {
    let released = 0;
    for (const { run } of get().runs) {
      const client = (run.world.input as { client: FakeFilePond }).client;
      run.steps.forEach((step, index) => {
        const before = run.steps[index - 1]?.snapshot.context as UploadQueueContext | undefined;
        const id = (step.event as { id?: string }).id;
        if (step.event.type !== 'upload.released' || !before?.leaving.some((item) => item.id === id)) return;
        released += 1;
        expect(client.calls.filter((call) => call.method === 'revert').map((call) => call.key)).toContain(
          `srv-${id}`,
        );
        expect((step.snapshot.context as UploadQueueContext).leaving.some((item) => item.id === id)).toBe(
          false,
        );
      });
    }
    expect(released).toBeGreaterThan(0);
  });
});

function startQueue(options: Partial<UploadQueueInput> = {}) {
  const client = createFakeFilePond();
  const actor = createActor(uploadQueueMachine, {
    input: { client, acceptedTypes: ['image/*'], retryDelays: [], newId: (n) => `u${n}`, ...options },
  });
  actor.start();
  const ids = () => selectQueueItems(actor.getSnapshot()).map((item) => item.id);
  const statuses = () => selectQueueItems(actor.getSnapshot()).map((item) => `${item.id} ${item.status}`);
  const uploading = () =>
    client
      .pending()
      .filter((call) => call.method === 'process')
      .map((call) => call.key);
  return { actor, client, ids, statuses, uploading };
}

const photos = (...numbers: number[]): UploadSource[] => numbers.map(photoNumber);

describe('upload queue', () => {
  it('refuses a fourth file on a field of 3 whole, with the Max files warning, until dismissed', async () => {
    const { actor, ids, client } = startQueue({ allowMultiple: true, maxFiles: 3 });
    actor.send({ type: 'queue.add', sources: photos(1, 2, 3) });
    await flush();
    actor.send({ type: 'queue.add', sources: photos(4) });
    expect(selectQueueWarning(actor.getSnapshot())).toEqual({ main: 'Max files', max: 3 });
    expect(ids()).toEqual(['u1', 'u2', 'u3']);
    expect(client.calls.map((call) => call.key)).not.toContain('foto-4.jpg');
    actor.send({ type: 'queue.dismissWarning' });
    expect(selectQueueWarning(actor.getSnapshot())).toBeNull();
  });

  it('refuses a batch that would go over the max, adding none of it', () => {
    const { actor, ids } = startQueue({ allowMultiple: true, maxFiles: 3 });
    actor.send({ type: 'queue.add', sources: photos(1, 2) });
    actor.send({ type: 'queue.add', sources: photos(3, 4) });
    expect(ids()).toEqual(['u1', 'u2']);
    expect(selectQueueWarning(actor.getSnapshot())?.max).toBe(3);
    actor.send({ type: 'queue.add', sources: photos(5) });
    expect(ids()).toEqual(['u1', 'u2', 'u3']);
    expect(selectQueueWarning(actor.getSnapshot())).toBeNull();
  });

  it('skips files whose names are on the ignore list, any case, and counts only the rest', () => {
    const thumbs: UploadSource = { kind: 'file', file: pickedFile('Thumbs.db', '') };
    const { actor, ids } = startQueue({ allowMultiple: true, maxFiles: 1 });
    actor.send({ type: 'queue.add', sources: [dsStore, thumbs, ...photos(1)] });
    expect(ids()).toEqual(['u1']);
    expect(selectQueueWarning(actor.getSnapshot())).toBeNull();
    const custom = startQueue({ allowMultiple: true, ignoredFiles: ['foto-1.jpg'] });
    custom.actor.send({ type: 'queue.add', sources: [...photos(1, 2), dsStore] });
    expect(
      custom.actor.getSnapshot().context.items.map((item) => selectUploadStatus(item.ref.getSnapshot())),
    ).toEqual(['processing', 'load-invalid']);
  });

  it('uploads 5 files 2 at a time, in order, the third starting only when one finishes', async () => {
    const { actor, client, statuses, uploading } = startQueue({ allowMultiple: true });
    actor.send({ type: 'queue.add', sources: photos(1, 2, 3, 4, 5) });
    await flush();
    expect(uploading()).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    expect(statuses()).toEqual(['u1 processing', 'u2 processing', 'u3 idle', 'u4 idle', 'u5 idle']);
    expect(selectQueueBusy(actor.getSnapshot())).toBe(true);
    client.settle('process', { value: 'srv-u2' }, 'foto-2.jpg');
    await flush();
    expect(uploading()).toEqual(['foto-1.jpg', 'foto-3.jpg']);
    client.settle('process', { error: uploadRefusal('file_too_large', 'Too large.', 413) }, 'foto-1.jpg');
    await flush();
    expect(uploading()).toEqual(['foto-3.jpg', 'foto-4.jpg']);
    for (const name of ['foto-3.jpg', 'foto-4.jpg']) client.settle('process', { value: `srv-${name}` }, name);
    await flush();
    expect(uploading()).toEqual(['foto-5.jpg']);
    client.settle('process', { value: 'srv-foto-5.jpg' }, 'foto-5.jpg');
    await flush();
    expect(statuses()).toEqual([
      // Refused for its size: removal only, no retry.
      'u1 load-invalid',
      'u2 processing-complete',
      'u3 processing-complete',
      'u4 processing-complete',
      'u5 processing-complete',
    ]);
    expect(selectQueueBusy(actor.getSnapshot())).toBe(false);
    expect(selectServerIds(actor.getSnapshot())).toEqual([
      'srv-u2',
      'srv-foto-3.jpg',
      'srv-foto-4.jpg',
      'srv-foto-5.jpg',
    ]);
    expect(client.calls.filter((call) => call.method === 'process')).toHaveLength(5);
  });

  it('lets a retried file wait for a free slot', async () => {
    const { actor, client, uploading } = startQueue({ allowMultiple: true, maxParallelUploads: 1 });
    actor.send({ type: 'queue.add', sources: photos(1, 2) });
    await flush();
    client.settle('process', { error: uploadRefusal('internal', 'Server error.', 500) }, 'foto-1.jpg');
    await flush();
    expect(uploading()).toEqual(['foto-2.jpg']);
    actor.send({ type: 'queue.retry', id: 'u1' });
    expect(selectQueueItems(actor.getSnapshot())[0]?.queued).toBe(true);
    expect(uploading()).toEqual(['foto-2.jpg']);
    client.settle('process', { value: 'srv-u2' }, 'foto-2.jpg');
    await flush();
    expect(uploading()).toEqual(['foto-1.jpg']);
  });

  it('replaces the file of a single-file field, removing the old temporary upload from the server', async () => {
    const { actor, client, ids } = startQueue();
    actor.send({ type: 'queue.add', sources: photos(1) });
    await flush();
    client.settle('process', { value: 'srv-u1' }, 'foto-1.jpg');
    await flush();
    const old = actor.getSnapshot().context.items[0]?.ref;
    actor.send({ type: 'queue.add', sources: photos(2) });
    expect(ids()).toEqual(['u2']);
    expect(selectServerIds(actor.getSnapshot())).toEqual([]);
    await flush();
    expect(client.pending().map((call) => [call.method, call.key])).toEqual([
      ['revert', 'srv-u1'],
      ['process', 'foto-2.jpg'],
    ]);
    expect(actor.getSnapshot().context.leaving.map((item) => item.id)).toEqual(['u1']);
    client.settle('revert', { value: undefined }, 'srv-u1');
    await flush();
    expect(actor.getSnapshot().context.leaving).toEqual([]);
    expect(old?.getSnapshot().status).toBe('stopped');
  });

  it('replaces a file still uploading by stopping it: its request is aborted, nothing is reverted', async () => {
    const { actor, client, ids, uploading } = startQueue();
    actor.send({ type: 'queue.add', sources: photos(1) });
    await flush();
    expect(uploading()).toEqual(['foto-1.jpg']);
    actor.send({ type: 'queue.add', sources: photos(2) });
    await flush();
    expect(ids()).toEqual(['u2']);
    expect(uploading()).toEqual(['foto-2.jpg']);
    expect(client.calls.some((call) => call.method === 'revert')).toBe(false);
    // Two files at once on a single-file field are refused.
    actor.send({ type: 'queue.add', sources: photos(3, 4) });
    expect(selectQueueWarning(actor.getSnapshot())).toEqual({ main: 'Max files', max: 1 });
    expect(ids()).toEqual(['u2']);
  });

  it('reorders items, inserts at an index, and processes in display order on queue.process', async () => {
    const { actor, ids, uploading } = startQueue({ allowMultiple: true, instantUpload: false });
    actor.send({ type: 'queue.add', sources: photos(1, 2, 3) });
    actor.send({ type: 'queue.move', id: 'u3', index: 0 });
    expect(ids()).toEqual(['u3', 'u1', 'u2']);
    actor.send({ type: 'queue.move', id: 'u3', index: 99 });
    expect(ids()).toEqual(['u1', 'u2', 'u3']);
    actor.send({ type: 'queue.move', id: 'u2', index: 0 });
    actor.send({ type: 'queue.add', sources: photos(4), index: 1 });
    expect(ids()).toEqual(['u2', 'u4', 'u1', 'u3']);
    await flush();
    expect(uploading()).toEqual([]);
    // Files waiting for the user's Upload are not work in progress.
    expect(selectQueueBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'queue.process' });
    expect(selectQueueBusy(actor.getSnapshot())).toBe(true);
    await flush();
    expect(uploading()).toEqual(['foto-2.jpg', 'foto-4.jpg']);
  });

  it('removes an item through the item: a processed one is reverted on the server first', async () => {
    const { actor, client, ids } = startQueue({ allowMultiple: true });
    actor.send({ type: 'queue.add', sources: photos(1, 2) });
    await flush();
    client.settle('process', { value: 'srv-u1' }, 'foto-1.jpg');
    await flush();
    actor.send({ type: 'queue.remove', id: 'u1' });
    expect(ids()).toEqual(['u1', 'u2']);
    expect(selectQueueItems(actor.getSnapshot())[0]?.status).toBe('busy');
    client.settle('revert', { value: undefined }, 'srv-u1');
    await flush();
    expect(ids()).toEqual(['u2']);
    // A file still uploading is not removed (it is aborted first).
    actor.send({ type: 'queue.remove', id: 'u2' });
    expect(ids()).toEqual(['u2']);
  });

  it('gives up a slow fetch on removal: the item goes and its request is aborted', async () => {
    const { actor, client, ids } = startQueue({ allowMultiple: true });
    actor.send({ type: 'queue.add', sources: [{ kind: 'url', url: 'https://example.com/kucing.jpg' }] });
    expect(client.pending().map((call) => call.method)).toEqual(['fetchUrl']);
    actor.send({ type: 'queue.remove', id: 'u1' });
    await flush();
    expect(ids()).toEqual([]);
    expect(client.pending()).toEqual([]);
  });

  it('clears every item after a send without any server call, aborting uploads in flight', async () => {
    const { actor, client, ids } = startQueue({ allowMultiple: true });
    actor.send({ type: 'queue.add', sources: photos(1, 2) });
    await flush();
    client.settle('process', { value: 'srv-u1' }, 'foto-1.jpg');
    await flush();
    const refs = actor.getSnapshot().context.items.map((item) => item.ref);
    actor.send({ type: 'queue.clear' });
    await flush();
    expect(ids()).toEqual([]);
    expect(refs.map((ref) => ref.getSnapshot().status)).toEqual(['stopped', 'stopped']);
    expect(client.pending()).toEqual([]);
    expect(client.calls.map((call) => call.method)).toEqual(['process', 'process']);
  });

  it('starts with the given files: a restored temporary upload counts as processed', async () => {
    const { actor, client, statuses } = startQueue({
      files: [{ kind: 'server', id: 'srv-9', origin: 'limbo' }],
    });
    expect(statuses()).toEqual(['u1 loading']);
    expect(selectQueueBusy(actor.getSnapshot())).toBe(true);
    client.settle('restore', { value: restoredPhoto }, 'srv-9');
    await flush();
    expect(statuses()).toEqual(['u1 processing-complete']);
    expect(selectServerIds(actor.getSnapshot())).toEqual(['srv-9']);
    expect(client.calls.map((call) => call.method)).toEqual(['restore']);
  });
});
