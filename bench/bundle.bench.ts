/**
 * Issue 13: a light first load. Builds the web app (or reads `BENCH_WEB_DIST`'s manifest) and,
 * for every route, adds up the gzip size of the JavaScript needed to show it: the entry chunk,
 * the route's lazy screen chunks, and their static imports (bench/bundle/). Budgets for the
 * sign-in page and the inbox.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { lazyChunksOfEntry, scriptsOf, type Manifest } from './bundle/manifest.ts';
import { isScreen, routeBundles, tableProblems } from './bundle/routeBundles.ts';
import { appRoutes, displayPath, routeScreens } from './bundle/routeScreens.ts';
import type { Benchmark } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Gzip kB (1000 bytes, as Vite prints) of JavaScript a route may need before it shows. */
const BUDGET_KB: Record<string, number> = {
  '/auth/login': 170,
  '/crm/chat/{key}': 350,
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Builds packages/web into `outDir` with a manifest (Vite's own build, as `pnpm build` runs it). */
function buildWeb(outDir: string): void {
  const result = spawnSync(
    'pnpm',
    [
      '--filter',
      '@sapa/web',
      'exec',
      'vite',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${String(result.status)})`);
}

async function readManifest(dist: string): Promise<Manifest> {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build with --manifest (build.manifest: true)`);
  return JSON.parse(await readFile(file, 'utf8')) as Manifest;
}

/** Gzip size of each file (level 9, what the server's precompressed `.gz` holds). */
async function gzipSizes(dist: string, files: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of files) {
    const bytes = await readFile(path.join(dist, file));
    sizes.set(file, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return sizes;
}

/** One line of the table: the route, what it needs, how many files, what its screens load later, its budget. */
function routeLine(
  route: string,
  needed: number,
  files: number,
  later: number,
): { line: string; over: boolean } {
  const limit = BUDGET_KB[route];
  const over = limit !== undefined && needed > limit * 1000;
  const verdict = limit === undefined ? '' : `<= ${limit} kB ${over ? 'FAIL' : 'ok'}`;
  const cells = [
    route.padEnd(34),
    `${kb(needed)} kB`.padStart(9),
    String(files).padStart(5),
    `+${kb(later)} kB`.padStart(9),
  ];
  return { line: `${cells.join(' ')}  ${verdict}`, over };
}

const benchmark: Benchmark = {
  name: 'JavaScript needed per route (gzip)',
  budget: `${Object.entries(BUDGET_KB)
    .map(([route, limit]) => `${route} <= ${limit} kB`)
    .join(', ')}; every route in the table, every lazy chunk named by a route`,
  async run() {
    const given = process.env.BENCH_WEB_DIST;
    const temp = given === undefined ? await mkdtemp(path.join(os.tmpdir(), 'sapa-bundle-')) : null;
    const dist = given === undefined ? (temp as string) : path.resolve(given);
    try {
      if (temp !== null) buildWeb(temp);
      const manifest = await readManifest(dist);
      const routes = appRoutes();
      const problems = tableProblems(manifest, routes, routeScreens);
      const bundles = routeBundles(manifest, routes, routeScreens);
      // Libraries the entry itself loads later (socket.io-client, on the first connection).
      const entryLater = lazyChunksOfEntry(manifest)
        .filter((key) => !isScreen(key))
        .flatMap((key) => scriptsOf(manifest, [key]))
        .filter((file) => !bundles.some((bundle) => bundle.scripts.includes(file)));
      const sizes = await gzipSizes(dist, [
        ...new Set([...bundles.flatMap((bundle) => [...bundle.scripts, ...bundle.deferred]), ...entryLater]),
      ]);
      const total = (list: readonly string[]) => list.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);

      const lines = [
        `${given === undefined ? 'fresh build' : `build in ${dist}`}; gzip level 9, kB = 1000 bytes`,
        `${'route'.padEnd(34)} ${'needed'.padStart(9)} ${'files'.padStart(5)} ${'later'.padStart(9)}  budget`,
      ];
      let pass = problems.length === 0;
      for (const bundle of bundles) {
        const row = routeLine(
          displayPath(bundle.route),
          total(bundle.scripts),
          bundle.scripts.length,
          total(bundle.deferred),
        );
        if (row.over) pass = false;
        lines.push(row.line);
      }
      for (const route of Object.keys(BUDGET_KB)) {
        if (bundles.some((bundle) => displayPath(bundle.route) === route)) continue;
        pass = false;
        lines.push(`${route}: budgeted, but no such route`);
      }
      lines.push(
        `the entry's own import() (socket.io-client, once signed in; not counted above): +${kb(total(entryLater))} kB`,
      );
      lines.push(
        '"needed": loaded before the route shows; "later": what its screens load with import() afterwards',
      );
      for (const problem of problems) lines.push(`table: ${problem}`);
      return { lines, pass };
    } finally {
      if (temp !== null) await rm(temp, { recursive: true, force: true });
    }
  },
};

export default benchmark;
