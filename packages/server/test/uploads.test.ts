/**
 * FilePond's server protocol at `/upload/{key}` (docs/uploads.md): process, chunked transfers with
 * resume, revert, load, restore, fetch (public addresses only), expiry of unused uploads, and the
 * gallery acts built on them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { readFile, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, projects, uploadTransfers } from '../src/db/schema.ts';
import { UploadTransfers } from '../src/media/UploadTransfers.ts';
import type { ConversationSummary, GalleryItem } from '../src/sdk.ts';
import { addMember, CHAT_AGENT, dataOf, deliver, inboxProject, inbound, reasonOf } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title="pwned"</script></svg>',
);

let server: TestServer;
/** A "public" file host on loopback: the only address this server's fetch may reach. */
let remote: Server;
let remoteUrl: string;

beforeAll(async () => {
  remote = createServer((request, response) => {
    if (request.url === '/foto.png') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
    } else if (request.url === '/to-loopback') {
      const port = (remote.address() as AddressInfo).port;
      response.writeHead(302, { location: `http://127.0.0.2:${port}/foto.png` });
      response.end();
    } else if (request.url === '/fake.jpg') {
      response.end(PDF);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  server = await startTestServer({}, { fetchAllowAddress: (address) => address === '127.0.0.1' });
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => remote.close(resolve));
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function call(setup: InboxProject, init: RequestInit & { query?: string; token?: string | null } = {}) {
  const { query = '', token = setup.owner.token, headers, ...rest } = init;
  return fetch(`${server.url}/upload/${setup.project.key}${query}`, {
    ...rest,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(headers as Record<string, string>),
    },
  });
}

async function processFile(setup: InboxProject, bytes: Uint8Array, filename: string, token?: string) {
  const form = new FormData();
  form.append('filepond', '{}');
  form.append('filepond', new Blob([new Uint8Array(bytes)]), filename);
  return call(setup, { method: 'POST', body: form, ...(token === undefined ? {} : { token }) });
}

async function startTransfer(setup: InboxProject, length: number, token?: string) {
  const form = new FormData();
  form.append('filepond', '{}');
  return call(setup, {
    method: 'POST',
    body: form,
    headers: { 'upload-length': String(length) },
    ...(token === undefined ? {} : { token }),
  });
}

function patch(
  setup: InboxProject,
  id: string,
  chunk: Uint8Array,
  offset: number,
  length: number,
  name = 'video.mp4',
) {
  return call(setup, {
    method: 'PATCH',
    query: `?patch=${id}`,
    body: new Uint8Array(chunk),
    headers: {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'upload-length': String(length),
      'upload-name': encodeURIComponent(name),
    },
  });
}

async function offsetOf(setup: InboxProject, id: string): Promise<Response> {
  return call(setup, { method: 'HEAD', query: `?patch=${id}` });
}

const video = await readFile(new URL('../src/simulator/samples/clip.mp4', import.meta.url));

/** A real MP4 of `size` bytes: the sample with zero padding after it (players ignore it; file-type reads the head). */
function mp4Of(size: number): Buffer {
  return Buffer.concat([video, Buffer.alloc(Math.max(0, size - video.length))]).subarray(0, size);
}

/** Sends `bytes` of a PATCH whose Content-Length promises more, then cuts the connection. */
function cutPatch(
  setup: InboxProject,
  id: string,
  promised: number,
  sent: Uint8Array,
  offset: number,
  length: number,
) {
  return new Promise<void>((resolve) => {
    const target = new URL(`${server.url}/upload/${setup.project.key}?patch=${id}`);
    const outgoing = httpRequest(target, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${setup.owner.token}`,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(promised),
        'upload-offset': String(offset),
        'upload-length': String(length),
      },
    });
    outgoing.on('error', () => resolve());
    outgoing.write(sent, () => {
      setTimeout(() => {
        outgoing.destroy();
        resolve();
      }, 50);
    });
  });
}

async function rowOf(id: string) {
  const [row] = await server.app.sapa.services.db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

describe('process (POST multipart)', () => {
  it('stores a temporary upload, answers its id as text, and restore and load answer its bytes safely', async () => {
    const setup = await inboxProject(server);
    const answer = await processFile(setup, PNG, 'Foto Produk.png');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const id = await answer.text();
    const row = await rowOf(id);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(server.clock.now().getTime() + 86_400_000 - 60_000);
    for (const query of [`?restore=${id}`, `?load=${id}`]) {
      const served = await call(setup, { query });
      expect(served.status, query).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      expect(served.headers.get('content-disposition')).toContain('filename="Foto Produk.png"');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  it('refuses a .jpg holding a PDF with 415 "File is of invalid type" and keeps nothing', async () => {
    const setup = await inboxProject(server);
    const answer = await call(setup, {
      method: 'POST',
      headers: { 'accept-language': 'en' },
      body: (() => {
        const form = new FormData();
        form.append('filepond', new Blob([new Uint8Array(PDF)]), 'foto.jpg');
        return form;
      })(),
    });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({
      reason: 'file_invalid_type',
      msg: 'File is of invalid type',
    });
  });

  it('keeps an SVG as a document, served as an attachment under a sandboxing CSP so its script cannot run', async () => {
    const setup = await inboxProject(server);
    const id = await (await processFile(setup, SVG, 'logo.svg')).text();
    expect((await rowOf(id))?.mimeType).toBe('image/svg+xml');
    const served = await call(setup, { query: `?load=${id}` });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="logo.svg"/);
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers.get('content-security-policy')).not.toContain('script');
  });

  it('takes a member with crm.gallery.add only, and refuses one with neither key, a stranger and no session', async () => {
    const setup = await inboxProject(server);
    const curator = await addMember(server, setup.project, [
      'crm.menu',
      'crm.gallery.menu',
      'crm.gallery.add',
    ]);
    expect((await processFile(setup, PNG, 'a.png', curator.token)).status).toBe(200);
    const viewer = await addMember(server, setup.project, [
      'crm.menu',
      'crm.gallery.menu',
      'crm.gallery.view',
    ]);
    expect((await processFile(setup, PNG, 'a.png', viewer.token)).status).toBe(403);
    const stranger = await inboxProject(server);
    expect((await processFile(setup, PNG, 'a.png', stranger.owner.token)).status).toBe(404);
    expect((await call(setup, { method: 'POST', token: null, body: new FormData() })).status).toBe(401);
  });
});

describe('chunked transfers (POST Upload-Length, PATCH, HEAD)', () => {
  it('assembles a file from chunks byte for byte and answers its id on the last one', async () => {
    const setup = await inboxProject(server);
    const file = mp4Of(2_600_000);
    const start = await startTransfer(setup, file.length);
    expect(start.status).toBe(200);
    const id = await start.text();
    expect((await offsetOf(setup, id)).headers.get('upload-offset')).toBe('0');
    const chunk = 1_000_000;
    for (let offset = 0; offset < file.length; offset += chunk) {
      const end = Math.min(offset + chunk, file.length);
      const answer = await patch(setup, id, file.subarray(offset, end), offset, file.length);
      expect(answer.headers.get('upload-offset')).toBe(String(end));
      if (end < file.length) expect(answer.status).toBe(204);
      else {
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe(id);
      }
    }
    const head = await offsetOf(setup, id);
    expect(head.headers.get('upload-offset')).toBe(String(file.length));
    const row = await rowOf(id);
    expect(row).toMatchObject({
      mimeType: 'video/mp4',
      filename: 'video.mp4',
      size: file.length,
      sha256: sha256(file),
    });
    const loaded = Buffer.from(await (await call(setup, { query: `?load=${id}` })).arrayBuffer());
    expect(sha256(loaded)).toBe(sha256(file));
    const [transfer] = await server.app.sapa.services.db
      .select()
      .from(uploadTransfers)
      .where(eq(uploadTransfers.id, id));
    expect(transfer).toBeUndefined();
  });

  it('keeps the offset where the last whole chunk ended when a chunk is cut, and resumes from there', async () => {
    const setup = await inboxProject(server);
    const file = mp4Of(300_000);
    const id = await (await startTransfer(setup, file.length)).text();
    expect((await patch(setup, id, file.subarray(0, 100_000), 0, file.length)).status).toBe(204);
    await cutPatch(setup, id, 100_000, file.subarray(100_000, 150_000), 100_000, file.length);
    const head = await offsetOf(setup, id);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('100000');
    expect(head.headers.get('upload-length')).toBe('300000');
    expect((await patch(setup, id, file.subarray(100_000, 200_000), 100_000, file.length)).status).toBe(204);
    expect((await patch(setup, id, file.subarray(200_000), 200_000, file.length)).status).toBe(200);
    expect((await rowOf(id))?.sha256).toBe(sha256(file));
  });

  it('refuses a wrong offset with 409 and the server offset', async () => {
    const setup = await inboxProject(server);
    const file = mp4Of(200_000);
    const id = await (await startTransfer(setup, file.length)).text();
    await patch(setup, id, file.subarray(0, 100_000), 0, file.length);
    const again = await patch(setup, id, file.subarray(0, 100_000), 0, file.length);
    expect(again.status).toBe(409);
    expect(again.headers.get('upload-offset')).toBe('100000');
    expect(await again.json()).toMatchObject({ reason: 'upload_offset_mismatch', data: { offset: 100_000 } });
    const ahead = await patch(setup, id, file.subarray(150_000), 150_000, file.length);
    expect(ahead.status).toBe(409);
    expect((await offsetOf(setup, id)).headers.get('upload-offset')).toBe('100000');
  });

  it('refuses a chunk past the declared length, or another Upload-Length, with 400 and moves nothing', async () => {
    const setup = await inboxProject(server);
    const file = mp4Of(150_000);
    const id = await (await startTransfer(setup, file.length)).text();
    const past = await patch(setup, id, mp4Of(200_000), 0, file.length);
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ reason: 'upload_length_mismatch' });
    const other = await patch(setup, id, file.subarray(0, 100_000), 0, 400_000);
    expect(other.status).toBe(400);
    expect((await offsetOf(setup, id)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses a declared length over 100 MB, and a bad one', async () => {
    const setup = await inboxProject(server);
    const big = await startTransfer(setup, 100_000_001);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ reason: 'file_too_large', data: { maxBytes: 100_000_000 } });
    expect((await startTransfer(setup, 0)).status).toBe(400);
  });

  it('checks the assembled file: a .jpg name on PDF bytes is refused on the last chunk and nothing is kept', async () => {
    const setup = await inboxProject(server);
    const id = await (await startTransfer(setup, PDF.length)).text();
    const last = await patch(setup, id, PDF, 0, PDF.length, 'foto.jpg');
    expect(last.status).toBe(415);
    expect(await rowOf(id)).toBeNull();
    expect((await offsetOf(setup, id)).status).toBe(404);
  });

  it('answers 404 for a missing id and for another project’s transfer, by PATCH and HEAD', async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    const foreign = await (await startTransfer(other, 1000)).text();
    for (const id of [randomUUID(), foreign, 'not-an-id']) {
      expect((await patch(setup, id, PDF, 0, 1000)).status, id).toBe(404);
      expect((await offsetOf(setup, id)).status, id).toBe(404);
    }
    expect((await offsetOf(other, foreign)).status).toBe(200);
  });
});

describe('revert, load and restore', () => {
  it('reverts a completed upload (row and bytes gone) and an unfinished transfer', async () => {
    const setup = await inboxProject(server);
    const id = await (await processFile(setup, PNG, 'a.png')).text();
    const bytesPath = server.app.sapa.services.media.files.pathOf(id);
    expect((await stat(bytesPath)).size).toBe(PNG.length);
    const reverted = await call(setup, {
      method: 'DELETE',
      body: id,
      headers: { 'content-type': 'text/plain' },
    });
    expect(reverted.status).toBe(204);
    expect(await rowOf(id)).toBeNull();
    await expect(stat(bytesPath)).rejects.toThrow();
    expect((await call(setup, { query: `?load=${id}` })).status).toBe(404);

    const transfer = await (await startTransfer(setup, 200_000)).text();
    await patch(setup, transfer, mp4Of(100_000), 0, 200_000);
    expect(
      (await call(setup, { method: 'DELETE', body: transfer, headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(204);
    expect((await offsetOf(setup, transfer)).status).toBe(404);
  });

  it('refuses to revert a file already sent or kept in the gallery (409), a missing one and another project’s (404)', async () => {
    const setup = await inboxProject(server);
    const kept = await (await processFile(setup, PNG, 'a.png')).text();
    dataOf(
      await server.act('gallery_add', { token: setup.owner.token, key: setup.project.key, ids: [kept] }),
    );
    const inUse = await call(setup, {
      method: 'DELETE',
      body: kept,
      headers: { 'content-type': 'text/plain' },
    });
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toMatchObject({ reason: 'media_in_use' });
    expect(await rowOf(kept)).not.toBeNull();

    const other = await inboxProject(server);
    const foreign = await (await processFile(other, PNG, 'b.png')).text();
    for (const id of [foreign, randomUUID()]) {
      expect(
        (await call(setup, { method: 'DELETE', body: id, headers: { 'content-type': 'text/plain' } })).status,
      ).toBe(404);
    }
    expect(await rowOf(foreign)).not.toBeNull();
  });

  it('loads any stored file of the project, restores only temporary uploads, and refuses other projects’ ids', async () => {
    const setup = await inboxProject(server);
    const kept = await (await processFile(setup, PDF, 'harga.pdf')).text();
    dataOf(
      await server.act('gallery_add', { token: setup.owner.token, key: setup.project.key, ids: [kept] }),
    );
    expect((await call(setup, { query: `?load=${kept}` })).status).toBe(200);
    expect((await call(setup, { query: `?restore=${kept}` })).status).toBe(404);
    const other = await inboxProject(server);
    for (const query of [
      `?load=${kept}`,
      `?restore=${kept}`,
      `?load=${randomUUID()}`,
      '?load=../../etc/passwd',
    ]) {
      expect((await call(other, { query })).status, query).toBe(404);
    }
  });
});

describe('fetch', () => {
  it('answers a public file with its name, checked like an upload', async () => {
    const setup = await inboxProject(server);
    const answer = await call(setup, { query: `?fetch=${encodeURIComponent(`${remoteUrl}/foto.png`)}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toContain('filename="foto.png"');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);
    const fake = await call(setup, { query: `?fetch=${encodeURIComponent(`${remoteUrl}/fake.jpg`)}` });
    expect(fake.status).toBe(415);
  });

  it('refuses loopback, private, link-local and metadata addresses, other schemes, and redirects to them', async () => {
    const setup = await inboxProject(server);
    const port = (remote.address() as AddressInfo).port;
    for (const url of [
      `http://127.0.0.2:${port}/foto.png`,
      `http://localhost:${port}/foto.png`,
      `http://[::1]:${port}/foto.png`,
      'http://10.0.0.1/x.png',
      'http://192.168.1.1/x.png',
      'http://172.16.0.1/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/x.png',
      'http://0.0.0.0/x.png',
      'http://2130706434/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'file:///etc/passwd',
      'ftp://example.com/x.png',
      `${remoteUrl}/to-loopback`,
    ]) {
      const answer = await call(setup, { query: `?fetch=${encodeURIComponent(url)}` });
      expect(answer.status, url).toBe(400);
      expect(await answer.json(), url).toMatchObject({ reason: 'fetch_refused' });
    }
    const missing = await call(setup, { query: `?fetch=${encodeURIComponent(`${remoteUrl}/nothing.png`)}` });
    expect(missing.status).toBe(502);
  });
});

describe('temporary uploads expire', () => {
  it('removes unused uploads and idle transfers after the TTL, keeping sent and gallery files', async () => {
    const setup = await inboxProject(server);
    const unused = await (await processFile(setup, PNG, 'unused.png')).text();
    const kept = await (await processFile(setup, PNG, 'kept.png')).text();
    dataOf(
      await server.act('gallery_add', { token: setup.owner.token, key: setup.project.key, ids: [kept] }),
    );
    const idle = await (await startTransfer(setup, 200_000)).text();
    await patch(setup, idle, mp4Of(100_000), 0, 200_000);

    await server.app.sapa.sweepUploads();
    expect(await rowOf(unused)).not.toBeNull();
    server.clock.advance(server.config.uploadTtlMs + 1000);
    const swept = await server.app.sapa.sweepUploads();
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(swept.partial).toBeGreaterThanOrEqual(1);
    expect(await rowOf(unused)).toBeNull();
    await expect(stat(server.app.sapa.services.media.files.pathOf(unused))).rejects.toThrow();
    expect(await rowOf(kept)).not.toBeNull();
    expect((await offsetOf(setup, idle)).status).toBe(404);
  });
});

describe('gallery acts', () => {
  it('adds uploads, lists them newest first with kind filter, name search or by id, and deletes them', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const photo = await (await processFile(setup, PNG, 'Katalog Baju.png')).text();
    const price = await (await processFile(setup, PDF, 'Daftar Harga 100%.pdf')).text();
    const added = dataOf<GalleryItem[]>(await server.act('gallery_add', { token, key, ids: [photo, price] }));
    expect(added.map((item) => [item.id, item.kind])).toEqual([
      [photo, 'image'],
      [price, 'document'],
    ]);
    expect((await rowOf(photo))?.expiresAt).toBeNull();

    const all = await server.act('gallery_list', { token, key });
    expect((all.body.data as GalleryItem[]).map((item) => item.id).sort()).toEqual([photo, price].sort());
    expect(all.body.total_page).toBe(1);
    const images = dataOf<GalleryItem[]>(await server.act('gallery_list', { token, key, kind: 'image' }));
    expect(images.map((item) => item.id)).toEqual([photo]);
    expect(images[0]?.createdBy?.id).toBe(setup.owner.userId);
    const found = dataOf<GalleryItem[]>(
      await server.act('gallery_list', { token, key, search: 'harga 100%' }),
    );
    expect(found.map((item) => item.id)).toEqual([price]);
    expect(dataOf<GalleryItem[]>(await server.act('gallery_list', { token, key, search: '_' }))).toEqual([]);
    // By id: only the gallery's own files (a temporary upload, another project's file: none).
    const other = await inboxProject(server);
    const stranger = await (await processFile(other, PNG, 'Milik lain.png')).text();
    dataOf(
      await server.act('gallery_add', { token: other.owner.token, key: other.project.key, ids: [stranger] }),
    );
    const temporary = await (await processFile(setup, PNG, 'Belum disimpan.png')).text();
    const byId = dataOf<GalleryItem[]>(
      await server.act('gallery_list', { token, key, ids: [price, stranger, temporary] }),
    );
    expect(byId.map((item) => item.id)).toEqual([price]);
    expect(reasonOf(await server.act('gallery_list', { token, key, ids: [] }))).toBe('invalid_input');

    expect(dataOf(await server.act('gallery_delete', { token, key, id: photo }))).toEqual({ id: photo });
    expect(await rowOf(photo)).toBeNull();
    expect(reasonOf(await server.act('gallery_delete', { token, key, id: photo }))).toBe('not_found');
  });

  it('keeps a deleted gallery file that a message carries, and a sent temporary upload stops expiring', async () => {
    const setup = await inboxProject(server);
    const { token } = setup.owner;
    const key = setup.project.key;
    const delivered = await deliver(
      server,
      inbound('inbound-text.json', {
        phoneNumberId: setup.account.phoneNumberId,
        from: '+6281234500001',
        // The test clock (moved on by earlier tests): the customer's window is open now.
        timestamp: server.clock.now(),
      }),
    );
    expect(delivered.status).toBe(200);
    await server.app.sapa.processPendingDeliveries();
    const [conversation] = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', { token, key }),
    );
    if (conversation === undefined) throw new Error('no conversation');
    const send = (mediaId: string) =>
      server.act('message_send', {
        token,
        key,
        conversationId: conversation.id,
        clientId: randomUUID(),
        mediaId,
      });

    const photo = await (await processFile(setup, PNG, 'a.png')).text();
    dataOf(await server.act('gallery_add', { token, key, ids: [photo] }));
    dataOf(await send(photo));
    dataOf(await server.act('gallery_delete', { token, key, id: photo }));
    expect(await rowOf(photo)).toMatchObject({ inGallery: false, expiresAt: null });
    expect(dataOf<GalleryItem[]>(await server.act('gallery_list', { token, key }))).toEqual([]);

    const direct = await (await processFile(setup, PNG, 'b.png')).text();
    expect((await rowOf(direct))?.expiresAt).not.toBeNull();
    dataOf(await send(direct));
    expect((await rowOf(direct))?.expiresAt).toBeNull();
  });

  it('refuses members without the keys and ids of another project', async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    const key = setup.project.key;
    const foreign = await (await processFile(other, PNG, 'x.png')).text();
    expect(reasonOf(await server.act('gallery_add', { token: setup.owner.token, key, ids: [foreign] }))).toBe(
      'not_found',
    );
    expect((await rowOf(foreign))?.inGallery).toBe(false);
    dataOf(
      await server.act('gallery_add', { token: other.owner.token, key: other.project.key, ids: [foreign] }),
    );
    expect(reasonOf(await server.act('gallery_delete', { token: setup.owner.token, key, id: foreign }))).toBe(
      'not_found',
    );
    expect(
      dataOf<GalleryItem[]>(await server.act('gallery_list', { token: setup.owner.token, key })),
    ).toEqual([]);

    const agent = await addMember(server, setup.project, CHAT_AGENT);
    const mine = await (await processFile(setup, PNG, 'y.png', agent.token)).text();
    expect(reasonOf(await server.act('gallery_add', { token: agent.token, key, ids: [mine] }))).toBe(
      'forbidden',
    );
    expect(dataOf<GalleryItem[]>(await server.act('gallery_list', { token: agent.token, key }))).toEqual([]);
    const nobody = await addMember(server, setup.project, ['crm.menu']);
    expect(reasonOf(await server.act('gallery_list', { token: nobody.token, key }))).toBe('forbidden');
  });
});

