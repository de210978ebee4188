/**
 * Stored files of a project: an agent's upload (type checked by content, size limited per kind,
 * kept under a generated id) and a customer's media (downloaded from Meta with its number's token
 * by the `whatsapp.media` job, or at once when someone opens it first). Links to them are signed
 * (`MediaLinks`).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GraphClient } from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import { media, uploadTransfers, waAccounts } from '../db/schema.ts';
import type { MediaRow } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import { maxMediaBytes, messageTypeOf, MEDIA_MAX_BYTES } from '../sdk.ts';
import type { MediaFile } from '../sdk.ts';
import { detectFile } from './detectFile.ts';
import { FileTooLargeError } from './MediaFiles.ts';
import type { MediaFiles, WrittenFile } from './MediaFiles.ts';
import type { MediaLinks } from './mediaLinks.ts';
import { lockStorage, usedBytes } from './storageQuota.ts';
import type { StorageUsage } from './storageQuota.ts';
import { rootMessage } from '../errors/rootMessage.ts';
import { openToken } from '../security/tokenBox.ts';

export const MEDIA_DOWNLOAD_JOB = 'whatsapp.media';

/** The largest file of any kind (documents): an upload stream is cut off beyond it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));

export type UploadOutcome =
  | { ok: true; row: MediaRow }
  | { ok: false; reason: 'file_invalid_type' }
  | { ok: false; reason: 'file_too_large'; maxBytes: number }
  | { ok: false; reason: 'storage_quota_exceeded'; usedBytes: number; quotaBytes: number };

export interface MediaServiceDeps {
  db: Db;
  files: MediaFiles;
  links: MediaLinks;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A file name fit to show and to download as: no path, no control characters, at most 200 characters. */
