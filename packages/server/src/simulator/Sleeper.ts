/**
 * Sleeps that a `close()` can cut short: each resolves after its delay, or at once on `wakeAll`, so
 * no timer outlives the simulator that set it.
 */
export class Sleeper {
  readonly #pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  /** Resolves after `ms` (at once when `ms` is 0 or less) or on `wakeAll`, whichever comes first. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const pending = {
        timer: setTimeout(() => {
          this.#pending.delete(pending);
          resolve();
        }, ms),
        resolve,
      };
      this.#pending.add(pending);
    });
  }

  /** Ends every pending sleep now: each resolves, and its timer is cleared. */
  wakeAll(): void {
    for (const pending of this.#pending) {
      clearTimeout(pending.timer);
      pending.resolve();
    }
    this.#pending.clear();
  }
}
