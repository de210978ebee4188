/**
 * The inbox browser bench's floors, served by the bench itself on loopback:
 * - `/`: bench/inbox/bare (bare @tanstack/react-virtual lists of the chat screen's rows, at its
 *   heights and in scrollers of its size), built once with the web app's Vite into a temp dir; it
 *   fetches its rows from `/rows.json`, as set by `setRows`.
 * - `/minimal.html`: one line of text, for the browser's own first paint.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'packages/web');

export interface BareRows {
  list: {
    width: number;
    height: number;
    rowHeight: number;
    rows: { initials: string; name: string; time: string; preview: string }[];
  };
  thread: {
    width: number;
    height: number;
    rows: { day: boolean; out: boolean; text: string; time: string; height: number }[];
  };
}

export interface BareList {
  url: string;
  setRows(rows: BareRows): void;
  close(): Promise<void>;
}

interface ViteBuild {
  build(config: Record<string, unknown>): Promise<unknown>;
}

/** Builds the bare page into `outDir` with the web app's Vite, React and react-virtual. */
async function buildBarePage(outDir: string): Promise<void> {
  const fromWeb = createRequire(path.join(webDir, 'package.json'));
  const vite = (await import(pathToFileURL(fromWeb.resolve('vite')).href)) as ViteBuild;
  const dependency = (name: string) => path.join(webDir, 'node_modules', name);
  await vite.build({
    configFile: false,
    root: path.join(root, 'bench/inbox/bare'),
    logLevel: 'warn',
    resolve: {
      alias: {
        react: dependency('react'),
        'react-dom': dependency('react-dom'),
        '@tanstack/react-virtual': dependency('@tanstack/react-virtual'),
      },
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir, emptyOutDir: true },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function startBareList(outDir: string): Promise<BareList> {
  await buildBarePage(outDir);
  let rows = '{}';
  const http = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://bench').pathname;
    if (pathname === '/rows.json') {
      response.setHeader('content-type', 'application/json');
      response.end(rows);
      return;
    }
    if (pathname === '/minimal.html') {
      response.setHeader('content-type', TYPES['.html'] ?? '');
      response.end('<!doctype html><html lang="id"><title>minimal</title><p>Sapa</p></html>');
      return;
    }
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(outDir)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        response.end(body);
      },
      () => {
        response.statusCode = 404;
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    setRows: (next) => {
      rows = JSON.stringify(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
