/** Requests awaiting Meta's answer at most, in seconds of the rate (Meta answers within a few hundred ms). */
const REQUESTS_SECONDS = 1.5;
/** At most the number's rate of requests start in any window this long (Meta counts one-second windows). */
const REQUEST_WINDOW_MS = 1_025;

/**
 * The requests of a number go through a gate: at most `concurrent` awaiting Meta's answer at
 * once, and at most `perWindow` started in any `windowMs`, in the order they asked. The slots
 * space the sends already (pacing.ts); the window catches the bunches a stall leaves behind (the
 * sends whose slots passed during it all due at once), which Meta, counting every one-second
 * window, would answer with 130429.
 */
export class RequestGate {
  readonly #concurrent: number;
  readonly #perWindow: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  /** The start times of the last `perWindow` requests, oldest at `#next`. */
  readonly #starts: number[] = [];
  #next = 0;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  #turn: Promise<void> = Promise.resolve();

  constructor(options: {
    concurrent: number;
    perWindow: number;
    windowMs: number;
    now: () => number;
    sleep: (ms: number) => Promise<void>;
  }) {
    this.#concurrent = options.concurrent;
    this.#perWindow = options.perWindow;
    this.#windowMs = options.windowMs;
    this.#now = options.now;
    this.#sleep = options.sleep;
  }

  /** Runs `request` once the gate lets it through. */
  async through<T>(request: () => Promise<T>): Promise<T> {
    while (this.#running >= this.#concurrent) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running += 1;
    try {
      const turn = this.#turn.then(() => this.#start());
      this.#turn = turn;
      await turn;
      return await request();
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
  }

  /** Waits until this start keeps the window within `perWindow`, and records it. */
  async #start(): Promise<void> {
    if (this.#starts.length === this.#perWindow) {
      const wait = (this.#starts[this.#next] ?? 0) + this.#windowMs - this.#now();
      if (wait > 0) await this.#sleep(wait);
      this.#starts[this.#next] = this.#now();
      this.#next = (this.#next + 1) % this.#perWindow;
      return;
    }
    this.#starts.push(this.#now());
  }
}

/**
 * A process's gates, one per number and rate, kept from slice to slice and shared by the
 * broadcasts of a number, so a pump slice that starts knows the requests that just left.
 */
export class RequestGates {
  readonly #gates = new Map<string, RequestGate>();
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: { now: () => number; sleep: (ms: number) => Promise<void> }) {
    this.#now = options.now;
    this.#sleep = options.sleep;
  }

  /** The gate of number `accountId` sending `rate` a second. */
  of(accountId: string, rate: number): RequestGate {
    const key = `${accountId}:${rate}`;
    let gate = this.#gates.get(key);
    if (gate === undefined) {
      gate = new RequestGate({
        concurrent: Math.max(8, Math.ceil(rate * REQUESTS_SECONDS)),
        perWindow: rate,
        windowMs: REQUEST_WINDOW_MS,
        now: this.#now,
        sleep: this.#sleep,
      });
      this.#gates.set(key, gate);
    }
    return gate;
  }
}
