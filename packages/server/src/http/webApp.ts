import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../acts/failure.ts';
import { pickLocale } from '../i18n/translate.ts';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sapa: web app not built</title></head>
<body><h1>Sapa's web app is not built</h1>
<p>The server is running, but it found no built web app to serve. Run <code>pnpm build</code>
in the repository (or start with <code>pnpm start</code>, which builds first), then restart the server.</p>
<p>Aplikasi web Sapa belum dibangun: jalankan <code>pnpm build</code>, lalu mulai ulang server.</p>
</body></html>
`;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const pathOf = (url: string) => url.split('?', 1)[0] ?? url;
/** Source maps are built (`sourcemap: 'hidden'`) for reading production stack traces, not served. */
const isSourceMap = (url: string) => pathOf(url).endsWith('.map');
/** A hashed file that is not there (an old build's): a 404, not the app's page. */
const isAsset = (url: string) => /^\/assets\/[^/]/.test(pathOf(url));

/** The encodings the build writes beside each text asset (packages/web/precompress.ts), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** Asset files kept in memory at most this large (larger ones go out from disk). */
const MEMORY_MAX_BYTES = 4 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** One hashed file of the build, as it goes out: itself and its precompressed copies. */
interface Asset {
  type: string;
  bodies: Partial<Record<'identity' | 'br' | 'gzip', Buffer>>;
}

/**
 * Hashed files under /assets, read once and answered from memory: a hashed name never changes
 * content, and the inbox loads dozens of them at once over six connections, where each file's
 * stats, opens and reads from disk cost several turns of a busy event loop (bench/README.md,
 * inboxBrowser). Answers null when `name` is not a file of the build (or too large to keep).
 */
function assetCache(dir: string) {
  const assets = new Map<string, Promise<Asset | null>>();
  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(dir, name);
    const found = await stat(file).catch(() => null);
    if (found === null || !found.isFile() || found.size > MEMORY_MAX_BYTES) return null;
    const bodies: Asset['bodies'] = { identity: await readFile(file) };
    for (const [encoding, suffix] of ENCODINGS) {
      const copy = await readFile(file + suffix).catch(() => null);
      if (copy !== null) bodies[encoding] = copy;
    }
    return { type: TYPES[path.extname(name)] ?? 'application/octet-stream', bodies };
  };
  return (name: string): Promise<Asset | null> => {
    let asset = assets.get(name);
    if (asset === undefined) {
      asset = load(name);
      assets.set(name, asset);
      // A file that is not there may be written later (a deploy): look again next time.
      void asset.then((loaded) => {
        if (loaded === null) assets.delete(name);
      });
    }
    return asset;
  };
}

/** The best encoding of `asset` the request's `Accept-Encoding` takes. */
function encodingFor(asset: Asset, accepted: string | undefined): 'identity' | 'br' | 'gzip' {
  const takes = new Set(
    (accepted ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality === undefined || !/^\s*q=0(?:\.0*)?\s*$/.test(quality))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  for (const [encoding] of ENCODINGS) if (takes.has(encoding) && asset.bodies[encoding]) return encoding;
  return 'identity';
}

/**
 * Serves the built web app from `dist` with history fallback: any GET or HEAD that is not under
 * /api, /assets or a source map, and not a file, answers index.html. Without a build, those
 * answer a 503 page. Files go out as the build precompressed them (`.br`, `.gz` beside each,
 * packages/web/precompress.ts) when the request's `Accept-Encoding` takes one, with
 * `Vary: Accept-Encoding`; hashed files under /assets are cached for a year, everything else
 * (index.html) is revalidated, and are answered from memory once read (`assetCache`). `*.map`
 * answers 404.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const built = existsSync(path.join(dist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      index: 'index.html',
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const assetOf = assetCache(path.join(dist, 'assets'));
    app.get('/assets/*', async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const asset = /^[\w.~-]+$/.test(name) && !isSourceMap(name) ? await assetOf(name) : null;
      if (asset === null) return reply.callNotFound();
      const encoding = encodingFor(asset, request.headers['accept-encoding']);
      const tag = `"${name}:${encoding}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Accept-Encoding')
        .header('etag', tag)
        .type(asset.type);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
      return reply.send(asset.bodies[encoding]);
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const page =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(request.url) &&
      !isSourceMap(request.url) &&
      !isAsset(request.url);
    if (!page) {
      return reply.code(404).send(failure(pickLocale(request.headers['accept-language']), 'not_found'));
    }
    if (!built)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
