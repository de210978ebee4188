import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  selectUploadStatus,
  uploadQueueMachine,
  type UploadQueueInput,
  type UploadSource,
} from '@sapa/machines/uploads';
import { createPondBridge } from './pondBridge.ts';
import { PondStatus } from './pondView.ts';
import { createFakeClient, createFakePond, tick } from './testing.ts';

const photo = new File(['\xff\xd8\xff photo'], 'foto.jpg', { type: 'image/jpeg' });
const price = new File(['%PDF-1.4'], 'harga.pdf', { type: 'application/pdf' });
const tool = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });

function setUp(input: Partial<UploadQueueInput> = {}) {
  const client = createFakeClient();
  let sequence = 0;
  const queue = createActor(uploadQueueMachine, {
    input: { client, allowMultiple: true, maxFiles: 3, newId: () => `q${++sequence}`, ...input },
  }).start();
  const added: UploadSource[][] = [];
  const bridge = createPondBridge({
    queue,
    add: (sources) => {
      added.push(sources);
      queue.send({ type: 'queue.add', sources });
    },
    explain: (error) => ({ main: `explained: ${error?.main ?? 'gone'}`, sub: error?.sub ?? '' }),
  });
  const pond = createFakePond();
  const detach = bridge.attach(pond);
  return { client, queue, bridge, pond, added, detach };
}

function processFirst(setup: ReturnType<typeof setUp>) {
  const outcome: string[] = [];
  const [file] = setup.pond.files;
  if (!file) throw new Error('no file in the pond');
  const handle = setup.bridge.server.process(
    'filepond',
    photo,
    file.metadata,
    (id) => outcome.push(`load ${id}`),
    (text) => outcome.push(`error ${text}`),
    (computable, loaded, total) => outcome.push(`progress ${loaded}/${total}`),
    () => outcome.push('abort'),
  );
  return { outcome, handle, file };
}

