/**
 * The simulator's clock in the demo: the app's clock, except while a backdated message is
 * written. The simulator reads its clock once, synchronously, when a customer writes (the
 * message's timestamp and the 24-hour window it opens), so a write started inside `at` carries
 * that time. Should that ever change, such a message is merely stamped "now".
 */
export class DemoClock {
  readonly #base: () => number;
  #fixed: number | null = null;

  constructor(base: () => number) {
    this.#base = base;
  }

  /** Milliseconds since the epoch: the simulator's `now`. */
  readonly now = (): number => this.#fixed ?? this.#base();

  /** Runs `start` (which starts a write and returns its promise) with the clock at `atMs`. */
  at<T>(atMs: number, start: () => T): T {
    this.#fixed = atMs;
    try {
      return start();
    } finally {
      this.#fixed = null;
    }
  }
}
