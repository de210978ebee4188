import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress } from './precompress.ts';

const api = process.env.SAPA_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // React Aria's own strings (a search field's "clear", a list's "no results", ...) in every
    // language it knows would ride in the bundle; Sapa speaks Indonesian and English, and React
    // Aria, which has no Indonesian, falls back to its English for both.
    optimizeLocales.vite({ locales: ['en-US'] }),
    precompress(),
  ],
  resolve: { conditions: ['@sapa/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/config.json': api,
      '/upload': api,
      '/media': api,
      '/avatar': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Maps for reading a production stack trace, never served: no `sourceMappingURL` in the
    // scripts, and the server answers 404 to `*.map`.
    sourcemap: 'hidden',
    // One style sheet for every screen (13.5 kB gzip in all, linked from index.html): split per
    // chunk it was about 25 more requests on the chat screen's first load, each waiting for one
    // of HTTP/1.1's six connections (bench/README.md, `BENCH_WATERFALL`).
    cssCodeSplit: false,
    // In kB, minified: the boot chunk is about 540 (158 kB gzip, the figure `pnpm bench bundle`
    // budgets).
    chunkSizeWarningLimit: 600,
    // Screens and heavy pieces are split by `import()` (README, "Code splitting"). Left to itself,
    // rolldown makes one chunk per set of screens sharing a module: the chat route needed 57
    // files, most under 1 kB gzip, each waiting for one of HTTP/1.1's six connections on a first
    // visit (bench/README.md, inboxBrowser). Two groups instead, the first that matches wins.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry needs before anything shows (the signed-out screens are in it: App.tsx)
            // goes out as one file: sign-in loads 2 scripts instead of 23.
            { name: 'boot', tags: ['$initial'], priority: 2 },
            // Modules that five or more lazy chunks share (the frame's and the screens' common
            // components, machines and react-aria parts) as one file: the chat route loads 16
            // scripts instead of 57, 309.3 kB gzip against 277.8. A module fewer chunks share
            // stays in rolldown's own chunks, and each heavy piece (FilePond, the board, charts,
            // the date picker) keeps what only it uses in its own.
            { name: 'common', minShareCount: 5, priority: 1 },
          ],
        },
      },
    },
  },
});
