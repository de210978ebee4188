/**
 * The HTTP side of stored files:
 *
 * - `POST /upload/{key}`: FilePond's `process` request (DESIGN.md "Client"): one file as
 *   multipart/form-data, the session as `Authorization: Bearer <token>`; answers the new file's
 *   id as text/plain. The caller needs `crm.chat.view` in the project. A file whose content is not
 *   an accepted type (or does not match its name) answers 415 'File is of invalid type'; one over
 *   its kind's limit 413.
 * - `GET /media/{id}?e=…&s=…`: the bytes behind a signed link (`MediaLinks`), with ranges for the
 *   players, `Content-Disposition` with the file's name, `nosniff` and a sandboxing CSP, so a file
 *   opened directly can never run as part of the app.
 */
import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ActError } from '../acts/ActError.ts';
import { authenticate, authorizeProject } from '../acts/access.ts';
import type { Services } from '../acts/context.ts';
import { failure } from '../acts/failure.ts';
import { pickLocale } from '../i18n/translate.ts';
import type { Locale } from '../i18n/translate.ts';
import { formatFileSize } from '../sdk.ts';
import { MAX_UPLOAD_BYTES } from './mediaService.ts';
import type { MediaService } from './mediaService.ts';

const STATUS_OF: Partial<Record<string, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
};

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** `inline` for what browsers show safely (images, audio, video), `attachment` for the rest. */
export function contentDisposition(filename: string, mimeType: string): string {
  const inline = /^(image\/(jpeg|png|webp)|audio\/|video\/)/.test(mimeType);
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Headers every stored file is served with, whatever it is. */
const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, max-age=86400',
} as const;

export async function registerMediaRoutes(
  app: FastifyInstance,
  services: Services,
  mediaService: MediaService,
): Promise<void> {
  const refuse = (reply: FastifyReply, locale: Locale, error: ActError) =>
    reply.code(STATUS_OF[error.reason] ?? 400).send(failure(locale, error.reason, error.options));

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 12, headerPairs: 100 },
    });

    scope.post<{ Params: { key: string } }>(
      '/upload/:key',
      {
        config: {
          rateLimit: { max: services.config.rateLimit.max, timeWindow: services.config.rateLimit.windowMs },
        },
      },
      async (request, reply) => {
        const locale = pickLocale(request.headers['accept-language']);
        reply.header('cache-control', 'no-store');
        try {
          const caller = await authenticate('user', bearerOf(request), services, services.now());
          if (caller === null) throw new ActError('unauthenticated');
          const membership = await authorizeProject(services.db, caller.user.id, request.params.key, {
            permission: 'crm.chat.view',
          });
          if (!request.isMultipart()) return await reply.code(400).send(failure(locale, 'malformed_body'));
          const part = await request.file();
          if (part === undefined) return await reply.code(400).send(failure(locale, 'malformed_body'));
          const outcome = await mediaService.storeUpload({
            projectId: membership.project.id,
            userId: caller.user.id,
            source: part.file,
            filename: part.filename,
          });
          if (!outcome.ok && outcome.reason === 'file_invalid_type') {
            return await reply.code(415).send(failure(locale, 'file_invalid_type'));
          }
          if (!outcome.ok) {
            return await reply.code(413).send(
              failure(locale, 'file_too_large', {
                data: { maxBytes: outcome.maxBytes, maxSize: formatFileSize(outcome.maxBytes, locale) },
              }),
            );
          }
          return await reply.code(200).type('text/plain; charset=utf-8').send(outcome.row.id);
        } catch (error) {
          if (error instanceof ActError) return refuse(reply, locale, error);
          throw error;
        }
      },
    );
  });

  app.get<{ Params: { id: string }; Querystring: { e?: unknown; s?: unknown } }>(
    '/media/:id',
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
}
