/**
 * `GET /media/{id}?e=…&s=…`: the bytes behind a signed link (`MediaLinks`), with ranges for the
 * players, `Content-Disposition` with the file's name, `nosniff` and a sandboxing CSP, so a file
 * opened directly can never run as part of the app. Uploads go through `uploadRoutes.ts`
 * (FilePond's protocol at `/upload/{key}`).
 */
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../acts/context.ts';
import { failure } from '../acts/failure.ts';
import { pickLocale } from '../i18n/translate.ts';
import type { MediaService } from './mediaService.ts';
import { contentDisposition, SAFE_HEADERS } from './serveFile.ts';
import { registerUploadRoutes } from './uploadRoutes.ts';
import type { UploadRoutesOptions } from './uploadRoutes.ts';
import type { UploadTransfers } from './UploadTransfers.ts';
import { FILE_READ_FACTOR, routeRateLimit } from '../http/rateLimit.ts';

export async function registerMediaRoutes(
  app: FastifyInstance,
  services: Services,
  mediaService: MediaService,
  options: UploadRoutesOptions = {},
): Promise<UploadTransfers> {
  const transfers = await registerUploadRoutes(app, services, mediaService, options);
  app.get<{ Params: { id: string }; Querystring: { e?: unknown; s?: unknown } }>(
    '/media/:id',
    { config: routeRateLimit(services.config, FILE_READ_FACTOR) },
    async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const { id } = request.params;
      const now = services.now();
      const valid =
        /^[0-9a-f-]{36}$/.test(id) && mediaService.links.verify(id, request.query.e, request.query.s, now);
      if (!valid) return reply.code(403).send(failure(locale, 'forbidden'));
      const found = await mediaService.byId(id);
      if (found === null) return reply.code(404).send(failure(locale, 'not_found'));
      let row = found;
      try {
        row = await mediaService.ensureStored(found);
      } catch (error) {
        request.log.warn({ err: error, mediaId: id }, 'customer media download failed');
        return reply.code(502).send(failure(locale, 'internal'));
      }
      if (row.status !== 'stored') return reply.code(404).send(failure(locale, 'not_found'));
      const sent = await send(request.raw, mediaService.files.relativePathOf(id), {
        root: mediaService.files.dir,
        acceptRanges: true,
        cacheControl: false,
        lastModified: false,
        etag: true,
        dotfiles: 'deny',
        index: false,
      });
      if (sent.type !== 'file') return reply.code(404).send(failure(locale, 'not_found'));
      reply.code(sent.statusCode);
      for (const [name, value] of Object.entries(sent.headers)) reply.header(name, value);
      reply.headers(SAFE_HEADERS);
      reply.header('content-type', row.mimeType);
      reply.header('content-disposition', contentDisposition(row.filename, row.mimeType));
      return reply.send(sent.stream);
    },
  );
  return transfers;
}
