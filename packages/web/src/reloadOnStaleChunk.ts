/**
 * A screen's chunk that fails to load is most often one a newer build replaced (the server
 * answers 404 for a hashed file it no longer has): Vite reports it as `vite:preloadError`, and
 * the page reloads to get the new build. At most once per `RELOAD_GUARD_MS`, so a chunk that
 * keeps failing (the server down) shows its error instead of reloading in a loop.
 */
const RELOAD_GUARD_MS = 10_000;
const KEY = 'sapa-stale-chunk-reload';

export function reloadOnStaleChunk(target: Window = window, now: () => number = Date.now): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return;
    target.sessionStorage.setItem(KEY, String(now()));
    event.preventDefault();
    target.location.reload();
  });
}
