/**
 * Announcing broadcasts' progress (`broadcast.updated`, announce.ts) without flooding the members:
 * a change of status goes out at once (`changed`), while progress (a recipient sent, a status
 * webhook, a reply: `touched`) goes out at most once per `intervalMs` per broadcast, the last one
 * always (a trailing announcement reads the broadcast as it is then). Called after the change has
 * committed; the summary is read when the announcement goes out. A summary that takes long to read
 * (a broadcast of tens of thousands) spaces them further: at least 10 times its reading apart, so
 * announcing never takes more than a tenth of the database's time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { announceBroadcast } from './announce.ts';

/** Progress is announced at most this often per broadcast. */
export const PROGRESS_INTERVAL_MS = 1_000;

interface Pending {
  /** When it was last announced (`performance.now()`), and how long reading its summary took. */
  last: number;
  took: number;
  timer: NodeJS.Timeout | null;
}

export class BroadcastProgress {
  readonly #deps: { db: Db; publisher: Publisher; log?: Pick<FastifyBaseLogger, 'warn'> | undefined };
  readonly #intervalMs: number;
  readonly #broadcasts = new Map<string, Pending>();
  readonly #running = new Set<Promise<void>>();

  constructor(
    deps: { db: Db; publisher: Publisher; log?: Pick<FastifyBaseLogger, 'warn'> | undefined },
    intervalMs = PROGRESS_INTERVAL_MS,
  ) {
    this.#deps = deps;
    this.#intervalMs = intervalMs;
  }

  /** The broadcasts made progress: each is announced within `intervalMs`. */
  touched(ids: Iterable<string>): void {
    this.#forgetQuiet();
    for (const id of ids) {
      const pending = this.#pending(id);
      if (pending.timer !== null) continue;
      const spacing = Math.max(this.#intervalMs, pending.took * 10);
      const wait = Math.max(0, pending.last + spacing - performance.now());
      pending.timer = setTimeout(() => this.#announce(id), wait);
      pending.timer.unref();
    }
  }

  /** The broadcast's status changed (or it was created, edited, retried): announced now. */
  changed(id: string): void {
    const pending = this.#pending(id);
    if (pending.timer !== null) clearTimeout(pending.timer);
    this.#announce(id);
  }

  /** Resolves once no announcement is waiting or under way (tests; closing). */
  async idle(): Promise<void> {
    for (;;) {
      const waiting = [...this.#broadcasts].filter(([, pending]) => pending.timer !== null);
      for (const [id, pending] of waiting) {
        if (pending.timer !== null) clearTimeout(pending.timer);
        this.#announce(id);
      }
      if (this.#running.size === 0) return;
      await Promise.all(this.#running);
    }
  }

  /** Drops the announcements still waiting. */
  stop(): void {
    for (const pending of this.#broadcasts.values()) {
      if (pending.timer !== null) clearTimeout(pending.timer);
    }
    this.#broadcasts.clear();
  }

  #pending(id: string): Pending {
    let pending = this.#broadcasts.get(id);
    if (pending === undefined) {
      pending = { last: -Infinity, took: 0, timer: null };
      this.#broadcasts.set(id, pending);
    }
    return pending;
  }

  #announce(id: string): void {
    const started = performance.now();
    const pending: Pending = { last: started, took: this.#broadcasts.get(id)?.took ?? 0, timer: null };
    this.#broadcasts.set(id, pending);
    const running = announceBroadcast(this.#deps, id).finally(() => {
      this.#running.delete(running);
      pending.took = performance.now() - started;
    });
    this.#running.add(running);
  }

  /** Forgets the broadcasts quiet for an interval, so finished ones leave nothing behind. */
  #forgetQuiet(): void {
    if (this.#broadcasts.size < 64) return;
    const before = performance.now() - this.#intervalMs;
    for (const [id, pending] of this.#broadcasts) {
      if (pending.timer === null && pending.last < before) this.#broadcasts.delete(id);
    }
  }
}
