import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createFilePondClient } from '@sapa/sdk';
import {
  selectUploadError,
  selectUploadProgress,
  selectUploadStatus,
  uploadErrorOf,
  uploadMachine,
} from './uploadMachine.ts';
import type {
  UploadTransferInput,
  UploadItemEmitted,
  UploadItemInput,
  UploadSource,
} from './uploadMachine.ts';
import { flush } from './paths/replay.ts';
import {
  connectionLost,
  createFakeFilePond,
  fetchedPhoto,
  galleryPdf,
  itemOptions,
  photo,
  pickedFile,
  program,
  restoredPhoto,
  TRANSFER_ID,
  uploadRefusal,
} from './paths/uploadModel.ts';
import type { FakeFilePond } from './paths/uploadModel.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('upload', (get) => {
  it('resumes a dropped transfer under the same id, asking the server where to go on', () => {
    const runs = runsThrough(get(), [
      'upload.transferStarted',
      'xstate.error.actor.transfer',
      'upload.retry',
    ]);
    const resumed = runs.filter(({ run }) => run.final.matches('processing-complete'));
    expect(resumed.length).toBeGreaterThan(0);
    for (const { run } of resumed) {
      const client = (run.world.input as { client: FakeFilePond }).client;
      expect(client.calls.filter((call) => call.method === 'startTransfer')).toHaveLength(1);
      expect(client.calls.filter((call) => call.method === 'offsetOf').map((call) => call.key)).toEqual([
        TRANSFER_ID,
      ]);
      expect(run.final.context['serverId']).toBe(TRANSFER_ID);
    }
  });

  it('releases only from a state that allows removal, and never reverts a gallery file', () => {
    for (const { path, run } of get().runs) {
      for (const step of run.steps)
        if (step.effects.includes('released u1')) expect(step.snapshot.hasTag('canRemove')).toBe(true);
      const client = (run.world.input as { client: FakeFilePond }).client;
      if (path.start === 3) expect(client.calls.filter((call) => call.method === 'revert')).toEqual([]);
    }
    expect(get().runs.some(({ run }) => run.steps.some((step) => step.effects.includes('released u1')))).toBe(
      true,
    );
  });

  it('shows a main and a sub message in every error state', () => {
    const errorStates = [
      'load-invalid',
      'load-error',
      'processing-error',
      'processing-revert-error',
      'remove-error',
    ];
    let seen = 0;
    for (const { run } of get().runs)
      for (const step of run.steps)
        if (errorStates.some((state) => step.snapshot.matches(state))) {
          seen += 1;
          const error = step.snapshot.context['error'] as { main: string; sub: string } | null;
          expect(error?.main).not.toBe('');
          expect(error?.sub).not.toBe('');
        }
    expect(seen).toBeGreaterThan(0);
  });
});

interface TransferRun {
  input: UploadTransferInput;
  signal: AbortSignal;
  resolve(serverId: string): void;
  reject(error: unknown): void;
}

/** The item machine with a `transfer` actor the test answers by hand. */
function withFakeTransfer() {
  const transfers: TransferRun[] = [];
  const machine = uploadMachine.provide({
    actors: {
      transfer: fromPromise<string, UploadTransferInput>(
        ({ input, signal }) =>
          new Promise<string>((resolve, reject) => transfers.push({ input, signal, resolve, reject })),
      ),
    },
  });
  return { machine, transfers };
}

function startItem(source: UploadSource, options: Partial<UploadItemInput> = {}, machine = uploadMachine) {
  const client = createFakeFilePond();
  const actor = createActor(machine, { input: { id: 'u1', source, client, ...itemOptions, ...options } });
  const emitted: UploadItemEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, client, emitted };
}

function transferAt(transfers: TransferRun[], index: number): TransferRun {
  const run = transfers[index];
  if (run === undefined) throw new Error(`No transfer #${index}`);
  return run;
}

