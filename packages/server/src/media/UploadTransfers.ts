/**
 * FilePond's chunked uploads (docs/uploads.md): a transfer of a declared length, filled by chunks
 * at the server's offset, checked and kept as a temporary upload (under the transfer's id) when
 * the last byte arrives. Chunks of one transfer are taken one at a time in this process; the
 * offset only moves in the database when a chunk was written whole (a conditional update, so two
 * processes sharing a database cannot both move it).
 *
 * Opening a transfer reserves its declared length against the project's storage quota and counts
 * against its user's open transfers (storageQuota.ts); finishing, cancelling or expiring it frees
 * both. Its first bytes are checked as soon as they can tell its type: a transfer that is not an
 * accepted file is dropped then, not after its last chunk.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { uploadTransfers } from '../db/schema.ts';
import type { MediaRow, UploadTransferRow } from '../db/schema.ts';
import { detectFileStart, TYPE_SAMPLE_BYTES } from './detectFile.ts';
import { FileTooLargeError } from './MediaFiles.ts';
import type { MediaFiles } from './MediaFiles.ts';
import { cleanFilename, MAX_UPLOAD_BYTES } from './mediaService.ts';
import type { MediaService } from './mediaService.ts';
import { lockStorage, openTransfersOf, usedBytes } from './storageQuota.ts';

export interface UploadTransfersDeps {
  db: Db;
  files: MediaFiles;
  media: MediaService;
  now: () => Date;
  /** How long an unfinished transfer is kept after its last chunk (or its start). */
  idleMs: number;
  /** A project's storage quota in bytes (stored files plus open transfers' declared lengths). */
  quotaBytes: number;
  /** Unfinished transfers one user may hold open at a time. */
  openPerUser: number;
}

export type StartOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: 'storage_quota_exceeded'; usedBytes: number; quotaBytes: number }
  | { ok: false; reason: 'too_many_uploads'; max: number };

export type ChunkOutcome =
  | { ok: true; offset: number; length: number; complete: false }
  | { ok: true; offset: number; length: number; complete: true; row: MediaRow }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'upload_offset_mismatch'; offset: number }
  | { ok: false; reason: 'upload_length_mismatch'; length: number }
  | { ok: false; reason: 'file_invalid_type' }
  | { ok: false; reason: 'file_too_large'; maxBytes: number }
  | { ok: false; reason: 'storage_quota_exceeded'; usedBytes: number; quotaBytes: number };

export interface Chunk {
  projectId: string;
  id: string;
  offset: number;
  /** `Upload-Length` as sent with the chunk. */
  length: number;
  /** `Upload-Name`, when sent. */
  filename: string | null;
  /** `Content-Length` of the chunk, when sent. */
  size: number | null;
  body: Readable;
}

export class UploadTransfers {
  readonly #deps: UploadTransfersDeps;
  /** The chunk being written per transfer, so this process takes them one at a time. */
  readonly #busy = new Map<string, Promise<unknown>>();
  /**
   * The SHA-256 of what each transfer holds, kept as its chunks arrive in this process, so the
   * last chunk need not read the whole file again. A transfer whose chunks came (partly) through
   * another process is hashed from disk at the end instead.
   */
  readonly #hashes = new Map<string, { offset: number; hash: Hash }>();

  constructor(deps: UploadTransfersDeps) {
    this.#deps = deps;
  }

  /**
   * Starts a transfer of `length` bytes (FilePond's `POST` with `Upload-Length`); answers its id,
   * or why not: the user already holds `openPerUser` open transfers, or the length does not fit
   * in what the project has left of its quota. Counted and reserved under the user's and the
   * project's locks.
   */
  async start(transfer: {
    projectId: string;
    userId: string;
    length: number;
    filename: string | null;
  }): Promise<StartOutcome> {
    const { db, now, idleMs, quotaBytes, openPerUser } = this.#deps;
    return db.transaction(async (tx) => {
      await lockStorage(tx, 'user', transfer.userId);
      await lockStorage(tx, 'project', transfer.projectId);
      const at = now();
      if ((await openTransfersOf(tx, transfer.userId, at)) >= openPerUser) {
        return { ok: false, reason: 'too_many_uploads', max: openPerUser } as const;
      }
      const used = await usedBytes(tx, transfer.projectId, at);
      if (used + transfer.length > quotaBytes) {
        return { ok: false, reason: 'storage_quota_exceeded', usedBytes: used, quotaBytes } as const;
      }
      const id = randomUUID();
      await tx.insert(uploadTransfers).values({
        id,
        projectId: transfer.projectId,
        userId: transfer.userId,
        filename: cleanFilename(transfer.filename ?? undefined, 'file'),
        length: transfer.length,
        offset: 0,
        createdAt: at,
        expiresAt: new Date(at.getTime() + idleMs),
      });
      return { ok: true, id } as const;
    });
  }

