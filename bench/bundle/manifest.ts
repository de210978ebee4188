/**
 * Reading a Vite build manifest (`build.manifest: true`, `dist/.vite/manifest.json`): which
 * JavaScript files a page needs before it can show.
 */

/** One chunk of `.vite/manifest.json`, keyed there by its source (`src/chat/ChatPage.tsx`) or `_name-hash.js`. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks this one imports statically (loaded with it). */
  imports?: string[];
  /** Keys of the chunks this one imports with `import()` (loaded later, if ever). */
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`the manifest has no chunk "${key}"`);
  return chunk;
}

/** The key of the build's one entry chunk (`index.html`). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return entries[0] as string;
}

/** How `scriptsOf` walks. */
export interface WalkOptions {
  /** Follow `import()` too: everything the chunks may load, now or later. */
  deferred?: boolean;
  /** Chunks not to enter (the entry, whose `import()` are the other routes' screens). */
  skip?: readonly string[];
}

/**
 * The JavaScript files that load together with the chunks `keys`: theirs and those of their
 * static imports, transitively; `import()` is followed only with `deferred`. Each file once, in
 * the order first met.
 */
export function scriptsOf(manifest: Manifest, keys: readonly string[], options: WalkOptions = {}): string[] {
  const seen = new Set<string>(options.skip);
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunkOf(manifest, key);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (options.deferred === true) for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The chunks the entry loads with `import()`: the routes' pages, when every route is lazy. */
export function lazyChunksOfEntry(manifest: Manifest): string[] {
  return [...(chunkOf(manifest, entryKey(manifest)).dynamicImports ?? [])];
}
