/**
 * Upload throughput (issue 4): a 50 MB file sent to the real app (PGlite, loopback) through the
 * SDK's FilePond client in 5,000,000-byte chunks (`POST` with `Upload-Length`, ten `PATCH`es; the
 * server writes each chunk in place, then hashes, type-checks and keeps the file), against a plain
 * streamed copy of the same file on the same disk, measured in the same run. Each side runs 5
 * rounds after a warm-up; the medians are compared.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createFilePondClient, createMemoryTokenStore, transferFile, UPLOAD_CHUNK_SIZE } from '@sapa/sdk';
import { startBenchSapa } from './inbox/sapa.ts';
import type { Benchmark } from './types.ts';

const SIZE = 50_000_000;
const ROUNDS = 5;
/** The upload may take at most this many times the streamed copy. */
const BUDGET = 8;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const mbps = (ms: number) => `${(SIZE / 1_000_000 / (ms / 1000)).toFixed(0)} MB/s`;

const bench: Benchmark = {
  name: 'Upload throughput: 50 MB in 5 MB chunks vs a file copy',
  budget: `upload median ≤ ${BUDGET} × streamed copy median (same run, same disk)`,
  async run() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-upload-'));
    const sapa = await startBenchSapa({
      dataDir: path.join(dir, 'data'),
      backgroundWork: false,
      account: { phoneNumberId: '100000000000077', displayPhone: '+6281200007777', accessToken: 'bench' },
    });
    try {
      // A PDF by its magic bytes, then random bytes: a 50 MB document (WhatsApp takes up to 100 MB).
      const source = path.join(dir, 'katalog.pdf');
      await writeFile(source, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]));
      const file = await openAsBlob(source);
      const client = createFilePondClient({
        origin: sapa.url,
        key: sapa.key,
        tokens: createMemoryTokenStore(sapa.token),
        transport: 'fetch',
      });
      const upload = async () => {
        const id = await transferFile(client, file, {
          filename: 'katalog.pdf',
          chunkSize: UPLOAD_CHUNK_SIZE,
        });
        return id;
      };
      const streamCopy = (round: number) =>
        pipeline(createReadStream(source), createWriteStream(path.join(dir, `copy-${round}.pdf`)));

      // Warm-up: both paths once (JIT, page cache, PGlite's first statements).
      await client.revert(await upload());
      await streamCopy(-1);

      const uploads: number[] = [];
      const copies: number[] = [];
      const kernelCopies: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        let id = '';
        uploads.push(
          await timed(async () => {
            id = await upload();
          }),
        );
        await client.revert(id);
        copies.push(await timed(() => streamCopy(round)));
        kernelCopies.push(await timed(() => copyFile(source, path.join(dir, `kcopy-${round}.pdf`))));
        await rm(path.join(dir, `copy-${round}.pdf`));
        await rm(path.join(dir, `kcopy-${round}.pdf`));
      }
      const up = median(uploads);
      const copy = median(copies);
      const ratio = up / copy;
      return {
        lines: [
          `upload (10 × 5 MB chunks, SDK client → app on PGlite): median ${up.toFixed(0)} ms (${mbps(up)}); rounds ${uploads.map((ms) => ms.toFixed(0)).join(', ')} ms`,
          `streamed file copy (baseline):                        median ${copy.toFixed(0)} ms (${mbps(copy)}); rounds ${copies.map((ms) => ms.toFixed(0)).join(', ')} ms`,
          `fs.copyFile (kernel copy, for reference):             median ${median(kernelCopies).toFixed(0)} ms (${mbps(median(kernelCopies))})`,
          `ratio upload / streamed copy: ${ratio.toFixed(2)}`,
        ],
        pass: ratio <= BUDGET,
      };
    } finally {
      await sapa.app.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
