/**
 * FilePond's server protocol at `/upload/{key}` (docs/uploads.md): process, chunked transfers
 * (`POST` with `Upload-Length`, `PATCH`/`HEAD ?patch=`), revert, load, restore and fetch. Every
 * request needs the session (`Authorization: Bearer`) of a member of project `{key}` holding
 * `crm.chat.send` (attachments of a reply) or `crm.gallery.add`; ids of another project answer
 * 404 like missing ones. Seeing the inbox (`crm.chat.view`) alone uploads nothing.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ActError } from '../acts/ActError.ts';
import { authenticate, authorizeProject } from '../acts/access.ts';
import type { Services } from '../acts/context.ts';
import { failure } from '../acts/failure.ts';
import { pickLocale } from '../i18n/translate.ts';
import type { Locale } from '../i18n/translate.ts';
import type { MediaRow } from '../db/schema.ts';
import { fileExtension, formatFileSize } from '../sdk.ts';
import type { FailureReason } from '../sdk.ts';
import { detectFile } from './detectFile.ts';
import { checkRemoteUrl, fetchRemote, FetchRefusedError, isPublicAddress } from './fetchRemote.ts';
import { FileTooLargeError } from './MediaFiles.ts';
import { cleanFilename, MAX_UPLOAD_BYTES } from './mediaService.ts';
import type { MediaService } from './mediaService.ts';
import { contentDisposition, SAFE_HEADERS } from './serveFile.ts';
import { declaredLength, UploadTransfers } from './UploadTransfers.ts';

const STATUS_OF: Partial<Record<FailureReason, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  file_invalid_type: 415,
  file_too_large: 413,
  storage_quota_exceeded: 413,
  too_many_uploads: 429,
  upload_offset_mismatch: 409,
  upload_length_mismatch: 400,
  media_in_use: 409,
  fetch_refused: 400,
  fetch_failed: 502,
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UploadRoutesOptions {
  /** Addresses `?fetch=` may reach; public ones only unless a test allows its own server. */
  fetchAllowAddress?: (address: string) => boolean;
}

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Upload-Name`, sent URL-encoded by Sapa's client and raw by FilePond's own. */
function uploadName(request: FastifyRequest): string | null {
  const raw = header(request, 'upload-name');
  if (raw === undefined || raw.trim() === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Query = { patch?: string; load?: string; restore?: string; fetch?: string };

export async function registerUploadRoutes(
  app: FastifyInstance,
  services: Services,
  media: MediaService,
  options: UploadRoutesOptions = {},
): Promise<UploadTransfers> {
  const transfers = new UploadTransfers({
    db: services.db,
    files: media.files,
    media,
    now: services.now,
    idleMs: services.config.transferIdleMs,
    quotaBytes: services.config.storageQuotaBytes,
    openPerUser: services.config.openTransfersPerUser,
  });
  const allowAddress = options.fetchAllowAddress ?? isPublicAddress;

  const refuse = (
    reply: FastifyReply,
    locale: Locale,
    reason: FailureReason,
    data?: Record<string, string | number>,
  ) =>
    reply
      .code(STATUS_OF[reason] ?? 400)
      .header('cache-control', 'no-store')
      .send(failure(locale, reason, data === undefined ? {} : { data }));

  const tooLarge = (reply: FastifyReply, locale: Locale, maxBytes: number) =>
    refuse(reply, locale, 'file_too_large', { maxBytes, maxSize: formatFileSize(maxBytes, locale) });

  /** The project's quota is full: what it holds and its quota, in bytes and as shown. */
  const quotaExceeded = (
    reply: FastifyReply,
    locale: Locale,
    usage: { usedBytes: number; quotaBytes: number },
  ) =>
    refuse(reply, locale, 'storage_quota_exceeded', {
      usedBytes: usage.usedBytes,
      quotaBytes: usage.quotaBytes,
      used: formatFileSize(usage.usedBytes, locale),
      quota: formatFileSize(usage.quotaBytes, locale),
    });

  /** The caller's project, or a refusal already sent. */
  async function projectOf(
    request: FastifyRequest<{ Params: { key: string } }>,
  ): Promise<{ projectId: string; userId: string }> {
    const caller = await authenticate('user', bearerOf(request), services, services.now());
    if (caller === null) throw new ActError('unauthenticated');
    const membership = await authorizeProject(services.db, caller.user.id, request.params.key, {
      anyOf: ['crm.chat.send', 'crm.gallery.add'],
    });
    return { projectId: membership.project.id, userId: caller.user.id };
  }

  /** Runs a handler, turning `ActError`s (authentication, membership) into refusals. */
  const guarded =
    <R extends FastifyRequest<{ Params: { key: string }; Querystring: Query }>>(
      handler: (request: R, reply: FastifyReply, locale: Locale) => Promise<unknown>,
    ) =>
    async (request: R, reply: FastifyReply) => {
      const locale = pickLocale(request.headers['accept-language']);
      reply.header('cache-control', 'no-store');
      try {
        return await handler(request, reply, locale);
      } catch (error) {
        if (error instanceof ActError) {
          return reply
            .code(STATUS_OF[error.reason] ?? 400)
            .send(failure(locale, error.reason, error.options));
        }
        throw error;
      }
    };

  const sendStored = (reply: FastifyReply, row: MediaRow) => {
    reply.headers(SAFE_HEADERS);
    reply.header('cache-control', 'no-store');
    reply.header('content-type', row.mimeType);
    reply.header('content-length', String(row.size ?? 0));
    reply.header('content-disposition', contentDisposition(row.filename, row.mimeType));
    return reply.send(media.files.open(row.id));
  };

  const rateLimit = { max: services.config.rateLimit.max, timeWindow: services.config.rateLimit.windowMs };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 12, headerPairs: 100 },
    });
    // A chunk's body is read as a stream by the handler (limited to the transfer's room), never buffered.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) =>
      done(null, payload),
    );

    // process, or the start of a chunked transfer (`Upload-Length`)
    scope.post<{ Params: { key: string }; Querystring: Query }>(
      '/upload/:key',
      { config: { rateLimit } },
      guarded(async (request, reply, locale) => {
        const { projectId, userId } = await projectOf(request);
        const declared = header(request, 'upload-length');
        if (declared !== undefined) {
          const length = declaredLength(declared);
          if (length === 'too_large') return tooLarge(reply, locale, MAX_UPLOAD_BYTES);
          if (length === 'invalid') return refuse(reply, locale, 'malformed_body');
          if (request.isMultipart())
            for await (const part of request.parts()) if (part.type === 'file') part.file.resume();
          const started = await transfers.start({ projectId, userId, length, filename: uploadName(request) });
          if (!started.ok && started.reason === 'too_many_uploads')
            return refuse(reply, locale, started.reason, { max: started.max });
          if (!started.ok) return quotaExceeded(reply, locale, started);
          return reply.code(200).type('text/plain; charset=utf-8').send(started.id);
        }
        if (!request.isMultipart()) return refuse(reply, locale, 'malformed_body');
        const part = await request.file();
        if (part === undefined) return refuse(reply, locale, 'malformed_body');
        const outcome = await media.storeUpload({
          projectId,
          userId,
          source: part.file,
          filename: part.filename,
        });
        if (!outcome.ok && outcome.reason === 'file_invalid_type')
          return refuse(reply, locale, 'file_invalid_type');
        if (!outcome.ok && outcome.reason === 'storage_quota_exceeded')
          return quotaExceeded(reply, locale, outcome);
        if (!outcome.ok) return tooLarge(reply, locale, outcome.maxBytes);
        return reply.code(200).type('text/plain; charset=utf-8').send(outcome.row.id);
      }),
    );

    // one chunk of a transfer
    scope.patch<{ Params: { key: string }; Querystring: Query }>(
      '/upload/:key',
      { config: { rateLimit } },
      guarded(async (request, reply, locale) => {
        const { projectId } = await projectOf(request);
        const id = request.query.patch ?? '';
        if (!ID.test(id)) return refuse(reply, locale, 'not_found');
        if (!(header(request, 'content-type') ?? '').startsWith('application/offset+octet-stream')) {
          return refuse(reply, locale, 'malformed_body');
        }
        const offset = Number(header(request, 'upload-offset'));
        const length = Number(header(request, 'upload-length'));
        if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length <= 0) {
          return refuse(reply, locale, 'malformed_body');
        }
        const size = Number(header(request, 'content-length'));
        const outcome = await transfers.append({
          projectId,
          id,
          offset,
          length,
          filename: uploadName(request),
          size: Number.isSafeInteger(size) ? size : null,
          body: request.body as Readable,
        });
        if (!outcome.ok) {
          if (outcome.reason === 'upload_offset_mismatch') {
            reply.header('upload-offset', String(outcome.offset));
            return refuse(reply, locale, outcome.reason, { offset: outcome.offset });
          }
          if (outcome.reason === 'file_too_large') return tooLarge(reply, locale, outcome.maxBytes);
          if (outcome.reason === 'storage_quota_exceeded') return quotaExceeded(reply, locale, outcome);
          return refuse(reply, locale, outcome.reason);
        }
        reply.header('upload-offset', String(outcome.offset));
        if (outcome.complete) return reply.code(200).type('text/plain; charset=utf-8').send(outcome.row.id);
        return reply.code(204).send();
      }),
    );

    // where a transfer stands (resume)
    scope.head<{ Params: { key: string }; Querystring: Query }>(
      '/upload/:key',
      { config: { rateLimit } },
      guarded(async (request, reply, locale) => {
        const { projectId } = await projectOf(request);
        const id = request.query.patch ?? '';
        const position = ID.test(id) ? await transfers.position(projectId, id) : null;
        if (position === null) return refuse(reply, locale, 'not_found');
        reply.header('upload-offset', String(position.offset));
        reply.header('upload-length', String(position.length));
        return reply.code(200).send();
      }),
    );

    // revert
    scope.delete<{ Params: { key: string }; Querystring: Query }>(
      '/upload/:key',
      { config: { rateLimit } },
      guarded(async (request, reply, locale) => {
        const { projectId } = await projectOf(request);
        const id = (typeof request.body === 'string' ? request.body : '').trim();
        if (!ID.test(id)) return refuse(reply, locale, 'not_found');
        if (await transfers.cancel(projectId, id)) return reply.code(204).send();
        const outcome = await media.revert(projectId, id);
        if (outcome === 'reverted') return reply.code(204).send();
        return refuse(reply, locale, outcome === 'in_use' ? 'media_in_use' : 'not_found');
      }),
    );

    // load, restore and fetch
    scope.get<{ Params: { key: string }; Querystring: Query }>(
      '/upload/:key',
      { exposeHeadRoute: false, config: { rateLimit } },
      guarded(async (request, reply, locale) => {
        const { projectId } = await projectOf(request);
        const { load, restore, fetch } = request.query;
        if (fetch !== undefined) return fetchFor(reply, locale, fetch);
        const id = load ?? restore ?? '';
        const row = ID.test(id) ? await media.find(projectId, id) : null;
        const usable =
          row !== null &&
          row.status === 'stored' &&
          (restore === undefined || (row.origin === 'upload' && row.expiresAt !== null));
        if (!usable) return refuse(reply, locale, 'not_found');
        return sendStored(reply, row);
      }),
    );
  });

  /** FilePond's fetch: the remote file, checked like an upload, answered with its name. */
  async function fetchFor(reply: FastifyReply, locale: Locale, raw: string): Promise<unknown> {
    try {
      checkRemoteUrl(raw, allowAddress);
    } catch {
      return refuse(reply, locale, 'fetch_refused');
    }
    let remote;
    try {
      remote = await fetchRemote(raw, { allowAddress });
    } catch (error) {
      return refuse(reply, locale, error instanceof FetchRefusedError ? 'fetch_refused' : 'fetch_failed');
    }
    if (remote.contentLength !== null && remote.contentLength > MAX_UPLOAD_BYTES) {
      remote.body.destroy();
      return tooLarge(reply, locale, MAX_UPLOAD_BYTES);
    }
    let written;
    try {
      written = await media.files.write(remote.body, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (error instanceof FileTooLargeError) return tooLarge(reply, locale, MAX_UPLOAD_BYTES);
      return refuse(reply, locale, 'fetch_failed');
    }
    const named = remoteFilename(remote.contentDisposition, remote.url);
    const detected = await detectFile(written.tempPath, named);
    if (!detected.ok) {
      await media.files.discard(written);
      return refuse(reply, locale, 'file_invalid_type');
    }
    const stream = createReadStream(written.tempPath);
    stream.on('close', () => void media.files.discard(written));
    reply.headers(SAFE_HEADERS);
    reply.header('cache-control', 'no-store');
    reply.header('content-type', detected.mimeType);
    reply.header('content-length', String(written.size));
    reply.header('content-disposition', contentDisposition(named, detected.mimeType));
    return reply.send(stream);
  }

  return transfers;
}

/** The remote file's name: its `Content-Disposition`, else the last segment of its path. */
export function remoteFilename(disposition: string | null, url: URL): string {
  const fromHeader =
    disposition === null ? null : /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  let name = fromHeader ?? url.pathname.split('/').pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep it as sent
  }
  const clean = cleanFilename(name, 'file');
  return fileExtension(clean) === '' && clean === 'file' ? 'file' : clean;
}
