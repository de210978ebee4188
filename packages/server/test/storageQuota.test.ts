/**
 * The project's storage quota and the cap on open transfers (issue 14, item 6; docs/uploads.md,
 * "Storage quota"): a transfer's declared length is reserved when it opens and refused past the
 * quota, a user holds at most `openTransfersPerUser` open transfers, a transfer whose first bytes
 * are not an accepted type is dropped at once, and finishing, cancelling or expiring a transfer
 * frees what it held. Reservations are counted in the database under locks, so requests racing
 * on the pool's connections cannot overshoot together.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageUsage } from '../src/sdk.ts';
import { addMember, dataOf, inboxProject } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const QUOTA = 1_000_000;
const OPEN_PER_USER = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storageQuotaBytes: QUOTA, openTransfersPerUser: OPEN_PER_USER });
});
afterAll(async () => {
  await server.close();
});

const video = await readFile(new URL('../src/simulator/samples/clip.mp4', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A real MP4 of `size` bytes (the sample, zero padded). */
function mp4Of(size: number): Buffer {
  return Buffer.concat([video, Buffer.alloc(Math.max(0, size - video.length))]).subarray(0, size);
}

type Who = { token: string };

function call(setup: InboxProject, who: Who, init: RequestInit & { query?: string } = {}) {
  const { query = '', headers, ...rest } = init;
  return fetch(`${server.url}/upload/${setup.project.key}${query}`, {
    ...rest,
    headers: { authorization: `Bearer ${who.token}`, ...(headers as Record<string, string>) },
  });
}

function startTransfer(setup: InboxProject, length: number, who: Who = setup.owner) {
  return call(setup, who, {
    method: 'POST',
    headers: { 'upload-length': String(length), 'upload-name': 'video.mp4', 'accept-language': 'en' },
  });
}

function patch(setup: InboxProject, id: string, chunk: Uint8Array, offset: number, length: number) {
  return call(setup, setup.owner, {
    method: 'PATCH',
    query: `?patch=${id}`,
    body: new Uint8Array(chunk),
    headers: {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'upload-length': String(length),
      'upload-name': 'video.mp4',
    },
  });
}

function processFile(setup: InboxProject, bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append('filepond', '{}');
  form.append('filepond', new Blob([new Uint8Array(bytes)]), filename);
  return call(setup, setup.owner, { method: 'POST', body: form });
}

async function usage(setup: InboxProject): Promise<StorageUsage> {
  return dataOf<StorageUsage>(
    await server.act('gallery_usage', { token: setup.owner.token, key: setup.project.key }),
  );
}

async function opened(answer: Response): Promise<string> {
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return text;
}

describe('storage quota', () => {
  it('reserves the declared length when a transfer opens and refuses one past the quota, transfers and uploads alike', async () => {
    const setup = await inboxProject(server);
    expect(await usage(setup)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    await opened(await startTransfer(setup, 600_000));
    expect(await usage(setup)).toEqual({ usedBytes: 600_000, quotaBytes: QUOTA });

    const refused = await startTransfer(setup, 400_001);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      code: '0',
      reason: 'storage_quota_exceeded',
      msg: "The project's storage is full: 600 KB of 1 MB used. Delete files from the gallery to make room.",
      data: { usedBytes: 600_000, quotaBytes: QUOTA },
    });
    // A processed (one-request) upload is counted too: 400,001 bytes do not fit, 400,000 do.
    const big = await processFile(setup, mp4Of(400_001), 'big.mp4');
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ reason: 'storage_quota_exceeded' });
    expect((await processFile(setup, mp4Of(400_000), 'fits.mp4')).status).toBe(200);
    expect(await usage(setup)).toEqual({ usedBytes: QUOTA, quotaBytes: QUOTA });
    expect((await startTransfer(setup, 1)).status).toBe(413);

    // Another project has its own quota.
    const other = await inboxProject(server);
    await opened(await startTransfer(other, 900_000));
  });

  it('frees the reservation when a transfer is cancelled, and turns it into the file’s size when it finishes', async () => {
    const setup = await inboxProject(server);
    const cancelled = await opened(await startTransfer(setup, 700_000));
    expect((await startTransfer(setup, 400_000)).status).toBe(413);
    const revert = await call(setup, setup.owner, { method: 'DELETE', body: cancelled });
    expect(revert.status).toBe(204);
    expect(await usage(setup)).toMatchObject({ usedBytes: 0 });

    const file = mp4Of(300_000);
    const id = await opened(await startTransfer(setup, file.length));
    expect((await patch(setup, id, file.subarray(0, 100_000), 0, file.length)).status).toBe(204);
    expect(await usage(setup)).toMatchObject({ usedBytes: 300_000 });
    const last = await patch(setup, id, file.subarray(100_000), 100_000, file.length);
    expect(last.status).toBe(200);
    expect(await usage(setup)).toMatchObject({ usedBytes: 300_000 });
    // Only the stored file counts now: 700,000 more fit.
    await opened(await startTransfer(setup, 700_000));
  });

  it('stops counting a transfer once it expired, before the sweeper removes it, and takes no chunk for it', async () => {
    const setup = await inboxProject(server);
    const file = mp4Of(900_000);
    const idle = await opened(await startTransfer(setup, file.length));
    expect((await patch(setup, idle, file.subarray(0, 10_000), 0, file.length)).status).toBe(204);
    expect((await startTransfer(setup, 200_000)).status).toBe(413);

    server.clock.advance(server.config.transferIdleMs + 1000);
    expect(await usage(setup)).toMatchObject({ usedBytes: 0 });
    const late = await patch(setup, idle, file.subarray(10_000, 20_000), 10_000, file.length);
    expect(late.status).toBe(404);
    await opened(await startTransfer(setup, 900_000));
  });

  it('holds under racing requests: exactly as many transfers open as fit', async () => {
    const setup = await inboxProject(server);
    const members = await Promise.all(
      Array.from({ length: 8 }, () =>
        addMember(server, setup.project, ['crm.menu', 'crm.gallery.menu', 'crm.gallery.add']),
      ),
    );
    const answers = await Promise.all(members.map((member) => startTransfer(setup, 300_000, member)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413]);
    expect(await usage(setup)).toMatchObject({ usedBytes: 900_000 });
  });
});