export function cleanFilename(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  const clean = printable.join('').trim().slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

export class MediaService {
  readonly #deps: MediaServiceDeps;
  /** Downloads under way, so two viewers of a new image start one download. */
  readonly #downloads = new Map<string, Promise<MediaRow>>();

  constructor(deps: MediaServiceDeps) {
    this.#deps = deps;
  }

  get links(): MediaLinks {
    return this.#deps.links;
  }

  get files(): MediaFiles {
    return this.#deps.files;
  }

  /** An agent's upload: stored when its content is an accepted type within its kind's size limit. */
  async storeUpload(upload: {
    projectId: string;
    userId: string;
    source: Readable;
    filename: string | undefined;
  }): Promise<UploadOutcome> {
    let written;
    try {
      written = await this.#deps.files.write(upload.source, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        return { ok: false, reason: 'file_too_large', maxBytes: MAX_UPLOAD_BYTES };
      }
      throw error;
    }
    return this.keepChecked(written, { ...upload, id: randomUUID() });
  }

  /**
   * Checks a written file (type by content against its name, size by kind, room in the project's
   * storage quota) and keeps it as the project's temporary upload `id`, expiring after
   * `uploadTtlMs` unless it is used. A refused file is discarded. The file of a chunked transfer
   * (`transferId`) takes the place of the transfer's reservation in the same transaction.
   */
  async keepChecked(
    written: WrittenFile,
    upload: { id: string; projectId: string; userId: string | null; filename: string | undefined },
    options: { transferId?: string } = {},
  ): Promise<UploadOutcome> {
    const { db, files, now, config } = this.#deps;
    try {
      const filename = cleanFilename(upload.filename, 'file');
      const detected = await detectFile(written.tempPath, filename);
      if (!detected.ok) {
        await files.discard(written);
        return { ok: false, reason: 'file_invalid_type' };
      }
      const limit = maxMediaBytes(detected.mimeType);
      if (written.size > limit) {
        await files.discard(written);
        return { ok: false, reason: 'file_too_large', maxBytes: limit };
      }
      const outcome = await db.transaction(async (tx) => {
        await lockStorage(tx, 'project', upload.projectId);
        if (options.transferId !== undefined) {
          await tx.delete(uploadTransfers).where(eq(uploadTransfers.id, options.transferId));
        }
        const at = now();
        const used = await usedBytes(tx, upload.projectId, at);
        if (used + written.size > config.storageQuotaBytes) {
          return {
            ok: false,
            reason: 'storage_quota_exceeded',
            usedBytes: used,
            quotaBytes: config.storageQuotaBytes,
          } as const;
        }
        await files.keep(written, upload.id);
        const [row] = await tx
          .insert(media)
          .values({
            id: upload.id,
            projectId: upload.projectId,
            origin: 'upload',
            status: 'stored',
            mimeType: detected.mimeType,
            type: messageTypeOf(detected.mimeType, filename),
            filename,
            size: written.size,
            sha256: written.sha256,
            expiresAt: new Date(at.getTime() + config.uploadTtlMs),
            createdBy: upload.userId,
            createdAt: at,
          })
          .returning();
        if (row === undefined) throw new Error('media insert answered nothing');
        return { ok: true, row } as const;
      });
      if (!outcome.ok) await files.discard(written);
      return outcome;
    } catch (error) {
      await files.discard(written);
      await files.remove(upload.id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Keeps files for good (sent in a message, or `gallery` ones added to the gallery): they stop
   * expiring. Answers the rows kept, in the order of `ids`; an id that is not a stored file of the
   * project is left out.
   */
  async claim(
    projectId: string,
    ids: readonly string[],
    options: { gallery?: boolean } = {},
  ): Promise<MediaRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.#deps.db
      .update(media)
      .set(options.gallery ? { expiresAt: null, inGallery: true } : { expiresAt: null })
      .where(and(eq(media.projectId, projectId), inArray(media.id, [...ids]), eq(media.status, 'stored')))
      .returning();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is MediaRow => row !== undefined);
  }

  /**
   * FilePond's revert: deletes a temporary upload of the project. `in_use` once it is sent or in
   * the gallery; `not_found` for anything else.
   */
  async revert(projectId: string, id: string): Promise<'reverted' | 'in_use' | 'not_found'> {
    const found = await this.find(projectId, id);
    if (found === null || found.origin !== 'upload') return 'not_found';
    const [deleted] = await this.#deps.db
      .delete(media)
      .where(and(eq(media.id, id), eq(media.projectId, projectId), isNotNull(media.expiresAt)))
      .returning({ id: media.id });
    if (deleted === undefined) return 'in_use';
    await this.#deps.files.remove(id);
    return 'reverted';
  }

  /** What the project holds against its storage quota (`gallery_usage`). */
  async usage(projectId: string, now: Date): Promise<StorageUsage> {
    return {
      usedBytes: await usedBytes(this.#deps.db, projectId, now),
      quotaBytes: this.#deps.config.storageQuotaBytes,
    };
  }

  /** Deletes temporary uploads whose time is up (rows and bytes); answers how many. */
  async sweepExpired(now: Date): Promise<number> {
    const expired = await this.#deps.db
      .delete(media)
      .where(and(isNotNull(media.expiresAt), lt(media.expiresAt, now)))
      .returning({ id: media.id });
    for (const { id } of expired) await this.#deps.files.remove(id);
    return expired.length;
  }

  /** A file of the project, or `null` (missing or another project's). */
  async find(projectId: string, id: string): Promise<MediaRow | null> {
    const [row] = await this.#deps.db
      .select()
      .from(media)
      .where(and(eq(media.projectId, projectId), eq(media.id, id)))
      .limit(1);
    return row ?? null;
  }

  async byId(id: string): Promise<MediaRow | null> {
    const [row] = await this.#deps.db.select().from(media).where(eq(media.id, id)).limit(1);
    return row ?? null;
  }

  toMediaFile(row: MediaRow, now: Date): MediaFile {
    return {
      id: row.id,
      type: row.type,
      mimeType: row.mimeType,
      filename: row.filename,
      size: row.size ?? 0,
      url: this.#deps.links.url(row.id, now),
    };
  }

  /** The row once its bytes are here: a pending customer file is downloaded first (once). */
  ensureStored(row: MediaRow): Promise<MediaRow> {
    if (row.status !== 'pending') return Promise.resolve(row);
    const running = this.#downloads.get(row.id);
    if (running !== undefined) return running;
    const download = this.#download(row.id).finally(() => this.#downloads.delete(row.id));
    this.#downloads.set(row.id, download);
    return download;
  }

  /** Fetches a customer's file from Meta: `GET /{media-id}` for its URL, then the bytes. */
  async #download(id: string): Promise<MediaRow> {
    const { db, files, config } = this.#deps;
    const [found] = await db
      .select({ media, account: waAccounts })
      .from(media)
      .leftJoin(waAccounts, eq(waAccounts.id, media.accountId))
      .where(eq(media.id, id))
      .limit(1);
    if (found === undefined) throw new Error(`no media ${id}`);
    if (found.media.status !== 'pending') return found.media;
    const { account } = found;
    if (account === null || found.media.waMediaId === null) {
      return this.#fail(id, 'no account or media id to download with');
    }
    const client = new GraphClient({
      accessToken: openToken(config.whatsapp.tokenKey, account.accessToken),
      baseUrl: account.graphBaseUrl ?? config.whatsapp.graphBaseUrl,
      apiVersion: config.whatsapp.apiVersion,
    });
    const located = await client.getMediaUrl(found.media.waMediaId, { phoneNumberId: account.phoneNumberId });
    const mimeType =
      (located.mimeType || found.media.mimeType).split(';', 1)[0]?.trim() || found.media.mimeType;
    const limit = maxMediaBytes(mimeType);
    if (located.fileSize !== undefined && located.fileSize > limit) {
      return this.#fail(id, `larger than ${limit} bytes`);
    }
    const downloaded = await client.downloadMedia(located.url);
    let written;
    try {
      written = await files.write(downloaded.bytes, limit);
    } catch (error) {
      if (error instanceof FileTooLargeError) return this.#fail(id, `larger than ${limit} bytes`);
      throw error;
    }
    await files.keep(written, id);
    const [row] = await db
      .update(media)
      .set({ status: 'stored', mimeType, size: written.size, sha256: written.sha256, lastError: null })
      .where(eq(media.id, id))
      .returning();
    if (row === undefined) throw new Error(`media ${id} vanished`);
    this.#deps.log.debug({ mediaId: id, size: written.size }, 'customer media stored');
    return row;
  }

  async #fail(id: string, reason: string): Promise<MediaRow> {
    const [row] = await this.#deps.db
      .update(media)
      .set({ status: 'failed', lastError: reason })
      .where(eq(media.id, id))
      .returning();
    if (row === undefined) throw new Error(`media ${id} vanished`);
    return row;
  }

  /** The `whatsapp.media` job: downloads a customer's file soon after it arrives (Meta keeps it for days only). */
  downloadJob(): JobHandler {
    return {
      run: async (job) => {
        const id = (job.payload as { mediaId?: unknown }).mediaId;
        if (typeof id !== 'string') return;
        const row = await this.byId(id);
        if (row !== null) await this.ensureStored(row);
      },
      giveUp: async (job, error) => {
        const id = (job.payload as { mediaId?: unknown }).mediaId;
        if (typeof id === 'string') {
          await this.#fail(id, rootMessage(error));
        }
      },
    };
  }
}