describe('UploadTransfers across processes', () => {
  it('hashes from disk a transfer whose chunks came through two processes', async () => {
    const setup = await inboxProject(server);
    const { services } = server.app.sapa;
    const make = () =>
      new UploadTransfers({
        db: services.db,
        files: services.media.files,
        media: services.media,
        now: services.now,
        idleMs: services.config.transferIdleMs,
        quotaBytes: services.config.storageQuotaBytes,
        openPerUser: services.config.openTransfersPerUser,
      });
    const [first, second] = [make(), make()];
    const [row] = await services.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.key, setup.project.key));
    const projectId = row?.id ?? '';
    const file = mp4Of(300_000);
    const started = await first.start({
      projectId,
      userId: setup.owner.userId,
      length: file.length,
      filename: 'a.mp4',
    });
    if (!started.ok) throw new Error(`transfer refused: ${started.reason}`);
    const { id } = started;
    const chunk = (transfers: UploadTransfers, from: number, to: number) =>
      transfers.append({
        projectId,
        id,
        offset: from,
        length: file.length,
        filename: null,
        size: to - from,
        body: Readable.from([file.subarray(from, to)]),
      });
    expect(await chunk(first, 0, 100_000)).toMatchObject({ ok: true, offset: 100_000 });
    expect(await chunk(second, 100_000, 200_000)).toMatchObject({ ok: true, offset: 200_000 });
    const last = await chunk(first, 200_000, 300_000);
    expect(last).toMatchObject({ ok: true, complete: true });
    expect((await rowOf(id))?.sha256).toBe(sha256(file));
  });
});

describe('upload sizes', () => {
  it('streams a random 12 MB video in 5 MB chunks to the same SHA-256', async () => {
    const setup = await inboxProject(server);
    const file = Buffer.concat([video, randomBytes(12_000_000 - video.length)]);
    const id = await (await startTransfer(setup, file.length)).text();
    for (let offset = 0; offset < file.length; offset += 5_000_000) {
      const end = Math.min(offset + 5_000_000, file.length);
      await patch(setup, id, file.subarray(offset, end), offset, file.length);
    }
    expect((await rowOf(id))?.sha256).toBe(sha256(file));
  });
});
