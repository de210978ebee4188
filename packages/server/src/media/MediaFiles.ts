/**
 * The bytes of stored files, on disk under the media directory: `<dir>/<first two chars>/<id>`.
 * Names are generated ids, never anything a user typed. A file is written to `<dir>/tmp/` first and
 * renamed into place once complete, so a reader never sees half a file.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Thrown when a stream carries more than the limit: nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`file larger than ${limit} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export interface WrittenFile {
  /** Where the bytes wait until `keep` moves them into place (or `discard` drops them). */
  tempPath: string;
  size: number;
  sha256: string;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class MediaFiles {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** The path of a stored file; throws for anything but an id, so no input reaches the filesystem. */
  pathOf(id: string): string {
    if (!ID.test(id)) throw new Error(`not a media id: ${id}`);
    return path.join(this.dir, id.slice(0, 2), id);
  }

  /** Where a stored file is, relative to `dir` (for `reply.sendFile`). */
  relativePathOf(id: string): string {
    return path.relative(this.dir, this.pathOf(id));
  }

  /**
   * Writes a stream to a temporary file, hashing and counting it; more than `maxBytes` stops the
   * write and throws `FileTooLargeError` (the temporary file is removed).
   */
  async write(source: Readable | Uint8Array, maxBytes: number): Promise<WrittenFile> {
    const tempDir = path.join(this.dir, 'tmp');
    await mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) {
          done(new FileTooLargeError(maxBytes));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      const input =
        source instanceof Uint8Array
          ? (async function* () {
              yield Buffer.from(source);
            })()
          : source;
      await pipeline(input, meter, createWriteStream(tempPath));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, size, sha256: hash.digest('hex') };
  }

  /** Moves a written file into place as `id`. */
  async keep(written: WrittenFile, id: string): Promise<void> {
    const target = this.pathOf(id);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(written.tempPath, target);
  }

  /** Where the received bytes of chunked transfer `id` wait until the last chunk arrives. */
  partialPathOf(id: string): string {
    if (!ID.test(id)) throw new Error(`not a transfer id: ${id}`);
    return path.join(this.dir, 'partial', id);
  }

  /**
   * Writes a chunk of transfer `id` at `offset`, at most `maxBytes` of it (more throws
   * `FileTooLargeError`); answers the bytes written. A chunk cut short leaves bytes past `offset`
   * that the next chunk at the same offset overwrites (the caller only moves its offset on success).
   */
  async writeChunk(
    id: string,
    offset: number,
    source: Readable,
    maxBytes: number,
    hash?: Hash,
  ): Promise<number> {
    const target = this.partialPathOf(id);
    await mkdir(path.dirname(target), { recursive: true });
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) {
          done(new FileTooLargeError(maxBytes));
          return;
        }
        hash?.update(chunk);
        done(null, chunk);
      },
    });
    const flags = offset === 0 ? 'w' : 'r+';
    await pipeline(source, meter, createWriteStream(target, { flags, start: offset }));
    return size;
  }

  /**
   * The complete bytes of transfer `id` (cut to `length`), ready for `keep`: hashed here unless
   * the caller hashed the chunks as they came (`sha256`).
   */
  async finishPartial(id: string, length: number, sha256?: string): Promise<WrittenFile> {
    const tempPath = this.partialPathOf(id);
    await truncate(tempPath, length);
    if (sha256 !== undefined) return { tempPath, size: length, sha256 };
    const hash = createHash('sha256');
    await pipeline(createReadStream(tempPath), hash);
    return { tempPath, size: length, sha256: hash.digest('hex') };
  }

  async removePartial(id: string): Promise<void> {
    await rm(this.partialPathOf(id), { force: true });
  }

  async discard(written: WrittenFile): Promise<void> {
    await rm(written.tempPath, { force: true });
  }

  async exists(id: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(id))).isFile();
    } catch {
      return false;
    }
  }

  open(id: string): ReadStream {
    return createReadStream(this.pathOf(id));
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}
