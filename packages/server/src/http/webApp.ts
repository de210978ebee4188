import { existsSync } from 'node:fs';
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

/**
 * Serves the built web app from `dist` with history fallback: any GET or HEAD that is not under
 * /api, /assets or a source map, and not a file, answers index.html. Without a build, those
 * answer a 503 page. Files go out as the build precompressed them (`.br`, `.gz` beside each,
 * packages/web/precompress.ts) when the request's `Accept-Encoding` takes one, with
 * `Vary: Accept-Encoding`; hashed files under /assets are cached for a year, everything else
 * (index.html) is revalidated. `*.map` answers 404.
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
