/**
 * Runs a "work off what is pending" pass, one at a time per process. `run()` while a pass is in
 * flight answers a promise of the NEXT pass, so a caller that stored something always sees it
 * handled once the promise settles (tests await it instead of sleeping).
 */
export class Drain {
  readonly #pass: () => Promise<void>;
  #current: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(pass: () => Promise<void>) {
    this.#pass = pass;
  }

  run(): Promise<void> {
    if (this.#current === null) {
      this.#current = this.#pass().finally(() => {
        this.#current = null;
      });
      return this.#current;
    }
    if (this.#next === null) {
      const after = this.#current.catch(() => undefined);
      this.#next = after.then(() => {
        this.#next = null;
        return this.run();
      });
    }
    return this.#next;
  }

  /** Resolves once no pass is running or queued. */
  async idle(): Promise<void> {
    while (this.#current !== null || this.#next !== null) {
      await (this.#next ?? this.#current)?.catch(() => undefined);
    }
  }
}
