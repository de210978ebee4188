/**
 * A gentle stream of customer messages: one write, then a pause of `pauseMs()`, then the next,
 * until stopped. Writes never overlap, and `stop` waits for the one under way.
 */
export interface TrickleOptions {
  write: () => Promise<unknown>;
  /** The pause before the next write (called once per write). */
  pauseMs: () => number;
  onError: (error: unknown) => void;
}

export class Trickle {
  readonly #options: TrickleOptions;
  #timer: NodeJS.Timeout | null = null;
  #current: Promise<void> | null = null;
  #stopped = false;

  constructor(options: TrickleOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#stopped || this.#timer !== null || this.#current !== null) return;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#current;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#current = this.#options
        .write()
        .then(
          () => undefined,
          (error: unknown) => this.#options.onError(error),
        )
        .finally(() => {
          this.#current = null;
          this.#schedule();
        });
    }, this.#options.pauseMs());
    // The server keeps the process alive; a pending pause alone must not.
    this.#timer.unref();
  }
}
