/**
 * The SDK's FilePond client and `transferFile` against the real server: a chunked upload whose
 * connection is cut after the first chunk resumes from the server's offset (HEAD), never from
 * zero, and the stored file has the sent file's SHA-256. A proxy in between cuts the connection.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilePondClient, createMemoryTokenStore, isApiError, transferFile } from '@sapa/sdk';
import { media } from '../src/db/schema.ts';
import { inboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
let proxy: Server;
let proxyUrl: string;
/** Requests that passed the proxy: method, offset header and whether it was cut. */
const seen: { method: string; offset: string | undefined; cut: boolean }[] = [];
/** How many PATCH requests to cut before their body reaches the server. */
let cutNextPatches = 0;

beforeAll(async () => {
  server = await startTestServer();
  const target = new URL(server.url);
  proxy = createServer((incoming, outgoing) => {
    const offset = incoming.headers['upload-offset'] as string | undefined;
    if (incoming.method === 'PATCH' && cutNextPatches > 0) {
      cutNextPatches -= 1;
      seen.push({ method: 'PATCH', offset, cut: true });
      // Half the chunk gets through, then the line drops.
      const upstream = httpRequest({
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      });
      upstream.on('error', () => undefined);
      let passed = 0;
      const half = Number(incoming.headers['content-length']) / 2;
      incoming.on('data', (data: Buffer) => {
        if (passed < half) upstream.write(data);
        passed += data.length;
        if (passed >= half) {
          upstream.destroy();
          incoming.socket.destroy();
        }
      });
      return;
    }
    seen.push({ method: incoming.method ?? '', offset, cut: false });
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

const clip = await readFile(new URL('../src/simulator/samples/clip.mp4', import.meta.url));

describe('transferFile over the SDK client', () => {
  it('resumes a cut chunked upload from the server offset and stores the same bytes', async () => {
    const setup = await inboxProject(server);
    const client = createFilePondClient({
      origin: proxyUrl,
      key: setup.project.key,
      tokens: createMemoryTokenStore(setup.owner.token),
      transport: 'fetch',
    });
    const file = new Blob([clip, randomBytes(3_500_000 - clip.length)]);
    const bytes = Buffer.from(await file.arrayBuffer());
    seen.length = 0;
    let transferId: string | null = null;
    const waits: number[] = [];
    const progress: number[] = [];
    // The first chunk passes; the second is cut once.
    let patches = 0;
    const id = await transferFile(client, file, {
      filename: 'promo.mp4',
      chunkSize: 1_000_000,
      retryDelays: [500, 1000, 3000],
      wait: async (ms) => {
        waits.push(ms);
      },
      onTransfer: (transfer) => {
        transferId = transfer;
      },
      onProgress: (loaded) => {
        progress.push(loaded);
        if (loaded === 1_000_000 && patches === 0) {
          patches += 1;
          cutNextPatches = 1;
        }
      },
    });
    expect(id).toBe(transferId);
    expect(waits).toEqual([500]);
    const patchOffsets = seen
      .filter((request) => request.method === 'PATCH')
      .map((request) => [request.offset, request.cut]);
    expect(patchOffsets).toEqual([
      ['0', false],
      ['1000000', true],
      ['1000000', false],
      ['2000000', false],
      ['3000000', false],
    ]);
    expect(seen.filter((request) => request.method === 'HEAD')).toHaveLength(1);
    expect(progress.at(-1)).toBe(file.size);
    const [row] = await server.app.sapa.services.db.select().from(media).where(eq(media.id, id));
    expect(row?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(row?.filename).toBe('promo.mp4');
  });

  it('sends a small file in one process request and answers refusals as ApiError', async () => {
    const setup = await inboxProject(server);
    const client = createFilePondClient({
      origin: server.url,
      key: setup.project.key,
      tokens: createMemoryTokenStore(setup.owner.token),
      transport: 'fetch',
      locale: () => 'en',
    });
    const pdf = new Blob(['%PDF-1.4\n%%EOF\n']);
    const id = await transferFile(client, pdf, { filename: 'harga.pdf' });
    const loaded = await client.load(id);
    expect(loaded.filename).toBe('harga.pdf');
    expect(await loaded.blob.text()).toBe('%PDF-1.4\n%%EOF\n');
    const refused = await transferFile(client, pdf, { filename: 'foto.jpg' }).catch(
      (error: unknown) => error,
    );
    expect(isApiError(refused) && refused.reason).toBe('file_invalid_type');
    expect(isApiError(refused) && refused.message).toBe('File is of invalid type');
    await client.revert(id);
    expect(await client.load(id).catch((error: unknown) => isApiError(error) && error.reason)).toBe(
      'not_found',
    );
  });
});