describe('upload item', () => {
  it('retries a failed upload with the transfer id its first try reported, so it resumes on the server', async () => {
    const { machine, transfers } = withFakeTransfer();
    const { actor } = startItem({ kind: 'file', file: photo }, {}, machine);
    actor.send({ type: 'upload.process' });
    const first = transferAt(transfers, 0);
    expect(first.input.transferId).toBeNull();
    first.input.onTransfer('tr-7');
    first.input.onProgress(40, 100);
    first.reject(connectionLost());
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('processing-error');
    expect(actor.getSnapshot().hasTag('canRetry')).toBe(true);
    expect(actor.getSnapshot().context.transferId).toBe('tr-7');
    expect(selectUploadError(actor.getSnapshot())).toEqual({
      main: 'Error during upload',
      sub: 'Request failed',
    });

    actor.send({ type: 'upload.retry' });
    const second = transferAt(transfers, 1);
    expect(second.input.transferId).toBe('tr-7');
    expect(actor.getSnapshot().context.error).toBeNull();
    second.resolve('tr-7');
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('processing-complete');
    expect(actor.getSnapshot().context.serverId).toBe('tr-7');
    expect(selectUploadProgress(actor.getSnapshot())).toBe(1);
  });

  it('aborts the request when the user cancels, ignores its late progress, and resumes on retry', async () => {
    const { machine, transfers } = withFakeTransfer();
    const { actor } = startItem({ kind: 'file', file: photo }, {}, machine);
    actor.send({ type: 'upload.process' });
    expect(actor.getSnapshot().hasTag('canAbort')).toBe(true);
    const first = transferAt(transfers, 0);
    first.input.onTransfer('tr-8');
    first.input.onProgress(30, 100);
    expect(selectUploadProgress(actor.getSnapshot())).toBe(0.3);
    expect(first.signal.aborted).toBe(false);
    actor.send({ type: 'upload.abort' });
    expect(first.signal.aborted).toBe(true);
    expect(selectUploadStatus(actor.getSnapshot())).toBe('cancelled');
    first.input.onProgress(90, 100);
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 30, total: 100 });
    actor.send({ type: 'upload.retry' });
    expect(transferAt(transfers, 1).input.transferId).toBe('tr-8');
  });

  it('runs the SDK transfer on the client: small files in one request, named, with progress', async () => {
    const { actor, client } = startItem({ kind: 'file', file: photo }, { chunkForce: false });
    actor.send({ type: 'upload.process' });
    await flush();
    expect(client.pending().map((call) => [call.method, call.key])).toEqual([['process', 'foto.jpg']]);
    client.progress('process', 25, 50);
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 50, total: 100 });
    client.settle('process', { value: 'srv-1' });
    await flush();
    expect(actor.getSnapshot().context.serverId).toBe('srv-1');
    expect(actor.getSnapshot().hasTag('canRevert')).toBe(true);
  });

  it('refuses a file of another type with the expected types, before any upload', () => {
    const { actor, client, emitted } = startItem(
      { kind: 'file', file: program },
      { typeLabels: { 'image/*': 'images', 'application/pdf': 'PDF' } },
    );
    expect(selectUploadStatus(actor.getSnapshot())).toBe('load-invalid');
    expect(actor.getSnapshot().context.error).toEqual({
      main: 'File is of invalid type',
      sub: 'Expects images or PDF',
    });
    actor.send({ type: 'upload.process' });
    expect(client.calls).toEqual([]);
    // The first state is in the snapshot; nothing is announced for it.
    expect(emitted).toEqual([]);
  });

  it("refuses a file over WhatsApp's limit for its kind, unless size checks are off", () => {
    const huge = pickedFile('besar.jpg', 'image/jpeg', 6_000_000);
    const refused = startItem({ kind: 'file', file: huge });
    expect(selectUploadStatus(refused.actor.getSnapshot())).toBe('load-invalid');
    expect(refused.actor.getSnapshot().context.error).toEqual({
      main: 'File is too large',
      sub: 'Maximum file size is 5 MB',
    });
    const unchecked = startItem({ kind: 'file', file: huge }, { checkSize: false });
    expect(selectUploadStatus(unchecked.actor.getSnapshot())).toBe('idle');
  });

  it('guesses a URL type from its extension and refuses it without fetching', () => {
    const { actor, client } = startItem({ kind: 'url', url: 'https://example.com/setup.exe?x=1' });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('load-invalid');
    expect(actor.getSnapshot().context.filename).toBe('setup.exe');
    expect(client.calls).toEqual([]);
  });

  it('fetches a URL through the server and keeps its bytes, name and type, ready to process', async () => {
    const { actor, client, emitted } = startItem({ kind: 'url', url: 'https://example.com/kucing.jpg' });
    expect(actor.getSnapshot().hasTag('working')).toBe(true);
    expect(client.pending().map((call) => [call.method, call.key])).toEqual([
      ['fetchUrl', 'https://example.com/kucing.jpg'],
    ]);
    client.settle('fetchUrl', { value: fetchedPhoto });
    await flush();
    const { context } = actor.getSnapshot();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('idle');
    expect([context.filename, context.type, context.size, context.origin]).toEqual([
      'kucing.jpg',
      'image/jpeg',
      100,
      'input',
    ]);
    expect(context.file).toBe(fetchedPhoto.blob);
    expect(emitted).toEqual([{ type: 'upload.changed', id: 'u1', status: 'idle', serverId: null }]);
  });

  it('shows a refused fetch with the server message and reason', async () => {
    const { actor, client } = startItem({ kind: 'url', url: 'https://example.com/kucing.jpg' });
    client.settle('fetchUrl', { error: uploadRefusal('fetch_refused', 'This address cannot be fetched.') });
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('load-error');
    expect(actor.getSnapshot().context.error).toEqual({
      main: 'This address cannot be fetched.',
      sub: 'fetch_refused',
    });
  });

  it('puts a gallery file back as processed, and removes it from the field without touching the server', async () => {
    const { actor, client, emitted } = startItem({ kind: 'server', id: 'g-1', origin: 'local' });
    expect(client.pending().map((call) => [call.method, call.key])).toEqual([['load', 'g-1']]);
    client.settle('load', { value: galleryPdf });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(selectUploadStatus(snapshot)).toBe('processing-complete');
    expect([snapshot.context.serverId, snapshot.context.origin, snapshot.context.filename]).toEqual([
      'g-1',
      'local',
      'katalog.pdf',
    ]);
    expect(snapshot.hasTag('canRevert')).toBe(false);
    actor.send({ type: 'upload.revert' });
    actor.send({ type: 'upload.remove' });
    expect(client.calls.map((call) => call.method)).toEqual(['load']);
    expect(emitted.at(-1)).toEqual({ type: 'upload.released', id: 'u1' });
  });

  it('restores a temporary upload, reverts it on the server, and can upload it again', async () => {
    const { actor, client, emitted } = startItem({ kind: 'server', id: 'srv-9', origin: 'limbo' });
    expect(client.pending().map((call) => call.method)).toEqual(['restore']);
    client.settle('restore', { value: restoredPhoto });
    await flush();
    expect(actor.getSnapshot().context.serverId).toBe('srv-9');
    actor.send({ type: 'upload.revert' });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('busy');
    expect(actor.getSnapshot().hasTag('reverting')).toBe(true);
    expect(client.pending().map((call) => [call.method, call.key])).toEqual([['revert', 'srv-9']]);
    client.settle('revert', { value: undefined });
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.serverId).toBeNull();
    expect(emitted.map((event) => (event.type === 'upload.changed' ? event.status : event.type))).toEqual([
      'processing-complete',
      'busy',
      'idle',
    ]);
  });

  it('keeps a temporary upload the server would not remove until the user drops it', async () => {
    const { actor, client, emitted } = startItem({ kind: 'server', id: 'srv-9', origin: 'limbo' });
    client.settle('restore', { value: restoredPhoto });
    await flush();
    actor.send({ type: 'upload.remove' });
    expect(actor.getSnapshot().hasTag('removing')).toBe(true);
    client.settle('revert', { error: connectionLost('DELETE') });
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('remove-error');
    expect(emitted.some((event) => event.type === 'upload.released')).toBe(false);
    actor.send({ type: 'upload.release' });
    expect(emitted.at(-1)).toEqual({ type: 'upload.released', id: 'u1' });
    expect(client.calls.filter((call) => call.method === 'revert')).toHaveLength(1);
  });

  it('reads SDK failures: the server message over its reason, or the step over what went wrong', () => {
    expect(uploadErrorOf(uploadRefusal('file_too_large', 'Too large.', 413), 'processing')).toEqual({
      main: 'Too large.',
      sub: 'file_too_large',
    });
    expect(uploadErrorOf(connectionLost('GET'), 'load')).toEqual({
      main: 'Error during load',
      sub: 'Request failed',
    });
    expect(uploadErrorOf(new Error('boom'), 'revert')).toEqual({ main: 'Error during revert', sub: 'boom' });
  });
});

