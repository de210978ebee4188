/**
 * A Vite plugin that writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every text asset the build emits (scripts, styles, index.html, SVG, JSON): the server sends
 * them as they are, by the request's `Accept-Encoding` (packages/server/src/http/webApp.ts), and
 * never compresses a request itself. Source maps and files under `MIN_BYTES` are left alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function precompress(): Plugin {
  return {
    name: 'sapa:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options, bundle) {
        const dir = options.dir;
        if (dir === undefined) return;
        const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const target = path.join(dir, file);
            const bytes = await readFile(target);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
