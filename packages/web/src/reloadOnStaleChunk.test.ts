import { describe, expect, it } from 'vitest';
import { reloadOnStaleChunk } from './reloadOnStaleChunk.ts';

/** The parts of `window` the guard uses: events, sessionStorage and location.reload. */
function fakeWindow() {
  const listeners: Array<(event: Event) => void> = [];
  const stored = new Map<string, string>();
  const page = {
    reloads: 0,
    addEventListener: (_type: string, listener: (event: Event) => void) => listeners.push(listener),
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    location: { reload: () => (page.reloads += 1) },
    fail() {
      const event = new Event('vite:preloadError', { cancelable: true });
      for (const listener of listeners) listener(event);
      return event.defaultPrevented;
    },
  };
  return page;
}

describe('reloadOnStaleChunk', () => {
  it('reloads on a chunk that fails to load, at most once per 10 s', () => {
    const page = fakeWindow();
    let now = 1_000_000;
    reloadOnStaleChunk(page as unknown as Window, () => now);
    expect(page.fail()).toBe(true);
    expect(page.reloads).toBe(1);
    now += 9_999;
    // Failing again so soon: the error is left to show.
    expect(page.fail()).toBe(false);
    expect(page.reloads).toBe(1);
    now += 1;
    expect(page.fail()).toBe(true);
    expect(page.reloads).toBe(2);
  });
});