describe('the pond binding', () => {
  it('hands what the agent drops to the queue and shows what the queue kept, where it kept it', () => {
    const { bridge, pond, added, queue } = setUp();
    bridge.addFromPond([photo, 'https://example.com/katalog.pdf', 42]);
    expect(added).toEqual([
      [
        { kind: 'file', file: photo },
        { kind: 'url', url: 'https://example.com/katalog.pdf' },
      ],
    ]);
    expect(pond.calls).toEqual(['add foto.jpg at 0', 'add https://example.com/katalog.pdf at 1']);
    expect(pond.files.map((file) => file.metadata['queueId'])).toEqual(['q1', 'q2']);
    queue.send({ type: 'queue.add', sources: [{ kind: 'file', file: price }], index: 0 });
    expect(pond.files.map((file) => file.metadata['queueId'])).toEqual(['q3', 'q1', 'q2']);
  });

  it('adds nothing to the pond when the queue refuses the add (Max files)', () => {
    const { bridge, pond, queue } = setUp({ maxFiles: 2 });
    bridge.addFromPond([photo, price, photo]);
    expect(queue.getSnapshot().context.warning).toEqual({ main: 'Max files', max: 2 });
    expect(pond.files).toEqual([]);
  });

  it("follows an item's upload: progress, then the server's id", async () => {
    const setup = setUp();
    setup.bridge.addFromPond([photo]);
    const { outcome } = processFirst(setup);
    await tick();
    setup.client.progress('process', 5, 10);
    setup.client.settle('process', { value: 'srv-1' });
    await tick();
    expect(outcome.at(-1)).toBe('load srv-1');
    expect(outcome).toContain(`progress ${Math.round(photo.size / 2)}/${photo.size}`);
  });

  it("shows a failed upload with the machine's reason, and retries it through the queue", async () => {
    const setup = setUp();
    setup.bridge.addFromPond([photo]);
    const first = processFirst(setup);
    await tick();
    setup.client.settle('process', { error: new Error('boom') });
    await tick();
    expect(first.outcome.at(-1)).toBe('error explained: Error during upload');
    const retry = processFirst(setup);
    await tick();
    expect(setup.client.calls).toEqual(['process foto.jpg', 'process foto.jpg']);
    setup.client.settle('process', { value: 'srv-2' });
    await tick();
    expect(retry.outcome.at(-1)).toBe('load srv-2');
  });

  it('cancels an upload, and lets the item go once FilePond removed it', async () => {
    const setup = setUp();
    setup.bridge.addFromPond([photo]);
    const { handle, outcome, file } = processFirst(setup);
    await tick();
    handle.abort();
    const item = setup.queue.getSnapshot().context.items[0];
    expect(item && selectUploadStatus(item.ref.getSnapshot())).toBe('cancelled');
    expect(outcome.at(-1)).toBe('abort');
    setup.pond.removeFile(file.id, { revert: false, remove: false });
    setup.bridge.onRemoved(file);
    expect(setup.queue.getSnapshot().context.items).toEqual([]);
    // Gone from both, and never put back.
    expect(setup.pond.files).toEqual([]);
  });

  it('reverts a processed file through its item (FilePond undo)', async () => {
    const setup = setUp();
    setup.bridge.addFromPond([photo]);
    processFirst(setup);
    await tick();
    setup.client.settle('process', { value: 'srv-3' });
    await tick();
    const done: string[] = [];
    setup.bridge.server.revert(
      'srv-3',
      () => done.push('reverted'),
      (text) => done.push(text),
    );
    setup.client.settle('revert', { value: undefined });
    await tick();
    expect(setup.client.calls).toContain('revert srv-3');
    expect(done).toEqual(['reverted']);
  });

  it('loads a gallery file through its item, under its stored name, without uploading it', async () => {
    const setup = setUp({ files: [{ kind: 'server', id: 'g1', origin: 'local' }] });
    expect(setup.pond.files[0]).toMatchObject({ source: 'g1', type: 'local' });
    // No stand-in: FilePond loads it (its size and preview), not a blank "0 bytes" tile.
    expect(setup.pond.files[0]?.file).toBeUndefined();
    const loaded: File[] = [];
    setup.bridge.server.load(
      'g1',
      (file) => loaded.push(file),
      () => undefined,
      () => undefined,
      () => undefined,
    );
    setup.client.settle('load', {
      value: { blob: new Blob(['%PDF']), filename: 'brosur.pdf', type: 'application/pdf' },
    });
    await tick();
    expect(loaded.map((file) => [file.name, file.type])).toEqual([['brosur.pdf', 'application/pdf']]);
    expect(setup.queue.getSnapshot().context.items[0]?.serverId).toBe('g1');
    expect(setup.client.calls).toEqual(['load g1']);

    // A new pond (the tray shown again) loads the bytes the queue holds: size and preview again.
    setup.detach();
    const again = createFakePond();
    setup.bridge.attach(again);
    expect(again.files[0]).toMatchObject({ source: 'g1', type: 'local' });
    expect(again.files[0]?.file).toBeUndefined();
    const reloaded: File[] = [];
    setup.bridge.server.load(
      'g1',
      (file) => reloaded.push(file),
      () => undefined,
      () => undefined,
      () => undefined,
    );
    expect(reloaded.map((file) => [file.name, file.size])).toEqual([['brosur.pdf', 4]]);
    expect(setup.client.calls).toEqual(['load g1']);
  });

  it('removes through the queue before FilePond lets an item go, and explains a refused file', async () => {
    const setup = setUp({ acceptedTypes: ['image/*'] });
    setup.bridge.addFromPond([tool]);
    const [file] = setup.pond.files;
    if (!file) throw new Error('not mirrored');
    expect(setup.bridge.refusalOf('q1')).toEqual({
      main: 'explained: File is of invalid type',
      sub: 'Expects image/*',
    });
    await expect(setup.bridge.beforeRemoveFile(file)).resolves.toBe(true);
    expect(setup.queue.getSnapshot().context.items).toEqual([]);
  });

  it('follows a reorder in the pond, the queue being cleared, and a start the queue decided', () => {
    const setup = setUp({ instantUpload: false });
    setup.bridge.addFromPond([photo, price]);
    const [first, second] = setup.pond.files;
    if (!first || !second) throw new Error('not mirrored');
    setup.bridge.onReordered([second, first]);
    expect(setup.queue.getSnapshot().context.items.map((item) => item.id)).toEqual(['q2', 'q1']);
    for (const file of setup.pond.files) file.status = PondStatus.IDLE;
    setup.queue.send({ type: 'queue.process' });
    expect(setup.pond.calls.filter((call) => call.startsWith('process'))).toEqual([
      `process ${second.id}`,
      `process ${first.id}`,
    ]);
    first.status = PondStatus.PROCESSING;
    setup.queue.send({ type: 'queue.clear' });
    expect(setup.pond.files).toEqual([]);
  });
});
