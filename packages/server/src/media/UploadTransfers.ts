/**
 * FilePond's chunked uploads (docs/uploads.md): a transfer of a declared length, filled by chunks
 * at the server's offset, checked and kept as a temporary upload (under the transfer's id) when
 * the last byte arrives. Chunks of one transfer are taken one at a time in this process; the
 * offset only moves in the database when a chunk was written whole (a conditional update, so two
 * processes sharing a database cannot both move it).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { uploadTransfers } from '../db/schema.ts';
import type { MediaRow, UploadTransferRow } from '../db/schema.ts';
import { FileTooLargeError } from './MediaFiles.ts';
import type { MediaFiles } from './MediaFiles.ts';
import { cleanFilename, MAX_UPLOAD_BYTES } from './mediaService.ts';
import type { MediaService } from './mediaService.ts';

export interface UploadTransfersDeps {
  db: Db;
  files: MediaFiles;
  media: MediaService;
  now: () => Date;
  ttlMs: number;
}

export type ChunkOutcome =
  | { ok: true; offset: number; length: number; complete: false }
  | { ok: true; offset: number; length: number; complete: true; row: MediaRow }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'upload_offset_mismatch'; offset: number }
  | { ok: false; reason: 'upload_length_mismatch'; length: number }
  | { ok: false; reason: 'file_invalid_type' }
  | { ok: false; reason: 'file_too_large'; maxBytes: number };

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

  /** Starts a transfer of `length` bytes (FilePond's `POST` with `Upload-Length`); answers its id. */
  async start(transfer: {
    projectId: string;
    userId: string;
    length: number;
    filename: string | null;
  }): Promise<string> {
    const { db, now, ttlMs } = this.#deps;
    const id = randomUUID();
    const at = now();
    await db.insert(uploadTransfers).values({
      id,
      projectId: transfer.projectId,
      userId: transfer.userId,
      filename: cleanFilename(transfer.filename ?? undefined, 'file'),
      length: transfer.length,
      offset: 0,
      createdAt: at,
      expiresAt: new Date(at.getTime() + ttlMs),
    });
    return id;
  }

  async find(projectId: string, id: string): Promise<UploadTransferRow | null> {
    const [row] = await this.#deps.db
      .select()
      .from(uploadTransfers)
      .where(and(eq(uploadTransfers.projectId, projectId), eq(uploadTransfers.id, id)))
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
    const { db, files, media, now, ttlMs } = this.#deps;
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
      .set({ offset: row.offset + written, filename, expiresAt: new Date(at.getTime() + ttlMs) })
      .where(and(eq(uploadTransfers.id, row.id), eq(uploadTransfers.offset, row.offset)))
      .returning();
    if (moved === undefined) {
      const current = await this.find(chunk.projectId, chunk.id);
      return current === null
        ? { ok: false, reason: 'not_found' }
        : { ok: false, reason: 'upload_offset_mismatch', offset: current.offset };
    }
    if (hash !== undefined) this.#hashes.set(row.id, { offset: moved.offset, hash });
    if (moved.offset < moved.length) {
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
    const outcome = await media.keepChecked(written, {
      id: row.id,
      projectId: row.projectId,
      userId: row.userId,
      filename: row.filename,
    });
    await db.delete(uploadTransfers).where(eq(uploadTransfers.id, row.id));
    if (!outcome.ok) return outcome;
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
