import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';
import { testServices } from './support/services.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>';
let dist: string;
let built: TestServer;
let unbuilt: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sapa-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log("sapa")');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [built, unbuilt] = await Promise.all([startTestServer({ webDist: dist }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([built.close(), unbuilt.close()]);
  await rm(dist, { recursive: true, force: true });
});

const directivesOf = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('security headers', () => {
  it('gives pages a Content-Security-Policy fit for the built app and the usual hardening headers', async () => {
    for (const route of ['/', '/auth/login', '/assets/app-1a2b.js']) {
      const response = await fetch(`${built.url}${route}`);
      const csp = response.headers.get('content-security-policy');
      expect(directivesOf(csp)).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        // Besides the app's own stylesheets, only react-aria's one <style> element, by hash.
        'style-src': "'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
        'img-src': "'self' data: blob:",
        'connect-src': "'self' ws: wss:",
        'object-src': "'none'",
        'frame-ancestors': "'none'",
        // react-aria sets `style` attributes; no inline <style> element or script may run.
        'style-src-attr': "'unsafe-inline'",
      });
      expect(csp?.match(/unsafe/g)).toHaveLength(1);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
    const unbuiltPage = await fetch(`${unbuilt.url}/`);
    expect(directivesOf(unbuiltPage.headers.get('content-security-policy'))).toMatchObject({
      'script-src': "'self'",
    });
  });

  it('gives API answers, errors included, the headers of a JSON API: no rendering, framing, sniffing or caching', async () => {
    const answers = [
      await fetch(`${built.url}/api`, {
        method: 'POST',
        body: '{"act":"user_check_token"}',
        headers: { 'content-type': 'application/json' },
      }),
      await fetch(`${built.url}/api`, {
        method: 'POST',
        body: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      await fetch(`${built.url}/api/nothing`),
    ];
    for (const response of answers) {
      expect(directivesOf(response.headers.get('content-security-policy'))).toEqual({
        'default-src': "'none'",
        'frame-ancestors': "'none'",
      });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('the web app', () => {
  it('serves files of the build, hashed assets cached for good', async () => {
    const asset = await fetch(`${built.url}/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("sapa")');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await fetch(`${built.url}/favicon.svg`);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
  });

  it('answers index.html for every app route (history fallback)', async () => {
    for (const route of [
      '/',
      '/auth/login',
      '/crm/chat/k3y/628123',
      '/project/list?x=1',
      '/no/such/page',
      '/assets',
      '/assets/',
    ]) {
      const response = await fetch(`${built.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('keeps /api out of the fallback', async () => {
    const response = await fetch(`${built.url}/api/anything`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: '0', reason: 'not_found' });
  });

  it('answers a clear 503 page when the web app is not built', async () => {
    for (const route of ['/', '/auth/login']) {
      const response = await fetch(`${unbuilt.url}${route}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('pnpm build');
    }
    // The API works all the same.
    const api = await unbuilt.act('user_check_token');
    expect(api.body).toMatchObject({ code: '0', reason: 'unauthenticated' });
  });

  it('publishes the public config: no social-login app id unless configured', async () => {
    const response = await fetch(`${built.url}/config.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ socialAppId: null });
  });

  it('answers GET /healthz', async () => {
    const response = await fetch(`${built.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: testServices.databaseUrl ? 'postgres' : 'pglite',
    });
  });
});