  /** An open transfer of the project (one past its expiry is gone, though not swept yet). */
  async find(projectId: string, id: string): Promise<UploadTransferRow | null> {
    const [row] = await this.#deps.db
      .select()
      .from(uploadTransfers)
      .where(
        and(
          eq(uploadTransfers.projectId, projectId),
          eq(uploadTransfers.id, id),
          gte(uploadTransfers.expiresAt, this.#deps.now()),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Where a transfer stands (FilePond's `HEAD`): its offset and length, or, once complete, the
   * file's size for both; `null` for an unknown transfer or another project's.
   */
  async position(projectId: string, id: string): Promise<{ offset: number; length: number } | null> {
    const row = await this.find(projectId, id);
    if (row !== null) return { offset: row.offset, length: row.length };
    const file = await this.#deps.media.find(projectId, id);
    if (file === null || file.origin !== 'upload' || file.size === null) return null;
    return { offset: file.size, length: file.size };
  }

  /** Takes one chunk (FilePond's `PATCH`). */
  append(chunk: Chunk): Promise<ChunkOutcome> {
    const previous = this.#busy.get(chunk.id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.#append(chunk));
    this.#busy.set(chunk.id, next);
    return next.finally(() => {
      if (this.#busy.get(chunk.id) === next) this.#busy.delete(chunk.id);
    });
  }

  async #append(chunk: Chunk): Promise<ChunkOutcome> {
    const { db, files, media, now, idleMs } = this.#deps;
    const row = await this.find(chunk.projectId, chunk.id);
    if (row === null) {
      chunk.body.resume();
      return { ok: false, reason: 'not_found' };
    }
    if (chunk.length !== row.length) {
      chunk.body.resume();
      return { ok: false, reason: 'upload_length_mismatch', length: row.length };
    }
    if (chunk.offset !== row.offset) {
      chunk.body.resume();
      return { ok: false, reason: 'upload_offset_mismatch', offset: row.offset };
    }
    const room = row.length - row.offset;
    if (chunk.size !== null && chunk.size > room) {
      chunk.body.resume();
      return { ok: false, reason: 'upload_length_mismatch', length: row.length };
    }
    // Hash this chunk on a copy: a chunk cut short must not count.
    const known = this.#hashes.get(row.id);
    const hash =
      row.offset === 0 ? createHash('sha256') : known?.offset === row.offset ? known.hash.copy() : undefined;
    if (hash === undefined) this.#hashes.delete(row.id);
    let written: number;
    try {
      written = await files.writeChunk(row.id, row.offset, chunk.body, room, hash);
    } catch (error) {
      if (error instanceof FileTooLargeError)
        return { ok: false, reason: 'upload_length_mismatch', length: row.length };
      throw error;
    }
    if (written === 0) return { ok: false, reason: 'upload_length_mismatch', length: row.length };
    const filename = chunk.filename === null ? row.filename : cleanFilename(chunk.filename, row.filename);
    const at = now();
    const [moved] = await db
      .update(uploadTransfers)
      .set({ offset: row.offset + written, filename, expiresAt: new Date(at.getTime() + idleMs) })
      .where(
        and(
          eq(uploadTransfers.id, row.id),
          eq(uploadTransfers.offset, row.offset),
          // One that expired meanwhile stays expired: its reservation is not taken back unchecked.
          gte(uploadTransfers.expiresAt, at),
        ),
      )
      .returning();
    if (moved === undefined) {
      const current = await this.find(chunk.projectId, chunk.id);
      return current === null
        ? { ok: false, reason: 'not_found' }
        : { ok: false, reason: 'upload_offset_mismatch', offset: current.offset };
    }
    if (hash !== undefined) this.#hashes.set(row.id, { offset: moved.offset, hash });
    if (moved.offset < moved.length) {
      // The first bytes that can tell the type have arrived (the whole file is checked at the end).
      const sample = Math.min(moved.length, TYPE_SAMPLE_BYTES);
      if (row.offset < sample && moved.offset >= sample) {
        if (!(await detectFileStart(files.partialPathOf(row.id), moved.filename))) {
          await this.cancel(chunk.projectId, row.id);
          return { ok: false, reason: 'file_invalid_type' };
        }
      }
      return { ok: true, offset: moved.offset, length: moved.length, complete: false };
    }
    return this.#complete(moved, media);
  }

  /** The last byte arrived: check the file and keep it as the temporary upload `id`. */
  async #complete(row: UploadTransferRow, media: MediaService): Promise<ChunkOutcome> {
    const { db, files } = this.#deps;
    const known = this.#hashes.get(row.id);
    this.#hashes.delete(row.id);
    const written = await files.finishPartial(
      row.id,
      row.length,
      known?.offset === row.length ? known.hash.digest('hex') : undefined,
    );
    // The transfer's row goes in the same transaction as the file's row comes: its reservation
    // becomes the stored file's size without a moment counted twice or not at all.
    const outcome = await media.keepChecked(
      written,
      { id: row.id, projectId: row.projectId, userId: row.userId, filename: row.filename },
      { transferId: row.id },
    );
    if (!outcome.ok) {
      await db.delete(uploadTransfers).where(eq(uploadTransfers.id, row.id));
      return outcome;
    }
    return { ok: true, offset: row.length, length: row.length, complete: true, row: outcome.row };
  }

  /** Drops an unfinished transfer of the project (FilePond's revert of an upload under way). */
  async cancel(projectId: string, id: string): Promise<boolean> {
    const [deleted] = await this.#deps.db
      .delete(uploadTransfers)
      .where(and(eq(uploadTransfers.projectId, projectId), eq(uploadTransfers.id, id)))
      .returning({ id: uploadTransfers.id });
    if (deleted === undefined) return false;
    this.#hashes.delete(id);
    await this.#deps.files.removePartial(id);
    return true;
  }

  /** Drops transfers that saw no chunk for `ttlMs`; answers how many. */
  async sweepExpired(now: Date): Promise<number> {
    const expired = await this.#deps.db
      .delete(uploadTransfers)
      .where(lt(uploadTransfers.expiresAt, now))
      .returning({ id: uploadTransfers.id });
    for (const { id } of expired) {
      this.#hashes.delete(id);
      await this.#deps.files.removePartial(id);
    }
    return expired.length;
  }
}

/** The declared length of a new transfer, checked: a positive integer up to the largest file. */
export function declaredLength(raw: string | undefined): number | 'invalid' | 'too_large' {
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return 'invalid';
  const length = Number(raw.trim());
  if (length <= 0) return 'invalid';
  return length > MAX_UPLOAD_BYTES ? 'too_large' : length;
}
