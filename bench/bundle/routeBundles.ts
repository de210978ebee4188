import { entryKey, lazyChunksOfEntry, scriptsOf, type Manifest } from './manifest.ts';

/** The scripts one route needs, and those it may load afterwards. */
export interface RouteBundle {
  route: string;
  /** Files loaded before the route shows: the entry and the route's screens, with their static imports. */
  scripts: string[];
  /** Files the route's screens may load later with `import()` (FilePond, the board, players). */
  deferred: string[];
}

/** A chunk of the web app's own screens (`src/…`), not a library the entry loads later (socket.io-client). */
export const isScreen = (key: string): boolean => key.startsWith('src/');

/** What is wrong between the route table and the build (empty when nothing). */
export function tableProblems(
  manifest: Manifest,
  routes: readonly string[],
  screens: Record<string, readonly string[]>,
): string[] {
  const problems: string[] = [];
  for (const route of routes)
    if (screens[route] === undefined) problems.push(`${route}: no entry in routeScreens`);
  const named = new Set(Object.values(screens).flat());
  for (const key of named) {
    if (manifest[key]?.isDynamicEntry !== true) problems.push(`${key}: not a lazy chunk of the build`);
  }
  for (const key of lazyChunksOfEntry(manifest).filter(isScreen)) {
    if (!named.has(key)) problems.push(`${key}: loaded lazily by the entry, but no route names it`);
  }
  return problems;
}

/** Per route, the scripts it needs (entry + its screens, static imports followed) and those deferred. */
export function routeBundles(
  manifest: Manifest,
  routes: readonly string[],
  screens: Record<string, readonly string[]>,
): RouteBundle[] {
  const entry = entryKey(manifest);
  return routes.map((route) => {
    const keys = [entry, ...(screens[route] ?? [])];
    const scripts = scriptsOf(manifest, keys);
    const deferred = scriptsOf(manifest, screens[route] ?? [], { deferred: true, skip: [entry] }).filter(
      (file) => !scripts.includes(file),
    );
    return { route, scripts, deferred };
  });
}