describe('open transfers per user', () => {
  it(`refuses a user's transfer beyond ${OPEN_PER_USER} open ones, in any project, and takes one again once one ends`, async () => {
    const setup = await inboxProject(server);
    const ids = [];
    for (let n = 0; n < OPEN_PER_USER; n += 1) ids.push(await opened(await startTransfer(setup, 1000)));
    const refused = await startTransfer(setup, 1000);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      reason: 'too_many_uploads',
      msg: `Too many unfinished uploads (at most ${OPEN_PER_USER}). Finish or cancel one first.`,
      data: { max: OPEN_PER_USER },
    });
    // The cap is the user's, across projects; another member of the project is not held back.
    const own = await server.act('project_create', { token: setup.owner.token, name: 'Toko Kedua' });
    const second = { ...setup, project: dataOf<InboxProject['project']>(own) };
    expect((await startTransfer(second, 1000)).status).toBe(429);
    const curator = await addMember(server, setup.project, [
      'crm.menu',
      'crm.gallery.menu',
      'crm.gallery.add',
    ]);
    await opened(await startTransfer(setup, 1000, curator));

    // A finished transfer no longer counts.
    const first = ids[0] ?? '';
    expect((await patch(setup, first, mp4Of(1000), 0, 1000)).status).toBe(200);
    await opened(await startTransfer(setup, 1000));
    expect((await startTransfer(setup, 1000)).status).toBe(429);
  });

  it('gives back the places of transfers the browser gave up on once they sat idle, long before temporary uploads expire', async () => {
    const setup = await inboxProject(server);
    const ids = [];
    for (let n = 0; n < OPEN_PER_USER; n += 1) ids.push(await opened(await startTransfer(setup, 1000)));
    // One of them is still being written: its chunk keeps it open past the others.
    server.clock.advance(server.config.transferIdleMs - 1000);
    const busy = ids[0] ?? '';
    expect((await patch(setup, busy, mp4Of(1000).subarray(0, 500), 0, 1000)).status).toBe(204);
    expect((await startTransfer(setup, 1000)).status).toBe(429);

    server.clock.advance(2000);
    expect(server.config.transferIdleMs).toBeLessThan(server.config.uploadTtlMs);
    const places = [];
    for (let n = 1; n < OPEN_PER_USER; n += 1) places.push(await opened(await startTransfer(setup, 1000)));
    expect(places).toHaveLength(OPEN_PER_USER - 1);
    expect((await startTransfer(setup, 1000)).status).toBe(429);
  });
});

describe('first chunk type', () => {
  it('drops a transfer whose first chunk is not an accepted type at once, freeing its reservation', async () => {
    const setup = await inboxProject(server);
    const length = 500_000;
    const id = await opened(await startTransfer(setup, length));
    const first = Buffer.concat([PDF, Buffer.alloc(10_000, 0x20)]);
    const answer = await patch(setup, id, first, 0, length);
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ reason: 'file_invalid_type' });
    expect(await usage(setup)).toMatchObject({ usedBytes: 0 });
    expect((await call(setup, setup.owner, { method: 'HEAD', query: `?patch=${id}` })).status).toBe(404);
    // Random bytes under a video's name too.
    const noise = await opened(await startTransfer(setup, length));
    const random = Buffer.from(Array.from({ length: 8000 }, (_, n) => (n * 7919 + 13) % 251));
    expect((await patch(setup, noise, random, 0, length)).status).toBe(415);

    // A first chunk too small to tell waits for the bytes that can; a real video goes through.
    const file = mp4Of(length);
    const real = await opened(await startTransfer(setup, length));
    expect((await patch(setup, real, file.subarray(0, 8), 0, length)).status).toBe(204);
    expect((await patch(setup, real, file.subarray(8, 200_000), 8, length)).status).toBe(204);
    expect((await patch(setup, real, file.subarray(200_000), 200_000, length)).status).toBe(200);
  });
});
