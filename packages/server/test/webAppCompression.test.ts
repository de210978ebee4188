import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('sapa '.repeat(400))});`;
const STYLE = 'body{margin:0}';
let dist: string;
let server: TestServer;

/** The raw answer (node:http, no transparent decompression as fetch does). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sapa-dist-'));
  const assets = path.join(dist, 'assets');
  await mkdir(assets);
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(assets, 'app-1a2b.js'), SCRIPT);
  // What packages/web/precompress.ts writes beside each asset.
  await writeFile(path.join(assets, 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(assets, 'app-1a2b.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(assets, 'app-1a2b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  await writeFile(path.join(assets, 'style-9f8e.css'), STYLE);
  server = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app, compressed and cached', () => {
  it('sends the Brotli copy to a client that takes it, varying on Accept-Encoding, cached for a year', async () => {
    const answer = await get(`${server.url}/assets/app-1a2b.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(String(answer.headers['vary'])).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzipped = await get(`${server.url}/assets/app-1a2b.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    expect(String(gzipped.headers['vary'])).toMatch(/accept-encoding/i);

    const plain = await get(`${server.url}/assets/app-1a2b.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file without compressed copies as it is', async () => {
    const answer = await get(`${server.url}/assets/style-9f8e.css`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(STYLE);
  });

  it('has index.html revalidated on every route', async () => {
    for (const route of ['/', '/auth/login', '/crm/chat/k3y']) {
      const answer = await get(`${server.url}${route}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(answer.body.toString(), route).toBe(INDEX);
    }
  });

  it('answers a hashed file from memory once read, and 304 to the tag it gave', async () => {
    await writeFile(path.join(dist, 'assets', 'kept-5c6d.js'), SCRIPT);
    const first = await get(`${server.url}/assets/kept-5c6d.js`);
    expect(first.body.toString()).toBe(SCRIPT);
    // Hashed names never change content: the file's bytes are not read from disk again.
    await rm(path.join(dist, 'assets', 'kept-5c6d.js'));
    const again = await get(`${server.url}/assets/kept-5c6d.js`);
    expect(again.status).toBe(200);
    expect(again.body.toString()).toBe(SCRIPT);
    const tag = String(first.headers['etag']);
    const unchanged = await get(`${server.url}/assets/kept-5c6d.js`, { 'if-none-match': tag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    const brotli = await get(`${server.url}/assets/app-1a2b.js`, {
      'accept-encoding': 'br',
      'if-none-match': tag,
    });
    expect(brotli.status).toBe(200);
  });

  it('never serves a source map, and answers 404 (not the page) for a hashed file that is not there', async () => {
    for (const route of [
      '/assets/app-1a2b.js.map',
      '/assets/app-1a2b.js.map?x=1',
      '/app.js.map',
      '/assets/gone-0000.js',
    ]) {
      const answer = await get(`${server.url}${route}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(404);
      expect(answer.body.toString(), route).not.toContain('sources');
      expect(answer.body.toString(), route).not.toContain('<!doctype html>');
    }
  });
});