/**
 * Just enough of the server's chunked protocol (docs/uploads.md): POST with Upload-Length starts a
 * transfer, PATCH appends at the server's offset (204 with the new offset, the last one 200 with
 * the id too), HEAD answers the offset. The second PATCH fails once: the socket is destroyed.
 */
function chunkServer(options: { storeDroppedChunk: boolean }) {
  const log: string[] = [];
  const id = 'tr-1';
  let length = 0;
  let stored = Buffer.alloc(0);
  let patches = 0;
  const body = async (request: IncomingMessage) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const bytes = await body(request);
    if (request.headers['authorization'] !== 'Bearer tok-1') {
      response.writeHead(401).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/upload/k1') {
      length = Number(request.headers['upload-length']);
      log.push(`POST ${length}`);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(id);
      return;
    }
    if (request.method === 'HEAD' && url.searchParams.get('patch') === id) {
      log.push(`HEAD ${stored.length}`);
      response
        .writeHead(200, { 'upload-offset': String(stored.length), 'upload-length': String(length) })
        .end();
      return;
    }
    if (request.method === 'PATCH' && url.searchParams.get('patch') === id) {
      patches += 1;
      const offset = Number(request.headers['upload-offset']);
      if (patches === 2) {
        log.push(`PATCH ${offset} dropped`);
        if (options.storeDroppedChunk && offset === stored.length) stored = Buffer.concat([stored, bytes]);
        request.socket.destroy();
        return;
      }
      if (offset !== stored.length) {
        log.push(`PATCH ${offset} refused`);
        response
          .writeHead(409, { 'content-type': 'application/json', 'upload-offset': String(stored.length) })
          .end(JSON.stringify({ code: '0', msg: 'Out of step', reason: 'upload_offset_mismatch' }));
        return;
      }
      stored = Buffer.concat([stored, bytes]);
      log.push(`PATCH ${offset}`);
      // As the real server: the new offset on every answer, the last one with the id as well.
      if (stored.length === length)
        response
          .writeHead(200, { 'content-type': 'text/plain', 'upload-offset': String(stored.length) })
          .end(id);
      else response.writeHead(204, { 'upload-offset': String(stored.length) }).end();
      return;
    }
    response.writeHead(404).end();
  };
  const server = createServer((request, response) => void handle(request, response));
  return {
    log,
    stored: () => stored.toString(),
    async listen() {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

describe('upload item against the real SDK client', () => {
  const text = 'Halo kak, ini katalog terbaru kami.';
  const note = () => new File([text], 'catatan.txt', { type: 'text/plain' });

  async function upload(options: { storeDroppedChunk: boolean; retryDelays: readonly number[] }) {
    const server = chunkServer(options);
    const origin = await server.listen();
    const client = createFilePondClient({
      origin,
      key: 'k1',
      tokens: { get: () => 'tok-1' },
      fetch: (input, init) => globalThis.fetch(input, init),
      transport: 'fetch',
    });
    const actor = createActor(uploadMachine, {
      input: {
        id: 'u1',
        source: { kind: 'file', file: note() },
        client,
        chunkSize: 10,
        chunkForce: true,
        retryDelays: options.retryDelays,
      },
    });
    actor.start();
    return { server, actor };
  }

  it('goes on from the offset the server holds when an answer is lost mid-transfer, sending no byte twice', async () => {
    const { server, actor } = await upload({ storeDroppedChunk: true, retryDelays: [0, 0, 0] });
    try {
      actor.send({ type: 'upload.process' });
      const done = await waitFor(
        actor,
        (s) => s.matches('processing-complete') || s.matches('processing-error'),
      );
      expect(selectUploadStatus(done)).toBe('processing-complete');
      expect(done.context.serverId).toBe('tr-1');
      expect(server.log).toEqual([
        'POST 35',
        'PATCH 0',
        'PATCH 10 dropped',
        'HEAD 20',
        'PATCH 20',
        'PATCH 30',
      ]);
      expect(server.stored()).toBe(text);
    } finally {
      actor.stop();
      await server.close();
    }
  });

  it('keeps the transfer id after a failed chunk, and a retry resumes it from the server offset', async () => {
    const { server, actor } = await upload({ storeDroppedChunk: false, retryDelays: [] });
    try {
      actor.send({ type: 'upload.process' });
      const failed = await waitFor(actor, (s) => !s.matches('processing'));
      expect(selectUploadStatus(failed)).toBe('processing-error');
      expect(failed.context.transferId).toBe('tr-1');
      expect(failed.context.progress).toEqual({ loaded: 10, total: 35 });
      actor.send({ type: 'upload.retry' });
      const done = await waitFor(actor, (s) => !s.matches('processing'));
      expect(selectUploadStatus(done)).toBe('processing-complete');
      expect(server.log).toEqual([
        'POST 35',
        'PATCH 0',
        'PATCH 10 dropped',
        'HEAD 10',
        'PATCH 10',
        'PATCH 20',
        'PATCH 30',
      ]);
      expect(server.stored()).toBe(text);
    } finally {
      actor.stop();
      await server.close();
    }
  });
});
